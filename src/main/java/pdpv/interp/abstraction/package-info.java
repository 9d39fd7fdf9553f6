/**
 * Abstract interpretation for counterexample generalization (thesis §4.3.3, Algorithm 4.5) over
 * the hybrid domain of thesis §3.3 ({@code pdpv.domain}): integer intervals for integer
 * operations, ternary vectors for bit-level operations. {@link pdpv.interp.abstraction.HybridAlgebra} is a
 * {@link pdpv.semantics.BitVectorAlgebra}, so every C rule comes from
 * {@link pdpv.semantics.CSemantics}; {@link pdpv.interp.abstraction.AbstractInterpreter} computes
 * loop-head fixpoints and {@link pdpv.interp.abstraction.CounterexampleGeneralizer} widens a
 * spurious loop counterexample into value sets that stay spurious.
 */
package pdpv.interp.abstraction;
