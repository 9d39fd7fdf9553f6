package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import pdpv.testing.Gcc;

/**
 * Replay outside PDPV: for every UNSAFE example, the harness of {@code verify --harness}, built by
 * the gcc command its first lines print (ILP32, PDPV's default, needs {@code -m32}: Debian's
 * gcc-multilib) and run, reads exactly the answer's inputs and aborts at the failing assertion: the
 * line glibc's {@code assert} names, or the line of the call of the failing {@code __VERIFIER_assert}
 * (its return address through {@code addr2line}), or the label {@code ERROR}, or UBSan's report of
 * the undefined operation PDPV names. Built for the other data model a harness does not compile.
 * Skipped, visibly, without gcc or without {@code gcc -m32}.
 */
class HarnessTest {
    private static final Pattern FAILING = Pattern.compile("failing assertion: [^:]+:(\\d+):\\d+: (.*)");
    private static final Pattern BUILD = Pattern.compile("Build and run: gcc (.*) -w -o harness THIS_FILE && \\./harness");

    @TempDir
    Path dir;

    static Stream<String> unsafeExamples() throws IOException {
        return WitnessCommandTest.examples().filter(f -> {
            try {
                return Files.readAllLines(Path.of(f)).get(0).contains("expect: unsafe");
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static void assumeGcc32() {
        Assumptions.assumeTrue(Gcc.available(), "gcc is absent: harness replay test skipped");
        Assumptions.assumeTrue(Gcc.links32(), "gcc -m32 cannot link here (Debian's gcc-multilib is missing): harness replay test skipped");
    }

    @ParameterizedTest
    @MethodSource("unsafeExamples")
    void theHarnessFailsTheSameAssertionUnderGcc(String example) throws Exception {
        assumeGcc32();
        Path harness = dir.resolve("harness.c");
        CliResult r = CliResult.run("verify", "--harness", harness.toString(), example);
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        Matcher failing = FAILING.matcher(r.out());
        assertTrue(failing.find(), r.out());
        String line = failing.group(1);
        long inputs = r.out().lines().dropWhile(l -> !l.startsWith("inputs (")).skip(1).takeWhile(l -> l.startsWith("  ")).count();
        Path exe = build(harness, "-g", "-O0", "-no-pie");
        boolean undefinedBehaviour = failing.group(2).matches("no (signed overflow|division by zero|undefined shift|array index out of bounds(: .*)?"
                + "|null pointer dereference(: .*)?)");
        String out = run(List.of(exe.toString()), undefinedBehaviour ? 1 : 134);
        assertTrue((inputs == 0 || out.contains("input " + inputs + ": ")) && !out.contains("input " + (inputs + 1) + ": "), out);
        if (undefinedBehaviour) {
            // UBSan's report (a null dereference's by -fsanitize=null), or AddressSanitizer's for an access through a
            // pointer into an array (its frame #0 at the line)
            assertTrue(out.matches("(?s).*:" + line + ":\\d+: runtime error: .*") || out.matches("(?s).*AddressSanitizer.*#0 0x\\p{XDigit}+ in \\w+ \\S*:" + line + "\\b.*"),
                    "the sanitizers name another line than " + line + ": " + out);
        } else if (out.contains("Assertion `")) {
            assertTrue(out.contains(":" + line + ": "), "glibc names another line than " + line + ": " + out);
        } else if (out.contains("the label ERROR")) {
            assertEquals("ERROR label", failing.group(2), out);
        } else {
            Matcher caller = Pattern.compile("called from (0x[0-9a-f]+)").matcher(out);
            assertTrue(caller.find(), out);
            long returnAddress = Long.decode(caller.group(1));
            String where = run(List.of("addr2line", "-e", exe.toString(), Long.toHexString(returnAddress - 1)), 0);
            assertTrue(where.matches("(?s).*:" + line + "( .*)?\\s*"), "the failing check is called at " + where + ", not line " + line);
        }
    }

    /**
     * The harness of an answer whose failing assertion is undefined behaviour read as an error fails
     * in UBSan's report at the line PDPV names; built without UBSan it refuses to run.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--div-by-zero error|int q = 100 / x;",
        "--undefined-shift error|int q = 1 << x;",
        "--signed-overflow error|int q = x + 2147483647;"})
    void theHarnessOfUndefinedBehaviourFailsInUbsan(String option, String statement) throws Exception {
        assumeGcc32();
        Path program = dir.resolve("ub.c");
        Files.writeString(program, """
                extern int __VERIFIER_nondet_int(void);
                extern void __VERIFIER_assert(int);
                int main(void) {
                  int x = __VERIFIER_nondet_int();
                  %s
                  __VERIFIER_assert(q != 7);
                  return 0;
                }
                """.formatted(statement));
        Path harness = dir.resolve("ub-harness.c");
        List<String> args = new ArrayList<>(List.of("verify", "--harness", harness.toString()));
        args.addAll(List.of(option.split(" ")));
        args.add(program.toString());
        CliResult r = CliResult.run(args.toArray(String[]::new));
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().matches("(?s).*ub\\.c:5:\\d+: no .*"), r.out());
        String out = run(List.of(build(harness).toString()), 1);
        assertTrue(out.matches("(?s).*ub\\.c:5:\\d+: runtime error: .*"), out);
        Path unchecked = dir.resolve("unchecked");
        run(List.of("gcc", "-m32", "-fwrapv", "-w", "-o", unchecked.toString(), harness.toString()), 0);
        assertTrue(run(List.of(unchecked.toString()), 4).contains("pdpv-harness: built without UBSan"));
    }

    /**
     * Issue #18: the harness of an ILP32 answer printed {@code gcc -fwrapv -w -o harness ...}, which
     * builds an LP64 program here, whose assertion holds. Now it prints {@code -m32}, fails as PDPV
     * says when built so, and does not compile when built for LP64; an LP64 answer's harness is the
     * other way round.
     */
    @Test
    void theHarnessBuildsTheDataModelOfTheAnswer() throws Exception {
        assumeGcc32();
        Path program = dir.resolve("long.c");
        Files.writeString(program, """
                extern long __VERIFIER_nondet_long(void);
                extern void __VERIFIER_assert(int);
                int main(void) {
                  long x = __VERIFIER_nondet_long();
                  if (x > 2000000000L) {
                    long y = x + 1000000000L;
                    __VERIFIER_assert(y > x);
                  }
                  return 0;
                }
                """);
        Path ilp32 = dir.resolve("ilp32.c");
        CliResult r = CliResult.run("verify", "--harness", ilp32.toString(), program.toString());
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        assertTrue(buildOptions(ilp32).contains("-m32"), Files.readString(ilp32));
        run(List.of(build(ilp32).toString()), 134);
        Process lp64 = new ProcessBuilder("gcc", "-fwrapv", "-w", "-o", dir.resolve("wrong").toString(), ilp32.toString())
                .redirectErrorStream(true).start();
        String message = new String(lp64.getInputStream().readAllBytes());
        assertTrue(lp64.waitFor(60, TimeUnit.SECONDS));
        assertNotEquals(0, lp64.exitValue(), "the ILP32 harness compiles for LP64:\n" + message);
        assertTrue(message.contains("the answer is for ILP32: build the harness with gcc -m32"), message);

        Path lp64Harness = dir.resolve("lp64.c");
        Files.writeString(program, Files.readString(program).replace("2000000000L", "9000000000000000000L")
                .replace("1000000000L", "1000000000000000000L"));
        r = CliResult.run("verify", "--64", "--harness", lp64Harness.toString(), program.toString());
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        assertTrue(!buildOptions(lp64Harness).contains("-m32"), Files.readString(lp64Harness));
        run(List.of(build(lp64Harness).toString()), 134);
    }

    /** The gcc options the harness's first lines print. */
    private static List<String> buildOptions(Path harness) throws IOException {
        Matcher m = BUILD.matcher(Files.readString(harness));
        assertTrue(m.find(), "no build line in " + harness);
        return Arrays.asList(m.group(1).split(" "));
    }

    /** Builds {@code harness} with the options it prints (and {@code extra}) and returns the executable. */
    private Path build(Path harness, String... extra) throws IOException, InterruptedException {
        Path exe = dir.resolve(harness.getFileName().toString().replace(".c", ""));
        List<String> command = new ArrayList<>(List.of("gcc"));
        command.addAll(buildOptions(harness));
        command.addAll(List.of(extra));
        command.addAll(List.of("-w", "-o", exe.toString(), harness.toString()));
        run(command, 0);
        return exe;
    }

    private static String run(List<String> command, int expectedExit) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "timeout: " + command);
        assertEquals(expectedExit, p.exitValue(), command + ":\n" + out);
        return out;
    }
}
