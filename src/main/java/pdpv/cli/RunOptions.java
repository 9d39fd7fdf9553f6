package pdpv.cli;

import picocli.CommandLine.Option;

/** How a checking command runs and reports: its time and memory limits and its output format. */
final class RunOptions {
    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "0",
            description = "give up with verdict unknown (reason: timeout) after this many seconds; 0 = none")
    double timeoutSeconds;

    @Option(names = "--memory-limit", paramLabel = "MB", defaultValue = "0",
            description = "give up with verdict unknown (reason: memory limit of MB MB reached) when the Java heap in use"
                    + " plus Z3's memory exceeds this many megabytes; 0 = none")
    long memoryLimitMb;

    @Option(names = "--json", description = "print one JSON object instead of text")
    boolean json;

    @Option(names = "--stats", description = "print statistics after the verdict")
    boolean stats;

    @Option(names = "--progress", negatable = true,
            description = "tell on standard error what the run is doing (each phase, refinement, PDR frame, bound), "
                    + "at least every 5 s, with the time since it began (default: on when standard error is a terminal)")
    Boolean progress;

    @Option(names = {"-v", "--verbose"}, description = "the same as --progress")
    boolean verbose;

    /** Whether the run reports its progress: asked for, or standard error is a terminal and it was not turned off. */
    boolean progress() {
        return verbose || (progress != null ? progress : ProgressPrinter.stderrIsTerminal());
    }

    /** Null when the options are valid, else the message for the user. */
    String problem() {
        if (timeoutSeconds < 0) {
            return "--timeout must not be negative, found " + timeoutSeconds;
        }
        return memoryLimitMb < 0 ? "--memory-limit must not be negative, found " + memoryLimitMb : null;
    }

    /**
     * A watchdog for these limits, for a run that began at {@code start} ({@link RunClock}): its
     * timeout is what is left of {@code --timeout} since then, {@code extraSeconds} added.
     */
    Watchdog watchdog(String name, long start, double extraSeconds) {
        double left = timeoutSeconds + extraSeconds - (System.nanoTime() - start) / 1e9;
        return new Watchdog(name, timeoutSeconds > 0 ? Math.max(0.001, left) : 0, memoryLimitMb);
    }
}
