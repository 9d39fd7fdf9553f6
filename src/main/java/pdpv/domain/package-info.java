/**
 * The abstract values of thesis §3.3, one implementation for the PDR engine's simulation and for
 * the abstract interpreter of Algorithm 4.5: ternary vectors ({@link pdpv.domain.TernaryVector},
 * §3.3.1) and signed intervals ({@link pdpv.domain.Interval}, §3.3.2) of bit-vectors of 1 to 64
 * bits, exact at every width (intermediate results are unbounded integers, {@link pdpv.domain.Range}).
 * SELECT (Alg. 3.3) and CONJOIN (Alg. 3.4) are {@link pdpv.domain.AbstractValue#toTernary()} and
 * {@link pdpv.domain.AbstractValue#toInterval()}; the rules of Figure 3.7 are in
 * {@link pdpv.domain.TernaryLogic} (bitwise) and {@link pdpv.domain.TernaryArithmetic} (circuits),
 * those of Figure 3.8 in {@link pdpv.domain.IntervalArithmetic}; join, meet, widening and equality
 * in {@link pdpv.domain.Lattice}. Knows nothing about C or Z3: uses only Java.
 */
package pdpv.domain;
