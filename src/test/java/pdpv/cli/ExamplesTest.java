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
 * with its {@code // expect:} line: every example must get its expected verdict within the time
 * limit, with the matching exit code; UNKNOWN fails as a wrong verdict does.
 */
class ExamplesTest {
    private static final Pattern EXPECT = Pattern.compile("//\\s*expect:\\s*(safe|unsafe)");

    @TestFactory
    Stream<DynamicTest> everyExampleGetsItsExpectedVerdict() throws IOException {
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
        int code = Main.run(new String[] {"verify", "--timeout", "300", file.toString()},
                new PrintWriter(out), new PrintWriter(err));
        String verdict = out.toString().lines().filter(l -> l.startsWith("verdict: ")).findFirst()
                .map(l -> l.substring("verdict: ".length())).orElse("none: " + err);
        String wrong = expected.equals("safe") ? "unsafe" : "safe";
        assertNotEquals(wrong, verdict, file + ": WRONG verdict\n" + out);
        assertEquals(expected, verdict, file + " must be decided\n" + out + err);
        int expectedCode = expected.equals("safe") ? ExitCodes.SAFE : ExitCodes.UNSAFE;
        assertEquals(expectedCode, code, file + ": exit code\n" + out + err);
    }
}
