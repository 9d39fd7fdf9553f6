package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every program in {@code examples/} through the real command line and compares the verdict
 * with its {@code // expect:} line. A wrong verdict fails; UNKNOWN is tolerated only for programs
 * whose proof needs loop invariants (refinement, issue 4) — never for loop-free programs.
 */
class ExamplesTest {
    private static final Pattern EXPECT = Pattern.compile("//\\s*expect:\\s*(safe|unsafe)");

    @TestFactory
    Stream<DynamicTest> everyExampleGetsNoWrongVerdict() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of("examples"))) {
            files = s.filter(p -> p.toString().endsWith(".c")).sorted().toList();
        }
        assertTrue(files.size() >= 12, "examples/ must hold at least 12 programs");
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> check(f)));
    }

    private static void check(Path file) throws IOException {
        String source = Files.readString(file);
        Matcher m = EXPECT.matcher(source);
        assertTrue(m.find(), file + " has no // expect: line");
        String expected = m.group(1);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"verify", "--timeout", "60", file.toString()},
                new PrintWriter(out), new PrintWriter(err));
        String verdict = out.toString().lines().filter(l -> l.startsWith("verdict: ")).findFirst()
                .map(l -> l.substring("verdict: ".length())).orElse("none: " + err);
        String wrong = expected.equals("safe") ? "unsafe" : "safe";
        assertNotEquals(wrong, verdict, file + ": WRONG verdict\n" + out);
        boolean hasLoop = source.contains("while") || source.contains("for (") || source.contains("goto");
        if (!hasLoop) {
            assertEquals(expected, verdict, file + " is loop-free and must be decided\n" + out + err);
        }
        int expectedCode = switch (verdict) {
            case "safe" -> ExitCodes.SAFE;
            case "unsafe" -> ExitCodes.UNSAFE;
            default -> ExitCodes.UNKNOWN;
        };
        assertEquals(expectedCode, code, file + ": exit code\n" + out + err);
    }
}
