package pdpv.daikon;

import java.time.Duration;

/**
 * Options of test generation (thesis Algorithm 6.1), of the samples the tests leave and of what
 * {@link LikelyInvariants} mines from them.
 *
 * @param tests         the t of {@code GENERATETESTS(t, a)}: 100 runs, enough for Daikon-style
 *                      templates to see a loop entered with several different values (Daikon
 *                      itself wants a few dozen samples per program point before it reports)
 * @param maxSteps      the interpreter's step bound for each run: 20,000 statements, so that a
 *                      run of a loop over a 32-bit counter (whose corner-value inputs make it run
 *                      for ever) stops after a few thousand iterations, and 100 runs take about
 *                      a second
 * @param seed          of the random choices, so that runs are reproducible
 * @param firstSamples  per run and loop, the first this many head visits are all kept; later ones
 *                      only at visit counts that are powers of two, and the run's last visit
 *                      (32 + log2 of the visits + 1 in all), so that a long run does not fill the
 *                      store with one run's values
 * @param maxSamples    per loop, the samples kept in all (later ones are dropped): 5,000
 * @param budget        the processor time of all runs together (the testing thread's, Z3's checks for
 *                      the directed tests included, so that a loaded machine runs as many); runs not
 *                      started by then are skipped:
 *                      5 s, and {@link #TIME_LIMIT_SHARE} of a time limit if that is less
 * @param polynomials   whether the miner looks for DIG's polynomial equalities
 *                      ({@link PolynomialEqualities}) besides Daikon's templates: on by default;
 *                      off (verify --no-polynomials) to measure what they add
 * @param entryTests    a loop that fewer of the random tests enter gets directed tests
 *                      ({@link LoopEntryTests}) until this many have entered it or none can:
 *                      {@link #ENTRY_TESTS}
 * @param spreadTests   a loop that the tests entered but whose head they saw in fewer than this many
 *                      distinct states gets up to this many more tests, whose inputs are drawn with
 *                      magnitudes spread over the type's widths ({@link TestGenerator#spread}), until
 *                      it has that many: {@link #SPREAD_TESTS}; 0 = none
 * @param quotientModuli the largest modulus M of the quotient template
 *                      ({@link QuotientEqualities}): {@link #QUOTIENT_MODULI}; below 2 = none
 * @param cellTerms     a one-dimensional array of at most this many cells that a loop writes gets one
 *                      term per cell in the samples and the miner (issue #20's small arrays:
 *                      {@code h[0] <= h[1]}), whose invariants are checked over the loop's exact
 *                      pass: {@link #CELL_TERMS}; 0 = none
 */
