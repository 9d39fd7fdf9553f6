package pdpv.daikon;

import java.time.Duration;

/**
 * Options of test generation (thesis Algorithm 6.1) and of the samples the tests leave.
 *
 * @param tests         the t of {@code GENERATETESTS(t, a)}: 100 runs, enough for Daikon-style
 *                      templates to see a loop entered with several different values (Daikon
 *                      itself wants a few dozen samples per program point before it reports)
 * @param maxSteps      the interpreter's step bound for each run: 100,000 statements, so that a
 *                      run of a loop over a 32-bit counter (whose corner-value inputs make it run
 *                      for ever) stops after a few thousand iterations
 * @param seed          of the random choices, so that runs are reproducible
 * @param firstSamples  per run and loop, the first this many head visits are all kept; later ones
 *                      only at visit counts that are powers of two (32 + log2 of the visits in
 *                      all), so that a long run does not fill the store with one run's values
 * @param maxSamples    per loop, the samples kept in all (later ones are dropped): 5,000
 * @param budget        the wall time of all runs together; runs not started by then are skipped
 */
public record TestOptions(int tests, long maxSteps, long seed, int firstSamples, int maxSamples, Duration budget) {
    public static TestOptions defaults() {
        return new TestOptions(100, 100_000L, 1L, 32, 5_000, Duration.ofSeconds(5));
    }

    public TestOptions {
        if (tests < 0 || maxSteps < 1 || firstSamples < 0 || maxSamples < 0 || budget.isNegative()) {
            throw new IllegalArgumentException("test options must not be negative, the step bound positive");
        }
    }

    public TestOptions withBudget(Duration d) {
        return new TestOptions(tests, maxSteps, seed, firstSamples, maxSamples, d);
    }

    public TestOptions withTests(int n) {
        return new TestOptions(n, maxSteps, seed, firstSamples, maxSamples, budget);
    }
}
