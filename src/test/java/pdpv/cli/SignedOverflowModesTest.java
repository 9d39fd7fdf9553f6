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
 * {@code --signed-overflow wrap|undefined|error} on programs whose verdict differs between the
 * modes, with gcc as the reference: every UNSAFE answer's inputs are compiled into the program and
 * run, under {@code -fwrapv} for wrap (the assertion fails) and under UBSan
 * ({@code -fsanitize=signed-integer-overflow,shift}) for the other two (error: UBSan reports the
 * overflow at the line PDPV names; undefined: the run fails the assertion without any overflow).
 * An UNSAFE run that overflows on its way names the line UBSan reports.
 */
class SignedOverflowModesTest {
    /** The shell's exit status of a process killed by SIGFPE (128 + 8). */
    private static final int SIGFPE_EXIT = 136;

    @TempDir
    Path dir;

    private static final String PRELUDE = """
            extern int __VERIFIER_nondet_int(void);
            extern char __VERIFIER_nondet_char(void);
            extern long long __VERIFIER_nondet_longlong(void);
            extern void __VERIFIER_assume(int);
            extern void __VERIFIER_assert(int);
            """;

    static Stream<Arguments> programs() {
        return Stream.of(
                Arguments.of("add", "safe-after-overflow", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          if (x > 0) {
                            int y = x + 1;
                            __VERIFIER_assert(y > 0);
                          }
                          return 0;
                        }
                        """, "unsafe", "safe", "unsafe"),
                Arguments.of("double", "wraps harmlessly", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          unsigned r = (unsigned) (x * 2);
                          __VERIFIER_assert(r % 2 == 0);
                          return 0;
                        }
                        """, "safe", "safe", "unsafe"),
                Arguments.of("loop", "grows past INT_MAX", """
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
                Arguments.of("shift", "shifts into the sign bit", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          __VERIFIER_assume(x >= 0);
                          int y = x << 1;
                          __VERIFIER_assert(y >= 0);
                          return 0;
                        }
                        """, "unsafe", "safe", "unsafe"),
                Arguments.of("negate", "negates INT_MIN", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          __VERIFIER_assume(x < 0);
                          int y = -x;
                          __VERIFIER_assert(y > 0);
                          return 0;
                        }
                        """, "unsafe", "safe", "unsafe"),
                Arguments.of("divide", "divides INT_MIN by -1", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          int y = __VERIFIER_nondet_int();
                          __VERIFIER_assume(y != 0);
                          int q = x / y;
                          __VERIFIER_assert(q != x || y == 1 || x == 0);
                          return 0;
                        }
                        """, "unsafe", "safe", "unsafe"),
                Arguments.of("guarded", "overflows only in the branch not taken", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          int y = x < 100 ? x + 1 : 0;
                          __VERIFIER_assert(y <= 100);
                          return 0;
                        }
                        """, "safe", "safe", "safe"),
                Arguments.of("short-circuit", "overflows only where || does not evaluate it", """
                        int main() {
                          int x = __VERIFIER_nondet_int();
                          if (x == 2147483647 || x + 1 > 0) {
                            __VERIFIER_assert(x != 2147483647);
                          }
                          return 0;
                        }
                        """, "unsafe", "unsafe", "unsafe"),
                Arguments.of("narrow", "converts, which is not an overflow", """
                        int main() {
                          char c = __VERIFIER_nondet_char();
                          c = c + 1;
                          __VERIFIER_assert(c != -128);
                          return 0;
                        }
                        """, "unsafe", "unsafe", "unsafe"),
                Arguments.of("product", "multiplies 64-bit values", """
                        int main() {
                          long long a = __VERIFIER_nondet_longlong();
                          long long b = __VERIFIER_nondet_longlong();
                          __VERIFIER_assume(a > 3037000499LL && b > 3037000499LL);
                          long long c = a * b;
                          __VERIFIER_assert(c > 0);
                          return 0;
                        }
                        """, "unsafe", "safe", "unsafe"));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("programs")
    void verdictsFollowTheModeAndReplayUnderGcc(String name, String what, String body, String wrap,
            String undefined, String error) throws Exception {
        Path file = dir.resolve(name + ".c");
        Files.writeString(file, PRELUDE + body);
        String[] modes = {"wrap", "undefined", "error"};
        String[] expected = {wrap, undefined, error};
        for (int m = 0; m < modes.length; m++) {
            JsonObject verdict = verify(file, modes[m]);
            assertEquals(expected[m], verdict.get("verdict").getAsString(), name + " under " + modes[m] + ": " + verdict);
            if (expected[m].equals("unsafe")) {
                replay(name, modes[m], file, verdict);
            }
        }
    }

    /** Runs the UNSAFE answer's inputs through the program compiled by gcc in the mode's reading. */
    private void replay(String name, String mode, Path file, JsonObject verdict) throws Exception {
        assumeTrue(Gcc.available(), "gcc is not installed");
        JsonObject failing = verdict.getAsJsonObject("failing_assertion");
        JsonElement overflow = failing.get("signed_overflow");
        List<String> values = new ArrayList<>();
        for (JsonElement in : verdict.getAsJsonArray("inputs")) {
            values.add(in.getAsJsonObject().get("value").getAsString());
        }
        Path harness = dir.resolve(name + "-" + mode + "-harness.c");
        Files.writeString(harness, harness(values) + "#line 1 \"" + file.getFileName() + "\"\n" + Files.readString(file));
        Outcome wrapped = compileAndRun(harness, name + "-" + mode + "-wrap", "-fwrapv");
        Outcome sanitized = compileAndRun(harness, name + "-" + mode + "-ubsan",
                "-fsanitize=signed-integer-overflow,shift", "-fno-sanitize-recover=all");
        if (mode.equals("error")) {
            assertNotEquals(0, sanitized.code(), sanitized.output());
        } else if (wrapped.code() == SIGFPE_EXIT) {
            assertTrue(overflow != null, "x86 traps INT_MIN / -1 even under -fwrapv, so only an overflowing run may: " + verdict);
        } else {
            assertEquals(3, wrapped.code(), "the assertion fails under -fwrapv: " + wrapped.output());
        }
        Matcher ubsan = Pattern.compile(Pattern.quote(file.getFileName().toString()) + ":(\\d+):\\d+: runtime error")
                .matcher(sanitized.output());
        if (overflow == null) {
            assertFalse(ubsan.find(), "UBSan finds an overflow PDPV did not note: " + sanitized.output());
            assertEquals(3, sanitized.code(), sanitized.output());
        } else {
            assertTrue(ubsan.find(), "PDPV notes an overflow UBSan does not see: " + verdict + "\n" + sanitized.output());
            assertEquals(overflow.getAsJsonObject().get("line").getAsInt(), Integer.parseInt(ubsan.group(1)),
                    sanitized.output());
        }
    }

    private static JsonObject verify(Path file, String mode) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"verify", "--json", "--timeout", "60", "--signed-overflow", mode, file.toString()},
                new PrintWriter(out), new PrintWriter(err));
        assertTrue(code == 0 || code == 10 || code == 20, "exit " + code + ": " + err);
        JsonObject o = JsonParser.parseString(out.toString()).getAsJsonObject();
        assertEquals(mode, o.get("signed_overflow").getAsString());
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
