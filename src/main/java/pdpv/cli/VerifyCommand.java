package pdpv.cli;

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
import pdpv.cegar.InternalCheckFailure;
import pdpv.cegar.ProgramVerifier;
import pdpv.cegar.SymbolicVerifier;
import pdpv.cegar.Verdict;
import pdpv.cegar.Verifier;
import pdpv.cegar.VerifierOptions;
import pdpv.cfg.Program;
import pdpv.pdr.PdrOptions;
import pdpv.frontend.UserError;
import pdpv.witness.Task;

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

    @Option(names = "--no-candidates",
            description = "do not seed loop invariants with the inductive ones of the template candidates "
                    + "P(\\old(x)) => P(x) (sign, parity, order, sums)")
    boolean noCandidates;

    @Option(names = "--no-memoization",
            description = "start a fresh PDR engine for every refinement instead of keeping each loop's trace "
                    + "(--encoding loops only)")
    boolean noMemoization;

    @Mixin
    EngineOptions engine;

    @Option(names = "--witness", paramLabel = "FILE",
            description = "write the verdict's evidence as an SV-COMP witness (format 2.0, YAML) to FILE")
    Path witness;

    @Option(names = "--harness", paramLabel = "FILE",
            description = "for an unsafe verdict, write a C test harness to FILE: the program fed with the answer's inputs "
                    + "(gcc -fwrapv -o h FILE && ./h fails the assertion)")
    Path harness;

    @Override
    public Integer call() throws Exception {
        String problem = engine.problem() != null ? engine.problem()
                : run.problem() != null ? run.problem()
                : encoding == Encoding.SYMBOLIC && noMemoization ? "--no-memoization applies to --encoding loops only"
                : encoding == Encoding.SYMBOLIC && noGeneralization ? "--no-generalization applies to --encoding loops only"
                : encoding == Encoding.SYMBOLIC && noCandidates ? "--no-candidates applies to --encoding loops only"
                : null;
        if (problem != null) {
            spec.commandLine().getErr().println("error: " + problem);
            return ExitCodes.BAD_INPUT;
        }
        long start = System.nanoTime();
        ProgramVerifier verifier = verifier();
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
            if (e.getCause() instanceof InternalCheckFailure f) {
                spec.commandLine().getErr().println("internal error: " + input.file + ": " + f.getMessage());
                return ExitCodes.INTERNAL_ERROR;
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
        if (witness != null || harness != null) {
            WitnessOutput evidence = new WitnessOutput(Task.of(input.file, input.function, input.dataModel), input::parse,
                    spec.commandLine().getErr());
            if (witness != null) {
                evidence.write(verdict, witness);
            }
            if (harness != null) {
                evidence.writeHarness(verdict, harness);
            }
        }
        return verdict.kind().exitCode();
    }

    /**
     * The CEGAR verifier, or the symbolic one whose single PDR call gets the whole --timeout as its
     * budget (unlimited without one) instead of the per-refinement default.
     */
    private ProgramVerifier verifier() {
        PdrOptions pdr = engine.applyTo(PdrOptions.defaults());
        if (encoding == Encoding.SYMBOLIC) {
            Duration budget = run.timeoutSeconds > 0 ? Duration.ofMillis((long) (run.timeoutSeconds * 1000))
                    : Duration.ofDays(3650);
            return new SymbolicVerifier(pdr.withTimeout(budget));
        }
        return new Verifier(VerifierOptions.defaults().withCegar(new CegarOptions(!noGeneralization, !noMemoization, !noCandidates, pdr)));
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
