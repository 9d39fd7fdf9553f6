package pdpv.smt;

/**
 * Number of satisfiability checks and the time they took, accumulated over solvers; of those, the
 * checks that the {@link IntegerRelaxation} decided.
 */
public final class SmtStatistics {
    private long calls;
    private long nanos;
    private long relaxedCalls;

    void record(long elapsedNanos) {
        calls++;
        nanos += elapsedNanos;
    }

    void recordRelaxed(long elapsedNanos) {
        record(elapsedNanos);
        relaxedCalls++;
    }

    /** Checks answered Unsat by the integer relaxation alone. */
    public long relaxedCalls() {
        return relaxedCalls;
    }

    public long calls() {
        return calls;
    }

    public double seconds() {
        return nanos / 1e9;
    }
}
