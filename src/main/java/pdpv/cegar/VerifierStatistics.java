package pdpv.cegar;

import java.util.List;
import pdpv.cfg.SourceLoc;
import pdpv.pdr.PdrStatistics;

/**
 * Figures of one run (Table 4.1's columns): size of the program, CEGAR iterations (models of F
 * examined), solver work (SMT calls of the main solver, the PDR engines and the certificate check),
 * PDR calls and time, proof obligations the PDR engines expanded by simulation (§3.3) and the sum
 * of their log2 expansion factors, successful refinements per loop, total time.
 */
public record VerifierStatistics(
        int blocks,
        int variables,
        int loops,
        int iterations,
        long smtCalls,
        double smtSeconds,
        long pdrCalls,
        double pdrSeconds,
        Simulation simulation,
        List<LoopRefinements> refinements,
        double totalSeconds) {

    public VerifierStatistics {
        refinements = List.copyOf(refinements);
    }

    /**
     * Proof obligations the PDR engines expanded by ternary, interval or hybrid simulation (§3.3),
     * the candidate ARUs simulation checked and found valid, and the sum of the log2 expansion
     * factors of those expansions (§3.4.3). All zero with {@code --simulation SOLVER}.
     */
    public record Simulation(long expansions, long checks, long checksPassed, double log2ExpansionSum) {
        public static final Simulation NONE = new Simulation(0, 0, 0, 0);

        static Simulation of(PdrStatistics s) {
            return new Simulation(s.simulationExpansions(), s.simulationChecks(), s.simulationChecksPassed(),
                    s.log2SimulationExpansionSum());
        }

        Simulation plus(Simulation o) {
            return new Simulation(expansions + o.expansions, checks + o.checks, checksPassed + o.checksPassed,
                    log2ExpansionSum + o.log2ExpansionSum);
        }
    }

    /** How often a loop's invariant was strengthened. */
    public record LoopRefinements(SourceLoc head, int refinements) {
    }

    /** The share of the total time spent in PDR, in [0, 1]. */
    public double pdrShare() {
        return totalSeconds <= 0 ? 0 : Math.min(1, pdrSeconds / totalSeconds);
    }
}
