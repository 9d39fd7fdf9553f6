package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import pdpv.testing.Gcc;

/**
 * Replay outside PDPV: for every UNSAFE example, the harness of {@code verify --harness}, compiled by
 * gcc ({@code -fwrapv}, PDPV's signed wrap) and run, reads exactly the answer's inputs and aborts at
 * the failing assertion: the line glibc's {@code assert} names, or the line of the call of the
 * failing {@code __VERIFIER_assert} (its return address through {@code addr2line}), or the label
 * {@code ERROR}. Skipped, visibly, without gcc.
 */
class HarnessTest {
    private static final Pattern FAILING = Pattern.compile("failing assertion: [^:]+:(\\d+):\\d+: (.*)");

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

    @ParameterizedTest
    @MethodSource("unsafeExamples")
    void theHarnessFailsTheSameAssertionUnderGcc(String example) throws Exception {
        Assumptions.assumeTrue(Gcc.available(), "gcc is absent: harness replay test skipped");
        Path harness = dir.resolve("harness.c");
        CliResult r = CliResult.run("verify", "--harness", harness.toString(), example);
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        Matcher failing = FAILING.matcher(r.out());
        assertTrue(failing.find(), r.out());
        String line = failing.group(1);
        long inputs = inputLines(r.out());
        Path exe = dir.resolve("harness");
        run(List.of("gcc", "-g", "-O0", "-fwrapv", "-w", "-no-pie", "-o", exe.toString(), harness.toString()), 0);
        String out = run(List.of(exe.toString()), 134);
        assertTrue((inputs == 0 || out.contains("input " + inputs + ": ")) && !out.contains("input " + (inputs + 1) + ": "), out);
        if (out.contains("Assertion `")) {
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

    /** The lines of the answer's {@code inputs} section (the trace after it has indented lines too). */
    private static long inputLines(String out) {
        List<String> lines = out.lines().toList();
        int start = 0;
        while (start < lines.size() && !lines.get(start).startsWith("inputs")) {
            start++;
        }
        return lines.stream().skip(start + 1L).takeWhile(l -> l.startsWith("  ")).filter(l -> l.contains(" = ")).count();
    }

    private static String run(List<String> command, int expectedExit) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "timeout: " + command);
        assertEquals(expectedExit, p.exitValue(), command + ":\n" + out);
        return out;
    }
}
