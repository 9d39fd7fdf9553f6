/**
 * The program as constrained Horn clauses (issue #5): the Large Step Encoding of Gurfinkel's 2018
 * slides "Algorithmic Logic-Based Verification" — one predicate per loop head over all program
 * variables, one clause per loop-free path bundle between cut points (the program entry and the
 * loop heads), passified by dynamic single assignment as in thesis §4.3.1 — exported as SMT-LIB
 * (set-logic HORN) over bit-vectors (PDPV's exact semantics, from {@link pdpv.semantics.CSemantics})
 * or, with {@link pdpv.encode.chc.IntegerExprEncoder}, over mathematical integers; and
 * {@link pdpv.encode.chc.SpacerRunner}, which solves such a system with Z3's Spacer engine.
 */
package pdpv.encode.chc;
