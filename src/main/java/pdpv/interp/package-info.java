/**
 * Interpretation of the IR (design page, "Data flow"): the concrete interpreter of thesis §4.3.2
 * ("Counterexample Analysis with Interpretation") that replays a counterexample's values from the
 * entry block or from a loop header, with inputs from an {@link pdpv.interp.InputOracle}. Every
 * operation takes its meaning from {@link pdpv.semantics.CSemantics} over the concrete
 * {@link pdpv.semantics.ConcreteAlgebra}, the same definition the SMT encoder uses.
 */
package pdpv.interp;
