package pdpv.cegar;

/** Figures of one run: size of the program, solver work, time (Table 4.1's columns grow here). */
public record VerifierStatistics(
        int blocks,
        int variables,
        int loops,
        int iterations,
        long smtCalls,
        double smtSeconds,
        double totalSeconds) {
}
