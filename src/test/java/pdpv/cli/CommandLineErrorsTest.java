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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Errors a user can act on (issue #12): every bad path or option of {@code bench} and {@code chc}
 * answers with one line and exit code 30, never a stack trace; {@code --json} reports errors as
 * JSON; the top-level usage, {@code --version} and case-insensitive enum values.
 */
class CommandLineErrorsTest {
    @TempDir
    Path dir;



    private static void assertOneLineError(CliResult r, String mentions, String... args) {
        String what = String.join(" ", args) + " -> " + r.code() + "\n" + r.out() + r.err();
        assertEquals(ExitCodes.BAD_INPUT, r.code(), what);
        assertTrue(r.err().startsWith("error: "), what);
        assertEquals(1, r.err().strip().lines().count(), what);
        assertTrue(r.err().contains(mentions), what);
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), what);
    }

    private Path manifest() throws IOException {
        Path program = Files.writeString(dir.resolve("p.c"), "int main(void) { return 0; }\n");
        return Files.writeString(dir.resolve("manifest.tsv"),
                "name\tsuite\tfile\texpected\np\tsvcomp\t" + program + "\tsafe\n");
    }

    @Test
    void badPathsAndOptionsOfBenchAreOneLineErrors() throws IOException {
        Path manifest = manifest();
        Path configs = Path.of("invgen-bench/configurations.tsv").toAbsolutePath();
        Path aFile = Files.writeString(dir.resolve("a-file"), "x");
        Path missingProgram = Files.writeString(dir.resolve("missing.tsv"),
                "name\tsuite\tfile\texpected\ngone\tinvgen\tbench:gone.c\tsafe\n");
        List<String[]> cases = new ArrayList<>();
        cases.add(new String[] {"no such", "bench", "--manifest", dir.resolve("nope.tsv").toString()});
        cases.add(new String[] {"not found", "bench", "--manifest", manifest.toString(), "--configurations", dir.resolve("nope.tsv").toString()});
        cases.add(new String[] {"--from-csv", "bench", "--manifest", manifest.toString(), "--configurations", configs.toString(),
                "--from-csv", dir.resolve("nope.csv").toString()});
        cases.add(new String[] {"-j", "bench", "--manifest", manifest.toString(), "--configurations", configs.toString(), "-j", "0"});
        cases.add(new String[] {"--out", "bench", "--manifest", manifest.toString(), "--configurations", configs.toString(),
                "--out", aFile.toString()});
        cases.add(new String[] {"no benchmark named 'q'", "bench", "--manifest", manifest.toString(), "--configurations",
                configs.toString(), "--only", "q"});
        cases.add(new String[] {"no configuration named 'fast'", "bench", "--manifest", manifest.toString(), "--configurations",
                configs.toString(), "--config", "fast"});
        cases.add(new String[] {"directory", "bench", "--manifest", dir.toString()});
        cases.add(new String[] {dir.toString(), "bench", "--manifest", missingProgram.toString(), "--configurations",
                configs.toString(), "--bench-dir", dir.toString()});
        for (String[] c : cases) {
            String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
            CliResult r = run(args);
            assertOneLineError(r, c[0].equals("no such") ? "nope.tsv" : c[0], args);
        }
    }

    @Test
    void badPathsOfChcAreOneLineErrors() throws IOException {
        Path program = Files.writeString(dir.resolve("p.c"), "int main(void) { return 0; }\n");
        assertOneLineError(run("chc", "-o", dir.toString(), program.toString()), "is a directory", "chc -o DIR");
        assertOneLineError(run("chc", "-o", dir.resolve("no/such/dir/out.smt2").toString(), program.toString()),
                "no folder", "chc -o missing dir");
        CliResult missing = run("chc", dir.resolve("nope.c").toString());
        assertEquals(ExitCodes.BAD_INPUT, missing.code());
        assertTrue(missing.err().contains("nope.c") && !missing.err().contains("\tat "), missing.err());
    }

    @Test
    void aTaskThatCouldNotRunMakesBenchFail() throws IOException {
        Path program = Files.writeString(dir.resolve("p.c"), "int main(void) { return 0; }\n");
        Path manifest = Files.writeString(dir.resolve("m.tsv"), "name\tsuite\tfile\texpected\np\tsvcomp\t" + program + "\tsafe\n");
        Path configs = Files.writeString(dir.resolve("c.tsv"), "name\tcommand\targuments\nbroken\tverify\t--no-such-option\n");
        CliResult r = run("bench", "--manifest", manifest.toString(), "--configurations", configs.toString(), "--timeout", "20",
                "-j", "1", "--out", dir.resolve("out").toString());
        assertEquals(ExitCodes.CRASH, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("could not run"), r.err());
    }

    @Test
    void benchRunsAManifestOfTaskDefinitions() throws IOException {
        Files.writeString(dir.resolve("inc.c"), """
                extern int __VERIFIER_nondet_int(void);
                extern void __VERIFIER_assert(int);
                int main() {
                  int x = __VERIFIER_nondet_int();
                  if (x > 0) {
                    int y = x + 1;
                    __VERIFIER_assert(y > 0);
                  }
                  return 0;
                }
                """);
        Files.writeString(dir.resolve("inc.yml"), "format_version: '2.0'\ninput_files: 'inc.c'\nproperties:\n"
                + "  - property_file: ../properties/unreach-call.prp\n    expected_verdict: true\n"
                + "options:\n  language: C\n  data_model: ILP32\n");
        Path manifest = Files.writeString(dir.resolve("tasks.tsv"), "task\ninc.yml\n");
        Path out = dir.resolve("out");
        CliResult r = run("bench", "--manifest", manifest.toString(), "--configurations",
                Path.of("invgen-bench/configurations.tsv").toAbsolutePath().toString(), "--config", "default",
                "--timeout", "30", "-j", "1", "--out", out.toString());
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
        String csv = Files.readString(out.resolve("results.csv"));
        assertTrue(csv.contains("inc.yml,default,false,safe,safe,false"), csv);
    }

    @Test
    void withoutACommandTheUsageIsPrintedOnce() {
        CliResult r = run();
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertEquals(1, r.err().split("Usage: pdpv", -1).length - 1, r.err());
        assertFalse(r.err().contains("pdpv pdpv"), r.err());
        assertFalse(run("verify", "--bogus").err().contains("pdpv pdpv"));
    }

    @Test
    void versionNamesZ3() {
        CliResult r = run("verify", "--version");
        assertEquals(0, r.code());
        assertTrue(r.out().matches("pdpv \\S+ \\(Z3 \\d+\\.\\d+.*\\)\\s*"), r.out());
    }

    @Test
    void enumValuesAreCaseInsensitive() throws IOException {
        Path program = Files.writeString(dir.resolve("p.c"), "int main(void) { return 0; }\n");
        for (String[] option : new String[][] {{"--data-model", "lp64"}, {"--signed-overflow", "UNDEFINED"},
                {"--encoding", "Symbolic"}, {"--simulation", "ternary"}, {"--format", "SvComp"}}) {
            CliResult r = run("verify", option[0], option[1], program.toString());
            assertEquals(ExitCodes.SAFE, r.code(), String.join(" ", option) + ": " + r.err());
        }
    }

    @Test
    void noPolynomialsNeedsTheMinerItTurnsOff() throws IOException {
        Path program = Files.writeString(dir.resolve("p.c"), "int main(void) { return 0; }\n");
        String[][] cases = {
                {"--no-dynamic", "verify", "--no-dynamic", "--no-polynomials", program.toString()},
                {"--encoding loops only", "verify", "--encoding", "symbolic", "--no-polynomials", program.toString()},
                {"--no-dynamic", "verify", "--no-dynamic", "--entry-tests", "3", program.toString()},
                {"--encoding loops only", "verify", "--encoding", "symbolic", "--entry-tests", "3", program.toString()},
                {"must not be negative", "verify", "--entry-tests", "-1", program.toString()},
                {"must not be negative", "daikon-trace", "--entry-tests", "-1", program.toString()},
        };
        for (String[] c : cases) {
            String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
            assertOneLineError(run(args), c[0], args);
        }
    }

    @Test
    void jsonReportsErrorsAsJson() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.c"), "int main(void) {\n  int x = 1\n  return x;\n}\n");
        String[][] cases = {
                {"verify", "--json", dir.resolve("nope.c").toString()},
                {"verify", "--json", bad.toString()},
                {"verify", "--json", "--bogus", bad.toString()},
                {"verify", "--format", "json", "--timeout", "-1", bad.toString()},
        };
        for (String[] args : cases) {
            CliResult r = run(args);
            assertEquals(ExitCodes.BAD_INPUT, r.code(), String.join(" ", args));
            JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
            assertEquals("error", o.get("verdict").getAsString(), r.out());
            assertFalse(o.get("error").getAsString().isBlank(), r.out());
        }
    }

    /**
     * Issue #18: an output path naming a folder, a missing folder or a place nothing can be written
     * (under /proc, refused even to root) used to print the verdict, then a stack trace and exit 1.
     * Every output path is checked before the run starts: one line, exit 30, no verdict.
     */
    @Test
    void everyOutputPathIsCheckedBeforeTheRun() throws IOException {
        Path program = Files.writeString(dir.resolve("p.c"), """
                extern int __VERIFIER_nondet_int(void);
                extern void __VERIFIER_assert(int);
                int main(void) { int x = __VERIFIER_nondet_int(); __VERIFIER_assert(x != 7); return 0; }
                """);
        Path aFile = Files.writeString(dir.resolve("a-file"), "x");
        String missing = dir.resolve("no/such/folder/out").toString();
        String unwritable = "/proc/pdpv-output-test";
        String p = program.toString();
        String btor2 = Path.of("src/test/resources/btor2/counter_holds.btor2").toString();
        Path manifest = manifest();
        String configs = Path.of("invgen-bench/configurations.tsv").toAbsolutePath().toString();
        String[][] cases = {
                {"is a directory", "verify", "--witness", dir.toString(), p},
                {"no folder", "verify", "--witness", missing, p},
                {"cannot write", "verify", "--witness", unwritable, p},
                {"is a directory", "verify", "--harness", dir.toString(), p},
                {"no folder", "verify", "--harness", missing, p},
                {"cannot write", "verify", "--harness", unwritable, p},
                {"is a file", "verify", "--dump-instances", aFile.toString(), p},
                {"cannot create", "verify", "--dump-instances", unwritable + "/dir", p},
                {"no such directory", "daikon-trace", "-o", missing, p},
                {"is a file", "daikon-trace", "-o", aFile.toString(), p},
                {"cannot write", "daikon-trace", "-o", "/proc", p},
                {"is a directory", "chc", "-o", dir.toString(), p},
                {"no folder", "chc", "-o", missing, p},
                {"cannot write", "chc", "-o", unwritable, p},
                {"is a directory", "mc", "--compare-simulations", dir.toString(), btor2},
                {"no folder", "mc", "--compare-simulations", missing, btor2},
                {"cannot create", "bench", "--manifest", manifest.toString(), "--configurations", configs, "--out", unwritable + "/dir"},
        };
        for (String[] c : cases) {
            String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
            CliResult r = run(args);
            assertOneLineError(r, c[0], args);
            assertFalse(r.out().contains("verdict"), String.join(" ", args) + ": " + r.out());
        }
    }
}
