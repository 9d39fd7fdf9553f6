package pdpv.smt;

/** Number of satisfiability checks and the time they took, accumulated over solvers. */
public final class SmtStatistics {
    private long calls;
    private long nanos;

    void record(long elapsedNanos) {
        calls++;
        nanos += elapsedNanos;
    }

    public long calls() {
        return calls;
    }

    public double seconds() {
        return nanos / 1e9;
    }
}
