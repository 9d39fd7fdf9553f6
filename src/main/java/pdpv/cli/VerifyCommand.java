package pdpv.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
import pdpv.cegar.BmcOptions;
import pdpv.cegar.BoundedModelChecker;
import pdpv.cegar.CegarOptions;
import pdpv.cegar.Portfolio;
import pdpv.cegar.ProgramVerifier;
import pdpv.cegar.SymbolicVerifier;
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

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "portfolio", converter = Engines.Converter.class,
            description = "cegar: the CEGAR loop (or --encoding symbolic) alone; bmc: bounded model checking alone; "
                    + "portfolio: both at the same time, the first answer wins (default: ${DEFAULT-VALUE})")
    Engines engines;

    @Option(names = "--bad-order", paramLabel = "B,...", split = ",",
            defaultValue = "violations,generalized,entry-violations,point",
            description = "the B's handed to PDR for a loop visit, in order, ending with point "
                    + "(default: ${DEFAULT-VALUE})")
    List<String> badOrder;

    @Option(names = "--wide-bad-budget", paramLabel = "SECONDS", defaultValue = "60",
            description = "PDR's time for each B wider than the point before the next is tried (default: ${DEFAULT-VALUE})")
    double wideBadBudget;

    @Option(names = "--lookahead", paramLabel = "N", defaultValue = "3",
            description = "loop iterations unrolled to find a short trace to B before PDR runs (default: ${DEFAULT-VALUE})")
    int lookahead;

    @Option(names = "--bmc-max-blocks", paramLabel = "N", defaultValue = "10000",
            description = "bounded model checking stops doubling its bound k once the unrolled program would have "
                    + "more than N blocks (default: ${DEFAULT-VALUE})")
    int bmcMaxBlocks;

    @Mixin
    EngineOptions engine;

    @Override
    public Integer call() throws Exception {
        String problem = engine.problem() != null ? engine.problem()
                : run.problem() != null ? run.problem()
                : encoding == Encoding.SYMBOLIC && noMemoization ? "--no-memoization applies to --encoding loops only"
                : encoding == Encoding.SYMBOLIC && noGeneralization ? "--no-generalization applies to --encoding loops only"
                : encoding == Encoding.SYMBOLIC && noCandidates ? "--no-candidates applies to --encoding loops only"
                : bmcMaxBlocks < 1 ? "--bmc-max-blocks must be at least 1"
                : policyProblem();
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

    /**
     * The portfolio of the engines {@code --engine} selects, in this order (the first one also
     * decides loop-free programs alone); an engine is one line here.
     */
    private ProgramVerifier verifier() {
        List<Portfolio.Engine> all = new ArrayList<>();
        all.add(new Portfolio.Engine("cegar", cegar()));
        all.add(new Portfolio.Engine("bmc", new BoundedModelChecker(BmcOptions.defaults().withMaxBlocks(bmcMaxBlocks),
                VerifierOptions.defaults())));
        return new Portfolio(all.stream().filter(e -> engines.includes(e.name())).toList());
    }

    /**
     * The CEGAR verifier, or the symbolic one whose single PDR call gets the whole --timeout as its
     * budget (unlimited without one) instead of the per-refinement default.
     */
    private ProgramVerifier cegar() {
        PdrOptions pdr = engine.applyTo(PdrOptions.defaults());
        if (encoding == Encoding.SYMBOLIC) {
            Duration budget = run.timeoutSeconds > 0 ? Duration.ofMillis((long) (run.timeoutSeconds * 1000))
                    : Duration.ofDays(3650);
            return new SymbolicVerifier(pdr.withTimeout(budget));
        }
        return new Verifier(VerifierOptions.defaults().withCegar(new CegarOptions(!noGeneralization, !noMemoization, !noCandidates, pdr)
                .withPolicy(policy())));
    }

    /** The refinement policy of --bad-order, --wide-bad-budget and --lookahead. */
    private CegarOptions.Policy policy() {
        List<CegarOptions.BadKind> order = new ArrayList<>();
        for (String name : badOrder) {
            order.add(Arrays.stream(CegarOptions.BadKind.values()).filter(k -> k.optionName().equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown B '" + name + "'")));
        }
        return CegarOptions.Policy.defaults().withBadOrder(order)
                .withWideBadBudget(Duration.ofMillis((long) (wideBadBudget * 1000))).withLookaheadSteps(lookahead);
    }

    /** Null when the policy options are valid, else the message for the user. */
    private String policyProblem() {
        if (wideBadBudget <= 0 || lookahead < 0) {
            return "--wide-bad-budget must be positive and --lookahead at least 0";
        }
        try {
            policy();
            return null;
        } catch (IllegalArgumentException e) {
            return "--bad-order: " + e.getMessage() + " (B's: violations, generalized, entry-violations, point)";
        }
    }

    /** Which engines {@code verify} runs: {@code cegar} or {@code bmc} alone, or every engine ({@code portfolio}). */
    enum Engines {
        CEGAR, BMC, PORTFOLIO;

        boolean includes(String engine) {
            return this == PORTFOLIO || toString().equals(engine);
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Reads the lower-case names the command line uses. */
        static final class Converter implements ITypeConverter<Engines> {
            @Override
            public Engines convert(String value) {
                for (Engines e : values()) {
                    if (e.toString().equals(value)) {
                        return e;
                    }
                }
                throw new TypeConversionException("expected cegar, bmc or portfolio, found '" + value + "'");
            }
        }
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
