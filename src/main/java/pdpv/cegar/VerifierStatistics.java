package pdpv.cegar;

import java.util.List;
import pdpv.cfg.SourceLoc;

/**
 * Figures of one run (Table 4.1's columns): size of the program, CEGAR iterations (models of F
 * examined), solver work (SMT calls of the main solver, the PDR engines and the certificate check),
 * PDR calls and time, successful refinements per loop, total time; and chapter 6's tests and
 * mined loop invariants.
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
        List<LoopRefinements> refinements,
        double totalSeconds,
        Dynamic dynamic) {

    public VerifierStatistics {
        refinements = List.copyOf(refinements);
    }

    /** Figures of a run without tests or mined invariants. */
    public VerifierStatistics(int blocks, int variables, int loops, int iterations, long smtCalls, double smtSeconds,
                              long pdrCalls, double pdrSeconds, List<LoopRefinements> refinements, double totalSeconds) {
        this(blocks, variables, loops, iterations, smtCalls, smtSeconds, pdrCalls, pdrSeconds, refinements, totalSeconds,
                Dynamic.NONE);
    }

    /**
     * Chapter 6's dynamic part: the tests run (Algorithm 6.1) and their time, the time of mining and
     * checking the likely invariants, and per seeded loop what became of its candidates.
     */
    public record Dynamic(int tests, double testSeconds, double seedSeconds, List<LoopCandidates> loops, Imported imported) {
        public static final Dynamic NONE = new Dynamic(0, 0, 0, List.of());

        public Dynamic {
            loops = List.copyOf(loops);
        }

        /** Figures without invariants from Daikon. */
        public Dynamic(int tests, double testSeconds, double seedSeconds, List<LoopCandidates> loops) {
            this(tests, testSeconds, seedSeconds, loops, Imported.NONE);
        }
    }

    /**
     * Daikon's printed invariants (verify --invariants, thesis §6.3): how many were read as
     * invariants of the loops, how many of those were kept (inductive, with the mined ones), and
     * the lines that were not used, each with its number, text and reason.
     */
    public record Imported(int read, int kept, List<String> skipped) {
        public static final Imported NONE = new Imported(0, 0, List.of());

        public Imported {
            skipped = List.copyOf(skipped);
        }
    }

    /**
     * The likely invariants mined for one loop: how many, how many were kept (inductive), and how
     * many were dropped because one iteration breaks them, because the check gave up, or because
     * they read a variable the loop's invariants cannot mention.
     */
    public record LoopCandidates(SourceLoc head, int mined, int kept, int notInductive, int undecided, int unencodable) {
    }

    /** How often a loop's invariant was strengthened. */
    public record LoopRefinements(SourceLoc head, int refinements) {
    }

    /** The share of the total time spent in PDR, in [0, 1]. */
    public double pdrShare() {
        return totalSeconds <= 0 ? 0 : Math.min(1, pdrSeconds / totalSeconds);
    }
}
