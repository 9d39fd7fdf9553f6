package pdpv.cegar;

import java.util.List;
import pdpv.cfg.SourceLoc;

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
        long simulationExpansions,
        double simulationLog2ExpansionSum,
        List<LoopRefinements> refinements,
        double totalSeconds) {

    public VerifierStatistics {
        refinements = List.copyOf(refinements);
    }

    /** How often a loop's invariant was strengthened. */
    public record LoopRefinements(SourceLoc head, int refinements) {
    }

    /** The share of the total time spent in PDR, in [0, 1]. */
    public double pdrShare() {
        return totalSeconds <= 0 ? 0 : Math.min(1, pdrSeconds / totalSeconds);
    }
}
