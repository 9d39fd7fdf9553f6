package pdpv.witness;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * How long writing invariants plainly may take ({@link PlainInvariants}): a count of the processor
 * time of the thread that writes them (its solver checks included, which run on it), so that a
 * loaded machine, which stretches the wall time, does not change the text; and a wall-clock deadline
 * the run as a whole must keep ({@code --timeout}).
 */
public final class PlainBudget {
    /** No limit: the same certificate always prints the same text. */
    public static final PlainBudget NONE = new PlainBudget(0, Long.MAX_VALUE);

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final long cpuNanos;
    private final long startCpu;
    private final long wallDeadline;

    /**
     * {@code cpuSeconds} of the calling thread's processor time from now (0: none) and the
     * {@link System#nanoTime} {@code wallDeadline} ({@link Long#MAX_VALUE}: none).
     */
    public PlainBudget(double cpuSeconds, long wallDeadline) {
        this.cpuNanos = cpuSeconds > 0 && THREADS.isCurrentThreadCpuTimeSupported() ? (long) (cpuSeconds * 1e9) : 0;
        this.startCpu = cpuNanos > 0 ? THREADS.getCurrentThreadCpuTime() : 0;
        this.wallDeadline = wallDeadline;
    }

    /** Whether the time is spent (asked on the thread that made the budget). */
    boolean spent() {
        if (wallDeadline != Long.MAX_VALUE && System.nanoTime() - wallDeadline > 0) {
            return true;
        }
        return cpuNanos > 0 && THREADS.getCurrentThreadCpuTime() - startCpu > cpuNanos;
    }
}
