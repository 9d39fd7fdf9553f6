package pdpv.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import pdpv.bench.InputError;
import pdpv.daikon.DaikonTraces;
import pdpv.daikon.TestOptions;
import pdpv.frontend.UserError;

/**
 * {@code pdpv daikon-trace FILE.c}: runs the tests of thesis Algorithm 6.1 and writes Daikon's
 * declaration and data trace files with one pair of program points per loop head (§6.3.1,
 * Fig. 6.2), for real Daikon; its printed invariants come back with {@code verify --invariants}.
 */
@Command(name = "daikon-trace", mixinStandardHelpOptions = true,
        description = "Run generated tests (thesis Algorithm 6.1) and write Daikon's FILE.decls and FILE.dtrace:"
                + " one program point pair loop_at_LINE():::ENTER/EXIT per loop head, a record pair per head visit.")
final class DaikonTraceCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProgramOptions input;

    @Option(names = {"-n", "--tests"}, paramLabel = "TESTS", defaultValue = "100",
            description = "number of tests to run (default: ${DEFAULT-VALUE})")
    int tests;

    @Option(names = "--entry-tests", paramLabel = "N",
            description = "a loop that fewer than N of the tests enter gets tests directed at it, as in verify; "
                    + "0 = none (default: ${DEFAULT-VALUE})")
    int entryTests = TestOptions.ENTRY_TESTS;

    @Option(names = {"-o", "--output-dir"}, paramLabel = "DIR", defaultValue = ".",
            description = "directory for the two files (default: the current one)")
    Path outputDir;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        if (tests < 0) {
            err.println("error: -n must not be negative, found " + tests);
            return ExitCodes.BAD_INPUT;
        }
        if (entryTests < 0) {
            err.println("error: --entry-tests must not be negative, found " + entryTests);
            return ExitCodes.BAD_INPUT;
        }
        String unwritable = OutputPaths.directory("-o", outputDir, false);
        if (unwritable != null) {
            err.println("error: " + unwritable);
            return ExitCodes.BAD_INPUT;
        }
        DaikonTraces traces;
        try {
            // Each run is bounded by the step limit, so the user's number of tests is run in full; no
            // spread tests (verify's --spread-tests): the traces hold the tests the user asked for
            traces = DaikonTraces.of(input.parse(), TestOptions.defaults().withTests(tests).withBudget(Duration.ofDays(1))
                    .withEntryTests(entryTests).withSpreadTests(0));
        } catch (UserError u) {
            err.println(u.render());
            return ExitCodes.BAD_INPUT;
        } catch (InputError e) {
            err.println("error: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        String base = input.file.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        Path decls = outputDir.resolve(base + ".decls");
        Path dtrace = outputDir.resolve(base + ".dtrace");
        Files.writeString(decls, traces.decls(), StandardCharsets.UTF_8);
        Files.writeString(dtrace, traces.dtrace(), StandardCharsets.UTF_8);
        PrintWriter out = spec.commandLine().getOut();
        out.println("wrote " + decls + " (" + 2 * traces.loops() + " program points for " + traces.loops()
                + (traces.loops() == 1 ? " loop)" : " loops)"));
        out.println("wrote " + dtrace + " (" + traces.samples() + " loop-head samples from " + traces.runs() + " tests)");
        if (traces.failure() != null) {
            out.println("note: a test fails the assertion at " + traces.failure().failedAssertion().loc()
                    + "; 'pdpv verify' answers unsafe");
        }
        out.flush();
        return ExitCodes.SAFE;
    }
}
