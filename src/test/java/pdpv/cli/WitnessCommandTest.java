package pdpv.cli;

import static pdpv.cli.CliResult.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Evidence others can check, through the real command line: every example's witness
 * ({@code verify --witness}) is confirmed by {@code check-witness}; corrupted witnesses (an
 * invariant weakened to {@code 1} or made false, one input of a violation changed) are rejected
 * with exit 60 and a reason.
 */
class WitnessCommandTest {
    @TempDir
    Path dir;

    static Stream<String> examples() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("examples"))) {
            return files.map(Path::toString).filter(f -> f.endsWith(".c")).sorted().toList().stream();
        }
    }

    /** Where each example's witness is written, once for the whole class. */
    @TempDir
    static Path witnesses;

    /** An example's {@code verify --witness} run and its witness file. */
    private record Verified(CliResult result, Path witness) {
    }

    /**
     * Each example is verified with {@code --witness} once for all the tests of this class (the
     * run takes seconds and is the same command for each test that needs it); the tests below
     * write their mutated witnesses to their own folders.
     */
    private static final Map<String, Verified> VERIFIED = new HashMap<>();

    /** {@code example}'s {@code verify --witness} run, made on the first call. */
    private static synchronized Verified verified(String example) {
        return VERIFIED.computeIfAbsent(example, e -> {
            Path w = witnesses.resolve(Path.of(e).getFileName() + ".yml");
            return new Verified(run("verify", "--timeout", "120", "--witness", w.toString(), e), w);
        });
    }

    /** Verifies {@code example} with {@code --witness}, checks its expected verdict and returns the witness file. */
    private static Path witness(String example) throws IOException {
        Verified v = verified(example);
        String expected = Files.readAllLines(Path.of(example)).get(0).replace("// expect:", "").strip();
        assertEquals(expected.equals("safe") ? ExitCodes.SAFE : ExitCodes.UNSAFE, v.result().code(),
                example + ":\n" + v.result().out() + v.result().err());
        assertTrue(Files.exists(v.witness()), "no witness for " + example);
        return v.witness();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void everyExamplesWitnessIsConfirmed(String example) throws IOException {
        Path w = witness(example);
        CliResult r = verified(example).result();
        CliResult check = run("check-witness", example, w.toString());
        if (r.out().contains("\\forall") && (r.out() + r.err()).contains("do not prove the program on their own")) {
            // a proof by cell invariants whose head form leaves out what the loop kept of the array's
            // entry value (\old(a)) or a product: verify says so and check-witness must not confirm it
            assertEquals(ExitCodes.WITNESS_REJECTED, check.code(), example + ": " + check.out() + check.err());
            return;
        }
        assertEquals(ExitCodes.SAFE, check.code(), example + ": " + check.out() + check.err() + "\n" + Files.readString(w));
        assertTrue(check.out().startsWith("witness confirmed: "), check.out());
    }

    /**
     * An accelerated counterexample is 2^27 iterations deep (4*10^8 steps): the validator's replay
     * confirms it within its default step bound (it stopped at 10^7 steps before), and a bound
     * given with --max-steps below the run's length rejects it, saying where the run ended.
     */
    @Test
    void aDeepCounterexampleReplaysWithinTheValidatorsStepBound() throws IOException {
        String example = "examples/accel_stride_unsafe.c";
        Path w = witness(example);
        CliResult confirmed = run("check-witness", example, w.toString());
        assertEquals(ExitCodes.SAFE, confirmed.code(), confirmed.out() + confirmed.err());
        CliResult cut = run("check-witness", "--max-steps", "1000000", example, w.toString());
        assertEquals(ExitCodes.WITNESS_REJECTED, cut.code(), cut.out() + cut.err());
        assertTrue(cut.out().contains("STEP_LIMIT"), cut.out());
        assertEquals(ExitCodes.BAD_INPUT, run("check-witness", "--max-steps", "0", example, w.toString()).code());
    }

    /**
     * Under InvGen's reading of globals (thesis Table 4.1's NetBSD_loop_int) a global's value is an
     * input: the violation witness pins it with an assumption at the entry function's first
     * statement, which the validator reads under the same reading and not under C's.
     */
    @Test
    void aGlobalReadAsAnInputIsPinnedByAnAssumptionAtTheEntry() throws IOException {
        Path c = dir.resolve("globals.c");
        Files.writeString(c, """
                extern void __VERIFIER_assert(int cond);
                int limit;
                int main(void) {
                    int i = 0;
                    while (i < 3) { i++; }
                    __VERIFIER_assert(limit + i != 1003);
                    return 0;
                }
                """);
        Path w = dir.resolve("globals.yml");
        CliResult r = run("verify", "--nondet-globals", "--timeout", "120", "--witness", w.toString(), c.toString());
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        String yaml = Files.readString(w);
        assertTrue(yaml.contains("value: limit == 1000"), yaml);
        assertFalse(r.err().contains("no waypoint that pins it"), r.err());
        CliResult confirmed = run("check-witness", "--nondet-globals", c.toString(), w.toString());
        assertEquals(ExitCodes.SAFE, confirmed.code(), confirmed.out() + confirmed.err());
        CliResult asC = run("check-witness", c.toString(), w.toString());
        assertEquals(ExitCodes.WITNESS_REJECTED, asC.code(), asC.out() + asC.err());
        assertTrue(asC.out().contains("never passes the assumption waypoint"), asC.out());
    }

    /**
     * A loop that steps a small array's cells from an input: the CEGAR loop reads the cells as
     * arbitrary values and finds no invariant, bounded model checking unrolls the loop completely.
     * Under {@code --witness} that proof still answers SAFE (it waited for the CEGAR loop's), and
     * verify says that the witness states no loop invariant, which check-witness then does not confirm.
     */
    @Test
    void aCompleteUnrollingAnswersSafeUnderWitnessAndSaysItsWitnessHasNoLoopInvariant() throws IOException {
        Path c = dir.resolve("cells.c");
        Files.writeString(c, """
                extern unsigned short __VERIFIER_nondet_ushort(void);
                extern void __VERIFIER_assert(int cond);
                int main(void) {
                    unsigned short h[2];
                    unsigned short v = __VERIFIER_nondet_ushort();
                    h[0] = v; h[1] = 0;
                    for (int i = 0; i < 4; i++) { h[1] = h[1] + h[0]; }
                    __VERIFIER_assert(h[1] == (unsigned short)(4 * v));
                    return 0;
                }
                """);
        Path w = dir.resolve("cells.yml");
        CliResult r = run("verify", "--timeout", "120", "--witness", w.toString(), c.toString());
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("bounded model checking is complete"), r.out());
        assertTrue(r.err().contains("the witness states none for the loops"), r.err());
        CliResult check = run("check-witness", c.toString(), w.toString());
        assertEquals(ExitCodes.WITNESS_REJECTED, check.code(), check.out() + check.err());
    }

    /**
     * The CEGAR loop's certificate relates the values after the loop to those before it; its
     * projection to the loop head must keep c == n between an unsigned char and an unsigned int
     * (the entry constants folded, the promotion printed as C), or the witness cannot prove the program.
     */
    @Test
    void theCegarLoopsCertificateProjectsToAWitnessOverPromotedVariables() throws IOException {
        Path w = dir.resolve("uchar.yml");
        CliResult r = run("verify", "--engine", "cegar", "--timeout", "120", "--witness", w.toString(), "examples/uchar_counting_loop.c");
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
        // the bound on either side of c == n (the plain step picks one of the equivalent forms)
        assertTrue(Files.readString(w).matches("(?s).*value: [cn] <= 120 && c == n.*"), Files.readString(w));
        CliResult check = run("check-witness", "examples/uchar_counting_loop.c", w.toString());
        assertEquals(ExitCodes.SAFE, check.code(), check.out() + check.err());
    }

    /**
     * A proof by cell invariants (issue #20) gives a format 2.1 witness whose invariant quantifies
     * over the array's cells (acsl_expression); check-witness confirms it and rejects it with the
     * cells' values changed, and under format 2.0, which has no acsl_expression.
     */
    @Test
    void aCellInvariantGoesIntoTheWitnessAndIsChecked() throws IOException {
        String example = "examples/array_fill_downward.c";
        Path w = witness(example);
        String yaml = Files.readString(w);
        assertTrue(yaml.contains("format_version: '2.1'") && yaml.contains("format: acsl_expression") && yaml.contains("\\forall int j;"), yaml);
        assertEquals(ExitCodes.SAFE, run("check-witness", example, w.toString()).code(), yaml);
        Path mutated = dir.resolve("mutated.yml");
        Files.writeString(mutated, yaml.replace("5LL", "6LL"));
        CliResult r = run("check-witness", example, mutated.toString());
        assertEquals(ExitCodes.WITNESS_REJECTED, r.code(), r.out() + r.err());
        Path old = dir.resolve("old.yml");
        Files.writeString(old, yaml.replace("format_version: '2.1'", "format_version: '2.0'"));
        assertEquals(ExitCodes.BAD_INPUT, run("check-witness", example, old.toString()).code());
    }

    /**
     * The array examples whose witnesses check-witness rejected until the head form said what they
     * need (issue #20): the cells a loop has not written yet, from their constant entry value
     * ({@code a[j] == 0}, not {@code \old(a)[j]}); a sum's product {@code s == i*i}; the whole
     * array a second loop reads ({@code j < 5000 ==> a[j] == 3*j + 1}), which needs the first
     * loop's cell invariant, kept by the writer's Houdini only once a quantified candidate whose
     * check gives up within {@code InvariantCheck.QUANTIFIED_CANDIDATE_RESOURCES} is checked again
     * (it was kept in some runs only while checks shared a Z3 context). Each is confirmed, and
     * rejected once that part of it is changed.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '@', value = {
        "examples/array_fill_input_bound.c@(unsigned)i > (unsigned)j || a[j] == 0)@(unsigned)i > (unsigned)j || a[j] == 1)",
        "examples/array_fill_then_sum.c@s == i * i@s == i * i + 1u",
        "examples/array_fill_then_read.c@(unsigned)j < 5000u ==>@(unsigned)j < 5001u ==>"})
    void anArrayExamplesWitnessIsConfirmedAndItsMutantRejected(String example, String part, String mutant) throws IOException {
        Path w = witness(example);
        CliResult r = verified(example).result();
        assertFalse((r.out() + r.err()).contains("do not prove the program on their own"), r.out() + r.err());
        String yaml = Files.readString(w);
        CliResult check = run("check-witness", example, w.toString());
        assertEquals(ExitCodes.SAFE, check.code(), check.out() + check.err() + "\n" + yaml);
        assertTrue(yaml.contains(part), yaml);
        Path mutated = dir.resolve("mutated.yml");
        Files.writeString(mutated, yaml.replace(part, mutant));
        CliResult m = run("check-witness", example, mutated.toString());
        assertEquals(ExitCodes.WITNESS_REJECTED, m.code(), m.out() + m.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"examples/counter_loop.c", "examples/fig4_1_simple.c", "examples/fig4_2_series.c",
            "examples/fig4_3_nested.c", "examples/fig5_7b_disj_simple.c", "examples/fig4_8b_uninit_hoisted.c"})
    void weakenedOrFalseInvariantsAreRejected(String example) throws IOException {
        Path w = witness(example);
        String yaml = Files.readString(w);
        assertTrue(yaml.contains("value: "), yaml);
        Path weak = dir.resolve("weak.yml");
        Files.writeString(weak, yaml.replaceAll("value: .*", "value: '1'"));
        CliResult r = run("check-witness", example, weak.toString());
        assertEquals(ExitCodes.WITNESS_REJECTED, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("can fail"), r.out());
        Path wrong = dir.resolve("false.yml");
        Files.writeString(wrong, yaml.replaceFirst("value: .*", "value: '0'"));
        r = run("check-witness", example, wrong.toString());
        assertEquals(ExitCodes.WITNESS_REJECTED, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("does not hold when the loop is entered"), r.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"examples/abs_int_min.c", "examples/division_overflow.c", "examples/error_label.c",
            "examples/overflow_signed_increment.c", "examples/fig4_8a_uninit_in_loop.c"})
    void aViolationWithItsLastInputChangedIsRejected(String example) throws IOException {
        String yaml = Files.readString(witness(example));
        Matcher m = Pattern.compile("value: (\\\\result|[A-Za-z_]\\w*) == (-?\\d+)").matcher(yaml);
        assertTrue(m.find(), yaml);
        int from = m.start();
        while (m.find(from + 1)) {
            from = m.start();
        }
        m.find(from);
        long v = Long.parseLong(m.group(2));
        Path changed = dir.resolve("changed.yml");
        Files.writeString(changed, yaml.substring(0, m.start(2)) + (v + 1) + yaml.substring(m.end(2)));
        CliResult r = run("check-witness", example, changed.toString());
        assertEquals(ExitCodes.WITNESS_REJECTED, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("witness rejected: violation witness ("), r.out());
    }

    @Test
    void aWitnessOfAnotherFileIsRejected() throws IOException {
        Path w = witness("examples/counter_loop.c");
        CliResult r = run("check-witness", "examples/fig4_1_simple.c", w.toString());
        assertEquals(ExitCodes.WITNESS_REJECTED, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("another file"), r.out());
    }

    @Test
    void aMalformedWitnessIsBadInputWithoutStackTrace() throws IOException {
        Path bad = dir.resolve("bad.yml");
        for (String text : List.of("- x: [", "- entry_type: invariant_set\n", "42\n")) {
            Files.writeString(bad, text);
            CliResult r = run("check-witness", "examples/counter_loop.c", bad.toString());
            assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
            assertTrue(r.err().startsWith(bad + ": error: "), r.err());
            assertFalse(r.err().contains("\tat "), r.err());
        }
        CliResult r = run("check-witness", "examples/counter_loop.c", dir.resolve("none.yml").toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
    }

    @Test
    void anInvariantThatIsNotCIsBadInput() throws IOException {
        String yaml = Files.readString(witness("examples/counter_loop.c"));
        Path bad = dir.resolve("notc.yml");
        Files.writeString(bad, yaml.replaceFirst("value: .*", "value: 'i <'"));
        CliResult r = run("check-witness", "examples/counter_loop.c", bad.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("cannot read invariant 'i <'"), r.err());
        Files.writeString(bad, yaml.replaceFirst("value: .*", "value: 'nosuchvariable > 0'"));
        r = run("check-witness", "examples/counter_loop.c", bad.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
    }
}
