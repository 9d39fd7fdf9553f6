package pdpv.cli;

import picocli.CommandLine.Option;

/** How a checking command runs and reports: its time limit and its output format. */
final class RunOptions {
    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "0",
            description = "give up with verdict unknown (reason: timeout) after this many seconds; 0 = none")
    double timeoutSeconds;

    @Option(names = "--json", description = "print one JSON object instead of text")
    boolean json;

    @Option(names = "--stats", description = "print statistics after the verdict")
    boolean stats;
}
