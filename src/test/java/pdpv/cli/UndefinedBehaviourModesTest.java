package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import pdpv.testing.Gcc;

/**
 * The readings of undefined behaviour ({@code --signed-overflow wrap|undefined|error},
 * {@code --div-by-zero}, {@code --undefined-shift} and {@code --array-bounds smtlib|undefined|error}) on programs whose
 * verdict differs between them, with gcc as the reference: every UNSAFE answer's inputs are
 * compiled into the program and run, under {@code -fwrapv} for the SMT-LIB reading (the assertion
 * fails, unless the run does what gcc does not define as SMT-LIB does: then PDPV notes it) and
 * under UBSan ({@code -fsanitize=signed-integer-overflow,shift,integer-divide-by-zero,bounds}) for all
 * (error: UBSan reports the operation at the line PDPV names; undefined: the run fails the
 * assertion without any undefined operation). An UNSAFE run that performs an undefined operation
 * on its way names the line UBSan reports.
 */
class UndefinedBehaviourModesTest {
    /** The shell's exit status of a process killed by SIGFPE (128 + 8). */
    private static final int SIGFPE_EXIT = 136;

    @TempDir
    Path dir;

    private static final String PRELUDE = """
            extern int __VERIFIER_nondet_int(void);
            extern unsigned __VERIFIER_nondet_uint(void);
            extern char __VERIFIER_nondet_char(void);
            extern long long __VERIFIER_nondet_longlong(void);
            extern void __VERIFIER_assume(int);
            extern void __VERIFIER_assert(int);
            """;

    private static final String OVERFLOW = "signed-overflow";
    private static final String DIVISION = "div-by-zero";
    private static final String SHIFT = "undefined-shift";
    private static final String BOUNDS = "array-bounds";

