/**
 * Property directed reachability over QF_BV transition systems (thesis chapters 2 and 3): frames of
 * atomic reasoning units (Boolean cubes and polytopes), proof obligations, expansion, propagation
 * and reshape. Knows nothing about C; the program-level engines build {@link pdpv.pdr.TransitionSystem}s.
 *
 * <p>Map of mechanisms: Alg. 2.1/3.1 main loop and RECOVERCUBE in {@link pdpv.pdr.PdrEngine};
 * frames and cover (§2.2) in {@link pdpv.pdr.Frames}; ARUs (§3.2) in {@link pdpv.pdr.Aru};
 * expansion by dropping literals and relaxing bounds in {@link pdpv.pdr.Expander}; reshape (Alg. 3.2)
 * in {@link pdpv.pdr.Reshaper}; independent answer checks in {@link pdpv.pdr.ResultChecker}.
 */
package pdpv.pdr;
