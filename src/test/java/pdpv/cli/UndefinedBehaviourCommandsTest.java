package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static pdpv.cli.CliResult.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pdpv.bench.Benchmark;

/**
 * Every command that reads a C program takes the readings of undefined behaviour with the same
 * options and defaults (issue #18): {@code verify} of a C file (errors), of an SV-COMP task or
 * with {@code --property} (undefined; signed overflow an error for no-overflow), {@code chc}
 * with and without {@code --solve}, {@code daikon-trace}, {@code check-witness}, and the
 * {@code bench} runner's SV-COMP rows. The program divides by an input and shifts by one.
 */
class UndefinedBehaviourCommandsTest {
    private static final String PROGRAM = """
            extern int __VERIFIER_nondet_int(void);
            extern void __VERIFIER_assert(int);
            int main(void) {
              int d = __VERIFIER_nondet_int();
              int n = __VERIFIER_nondet_int();
              int q = 100 / d;
              int s = 1 << n;
              __VERIFIER_assert(q != -1 || d == -100 || d < -50);
              return 0;
            }
            """;

    @TempDir
    Path dir;

    private Path program() throws IOException {
        Path f = dir.resolve("ub.c");
        Files.writeString(f, PROGRAM);
        return f;
    }

    @Test
    void aCFileReadsDivisionByZeroAndShiftsAsErrors() throws IOException {
        Path f = program();
        CliResult r = run("verify", f.toString());
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("failing assertion: " + f + ":6:7: no division by zero")
                || r.out().contains("failing assertion: " + f + ":7:7: no undefined shift"), r.out());
        CliResult division = run("verify", "--undefined-shift", "undefined", f.toString());
        assertEquals(ExitCodes.UNSAFE, division.code(), division.out() + division.err());
        assertTrue(division.out().contains("failing assertion: " + f + ":6:7: no division by zero"), division.out());
        CliResult shift = run("verify", "--div-by-zero", "undefined", f.toString());
        assertEquals(ExitCodes.UNSAFE, shift.code(), shift.out() + shift.err());
        assertTrue(shift.out().contains("failing assertion: " + f + ":7:7: no undefined shift"), shift.out());
        CliResult smtlib = run("verify", "--div-by-zero", "smtlib", "--undefined-shift", "smtlib", f.toString());
        assertEquals(ExitCodes.UNSAFE, smtlib.code(), smtlib.out() + smtlib.err());
        assertTrue(smtlib.out().contains(":8:3: q != -1"), smtlib.out());
        assertTrue(smtlib.out().contains("note: division by zero at " + f + ":6"), smtlib.out());
    }

    /** C evaluates the arguments of a function without body, which PDPV otherwise ignores: 10 / y divides by zero. */
    @Test
    void anIgnoredArgumentIsStillEvaluated() throws IOException {
        Path f = dir.resolve("argument.c");
        Files.writeString(f, """
                extern int __VERIFIER_nondet_int(void);
                extern void log_value(int);
                int main(void) {
                  int y = __VERIFIER_nondet_int();
                  log_value(10 / y);
                  return 0;
                }
                """);
        CliResult r = run("verify", f.toString());
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("failing assertion: " + f + ":5:13: no division by zero"), r.out());
        assertEquals(ExitCodes.SAFE, run("verify", "--div-by-zero", "smtlib", f.toString()).code());
    }

    @Test
    void svcompReadsEveryKindAsUndefined() throws IOException {
        Path f = program();
        CliResult unreach = run("verify", "--property", "unreach-call.prp", f.toString());
        assertEquals(ExitCodes.SAFE, unreach.code(), unreach.out() + unreach.err());
        assertTrue(unreach.out().contains("scope: every run without signed overflow, division by zero, undefined shift, array index out of bounds,"
                + " null pointer dereference or read of an uninitialized pointer ("),
                unreach.out());
        Files.writeString(dir.resolve("ub.yml"), "format_version: '2.0'\ninput_files: 'ub.c'\nproperties:\n"
                + "  - property_file: ../properties/unreach-call.prp\n    expected_verdict: true\n"
                + "options:\n  language: C\n  data_model: ILP32\n");
        CliResult task = run("verify", dir.resolve("ub.yml").toString());
        assertEquals(ExitCodes.SAFE, task.code(), task.out() + task.err());
        assertTrue(task.out().contains("(unreach-call, ILP32, signed overflow undefined, division by zero undefined, "
                + "undefined shift undefined, array index out of bounds undefined)"), task.out());
        // 1 << 31 overflows; a division by zero or a shift by 32 ends the run without error
        CliResult overflow = run("verify", "--json", "--property", "no-overflow.prp", f.toString());
        assertTrue(overflow.out().contains("\"signed_overflow\": \"error\""), overflow.out());
        assertTrue(overflow.out().contains("\"div_by_zero\": \"undefined\""), overflow.out());
        assertTrue(overflow.out().contains("\"undefined_shift\": \"undefined\""), overflow.out());
        assertEquals(ExitCodes.UNSAFE, overflow.code(), overflow.out() + overflow.err());
        assertTrue(overflow.out().contains("\"line\": 7"), overflow.out());
        assertTrue(overflow.out().contains("\"text\": \"no signed overflow\""), overflow.out());
    }

    @Test
    void theBenchRunnerGivesSvcompRowsSvcompsReading() {
        Benchmark row = new Benchmark("t", Benchmark.SVCOMP, java.util.Optional.empty(), false, "safe",
                java.util.Map.of("data_model", "ILP32"));
        assertEquals(List.of("--data-model", "ILP32", "--signed-overflow", "undefined", "--div-by-zero", "undefined",
                "--undefined-shift", "undefined", "--array-bounds", "undefined"), row.readingArguments());
    }

    @Test
    void chcExportsAndSolvesUnderTheReadings() throws IOException {
        Path f = program();
        CliResult error = run("chc", "--solve", f.toString());
        assertEquals(ExitCodes.UNSAFE, error.code(), error.out() + error.err());
        CliResult undefined = run("chc", "--solve", "--div-by-zero", "undefined", "--undefined-shift", "undefined", f.toString());
        assertEquals(ExitCodes.SAFE, undefined.code(), undefined.out() + undefined.err());
        CliResult smtlib = run("chc", "--solve", "--div-by-zero", "smtlib", "--undefined-shift", "smtlib", f.toString());
        assertEquals(ExitCodes.UNSAFE, smtlib.code(), smtlib.out() + smtlib.err());
        String guarded = run("chc", f.toString()).out();
        String unguarded = run("chc", "--div-by-zero", "smtlib", "--undefined-shift", "smtlib", f.toString()).out();
        assertFalse(guarded.equals(unguarded), "the readings change nothing in the clauses");
    }

    @Test
    void daikonTraceRunsTheTestsUnderTheReadings() {
        CliResult error = run("daikon-trace", "examples/division_by_zero.c", "-o", dir.toString());
        assertTrue(error.out().contains("note: a test fails the assertion at examples/division_by_zero.c:13:9"), error.out());
        CliResult undefined = run("daikon-trace", "--div-by-zero", "undefined", "examples/division_by_zero.c", "-o", dir.toString());
        assertFalse(undefined.out().contains("note: a test fails"), undefined.out());
    }

    @Test
    void checkWitnessReadsAsItIsTold() throws IOException {
        Path f = program();
        Path safe = dir.resolve("safe.yml");
        CliResult verified = run("verify", "--div-by-zero", "undefined", "--undefined-shift", "undefined", "--witness",
                safe.toString(), f.toString());
        assertEquals(ExitCodes.SAFE, verified.code(), verified.out() + verified.err());
        CliResult asStated = run("check-witness", f.toString(), safe.toString());
        assertEquals(ExitCodes.SAFE, asStated.code(), asStated.out() + asStated.err());
        assertTrue(asStated.out().contains("division by zero undefined, undefined shift undefined"), asStated.out());
        CliResult asC = run("check-witness", "--div-by-zero", "error", "--undefined-shift", "error", f.toString(), safe.toString());
        assertEquals(ExitCodes.WITNESS_REJECTED, asC.code(), asC.out() + asC.err());
        CliResult asVerified = run("check-witness", "--div-by-zero", "undefined", "--undefined-shift", "undefined",
                f.toString(), safe.toString());
        assertEquals(ExitCodes.SAFE, asVerified.code(), asVerified.out() + asVerified.err());

        Path violation = dir.resolve("violation.yml");
        assertEquals(ExitCodes.UNSAFE, run("verify", "--undefined-shift", "undefined", "--witness", violation.toString(),
                f.toString()).code());
        CliResult confirmed = run("check-witness", "--undefined-shift", "undefined", f.toString(), violation.toString());
        assertEquals(ExitCodes.SAFE, confirmed.code(), confirmed.out() + confirmed.err());
        CliResult otherReading = run("check-witness", "--undefined-shift", "undefined", "--div-by-zero", "undefined",
                f.toString(), violation.toString());
        assertEquals(ExitCodes.WITNESS_REJECTED, otherReading.code(), otherReading.out() + otherReading.err());
    }
}