    static Stream<Arguments> programs() {
        return Stream.of(
                Arguments.of(OVERFLOW, "add", "safe-after-overflow", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          if (x > 0) {
                            int y = x + 1;
                            __VERIFIER_assert(y > 0);
                          }
                          return 0;
                        }
                        """, "unsafe", "safe", "unsafe"),
                Arguments.of(OVERFLOW, "double", "wraps harmlessly", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          unsigned r = (unsigned) (x * 2);
                          __VERIFIER_assert(r % 2 == 0);
                          return 0;
                        }
                        """, "safe", "safe", "unsafe"),
                Arguments.of(OVERFLOW, "loop", "grows past INT_MAX", """
                        int main() {
                          int i = __VERIFIER_nondet_int();
                          __VERIFIER_assume(i > 0);
                          while (__VERIFIER_nondet_int()) {
                            i = i + 1000000000;
                          }
                          __VERIFIER_assert(i > 0);
                          return 0;
                        }
                        """, "unsafe", "safe", "unsafe"),
                Arguments.of(OVERFLOW, "shift", "shifts into the sign bit", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          __VERIFIER_assume(x >= 0);
                          int y = x << 1;
                          __VERIFIER_assert(y >= 0);
                          return 0;
                        }
                        """, "unsafe", "safe", "unsafe"),
                Arguments.of(OVERFLOW, "shift-negative", "shifts a negative value left (C11 6.5.7p4)", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          __VERIFIER_assume(x < 0);
                          int y = x << 1;
                          __VERIFIER_assert(y != -2);
                          return 0;
                        }
                        """, "unsafe", "safe", "unsafe"),
                Arguments.of(OVERFLOW, "negate", "negates INT_MIN", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          __VERIFIER_assume(x < 0);
                          int y = -x;
                          __VERIFIER_assert(y > 0);
                          return 0;
                        }
                        """, "unsafe", "safe", "unsafe"),
                Arguments.of(OVERFLOW, "divide", "divides INT_MIN by -1", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          int y = __VERIFIER_nondet_int();
                          __VERIFIER_assume(y != 0);
                          int q = x / y;
                          __VERIFIER_assert(q != x || y == 1 || x == 0);
                          return 0;
                        }
                        """, "unsafe", "safe", "unsafe"),
                Arguments.of(OVERFLOW, "remainder", "takes INT_MIN % -1, whose quotient overflows (C11 6.5.5p6)", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          int y = __VERIFIER_nondet_int();
                          __VERIFIER_assume(y != 0);
                          int r = x % y;
                          __VERIFIER_assert(x != -2147483647 - 1 || y != -1);
                          return 0;
                        }
                        """, "unsafe", "safe", "unsafe"),
                Arguments.of(OVERFLOW, "guarded", "overflows only in the branch not taken", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          int y = x < 100 ? x + 1 : 0;
                          __VERIFIER_assert(y <= 100);
                          return 0;
                        }
                        """, "safe", "safe", "safe"),
                Arguments.of(OVERFLOW, "short-circuit", "overflows only where || does not evaluate it", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          if (x == 2147483647 || x + 1 > 0) {
                            __VERIFIER_assert(x != 2147483647);
                          }
                          return 0;
                        }
                        """, "unsafe", "unsafe", "unsafe"),
                Arguments.of(OVERFLOW, "narrow", "converts, which is not an overflow", """
                        int main() {
                          char c = __VERIFIER_nondet_char();
                          c = c + 1;
                          __VERIFIER_assert(c != -128);
                          return 0;
                        }
                        """, "unsafe", "unsafe", "unsafe"),
                Arguments.of(OVERFLOW, "product", "multiplies 64-bit values", """
                        int main() {
                          long long a = __VERIFIER_nondet_longlong();
                          long long b = __VERIFIER_nondet_longlong();
                          __VERIFIER_assume(a > 3037000499LL && b > 3037000499LL);
                          long long c = a * b;
                          __VERIFIER_assert(c > 0);
                          return 0;
                        }
                        """, "unsafe", "safe", "unsafe"),
                Arguments.of(DIVISION, "quotient", "divides by zero, which SMT-LIB makes -1", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          int y = __VERIFIER_nondet_int();
                          __VERIFIER_assume(x > 0);
                          int q = x / y;
                          __VERIFIER_assert(q != -1 || y < 0);
                          return 0;
                        }
                        """, "unsafe", "safe", "unsafe"),
                Arguments.of(DIVISION, "unsigned", "divides unsigned values by zero, which SMT-LIB makes all ones", """
                        int main() {
                          unsigned a = __VERIFIER_nondet_uint();
                          unsigned b = __VERIFIER_nondet_uint();
                          __VERIFIER_assume(a < 100u);
                          unsigned r = a % b;
                          __VERIFIER_assert(r < 100u || r == a);
                          unsigned q = a / b;
                          __VERIFIER_assert(q < 100u);
                          return 0;
                        }
                        """, "unsafe", "safe", "unsafe"),
                Arguments.of(DIVISION, "harmless", "divides by zero where SMT-LIB's value passes the assertion", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          int y = __VERIFIER_nondet_int();
                          __VERIFIER_assume(x >= 0);
                          int r = x % y;
                          __VERIFIER_assert(r >= 0);
                          return 0;
                        }
                        """, "safe", "safe", "unsafe"),
                Arguments.of(DIVISION, "short-circuit", "divides only where && evaluates it", """
                        int main() {
                          int y = __VERIFIER_nondet_int();
                          int q = y == 0 ? 0 : 100 / y;
                          if (y != 0 && 100 % y == 0) {
                            __VERIFIER_assert(q != 0);
                          }
                          return 0;
                        }
                        """, "safe", "safe", "safe"),
                Arguments.of(SHIFT, "width", "shifts by the width or more, which SMT-LIB makes 0", """
                        int main() {
                          unsigned n = __VERIFIER_nondet_uint();
                          unsigned x = 1u << n;
                          __VERIFIER_assert(x != 0);
                          return 0;
                        }
                        """, "unsafe", "safe", "unsafe"),
                Arguments.of(SHIFT, "negative", "shifts right by a negative amount", """
                        int main() {
                          int n = __VERIFIER_nondet_int();
                          int y = 16 >> n;
                          __VERIFIER_assert(n < 0 || n > 4 || y == 16 / (1 << n));
                          return 0;
                        }
                        """, "safe", "safe", "unsafe"),
                Arguments.of(SHIFT, "wide-amount", "shifts by a 64-bit amount that truncates to 1", """
                        int main() {
                          long long n = __VERIFIER_nondet_longlong();
                          __VERIFIER_assume(n == 4294967297LL);
                          int y = 1 << n;
                          __VERIFIER_assert(y != 2);
                          return 0;
                        }
                        """, "safe", "safe", "unsafe"),
                Arguments.of(SHIFT, "in-range", "shifts by an amount the program bounds", """
                        int main() {
                          unsigned x = __VERIFIER_nondet_uint();
                          unsigned n = x & 31u;
                          __VERIFIER_assert((1u << n) != 0u && (x >> n) <= x);
                          return 0;
                        }
                        """, "safe", "safe", "safe"),
                Arguments.of(BOUNDS, "table", "looks a table up past its end, where SMT-LIB's array has zeros", """
                        static const int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
                        int main() {
                          unsigned i = __VERIFIER_nondet_uint();
                          __VERIFIER_assert(table[i] < 10);
                          return 0;
                        }
                        """, "safe", "safe", "unsafe"),
                Arguments.of(BOUNDS, "store", "writes a cell outside the array, which SMT-LIB keeps apart", """
                        int main() {
                          int a[4] = {0};
                          int i = __VERIFIER_nondet_int();
                          a[i] = 5;
                          __VERIFIER_assert(a[0] + a[1] + a[2] + a[3] == 5);
                          return 0;
                        }
                        """, "unsafe", "safe", "unsafe"),
                Arguments.of(BOUNDS, "loop", "fills one cell past the end in a loop", """
                        int main() {
                          int a[4];
                          int n = __VERIFIER_nondet_int();
                          __VERIFIER_assume(n >= 0 && n <= 4);
                          for (int i = 0; i <= n; i++) {
                            a[i] = i;
                          }
                          __VERIFIER_assert(a[0] == 0);
                          return 0;
                        }
                        """, "safe", "safe", "unsafe"),
                Arguments.of(BOUNDS, "in-range", "subscripts that the program keeps in bounds", """
                        int main() {
                          int a[4] = {1, 2, 3, 4};
                          unsigned x = __VERIFIER_nondet_uint();
                          int b[2][3] = {{0}};
                          b[x % 2u][x % 3u] = a[x & 3u];
                          __VERIFIER_assert(b[x % 2u][x % 3u] >= 1);
                          return 0;
                        }
                        """, "safe", "safe", "safe"));
    }

    @ParameterizedTest(name = "{0} {1}: {2}")
    @MethodSource("programs")
    void verdictsFollowTheReadingAndReplayUnderGcc(String option, String name, String what, String body, String defined,
            String undefined, String error) throws Exception {
        Path file = dir.resolve(name + ".c");
        Files.writeString(file, PRELUDE + body);
        String[] modes = {option.equals(OVERFLOW) ? "wrap" : "smtlib", "undefined", "error"};
        String[] expected = {defined, undefined, error};
        for (int m = 0; m < modes.length; m++) {
            JsonObject verdict = verify(file, option, modes[m]);
            assertEquals(expected[m], verdict.get("verdict").getAsString(), name + " under --" + option + " " + modes[m] + ": " + verdict);
            if (expected[m].equals("unsafe")) {
                replay(name, modes[m], file, verdict);
            }
            if (expected[m].equals("safe") && modes[m].equals("undefined")) {
                String kind = switch (option) {
                    case OVERFLOW -> "signed overflow";
                    case DIVISION -> "division by zero";
                    // the option covers the invalid dereferences of pointers too (issue #20)
                    case BOUNDS -> "array index out of bounds, null pointer dereference or read of an uninitialized pointer";
                    default -> "undefined shift";
                };
                assertTrue(verdict.get("scope").getAsString().startsWith("every run without " + kind + " ("), verdict.toString());
            }
        }
    }

    /** Runs the UNSAFE answer's inputs through the program compiled by gcc in the mode's reading. */
    private void replay(String name, String mode, Path file, JsonObject verdict) throws Exception {
        assumeTrue(Gcc.available(), "gcc is not installed");
        JsonObject failing = verdict.getAsJsonObject("failing_assertion");
        JsonElement note = null;
        for (String key : List.of("signed_overflow", "div_by_zero", "undefined_shift", "array_bounds")) {
            note = note != null ? note : failing.get(key);
        }
        List<String> values = new ArrayList<>();
        for (JsonElement in : verdict.getAsJsonArray("inputs")) {
            values.add(in.getAsJsonObject().get("value").getAsString());
        }
        Path harness = dir.resolve(name + "-" + mode + "-harness.c");
        Files.writeString(harness, harness(values) + "#line 1 \"" + file.getFileName() + "\"\n" + Files.readString(file));
        Outcome wrapped = compileAndRun(harness, name + "-" + mode + "-wrap", "-fwrapv");
        Outcome sanitized = compileAndRun(harness, name + "-" + mode + "-ubsan",
                "-fsanitize=signed-integer-overflow,shift,integer-divide-by-zero,bounds", "-fno-sanitize-recover=all");
        if (mode.equals("error")) {
            assertNotEquals(0, sanitized.code(), sanitized.output());
        } else if (wrapped.code() == SIGFPE_EXIT) {
            assertTrue(note != null, "x86 traps INT_MIN / -1 and x / 0 even under -fwrapv, so only a run PDPV notes may: " + verdict);
        } else if (note == null) {
            assertEquals(3, wrapped.code(), "the assertion fails under -fwrapv: " + wrapped.output());
        }
        Matcher ubsan = Pattern.compile(Pattern.quote(file.getFileName().toString()) + ":(\\d+):\\d+: runtime error")
                .matcher(sanitized.output());
        if (note == null) {
            assertFalse(ubsan.find(), "UBSan finds undefined behaviour PDPV did not note: " + sanitized.output());
            assertEquals(3, sanitized.code(), sanitized.output());
        } else {
            assertTrue(ubsan.find(), "PDPV notes undefined behaviour UBSan does not see: " + verdict + "\n" + sanitized.output());
            assertEquals(note.getAsJsonObject().get("line").getAsInt(), Integer.parseInt(ubsan.group(1)),
                    sanitized.output());
        }
    }

    private static JsonObject verify(Path file, String option, String mode) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"verify", "--json", "--timeout", "60", "--" + option, mode, file.toString()},
                new PrintWriter(out), new PrintWriter(err));
        assertTrue(code == 0 || code == 10 || code == 20, "exit " + code + ": " + err);
        JsonObject o = JsonParser.parseString(out.toString()).getAsJsonObject();
        assertEquals(mode, o.get(option.replace('-', '_')).getAsString());
        return o;
    }

    /** Definitions of the verifier's functions that feed {@code values} in order; a failed assertion exits 3. */
    private static String harness(List<String> values) {
        StringBuilder array = new StringBuilder();
        for (String v : values) {
            array.append("(long long) (").append(v).append("ULL), ");
        }
        return "#include <stdio.h>\n#include <stdlib.h>\n"
                + "static long long pdpv_inputs[] = {" + array + "0};\n"
                + "static int pdpv_next;\n"
                + "int __VERIFIER_nondet_int(void) { return (int) pdpv_inputs[pdpv_next++]; }\n"
                + "unsigned __VERIFIER_nondet_uint(void) { return (unsigned) pdpv_inputs[pdpv_next++]; }\n"
                + "char __VERIFIER_nondet_char(void) { return (char) pdpv_inputs[pdpv_next++]; }\n"
                + "long long __VERIFIER_nondet_longlong(void) { return pdpv_inputs[pdpv_next++]; }\n"
                + "void __VERIFIER_assume(int c) { if (!c) exit(0); }\n"
                + "void __VERIFIER_assert(int c) { if (!c) { printf(\"assertion failed\\n\"); exit(3); } }\n";
    }
    private record Outcome(int code, String output) {
    }

    private Outcome compileAndRun(Path source, String exe, String... flags) throws IOException, InterruptedException {
        List<String> compile = new ArrayList<>(List.of("gcc", "-O0", "-w"));
        compile.addAll(List.of(flags));
        compile.addAll(List.of("-o", dir.resolve(exe).toString(), source.toString()));
        Outcome built = run(compile);
        assertEquals(0, built.code(), built.output());
        return run(List.of(dir.resolve(exe).toString()));
    }

    private static Outcome run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "timeout: " + command);
        return new Outcome(p.exitValue(), output);
    }
}
