package pdpv.cli;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
        if (engine.problem() != null) {
            spec.commandLine().getErr().println("error: " + engine.problem());
            return ExitCodes.BAD_INPUT;
        }
        long start = System.nanoTime();
        ExecutorService worker = Workers.single("pdpv-verify");
        Verifier verifier = new Verifier(VerifierOptions.defaults()
                .withCegar(new CegarOptions(!noMemoization, engine.applyTo(PdrOptions.defaults()))));
        Future<Verdict> future = worker.submit(() -> verify(verifier));
        Verdict verdict;
        try {
            verdict = run.timeoutSeconds > 0
                    ? future.get((long) (run.timeoutSeconds * 1000), TimeUnit.MILLISECONDS)
                    : future.get();
        } catch (TimeoutException e) {
            verifier.cancel("timeout");
            verdict = Verdict.unknown("timeout", statisticsAfterCancel(future));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UserError u) {
                spec.commandLine().getErr().println(u.render());
                return ExitCodes.BAD_INPUT;
            }
            throw e;
        } finally {
            worker.shutdownNow();
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

    /** The statistics of a cancelled run if it stops within a few seconds, else null. */
    private static pdpv.cegar.VerifierStatistics statisticsAfterCancel(Future<Verdict> future) {
        try {
            return future.get(5, TimeUnit.SECONDS).statistics();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException | TimeoutException e) {
            return null;
        }
    }

    private Verdict verify(Verifier verifier) {
        Program program = input.parse();
        return verifier.verify(program);
    }
}
