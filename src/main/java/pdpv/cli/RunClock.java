package pdpv.cli;

import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

/**
 * When a command's run began, on {@link System#nanoTime}'s clock, for {@code --timeout} and the
 * seconds an answer reports. Run as its own process ({@link Main#main}), PDPV counts from the JVM's
 * start, so that the limit bounds the whole process as the user (and {@code bench}, which times
 * each row's process) sees it, the JVM's start and the loading of classes and Z3 included; called
 * from inside another JVM ({@link Main#run}, as the tests do), it counts from the call.
 */
final class RunClock {
    private static volatile boolean ownProcess;

    private RunClock() {
    }

    /** Called once by {@link Main#main}: this JVM runs nothing but PDPV's command. */
    static void ownProcess() {
        ownProcess = true;
    }

    /** The start of the run, as a {@link System#nanoTime} value. */
    static long start() {
        long now = System.nanoTime();
        return ownProcess ? now - TimeUnit.MILLISECONDS.toNanos(ManagementFactory.getRuntimeMXBean().getUptime()) : now;
    }
}
