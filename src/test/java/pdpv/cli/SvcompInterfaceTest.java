package pdpv.cli;

import static pdpv.cli.CliResult.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SV-COMP's interface on the command line (issue #12): task definitions (format 2.0) with their
 * data model and expected verdicts, {@code --property}, {@code --32/--64}, {@code --format svcomp},
 * and the library conventions ({@code rand()} in [0, RAND_MAX], {@code argc >= 1}).
 */
class SvcompInterfaceTest {
    @TempDir
    Path dir;



    private Path write(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    /** Overflows on the way to its assertion only for x = INT_MAX; no-overflow is violated there. */
    private static final String OVERFLOWING = """
            extern int __VERIFIER_nondet_int(void);
            extern void reach_error(void);
            void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
            int main() {
              int x = __VERIFIER_nondet_int();
              if (x > 0) {
                int y = x + 1;
                __VERIFIER_assert(y > 0);
              }
              return 0;
            }
            """;

    private Path task(String name, String program, String dataModel, String properties) throws IOException {
        return write(name, "format_version: '2.0'\ninput_files: '" + program + "'\nproperties:\n" + properties
                + "options:\n  language: C\n  data_model: " + dataModel + "\n");
    }

    private static String property(String file, boolean expected) {
        return "  - property_file: ../properties/" + file + "\n    expected_verdict: " + expected + "\n";
    }

    @Test
    void aTaskIsVerifiedUnderSvcompsReadingAndComparedWithItsExpectedVerdict() throws IOException {
        write("inc.c", OVERFLOWING);
        Path yml = task("inc.yml", "inc.c", "ILP32",
                property("unreach-call.prp", true) + property("no-overflow.prp", false));
        CliResult r = run("verify", "--format", "svcomp", yml.toString());
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("scope: every run without signed overflow"), r.out());
        assertTrue(r.out().contains("expected verdict: safe (matches)"), r.out());
        assertTrue(r.out().strip().endsWith("Verification result: TRUE"), r.out());

        CliResult overflow = run("verify", "--format", "svcomp", "--property", "no-overflow.prp", yml.toString());
        assertEquals(ExitCodes.UNSAFE, overflow.code(), overflow.out() + overflow.err());
        assertTrue(overflow.out().contains("expected verdict: unsafe (matches)"), overflow.out());
        assertTrue(overflow.out().contains("Verification result: FALSE(no-overflow)"), overflow.out());
    }

    @Test
    void aWrongExpectationIsReportedAsNotMatching() throws IOException {
        write("inc.c", OVERFLOWING);
        Path yml = task("inc.yml", "inc.c", "ILP32", property("unreach-call.prp", false));
        JsonObject o = JsonParser.parseString(run("verify", "--json", yml.toString()).out()).getAsJsonObject();
        assertEquals("safe", o.get("verdict").getAsString());
        assertEquals("does not match", o.getAsJsonObject("task").get("comparison").getAsString());
        assertEquals("unreach-call", o.get("property").getAsString());
    }

    @Test
    void theTasksDataModelFixesTheWidthOfLong() throws IOException {
        write("long.c", """
                extern void __VERIFIER_assert(int);
                int main() {
                  unsigned long x = 4294967295UL;
                  x = x + 1;
                  __VERIFIER_assert(x != 0);
                  return 0;
                }
                """);
        Path ilp32 = task("ilp32.yml", "long.c", "ILP32", property("unreach-call.prp", false));
        Path lp64 = task("lp64.yml", "long.c", "LP64", property("unreach-call.prp", true));
        CliResult narrow = run("verify", "--format", "svcomp", ilp32.toString());
        assertTrue(narrow.out().contains("Verification result: FALSE(unreach-call)"), narrow.out());
        assertTrue(narrow.out().contains("expected verdict: unsafe (matches)"), narrow.out());
        assertTrue(run("verify", lp64.toString()).out().contains("expected verdict: safe (matches)"));
        Path c = dir.resolve("long.c");
        assertEquals(ExitCodes.UNSAFE, run("verify", "--32", c.toString()).code());
        assertEquals(ExitCodes.SAFE, run("verify", "--64", c.toString()).code());
        assertEquals(ExitCodes.SAFE, run("verify", "--data-model", "lp64", c.toString()).code());
    }

    @Test
    void propertyOnAPlainCFileChoosesSvcompsReading() throws IOException {
        Path c = write("inc.c", OVERFLOWING);
        assertEquals(ExitCodes.UNSAFE, run("verify", c.toString()).code());
        CliResult unreach = run("verify", "--format", "svcomp", "--property", "/some/where/unreach-call.prp", c.toString());
        assertEquals(ExitCodes.SAFE, unreach.code(), unreach.out());
        assertTrue(unreach.out().contains("Verification result: TRUE"), unreach.out());
        CliResult overflow = run("verify", "--property", "no-overflow.prp", c.toString());
        assertEquals(ExitCodes.UNSAFE, overflow.code(), overflow.out());
        assertTrue(overflow.out().contains("no signed overflow"), overflow.out());
    }

    @Test
    void badTasksAndPropertiesAreOneLineErrors() throws IOException {
        Path noInput = write("none.yml", "format_version: '2.0'\nproperties:\n" + property("unreach-call.prp", true));
        Path notYaml = write("bad.yml", "input_files: [unclosed\n");
        Path otherProperty = task("mem.yml", "inc.c", "ILP32", property("valid-memsafety.prp", true));
        String[][] cases = {
                {"verify", noInput.toString()},
                {"verify", notYaml.toString()},
                {"verify", otherProperty.toString()},
                {"verify", dir.resolve("missing.yml").toString()},
                {"verify", "--property", "termination.prp", dir.resolve("x.c").toString()},
                {"verify", "--property", "no-overflow.prp", "--signed-overflow", "wrap", dir.resolve("x.c").toString()},
                {"verify", "--32", "--64", dir.resolve("x.c").toString()},
        };
        for (String[] args : cases) {
            CliResult r = run(args);
            assertEquals(ExitCodes.BAD_INPUT, r.code(), String.join(" ", args) + ": " + r.out() + r.err());
            assertTrue(r.err().startsWith("error: ") && r.err().strip().lines().count() == 1, r.err());
            assertFalse(r.err().contains("\tat "), r.err());
        }
    }

    @Test
    void randIsNonNegativeAndArgcPositive() throws IOException {
        Path c = write("rand.c", """
                #include <stdlib.h>
                extern void __VERIFIER_assert(int);
                int main(int argc, char **argv) {
                  int r = rand();
                  __VERIFIER_assert(r >= 0);
                  __VERIFIER_assert(argc > 0);
                  return 0;
                }
                """);
        CliResult r = run("verify", c.toString());
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
    }
}