public record TestOptions(int tests, long maxSteps, long seed, int firstSamples, int maxSamples, Duration budget,
                          boolean polynomials, int entryTests, int spreadTests, int quotientModuli, int cellTerms) {
    /** The share of a run's time limit the tests may take: 5%, so that they never cost the proof much. */
    public static final double TIME_LIMIT_SHARE = 0.05;

    /**
     * The default of {@link #entryTests}: 3, the best of 0, 3, 10 and 30 on both benchmark sets
     * ({@code invgen-bench/entry-tests-sweep.tsv}; SV-COMP 37, 41, 40, 39 of 61 decided; more
     * directed tests seed more invariants, which can make F harder for the bit-blaster).
     */
    public static final int ENTRY_TESTS = 3;

    /**
     * The default of {@link #spreadTests}: 60, the rows the polynomial miner needs to look at degree
     * 2 over five variables ({@link PolynomialEqualities#ROWS_PER_COLUMN} times 21 monomials is 42,
     * with room for rows whose products overflow); inputs that an assumption such as
     * {@code a <= 65535} rejects in all but a few of the random tests otherwise leave a loop with a
     * dozen samples, too few to tell a real equality from an accident; 0 switches it off. Swept over
     * both sets at 30, 60 and 120 ({@code invgen-bench/results/2026-11-27-spread-generalization-sweep/NOTES.md}):
     * 30 loses SV-COMP lcm2, 120 decides what 60 does, slower.
     */
    public static final int SPREAD_TESTS = 60;

    /**
     * The default of {@link #quotientModuli}: 4, the moduli 2, 3 and 4 of the strides and modulo
     * guards of issue 19's families ({@code i % 4 == 1}, {@code i % 3 == 0}); the candidates per
     * loop grow with M^2 times the pairs of terms, each a division circuit in Houdini's queries.
     * Swept over both sets at 0, 4 and 8 ({@code invgen-bench/results/2026-11-27-quotient-sweep/NOTES.md}):
     * the same verdicts at each; SV-COMP sumt2 takes 16.9 s without the template and 6.7 s at 4.
     */
    public static final int QUOTIENT_MODULI = 4;

    /**
     * The largest {@link #quotientModuli} accepted: 64, so that the M^2/2 fits per pair of terms stay
     * a few thousand and a modulus always fits the encoding's division two bits wider than an
     * 8-bit dividend.
     */
    public static final int MAX_QUOTIENT_MODULI = 64;

    /**
     * The default of {@link #cellTerms}: 8 cells, so that the terms of a loop's small arrays stay
     * fewer than a dozen scalars' worth for the pairwise templates (swept at 0, 8 and 32:
     * {@code invgen-bench/results/2026-11-27-cell-terms-sweep/NOTES.md}).
     */
    public static final int CELL_TERMS = 8;

    public static TestOptions defaults() {
        return new TestOptions(100, 20_000L, 1L, 32, 5_000, Duration.ofSeconds(5), true, ENTRY_TESTS, SPREAD_TESTS,
                QUOTIENT_MODULI, CELL_TERMS);
    }

    public TestOptions {
        if (tests < 0 || maxSteps < 1 || firstSamples < 0 || maxSamples < 0 || budget.isNegative() || entryTests < 0
                || spreadTests < 0 || cellTerms < 0) {
            throw new IllegalArgumentException("test options must not be negative, the step bound positive");
        }
    }

    public TestOptions withBudget(Duration d) {
        return new TestOptions(tests, maxSteps, seed, firstSamples, maxSamples, d, polynomials, entryTests, spreadTests, quotientModuli, cellTerms);
    }

    /** These options with the budget cut to {@link #TIME_LIMIT_SHARE} of a time limit of {@code seconds} (0: none). */
    public TestOptions withTimeLimit(double seconds) {
        if (seconds <= 0) {
            return this;
        }
        Duration share = Duration.ofMillis((long) (seconds * 1000 * TIME_LIMIT_SHARE));
        return withBudget(share.compareTo(budget) < 0 ? share : budget);
    }

    public TestOptions withTests(int n) {
        return new TestOptions(n, maxSteps, seed, firstSamples, maxSamples, budget, polynomials, entryTests, spreadTests, quotientModuli, cellTerms);
    }

    /** These options with {@code n} as {@link #entryTests} (0: no directed tests). */
    public TestOptions withEntryTests(int n) {
        return new TestOptions(tests, maxSteps, seed, firstSamples, maxSamples, budget, polynomials, n, spreadTests, quotientModuli, cellTerms);
    }

    /** These options with the polynomial-equality miner on or off. */
    public TestOptions withPolynomials(boolean on) {
        return new TestOptions(tests, maxSteps, seed, firstSamples, maxSamples, budget, on, entryTests, spreadTests, quotientModuli, cellTerms);
    }

    /** These options with {@code m} as {@link #quotientModuli} (below 2: none). */
    public TestOptions withQuotientModuli(int m) {
        return new TestOptions(tests, maxSteps, seed, firstSamples, maxSamples, budget, polynomials, entryTests, spreadTests, m, cellTerms);
    }

    /** These options with {@code n} as {@link #spreadTests} (0: none). */
    public TestOptions withSpreadTests(int n) {
        return new TestOptions(tests, maxSteps, seed, firstSamples, maxSamples, budget, polynomials, entryTests, n, quotientModuli, cellTerms);
    }

    /** These options with {@code n} as {@link #cellTerms} (0: none). */
    public TestOptions withCellTerms(int n) {
        return new TestOptions(tests, maxSteps, seed, firstSamples, maxSamples, budget, polynomials, entryTests, spreadTests, quotientModuli, n);
    }
}
