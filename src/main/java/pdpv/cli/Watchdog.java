package pdpv.cli;

import com.microsoft.z3.Z3Exception;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import pdpv.smt.SolverOutOfMemory;
import pdpv.smt.Z3Memory;

/**
 * Runs a command's check on a worker thread under {@code --timeout} and {@code --memory-limit}.
 * The memory in use is the Java heap (collected once before it counts as above the limit) plus
 * Z3's allocations, polled every 50 ms; while the watchdog is open, Z3 alone is also capped at the
 * limit, so that it gives up rather than eat the machine between two polls. When a limit is
 * reached, the check is cancelled with the limit as reason and its thread is interrupted, and the
 * cancel is repeated until the worker stops or half a second has passed, which also catches a
 * cancel that came just before a solver started to listen. A worker that dies of memory
 * exhaustion (Java's {@link OutOfMemoryError}, Z3's {@link SolverOutOfMemory}) counts as reaching
 * the memory limit.
 */
final class Watchdog implements AutoCloseable {
    /** Deep recursion over large formulas needs a bigger stack than a default thread has. */
    private static final long STACK_BYTES = 1L << 28;
    private static final long POLL_MILLIS = 50;
    private static final long GRACE_MILLIS = 500;
    private static final long RECANCEL_MILLIS = 50;
    private static final long MIN_NANOS_BETWEEN_COLLECTIONS = TimeUnit.SECONDS.toNanos(1);

    private final String name;
    private final double timeoutSeconds;
    private final long memoryLimitMb;
    private final MemoryMXBean heap = ManagementFactory.getMemoryMXBean();
    private long lastCollection = System.nanoTime() - MIN_NANOS_BETWEEN_COLLECTIONS;

    /** How a check ended: the limit it reached (null if none) and its value (null if it has none). */
    record Outcome<T>(T value, String limit) {
    }

    /** {@code timeoutSeconds} and {@code memoryLimitMb} are off when 0. */
    Watchdog(String name, double timeoutSeconds, long memoryLimitMb) {
        this.name = name;
        this.timeoutSeconds = timeoutSeconds;
        this.memoryLimitMb = memoryLimitMb;
        if (memoryLimitMb > 0) {
            Z3Memory.limit(memoryLimitMb);
        }
    }

    /**
     * Runs {@code check} and waits for it. When a limit is reached, {@code cancel} is called with the
     * reason (repeatedly); the outcome then holds the value if the check still ended normally within
     * the grace period. Failures other than memory exhaustion before a limit is reached are thrown.
     */
    <T> Outcome<T> run(Callable<T> check, Consumer<String> cancel) throws ExecutionException, InterruptedException {
        FutureTask<T> task = new FutureTask<>(check);
        Thread worker = new Thread(null, task, name, STACK_BYTES);
        worker.setDaemon(true);
        long start = System.nanoTime();
        worker.start();
        try {
            while (true) {
                long wait = pollMillis(start);
                try {
                    return new Outcome<>(wait < 0 ? task.get() : task.get(wait, TimeUnit.MILLISECONDS), null);
                } catch (TimeoutException e) {
                    String limit = limitReached(start);
                    if (limit != null) {
                        return new Outcome<>(stop(task, worker, cancel, limit), limit);
                    }
                }
            }
        } catch (ExecutionException e) {
            if (isMemoryExhaustion(e.getCause())) {
                return new Outcome<>(null, memoryReason());
            }
            throw e;
        }
    }

    /** The reason of an answer cut short for lack of memory. */
    private String memoryReason() {
        return memoryLimitMb > 0 ? "memory limit of " + memoryLimitMb + " MB reached" : "out of memory";
    }

    @Override
    public void close() {
        if (memoryLimitMb > 0) {
            Z3Memory.limit(0);
        }
    }

    /** How long to wait for the worker before looking at the limits again; -1 = until it ends. */
    private long pollMillis(long start) {
        if (memoryLimitMb > 0) {
            return POLL_MILLIS;
        }
        if (timeoutSeconds > 0) {
            long left = (long) (timeoutSeconds * 1000) - (System.nanoTime() - start) / 1_000_000;
            return Math.max(1, left);
        }
        return -1;
    }

    private String limitReached(long start) {
        if (timeoutSeconds > 0 && System.nanoTime() - start >= (long) (timeoutSeconds * 1e9)) {
            return "timeout";
        }
        if (memoryLimitMb > 0 && aboveMemoryLimit()) {
            return memoryReason();
        }
        return null;
    }

    /**
     * Whether the Java heap in use plus Z3's allocations exceed the limit. Garbage counts too, so a
     * heap above the limit is collected first, at most once a second; until the next collection is
     * due, an excess is taken for garbage.
     */
    private boolean aboveMemoryLimit() {
        long limit = memoryLimitMb << 20;
        if (memoryInUse() <= limit) {
            return false;
        }
        long now = System.nanoTime();
        if (now - lastCollection < MIN_NANOS_BETWEEN_COLLECTIONS) {
            return false;
        }
        lastCollection = now;
        System.gc();
        return memoryInUse() > limit;
    }

    private long memoryInUse() {
        return heap.getHeapMemoryUsage().getUsed() + Z3Memory.allocatedBytes();
    }

    /** Cancels until the worker stops; its value if it ended normally within the grace period, else null. */
    private static <T> T stop(FutureTask<T> task, Thread worker, Consumer<String> cancel, String limit)
            throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GRACE_MILLIS);
        while (true) {
            cancel.accept(limit);
            worker.interrupt();
            try {
                return task.get(RECANCEL_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                if (System.nanoTime() >= end) {
                    return null;
                }
            } catch (ExecutionException e) {
                return null;
            }
        }
    }

    private static boolean isMemoryExhaustion(Throwable t) {
        return t instanceof OutOfMemoryError || t instanceof SolverOutOfMemory
                || t instanceof Z3Exception && Z3Memory.isOutOfMemory(t.getMessage());
    }
}
