package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static pdpv.cli.CliResult.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * Evidence that points at the right place (issue #18): in a preprocessed file whose line markers
 * number the lines of another file, every witness location is a line and column of the file the
 * witness names, the one PDPV was given, and {@code check-witness} reads it so.
 */
class PreprocessedLocationsTest {
    /** Line markers that put main at line 40 and the assertion at line 120 of markers.c. */
    private static final String PROGRAM = """
            # 1 "markers.c"
            # 1 "<built-in>"
            # 1 "<command-line>"
            # 1 "/usr/include/assert.h" 1 3 4
            extern void __assert_fail (const char *__assertion, const char *__file, unsigned int __line, const char *__function) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
            # 2 "markers.c" 2
            extern void abort(void);
            void reach_error() { __assert_fail("0", "markers.c", 3, "reach_error"); }
            extern int __VERIFIER_nondet_int(void);
            void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } }
            # 40 "markers.c"
            int main() {
              int n = __VERIFIER_nondet_int();
              int i = 0;
              while (i < n && i < 100) {
                i++;
              }
            # 120 "markers.c"
              __VERIFIER_assert(CONDITION);
              return 0;
            }
            """;

    @TempDir
    Path dir;

    @Test
    void aViolationWitnessPointsAtLinesOfTheGivenFile() throws IOException {
        Path i = Files.writeString(dir.resolve("unsafe.i"), PROGRAM.replace("CONDITION", "i != 7"));
        List<String> lines = Files.readAllLines(i);
        Path w = dir.resolve("unsafe.yml");
        CliResult r = run("verify", "--timeout", "120", "--witness", w.toString(), i.toString());
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("failing assertion: " + i + ":10:59: reach_error()\n  called from " + i
                + ":19:3: __VERIFIER_assert(i != 7)\n"), r.out());
        List<Map<String, Object>> waypoints = waypoints(w);
        assertEquals("target", waypoints.get(waypoints.size() - 1).get("type"));
        for (Map<String, Object> waypoint : waypoints) {
            String at = textAt(lines, waypoint);
            if (waypoint.get("type").equals("target")) {
                assertTrue(at.startsWith("reach_error()"), at);
            } else {
                assertEquals("function_return", waypoint.get("type"));
                assertTrue(at.startsWith(")") && lineOf(lines, waypoint).contains("__VERIFIER_nondet_int()"), at);
            }
        }
        CliResult check = run("check-witness", i.toString(), w.toString());
        assertEquals(ExitCodes.SAFE, check.code(), check.out() + check.err());
    }

    @Test
    void aCorrectnessWitnessPointsAtLinesOfTheGivenFile() throws IOException {
        Path i = Files.writeString(dir.resolve("safe.i"), PROGRAM.replace("CONDITION", "i <= 100"));
        List<String> lines = Files.readAllLines(i);
        Path w = dir.resolve("safe.yml");
        CliResult r = run("verify", "--timeout", "120", "--witness", w.toString(), i.toString());
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
        List<Map<String, Object>> invariants = new ArrayList<>();
        for (Map<String, Object> item : content(w)) {
            invariants.add(map(item.get("invariant")));
        }
        assertEquals(1, invariants.size(), invariants::toString);
        assertTrue(textAt(lines, invariants.get(0)).startsWith("while (i < n"), invariants::toString);
        CliResult check = run("check-witness", i.toString(), w.toString());
        assertEquals(ExitCodes.SAFE, check.code(), check.out() + check.err());
    }

    private static String lineOf(List<String> lines, Map<String, Object> located) {
        Map<String, Object> location = map(located.get("location"));
        return lines.get((Integer) location.get("line") - 1);
    }

    /** The text of the file from a witness location on. */
    private static String textAt(List<String> lines, Map<String, Object> located) {
        Map<String, Object> location = map(located.get("location"));
        return lineOf(lines, located).substring((Integer) location.get("column") - 1);
    }

    private static List<Map<String, Object>> waypoints(Path witness) throws IOException {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> item : content(witness)) {
            for (Object w : (List<?>) item.get("segment")) {
                out.add(map(map(w).get("waypoint")));
            }
        }
        return out;
    }

    private static List<Map<String, Object>> content(Path witness) throws IOException {
        List<?> entries = new Yaml().load(Files.readString(witness));
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object item : (List<?>) map(entries.get(0)).get("content")) {
            out.add(map(item));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }
}
