package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static pdpv.cli.CliResult.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import pdpv.semantics.DataModel;
import pdpv.witness.Task;

/**
 * Issue #18's first wrong verdicts: a function the program defines is the program's, whatever its
 * name, through {@code verify} and {@code check-witness} alike. Each program below got the other
 * verdict on the old main (its definition was dropped for the input, assumption or assertion
 * convention of its name), and the witness of that wrong answer was confirmed.
 */
class ProgramDefinedFunctionsTest {
    @TempDir
    Path dir;

    private Path program(String source) throws IOException {
        return Files.writeString(dir.resolve("p.c"), source);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown_step               | unsafe | int g = 0; int unknown_step(void) { g = 1; return 0; } int main(void) { unknown_step(); __VERIFIER_assert(g == 0); return 0; }
            nondet*                    | safe   | int nondet_pick(void) { return 4; } int main(void) { int x = nondet_pick(); __VERIFIER_assert(x == 4); return 0; }
            __VERIFIER_nondet_int      | safe   | int __VERIFIER_nondet_int(void) { return 4; } int main(void) { __VERIFIER_assert(__VERIFIER_nondet_int() == 4); return 0; }
            assume                     | unsafe | void assume(int c) { } int main(void) { int x = __VERIFIER_nondet_int(); assume(x > 5); __VERIFIER_assert(x > 5); return 0; }
            assume_abort_if_not        | unsafe | int g; void assume_abort_if_not(int c) { g = c; } int main(void) { int x = __VERIFIER_nondet_int(); assume_abort_if_not(x > 5); __VERIFIER_assert(x > 5); return 0; }
            no-op __VERIFIER_assert    | safe   | void __VERIFIER_assert(int c) { } int main(void) { __VERIFIER_assert(0); return 0; }
            no-op assert               | safe   | void assert(int c) { } int main(void) { int x = __VERIFIER_nondet_int(); assert(x == 1); return 0; }
            abort that returns         | unsafe | void abort(void) { } int main(void) { abort(); __VERIFIER_assert(0); return 0; }
            argument from an array     | safe   | int g[2]; int f(int x, int *p) { p[0] = 5; g[1] = 7; return x; } int h(int y) { g[1] = 9; return y; } int main(void) { int a[2] = {1, 2}; g[1] = 3; int r = f(a[0], a); int s = h(g[1]); __VERIFIER_assert(r == 1 && s == 7 && a[0] == 5 && g[1] == 9); return 0; }
            """)
    void aDefinedFunctionIsTheProgramsWhateverItsName(String what, String verdict, String source) throws IOException {
        CliResult r = run("verify", "--timeout", "120", program(source).toString());
        assertEquals(verdict.equals("safe") ? ExitCodes.SAFE : ExitCodes.UNSAFE, r.code(), what + ":\n" + r.out() + r.err());
    }

    /**
     * SV-COMP's own definitions run as code: the failing assertion is the call of {@code reach_error()}
     * in {@code __VERIFIER_assert}'s body, shown with the call of {@code __VERIFIER_assert} that led
     * there, and the witness's target is that call of {@code reach_error}, which {@code check-witness}
     * confirms.
     */
    @Test
    void svcompsDefinitionsRunAsCodeAndTheTargetIsTheCallOfReachError() throws IOException {
        Path c = program("""
                extern void abort(void);
                extern void __assert_fail(const char *, const char *, unsigned int, const char *);
                void reach_error() { __assert_fail("0", "p.c", 3, "reach_error"); }
                void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
                extern int __VERIFIER_nondet_int(void);
                int main() {
                  int x = __VERIFIER_nondet_int();
                  if (x > 10) {
                    __VERIFIER_assert(x != 12);
                  }
                  return 0;
                }
                """);
        Path w = dir.resolve("w.yml");
        CliResult r = run("verify", "--timeout", "120", "--witness", w.toString(), c.toString());
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("failing assertion: " + c + ":4:59: reach_error()\n  called from " + c
                + ":9:5: __VERIFIER_assert(x != 12)\n"), r.out());
        String yaml = Files.readString(w);
        assertTrue(yaml.matches("(?s).*type: target.*line: 4\\s+column: 59.*"), yaml);
        CliResult check = run("check-witness", c.toString(), w.toString());
        assertEquals(ExitCodes.SAFE, check.code(), check.out() + check.err());
    }

    /** The old main's SAFE answer for issue #18's program, as a correctness witness: rejected now. */
    @Test
    void checkWitnessRejectsTheOldSafeAnswer() throws IOException {
        Path c = program("int g = 0;\nint unknown_step(void) { g = 1; return 0; }\n"
                + "int main(void) {\n  unknown_step();\n  __VERIFIER_assert(g == 0);\n  return 0;\n}\n");
        Path w = witness(c, """
                  content:
                  - invariant:
                      type: location_invariant
                      location: {file_name: %s, line: 5, column: 3, function: main}
                      value: '1'
                      format: c_expression
                """, "invariant_set");
        CliResult check = run("check-witness", c.toString(), w.toString());
        assertEquals(ExitCodes.WITNESS_REJECTED, check.code(), check.out() + check.err());
        assertTrue(check.out().contains("can fail"), check.out());
    }

    /** The old main's UNSAFE answer for a program whose own {@code __VERIFIER_assert} does nothing: rejected now. */
    @Test
    void checkWitnessRejectsTheOldUnsafeAnswer() throws IOException {
        Path c = program("void __VERIFIER_assert(int c) { }\nint main(void) {\n  __VERIFIER_assert(0);\n  return 0;\n}\n");
        Path w = witness(c, """
                  content:
                  - segment:
                    - waypoint:
                        type: target
                        action: follow
                        location: {file_name: %s, line: 3, column: 3, function: main}
                """, "violation_sequence");
        CliResult check = run("check-witness", c.toString(), w.toString());
        assertEquals(ExitCodes.WITNESS_REJECTED, check.code(), check.out() + check.err());
        assertTrue(check.out().contains("does not fail an assertion"), check.out());
    }

    private Path witness(Path c, String content, String type) throws IOException {
        Task task = Task.of(c, "main", DataModel.ILP32, Task.UNREACH_CALL, Map.of());
        String yaml = """
                - entry_type: %s
                  metadata:
                    format_version: '2.0'
                    uuid: 00000000-0000-0000-0000-000000000000
                    creation_time: '2026-11-25T00:00:00Z'
                    producer: {name: PDPV, version: old}
                    task:
                      input_files: [%s]
                      input_file_hashes: {%s: %s}
                      specification: %s
                      data_model: ILP32
                      language: C
                """.formatted(type, c, c, task.hash(), "'" + task.specification() + "'") + content.formatted(c);
        return Files.writeString(dir.resolve("old.yml"), yaml);
    }
}
