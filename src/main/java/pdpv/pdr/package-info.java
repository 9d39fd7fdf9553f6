/**
 * Property directed reachability over QF_BV transition systems (thesis chapters 2 and 3): frames of
 * atomic reasoning units (Boolean cubes and polytopes), proof obligations, expansion, propagation
 * and reshape. Knows nothing about C; the program-level engines build {@link pdpv.pdr.TransitionSystem}s.
 *
 * <p>Map of mechanisms: Alg. 2.1/3.1 main loop and RECOVERCUBE in {@link pdpv.pdr.PdrEngine};
 * frames and cover (§2.2), with a frame ∞ for lemmas that hold for good, in {@link pdpv.pdr.Frames};
 * ARUs (§3.2) in {@link pdpv.pdr.Aru};
 * expansion by dropping literals and relaxing bounds in {@link pdpv.pdr.Expander}; expansion of proof
 * obligations (§3.3, checks 3.3/3.4) in {@link pdpv.pdr.ObligationExpander} with ternary, interval and
 * hybrid simulation in {@link pdpv.pdr.Simulator} over the values and rules of {@code pdpv.domain};
 * reshape (Alg. 3.2, and guide-free sums of two boundaries) in {@link pdpv.pdr.Reshaper};
 * counterexample traces in
 * {@link pdpv.pdr.CounterexampleBuilder}; independent answer checks in {@link pdpv.pdr.ResultChecker}.
 * BTOR2 input lives in {@code pdpv.pdr.btor}, the benchmark table in {@code pdpv.pdr.bench}.
 */
package pdpv.pdr;
