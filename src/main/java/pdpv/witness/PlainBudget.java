package pdpv.witness;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * How long writing invariants plainly may take ({@link PlainInvariants}): a count of the processor
 * time of the thread that writes them (its solver checks included, which run on it), so that a
 * loaded machine, which stretches the wall time, does not change the text; and a wall-clock deadline
 * the run as a whole must keep ({@code --timeout}). Every solver check of the plain step draws from
 * it: the rewriting ({@link PlainInvariants}), the entry ranges ({@link EntryFacts}), and Houdini's
 * and the validator's checks over the one-state candidates ({@link InvariantCheck}), which stop with
 * {@link Spent} once it is spent.
 */
public final class PlainBudget {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** No limit: the same certificate always prints the same text. */
    public static final PlainBudget NONE = new PlainBudget(0, Long.MAX_VALUE);

    private final long cpuNanos;
    private final long startCpu;
    private final long wallDeadline;
    private volatile boolean cancelled;

    /**
     * {@code cpuSeconds} of the calling thread's processor time from now (0: none) and the
     * {@link System#nanoTime} {@code wallDeadline} ({@link Long#MAX_VALUE}: none).
     */
    public PlainBudget(double cpuSeconds, long wallDeadline) {
        this.cpuNanos = cpuSeconds > 0 && THREADS.isCurrentThreadCpuTimeSupported() ? (long) (cpuSeconds * 1e9) : 0;
        this.startCpu = THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
        this.wallDeadline = wallDeadline;
    }

    /** The processor seconds the calling thread, the one that made the budget, spent since; 0 if unknown. */
    public double cpuSeconds() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? (THREADS.getCurrentThreadCpuTime() - startCpu) / 1e9 : 0;
    }

    /** Spends the budget from any thread: the writing stops at its next check. */
    public void cancel() {
        cancelled = true;
    }

    /** A check of the plain step was asked for after the budget was spent: its answer is not known. */
    static final class Spent extends RuntimeException {
        Spent() {
            super("the plain step's budget is spent", null, false, false);
        }
    }

    /** Throws {@link Spent} if the time is spent (asked on the thread that made the budget). */
    void charge() {
        if (spent()) {
            throw new Spent();
        }
    }

    /** Whether the time is spent (asked on the thread that made the budget). */
    boolean spent() {
        if (cancelled || wallDeadline != Long.MAX_VALUE && System.nanoTime() - wallDeadline > 0) {
            return true;
        }
        return cpuNanos > 0 && THREADS.getCurrentThreadCpuTime() - startCpu > cpuNanos;
    }
}
