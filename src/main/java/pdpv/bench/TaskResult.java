package pdpv.bench;

/**
 * The outcome of one (benchmark, configuration) run. {@code verdict} is safe, unsafe, unknown,
 * timeout, memory (the memory limit was reached or the tool ran out of memory), unsupported (PDPV
 * rejected the program: exit code 30), error (the tool exited abnormally) or n/a (program not available); {@code memoryMb}
 * is the peak resident set size, negative when it could not be measured; {@code pdrPercent},
 * {@code refinements} and {@code pdrCalls} (the PDR engine's calls over all loops; 0 when the
 * tests, the seeded likely invariants or bounded model checking decided, thesis Fig 6.3) are
 * negative when the tool does not report them; {@code accelerated} is 1 when the answer needed loop
 * acceleration (issue #19: a counterexample through an accelerated path, or a proof with accelerated
 * paths in it), 0 when not, negative when the tool does not report it.
 */
public record TaskResult(
        Benchmark benchmark,
        Configuration configuration,
        boolean nondetGlobals,
        String verdict,
        String reason,
        double seconds,
        double memoryMb,
        double pdrPercent,
        long refinements,
        long pdrCalls,
        int accelerated) {

    /** A result whose tool does not report acceleration. */
    public TaskResult(Benchmark benchmark, Configuration configuration, boolean nondetGlobals, String verdict, String reason,
                      double seconds, double memoryMb, double pdrPercent, long refinements, long pdrCalls) {
        this(benchmark, configuration, nondetGlobals, verdict, reason, seconds, memoryMb, pdrPercent, refinements, pdrCalls, -1);
    }

    /** Whether the run reads globals as the benchmark's expected verdict assumes (nondet for InvGen rows). */
    public boolean ownReading() {
        return nondetGlobals == benchmark.nondetGlobals();
    }

    /**
     * A definite verdict that contradicts the expected one (which holds only under the benchmark's
     * own reading). An expected verdict {@code unknown} (a model whose answer nobody has published)
     * contradicts nothing; the report lists the tasks on which two configurations disagree.
     */
    public boolean wrong() {
        return ownReading() && definite() && expectationKnown() && !verdict.equals(benchmark.expected());
    }

    /** The expected verdict, or any definite one when the expected verdict is not known. */
    public boolean solved() {
        return ownReading() && (verdict.equals(benchmark.expected()) || !expectationKnown() && definite());
    }

    public boolean definite() {
        return verdict.equals("safe") || verdict.equals("unsafe");
    }

    private boolean expectationKnown() {
        return !benchmark.expected().equals("unknown");
    }
}
