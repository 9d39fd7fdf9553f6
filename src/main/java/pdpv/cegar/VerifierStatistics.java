package pdpv.cegar;

import java.util.List;
import pdpv.cfg.SourceLoc;
import pdpv.pdr.PdrStatistics;

/**
 * Figures of one run (Table 4.1's columns): size of the program, CEGAR iterations (models of F
 * examined), solver work (SMT calls of the main solver, the PDR engines and the certificate check),
 * PDR calls and time, proof obligations the PDR engines expanded by simulation (§3.3) and the sum
 * of their log2 expansion factors, successful refinements per loop, total time; under a
 * {@link Portfolio}, each engine's time and finding; chapter 6's tests and mined loop
 * invariants; and loop acceleration: what was accelerated and whether the answer needed it.
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
        double totalSeconds,
        Dynamic dynamic,
        List<EngineRun> engines,
        Acceleration acceleration,
        Slicing slicing) {

    public VerifierStatistics {
        refinements = List.copyOf(refinements);
        engines = List.copyOf(engines);
    }

    /** The figures of one engine's run, before a {@link Portfolio} adds the engines' runs. */
    public VerifierStatistics(int blocks, int variables, int loops, int iterations, long smtCalls, double smtSeconds,
                              long pdrCalls, double pdrSeconds, Simulation simulation, List<LoopRefinements> refinements,
                              double totalSeconds) {
        this(blocks, variables, loops, iterations, smtCalls, smtSeconds, pdrCalls, pdrSeconds, simulation, refinements,
                totalSeconds, Dynamic.NONE);
    }

    /** The figures of one engine's run with chapter 6's part, before a {@link Portfolio} adds the engines' runs. */
    public VerifierStatistics(int blocks, int variables, int loops, int iterations, long smtCalls, double smtSeconds,
                              long pdrCalls, double pdrSeconds, Simulation simulation, List<LoopRefinements> refinements,
                              double totalSeconds, Dynamic dynamic) {
        this(blocks, variables, loops, iterations, smtCalls, smtSeconds, pdrCalls, pdrSeconds, simulation, refinements,
                totalSeconds, dynamic, List.of(), Acceleration.NONE, Slicing.NONE);
    }

    /**
     * One engine of a {@link Portfolio}: its wall-clock and CPU seconds (the CPU time of its thread,
     * Z3 included: its share of the cores), its verdict and reason, and what else it found
     * ({@link ProgramVerifier#summary()}); {@code won} when its verdict is the portfolio's.
     */
    public record EngineRun(String name, double seconds, double cpuSeconds, String verdict, String reason, String found,
                            boolean won) {
    }

    /** These figures with the engines' runs of a {@link Portfolio}. */
    public VerifierStatistics withEngines(List<EngineRun> runs) {
        return new VerifierStatistics(blocks, variables, loops, iterations, smtCalls, smtSeconds, pdrCalls, pdrSeconds,
                simulation, refinements, totalSeconds, dynamic, runs, acceleration, slicing);
    }

    /** These figures with the engine's loop acceleration. */
    public VerifierStatistics withAcceleration(Acceleration a) {
        return new VerifierStatistics(blocks, variables, loops, iterations, smtCalls, smtSeconds, pdrCalls, pdrSeconds,
                simulation, refinements, totalSeconds, dynamic, engines, a, slicing);
    }

    /** These figures with the loops skipped before the engines ran. */
    public VerifierStatistics withSlicing(Slicing s) {
        return new VerifierStatistics(blocks, variables, loops, iterations, smtCalls, smtSeconds, pdrCalls, pdrSeconds,
                simulation, refinements, totalSeconds, dynamic, engines, acceleration, s);
    }

    /**
     * Program slicing before the engines ({@link LoopSlicer}): the loops skipped and the seconds the
     * slicer took (its Z3 checks included).
     */
    public record Slicing(int skipped, double seconds) {
        public static final Slicing NONE = new Slicing(0, 0);
    }

    /**
     * Loop acceleration in the engine's run ({@code pdpv.encode.accel}): the loop paths analyzed, the
     * accelerated ones (with a closed form and a condition usable as the engine uses it) and the
     * exact ones, the analysis's SMT checks and time, how many accelerated paths the engine's
     * formula used (bounded model checking: accelerated paths in the unrolling; the CEGAR loop:
     * paths of the loop summaries in F), and whether the answer needed acceleration: an unsafe
     * run whose counterexample took some accelerated path more than once in one go, or a safe
     * answer whose proof has accelerated paths in it.
     */
    public record Acceleration(int paths, int accelerated, int exact, long smtCalls, double seconds, int used,
                               boolean needed) {
        public static final Acceleration NONE = new Acceleration(0, 0, 0, 0, 0, 0, false);

        public Acceleration withUse(int inFormula, boolean neededByAnswer) {
            return new Acceleration(paths, accelerated, exact, smtCalls, seconds, inFormula, neededByAnswer);
        }
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

    /**
     * Chapter 6's dynamic part: the tests run (Algorithm 6.1), of them those directed at loops
     * ({@code pdpv.daikon.LoopEntryTests}), and their time, the time of mining and checking the
     * likely invariants, and per seeded loop what became of its candidates.
     */
    public record Dynamic(int tests, int directed, double testSeconds, double seedSeconds, List<LoopCandidates> loops,
                          Imported imported) {
        public static final Dynamic NONE = new Dynamic(0, 0, 0, 0, List.of());

        public Dynamic {
            loops = List.copyOf(loops);
        }

        /** Figures without invariants from Daikon. */
        public Dynamic(int tests, int directed, double testSeconds, double seedSeconds, List<LoopCandidates> loops) {
            this(tests, directed, testSeconds, seedSeconds, loops, Imported.NONE);
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
     * The likely invariants mined for one loop: how many, how many sums its body conserves joined
     * them ({@code pdpv.daikon.ConservedSums}), how many of all were kept (inductive), and how
     * many were dropped because one iteration breaks them, because the check gave up, or because
     * they read a variable the loop's invariants cannot mention.
     */
    public record LoopCandidates(SourceLoc head, int mined, int conservedSums, int kept, int notInductive, int undecided, int unencodable) {
    }

    /** How often a loop's invariant was strengthened. */
    public record LoopRefinements(SourceLoc head, int refinements) {
    }

    /** The share of the total time spent in PDR, in [0, 1]. */
    public double pdrShare() {
        return totalSeconds <= 0 ? 0 : Math.min(1, pdrSeconds / totalSeconds);
    }
}
