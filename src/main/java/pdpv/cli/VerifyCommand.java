package pdpv.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.Model.CommandSpec;
import pdpv.cegar.CegarOptions;
import pdpv.cegar.ProgramVerifier;
import pdpv.cegar.SymbolicVerifier;
import pdpv.cegar.Verdict;
import pdpv.cegar.Verifier;
import pdpv.cegar.VerifierOptions;
import pdpv.cegar.VerifierStatistics;
import pdpv.cfg.Program;
import pdpv.daikon.TestOptions;
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

    @Option(names = "--no-generalization",
            description = "refine with the spurious counterexample's point alone instead of widening it first "
                    + "(all violations through the loop, Algorithm 4.5)")
    boolean noGeneralization;

    @Option(names = "--encoding", paramLabel = "ENCODING", defaultValue = "loops", converter = Encoding.Converter.class,
            description = "loops: cut the loops and refine their invariants with PDR (thesis 4.3); "
                    + "symbolic: the whole function as one PDR instance with an explicit program counter "
                    + "(thesis 4.2.1, practical only for the smallest programs) (default: ${DEFAULT-VALUE})")
    Encoding encoding;

    @Option(names = "--no-dynamic",
            description = "no tests before the proof (Algorithm 6.1) and so no loop invariants mined from them "
                    + "(Daikon's templates, polynomial equalities) to seed the loop invariants with")
    boolean noDynamic;

    @Option(names = "--invariants", paramLabel = "FILE",
            description = "Daikon's printed invariants for the program points of 'pdpv daikon-trace': checked like the "
                    + "mined ones (Houdini) and the inductive ones seeded into the loop invariants; lines that cannot be "
                    + "used are skipped and listed under --stats")
    Path invariants;

    @Option(names = "--no-memoization",
            description = "start a fresh PDR engine for every refinement instead of keeping each loop's trace "
                    + "(--encoding loops only)")
    boolean noMemoization;

    @Mixin
    EngineOptions engine;

    @Override
    public Integer call() throws Exception {
        String problem = engine.problem() != null ? engine.problem()
                : run.problem() != null ? run.problem()
                : encoding == Encoding.SYMBOLIC && noMemoization ? "--no-memoization applies to --encoding loops only"
                : encoding == Encoding.SYMBOLIC && noGeneralization ? "--no-generalization applies to --encoding loops only"
                : encoding == Encoding.SYMBOLIC && noDynamic ? "--no-dynamic applies to --encoding loops only"
                : encoding == Encoding.SYMBOLIC && invariants != null ? "--invariants applies to --encoding loops only"
                : null;
        if (problem != null) {
            spec.commandLine().getErr().println("error: " + problem);
            return ExitCodes.BAD_INPUT;
        }
        String daikonText = "";
        if (invariants != null) {
            try {
                daikonText = Files.readString(invariants, StandardCharsets.UTF_8);
            } catch (NoSuchFileException e) {
                spec.commandLine().getErr().println("error: --invariants: " + invariants + ": no such file");
                return ExitCodes.BAD_INPUT;
            } catch (IOException e) {
                spec.commandLine().getErr().println("error: --invariants: cannot read " + invariants + ": " + e);
                return ExitCodes.BAD_INPUT;
            }
        }
        long start = System.nanoTime();
        ProgramVerifier verifier = verifier(daikonText);
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
        VerifierStatistics stats = verdict.statistics();
        if (invariants != null && !run.stats && stats != null && !stats.dynamic().imported().skipped().isEmpty()) {
            spec.commandLine().getErr().println("warning: --invariants " + invariants + ": "
                    + stats.dynamic().imported().skipped().size() + " lines not used (--stats lists them)");
        }
        return verdict.kind().exitCode();
    }

    /**
     * The CEGAR verifier, or the symbolic one whose single PDR call gets the whole --timeout as its
     * budget (unlimited without one) instead of the per-refinement default.
     */
    private ProgramVerifier verifier(String daikonText) {
        PdrOptions pdr = engine.applyTo(PdrOptions.defaults());
        if (encoding == Encoding.SYMBOLIC) {
            Duration budget = run.timeoutSeconds > 0 ? Duration.ofMillis((long) (run.timeoutSeconds * 1000))
                    : Duration.ofDays(3650);
            return new SymbolicVerifier(pdr.withTimeout(budget));
        }
        TestOptions tests = noDynamic ? TestOptions.defaults().withTests(0)
                : TestOptions.defaults().withTimeLimit(run.timeoutSeconds);
        return new Verifier(VerifierOptions.defaults().withTests(tests).withInvariants(daikonText)
                .withCegar(new CegarOptions(!noGeneralization, !noMemoization, !noDynamic, pdr)));
    }

    private Verdict verify(ProgramVerifier verifier) {
        Program program = input.parse();
        return verifier.verify(program);
    }

    /** How {@code verify} models the program: {@code loops} (thesis §4.3) or {@code symbolic} (§4.2.1). */
    enum Encoding {
        LOOPS, SYMBOLIC;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Reads the lower-case names the command line uses. */
        static final class Converter implements ITypeConverter<Encoding> {
            @Override
            public Encoding convert(String value) {
                for (Encoding e : values()) {
                    if (e.toString().equals(value)) {
                        return e;
                    }
                }
                throw new TypeConversionException("expected loops or symbolic, found '" + value + "'");
            }
        }
    }
}
