/**
 * The SMT encoding of thesis §4.3.1 (Algorithm 4.1): back edges cut, loop-invariant placeholders
 * LI_l at loop heads, dynamic single assignment over the loop-cut DAG, the formula F with block,
 * edge and data-flow clauses and the assertion violation, and the decoding of a model of F into a
 * counterexample path; and, by the same passifier, one iteration of a loop for its model checking
 * instance of §4.3.3 ({@link pdpv.encode.LoopIteration}), functionally as next-state functions or
 * relationally as F is encoded; for bounded model checking, the same formula over the program with
 * its loops unrolled ({@link pdpv.encode.LoopUnwinding}, {@link pdpv.encode.UnrolledEncoding}).
 * C's integer operations come from {@link pdpv.semantics.CSemantics} over
 * {@link pdpv.encode.Z3Algebra}; nothing here re-implements a C rule.
 */
package pdpv.encode;
