package pdpv.cli;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import pdpv.cegar.CegarOptions;
import pdpv.cegar.Verdict;
import pdpv.cegar.Verifier;
import pdpv.cegar.VerifierOptions;
import pdpv.cfg.Program;
import pdpv.pdr.PdrOptions;
import pdpv.frontend.UserError;

/** {@code pdpv verify FILE.c}: the push-button question, can any assertion fail? */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Verify the assertions of a C function (.c or preprocessed .i).")
final class VerifyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProgramOptions input;

    @Mixin
    RunOptions run;

    @Option(names = "--no-memoization",
            description = "start a fresh PDR engine for every refinement instead of keeping each loop's trace")
    boolean noMemoization;

    @Mixin
    EngineOptions engine;

    @Override
    public Integer call() throws Exception {
        String problem = engine.problem() != null ? engine.problem() : run.problem();
        if (problem != null) {
            spec.commandLine().getErr().println("error: " + problem);
            return ExitCodes.BAD_INPUT;
        }
        long start = System.nanoTime();
        Verifier verifier = new Verifier(VerifierOptions.defaults()
                .withCegar(new CegarOptions(!noMemoization, engine.applyTo(PdrOptions.defaults()))));
        Verdict verdict;
        try (Watchdog watchdog = run.watchdog("pdpv-verify", 0)) {
            Watchdog.Outcome<Verdict> outcome = watchdog.run(() -> verify(verifier), verifier::cancel);
            Verdict late = outcome.value();
            verdict = outcome.limit() == null ? late
                    : Verdict.unknown(outcome.limit(), late == null ? null : late.statistics());
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UserError u) {
                spec.commandLine().getErr().println(u.render());
                return ExitCodes.BAD_INPUT;
            }
            throw e;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        VerdictPrinter printer = new VerdictPrinter(spec.commandLine().getOut());
        if (run.json) {
            printer.printJson(input.file.toString(), verdict, seconds);
        } else {
            printer.printText(verdict, seconds, run.stats);
        }
        return verdict.kind().exitCode();
    }

    private Verdict verify(Verifier verifier) {
        Program program = input.parse();
        return verifier.verify(program);
    }
}
