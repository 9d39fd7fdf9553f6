package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import pdpv.smt.SolverOutOfMemory;
import pdpv.smt.Z3Memory;

/** The limits of a check: timeout, memory limit, and memory exhaustion as a last resort. */
class WatchdogTest {
    private static final long MB = 1 << 20;

    /** A check that spins until it is cancelled (as a solver would), then answers the reason it was given. */
    private static String awaitCancel(AtomicReference<String> reason) {
        while (reason.get() == null) {
            Thread.onSpinWait();
        }
        return "stopped: " + reason.get();
    }

    @Test
    void timeoutCancelsWithItsReasonAndKeepsTheLateAnswer() throws Exception {
        AtomicReference<String> reason = new AtomicReference<>();
        try (Watchdog watchdog = new Watchdog("test", 0.2, 0)) {
            Watchdog.Outcome<String> o = watchdog.run(() -> awaitCancel(reason), r -> reason.compareAndSet(null, r));
            assertEquals("timeout", o.limit());
            assertEquals("stopped: timeout", o.value());
        }
    }

    @Test
    void heapAboveTheLimitCancelsWithTheMemoryReason() throws Exception {
        long inUse = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() + Z3Memory.allocatedBytes();
        long limitMb = inUse / MB + 64;
        AtomicReference<String> reason = new AtomicReference<>();
        try (Watchdog watchdog = new Watchdog("test", 0, limitMb)) {
            Watchdog.Outcome<Integer> o = watchdog.run(() -> {
                List<byte[]> live = new ArrayList<>();
                while (reason.get() == null && live.size() < 2048) {
                    live.add(new byte[(int) MB]);
                    Thread.sleep(1);
                }
                return live.size();
            }, r -> reason.compareAndSet(null, r));
            String expected = "memory limit of " + limitMb + " MB reached";
            assertEquals(expected, o.limit());
            assertEquals(expected, reason.get());
        }
    }

    @Test
    void aCheckThatRunsOutOfMemoryIsCutShortForLackOfMemory() throws Exception {
        try (Watchdog watchdog = new Watchdog("test", 0, 4096)) {
            Watchdog.Outcome<String> java = watchdog.run(() -> {
                throw new OutOfMemoryError("Java heap space");
            }, r -> { });
            assertEquals("memory limit of 4096 MB reached", java.limit());
            assertNull(java.value());
            Watchdog.Outcome<String> z3 = watchdog.run(() -> {
                throw new SolverOutOfMemory("out of memory");
            }, r -> { });
            assertEquals("memory limit of 4096 MB reached", z3.limit());
        }
        try (Watchdog unlimited = new Watchdog("test", 0, 0)) {
            Watchdog.Outcome<String> o = unlimited.run(() -> {
                throw new OutOfMemoryError("Java heap space");
            }, r -> { });
            assertEquals("out of memory", o.limit());
            assertThrows(ExecutionException.class, () -> unlimited.run(() -> {
                throw new IllegalStateException("a bug stays a bug");
            }, r -> { }));
        }
    }
}
