package pdpv.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.Model.CommandSpec;
import pdpv.bench.InputError;
import pdpv.cegar.BmcOptions;
import pdpv.cegar.BoundedModelChecker;
import pdpv.cegar.CegarOptions;
import pdpv.cegar.InternalCheckFailure;
import pdpv.cegar.Portfolio;
import pdpv.cegar.SliceOptions;
import pdpv.cegar.SlicingVerifier;
import pdpv.cegar.Progress;
import pdpv.cegar.ProgramVerifier;
import pdpv.cegar.SymbolicVerifier;
import pdpv.cegar.Verdict;
import pdpv.cegar.Verifier;
import pdpv.cegar.VerifierOptions;
import pdpv.cegar.VerifierStatistics;
import pdpv.daikon.TestOptions;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.encode.accel.AccelerationOptions;
import pdpv.pdr.PdrOptions;
import pdpv.report.HtmlReport;
import pdpv.report.ReadableInvariants;
import pdpv.frontend.UserError;
import pdpv.witness.ExactRun;
import pdpv.witness.PlainBudget;
import pdpv.witness.Task;

/** {@code pdpv verify FILE.c}: the push-button question, can any assertion fail? */
@Command(name = "verify", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
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
                    + "(Daikon's templates, polynomial equalities, cell invariants of loops that fill arrays) to seed the loop invariants with")
    boolean noDynamic;

    @Option(names = "--no-polynomials",
            description = "mine only Daikon's templates from the tests, not the polynomial equalities among the loop "
                    + "variables (DIG's null space of the trace matrix)")
    boolean noPolynomials;

    @Option(names = "--entry-tests", paramLabel = "N",
            description = "a loop that fewer than N of the random tests enter gets tests directed at it, each from a "
                    + "model of the loop-cut formula that visits its head, until N have entered it; 0 = none "
                    + "(default: ${DEFAULT-VALUE})")
    int entryTests = TestOptions.ENTRY_TESTS;

    @Option(names = "--spread-tests", paramLabel = "N",
            description = "a loop that the random tests saw in fewer than N distinct head states gets up to N more tests "
                    + "whose inputs have magnitudes spread over the type's widths, until it has N; 0 = none "
                    + "(default: ${DEFAULT-VALUE})")
    int spreadTests = TestOptions.SPREAD_TESTS;

    @Option(names = "--quotient-moduli", paramLabel = "M",
            description = "the largest modulus m of the mined quotient equalities y == a * ((x + b) / m) + c "
                    + "(m in 2..M, b in 0..m-1, a and c fitted to the tests' samples); below 2 = none, at most 64 "
                    + "(default: ${DEFAULT-VALUE})")
    int quotientModuli = TestOptions.QUOTIENT_MODULI;

    @Option(names = "--cell-terms", paramLabel = "N",
            description = "a one-dimensional array of at most N cells that a loop writes gets a term per cell in the mined "
                    + "invariants (h[0] <= h[1]), checked over the loop's exact pass; 0 = none (default: ${DEFAULT-VALUE})")
    int cellTerms = TestOptions.CELL_TERMS;

    @Option(names = "--invariants", paramLabel = "FILE",
            description = "Daikon's printed invariants for the program points of 'pdpv daikon-trace': checked like the "
                    + "mined ones (Houdini) and the inductive ones seeded into the loop invariants; lines that cannot be "
                    + "used are skipped and listed under --stats")
    Path invariants;

    @Option(names = "--no-memoization",
            description = "start a fresh PDR engine for every refinement instead of keeping each loop's trace "
                    + "(--encoding loops only)")
    boolean noMemoization;

    @Option(names = "--dump-instances", paramLabel = "DIR",
            description = "write the model checking instance of every PDR call of the refinement as a BTOR2 file "
                    + "into DIR (created if missing), which `pdpv mc` reads (--encoding loops only)")
    Path dumpInstances;
    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "portfolio", converter = Engines.Converter.class,
            description = "cegar: the CEGAR loop (or --encoding symbolic) alone; bmc: bounded model checking alone; "
                    + "portfolio: both at the same time, the first answer wins (default: ${DEFAULT-VALUE})")
    Engines engines;

    @Option(names = "--bad-order", paramLabel = "B,...", split = ",",
            defaultValue = "violations,generalized,entry-violations,point",
            description = "the B's handed to PDR for a loop visit, in order, ending with point "
                    + "(default: ${DEFAULT-VALUE})")
    List<String> badOrder;

    @Option(names = "--wide-bad-budget", paramLabel = "SECONDS", defaultValue = "10",
            description = "PDR's time for each B wider than the point before the next is tried (default: ${DEFAULT-VALUE})")
    double wideBadBudget;

    @Option(names = "--product-candidate-resources", paramLabel = "UNITS", defaultValue = "1000000",
            description = "Z3 resource units of each query on a mined candidate with a product of variables "
                    + "(default: ${DEFAULT-VALUE})")
    long productCandidateResources;

    @Option(names = "--candidate-resources", paramLabel = "UNITS", defaultValue = "" + CegarOptions.Policy.CANDIDATE_RESOURCES,
            description = "Z3 resource units of each query on one mined linear candidate; one that gives up drops it "
                    + "(default: ${DEFAULT-VALUE})")
    long candidateResources;

    @Option(names = "--candidate-joint-resources", paramLabel = "UNITS", defaultValue = "" + CegarOptions.Policy.CANDIDATE_JOINT_RESOURCES,
            description = "Z3 resource units of the query for a state that breaks any mined candidate, before they are "
                    + "asked one by one (default: ${DEFAULT-VALUE})")
    long candidateJointResources;

    @Option(names = "--lookahead", paramLabel = "N", defaultValue = "3",
            description = "loop iterations unrolled to find a short trace to B before PDR runs (default: ${DEFAULT-VALUE})")
    int lookahead;

    @Option(names = "--bmc-max-blocks", paramLabel = "N", defaultValue = "10000",
            description = "bounded model checking stops doubling its bound k once the unrolled program would have "
                    + "more than N blocks (default: ${DEFAULT-VALUE})")
    int bmcMaxBlocks;

    @Option(names = "--no-acceleration",
            description = "no loop acceleration: no accelerated paths in bounded model checking's unrolling and no phase "
                    + "summaries of loops in the CEGAR loop's formula")
    boolean noAcceleration;

    @Option(names = "--accel-max-paths", paramLabel = "N", defaultValue = "16",
            description = "a loop whose body has more than N paths is not accelerated (default: ${DEFAULT-VALUE})")
    int accelMaxPaths;

    @Option(names = "--accel-max-degree", paramLabel = "D", defaultValue = "2",
            description = "the highest degree of a closed form tried for a variable of an accelerated path: 1 for "
                    + "translations (x += c), 2 adds sums of them (x += i, i++) (default: ${DEFAULT-VALUE})")
    int accelMaxDegree;

    @Option(names = "--accel-resources", paramLabel = "UNITS", defaultValue = "2000000",
            description = "Z3 resource units of each check of the acceleration analysis (a closed form, a condition's "
                    + "monotonicity) before it counts as failed (default: ${DEFAULT-VALUE})")
    long accelResources;

    @Option(names = "--accel-seconds", paramLabel = "SECONDS", defaultValue = "" + AccelerationOptions.TOTAL_SECONDS,
            description = "processor time of the whole acceleration analysis of a program; past it, the paths not yet "
                    + "analyzed are not accelerated (0: no limit; default: ${DEFAULT-VALUE})")
    double accelSeconds;

    @Option(names = "--no-slice",
            description = "no program slicing: keep every loop, also one that provably terminates, can fail no check and "
                    + "writes only what no check after it reads (such a loop is skipped by default)")
    boolean noSlice;

    @Option(names = "--slice-resources", paramLabel = "UNITS", defaultValue = "2000000",
            description = "Z3 resource units of each check of the slicer (a ranking, a check inside a loop) before it "
                    + "counts as failed and the loop stays (default: ${DEFAULT-VALUE})")
    long sliceResources;

    @Option(names = "--bmc-accelerated-copies", paramLabel = "N", defaultValue = "2",
            description = "bounded model checking puts a loop's accelerated paths before the first N copies of its head "
                    + "per entry of the loop; 0 = none (default: ${DEFAULT-VALUE})")
    int bmcAcceleratedCopies;

    @Mixin
    EngineOptions engine;

    @Option(names = "--witness", paramLabel = "FILE",
            description = "write the verdict's evidence as an SV-COMP witness (format 2.0, YAML) to FILE")
    Path witness;

    @Option(names = "--harness", paramLabel = "FILE",
            description = "for an unsafe verdict, write a C test harness to FILE: the program fed with the answer's inputs; "
                    + "built by the gcc command its first lines print (-m32 for ILP32, -fwrapv or UBSan as undefined "
                    + "behaviour is read) and run, it fails as the answer says")
    Path harness;

    @Option(names = "--report", paramLabel = "FILE",
            description = "write an HTML report of the run to FILE: the verdict, the source with each loop's invariant or "
                    + "the failing run's values beside it, the trace step by step, the control-flow graph and the loop-cut "
                    + "DAG; one self-contained page")
    Path report;

    /**
     * Default of {@code --report-max-blocks}: the graphs' layout (ELK Layered) grows faster than the
     * graph; see invgen-bench/results/2026-11-26-report-time for its time by program size.
     */
    static final int REPORT_MAX_BLOCKS = 400;

    @Option(names = "--report-max-blocks", paramLabel = "N", defaultValue = "" + REPORT_MAX_BLOCKS,
            description = "draw the control-flow graph and the loop-cut DAG in --report only for a program of at most N basic "
                    + "blocks; the page of a larger one says they were left out (0: any size; default: ${DEFAULT-VALUE})")
    int reportMaxBlocks;

    @Option(names = "--relational",
            description = "print each loop invariant as the certificate states it, relating the values at the loop head to "
                    + "those on entry (\\old(x)), instead of the plain condition at the loop head")
    boolean relational;

    /**
     * Default of {@code --plain-seconds}: above the most the plain step took on a thesis program or one
     * of 14 decided SV-COMP tasks, 3.2 s of processor time under a load of 20 (invgen-bench/results/2026-11-26-plain-seconds),
     * and on an example, examples/three_counters.c's 13.3 s (4.9 s before its loop's conserved sum
     * joined the certificate at stop 26, 7.5 s before the bounded increments' entry-fact round of
     * stop 27 added its bounds; quiet machine), so that no answer there loses its plain text.
     * Processor time, not wall time: a loaded machine must not change the text.
     */
    static final double PLAIN_SECONDS = 20;

    @Option(names = "--plain-seconds", paramLabel = "SECONDS", defaultValue = "" + PLAIN_SECONDS,
            description = "at most this much processor time (and never past --timeout) writing a SAFE answer's loop "
                    + "invariants plainly; when it runs out, the two-state invariants are printed instead, with a note "
                    + "(0: no limit; default: ${DEFAULT-VALUE})")
    double plainSeconds;

    /**
     * Default of {@code --plain-margin}: the plain step runs after the verdict, so under --timeout it
     * must leave the run time to print its answer and to stop its worker (the watchdog's grace, 0.5
     * s) before the deadline. At stop 28 SV-COMP's sumt4 had its verdict within its 60 s and then
     * wrote its invariants until the deadline (61.0 s in all); a slower machine would have counted
     * it a timeout. 5 s is ten graces: the printing and the exit take well under one second here.
     */
    static final double PLAIN_MARGIN = 5;

    @Option(names = "--plain-margin", paramLabel = "SECONDS", defaultValue = "" + PLAIN_MARGIN,
            description = "under --timeout, the plain step ends at least this long before the deadline, and is skipped "
                    + "(the two-state invariants shown, with a note) when it would have less than this long itself "
                    + "(default: ${DEFAULT-VALUE})")
    double plainMargin;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text, json (the same as --json) or svcomp (text, then SV-COMP's "
                    + "'Verification result: TRUE|FALSE(property)|UNKNOWN' line) (default: ${DEFAULT-VALUE})")
    OutputFormat format;

    /** How {@code verify} prints its answer. */
    enum OutputFormat {
        TEXT, JSON, SVCOMP;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private boolean entryTestsGiven() {
        return spec.commandLine().getParseResult().hasMatchedOption("--entry-tests");
    }

    @Override
    public Integer call() throws Exception {
        long start = RunClock.start();
        String problem = engine.problem() != null ? engine.problem()
                : run.problem() != null ? run.problem()
                : input.problem() != null ? input.problem()
                : run.json && format == OutputFormat.SVCOMP ? "--json and --format svcomp exclude each other"
                : encoding == Encoding.SYMBOLIC && noMemoization ? "--no-memoization applies to --encoding loops only"
                : encoding == Encoding.SYMBOLIC && noGeneralization ? "--no-generalization applies to --encoding loops only"
                : encoding == Encoding.SYMBOLIC && noDynamic ? "--no-dynamic applies to --encoding loops only"
                : encoding == Encoding.SYMBOLIC && noPolynomials ? "--no-polynomials applies to --encoding loops only"
                : noDynamic && noPolynomials ? "--no-polynomials has nothing to turn off with --no-dynamic"
                : encoding == Encoding.SYMBOLIC && invariants != null ? "--invariants applies to --encoding loops only"
                : encoding == Encoding.SYMBOLIC && dumpInstances != null ? "--dump-instances applies to --encoding loops only"
                : entryTests < 0 ? "--entry-tests must not be negative"
                : spreadTests < 0 ? "--spread-tests must not be negative"
                : cellTerms < 0 ? "--cell-terms must not be negative"
                : quotientModuli > TestOptions.MAX_QUOTIENT_MODULI ? "--quotient-moduli must be at most " + TestOptions.MAX_QUOTIENT_MODULI
                : encoding == Encoding.SYMBOLIC && entryTestsGiven() ? "--entry-tests applies to --encoding loops only"
                : noDynamic && entryTestsGiven() ? "--entry-tests has nothing to direct with --no-dynamic"
                : bmcMaxBlocks < 1 ? "--bmc-max-blocks must be at least 1"
                : accelMaxPaths < 1 || accelMaxDegree < 1 || accelResources < 1
                        ? "--accel-max-paths, --accel-max-degree and --accel-resources must be at least 1"
                : accelSeconds < 0 ? "--accel-seconds must not be negative"
                : bmcAcceleratedCopies < 0 ? "--bmc-accelerated-copies must not be negative"
                : plainSeconds < 0 ? "--plain-seconds must not be negative"
                : plainMargin < 0 ? "--plain-margin must not be negative"
                : reportMaxBlocks < 0 ? "--report-max-blocks must not be negative"
                : policyProblem() != null ? policyProblem()
                : outputProblem();
        if (problem != null) {
            return fail("error: " + problem);
        }
        ProgramOptions.Input resolved;
        try {
            resolved = input.resolve();
        } catch (InputError e) {
            return fail("error: " + e.getMessage());
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
        // a proof by complete unrolling has no loop invariants: with --witness it waits for the CEGAR
        // loop's unless the one run gives them (ExactRun)
        boolean bmcReserve = witness != null;
        if (bmcReserve) {
            try {
                bmcReserve = !ExactRun.inputFree(input.parse(resolved));
            } catch (UserError e) {
                return fail(e.render());
            }
        }
        try (ProgressPrinter printer = run.progress() ? new ProgressPrinter(spec.commandLine().getErr(), start) : null) {
            return verify(resolved, daikonText, bmcReserve, start, printer == null ? Progress.NONE : printer);
        }
    }

    /** The rest of {@link #call}: the verification, its answer and its evidence, telling {@code progress} each step. */
    private int verify(ProgramOptions.Input resolved, String daikonText, boolean bmcReserve, long start, Progress progress)
            throws Exception {
        ProgramVerifier verifier = verifier(daikonText, bmcReserve, progress);
        Verdict verdict;
        try (Watchdog watchdog = run.watchdog("pdpv-verify", start, 0)) {
            Watchdog.Outcome<Verdict> outcome = watchdog.run(() -> {
                progress.report("parsing " + input.file);
                Program p = input.parse(resolved);
                progress.report("parsed: " + p.blocks().size() + " blocks, " + LoopForest.of(p).loops().size() + " loops");
                return verifier.verify(p);
            }, verifier::cancel);
            Verdict late = outcome.value();
            verdict = outcome.limit() == null ? late
                    : Verdict.unknown(outcome.limit(), late == null ? null : late.statistics());
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UserError u) {
                return fail(u.render());
            }
            if (e.getCause() instanceof InternalCheckFailure f) {
                spec.commandLine().getErr().println("internal error: " + input.file + ": " + f.getMessage());
                return ExitCodes.INTERNAL_ERROR;
            }
            throw e;
        }
        progress.report("verdict: " + verdict.kind().word());
        Supplier<Program> program = memoized(() -> input.parse(resolved));
        boolean writing = verdict.kind() == Verdict.Kind.SAFE && !verdict.invariants().isEmpty() && !(relational && witness == null);
        if (writing) {
            progress.report("writing the loop invariants at the loop heads plainly, and checking them");
        }
        long plainStart = System.nanoTime();
        // only a SAFE answer with loop invariants has any to write: the others need neither the program parsed
        // once more nor the step's worker (whose answer for them was NONE, after the parse)
        ReadableInvariants plain = writing ? readable(verdict, program.get(), start) : ReadableInvariants.NONE;
        if (writing) {
            progress.report(String.format(java.util.Locale.ROOT, "plain invariants %s in %.2f s (%s)",
                    plain.late() ? "cut short, the two-state ones shown," : "written", (System.nanoTime() - plainStart) / 1e9,
                    plainSkipped ? "skipped, too close to the deadline" : plainSpent == null ? "stopped at the deadline" : String.format(java.util.Locale.ROOT, "%.2f s of processor time", plainSpent)));
        }
        // the user's time is the whole run's, the plain invariants included
        double seconds = (System.nanoTime() - start) / 1e9;
        VerdictPrinter printer = new VerdictPrinter(spec.commandLine().getOut(), resolved);
        if (run.json || format == OutputFormat.JSON) {
            printer.printJson(input.file.toString(), verdict, seconds, plain);
        } else {
            printer.printText(verdict, seconds, run.stats, plain, relational);
        }
        VerifierStatistics stats = verdict.statistics();
        if (invariants != null && !run.stats && stats != null && !stats.dynamic().imported().skipped().isEmpty()) {
            spec.commandLine().getErr().println("warning: --invariants " + invariants + ": "
                    + stats.dynamic().imported().skipped().size() + " lines not used (--stats lists them)");
        }
        if (format == OutputFormat.SVCOMP) {
            printer.printSvcomp(verdict);
        }
        if (report != null) {
            progress.report("writing the HTML report to " + report);
            long reportStart = System.nanoTime();
            writeReport(resolved, program.get(), verdict, plain, seconds, start);
            progress.report(String.format(java.util.Locale.ROOT, "HTML report written in %.2f s (%d blocks)",
                    (System.nanoTime() - reportStart) / 1e9, program.get().blocks().size()));
        }
        if (witness != null || harness != null) {
            Task task = Task.of(resolved.program(), resolved.options().function(), resolved.options().dataModel(),
                    resolved.property().toString(), ProgramOptions.readings(resolved));
            WitnessOutput evidence = new WitnessOutput(task, program, spec.commandLine().getErr());
            if (witness != null) {
                evidence.write(verdict, plain, witness);
            }
            if (harness != null) {
                evidence.writeHarness(verdict, harness);
            }
        }
        return verdict.kind().exitCode();
    }

    /** Writes the HTML report of {@code verdict} for {@code program}, read from {@code resolved}, to {@code --report}. */
    private void writeReport(ProgramOptions.Input resolved, Program program, Verdict verdict, ReadableInvariants plain,
                             double seconds, long start) throws Exception {
        // the source as read, a byte that is not UTF-8 shown as a replacement character
        String source = new String(Files.readAllBytes(resolved.program()), StandardCharsets.UTF_8);
        HtmlReport page = new HtmlReport(resolved.program(), source, program, verdict, plain, relational, seconds, reportMaxBlocks);
        Files.writeString(report, bounded(page, start), StandardCharsets.UTF_8);
    }

    /**
     * The report's page within what --timeout leaves of the run: the graphs' layout (ELK) has no
     * point to stop at, so a watchdog abandons it at the deadline and the page says, in the graphs'
     * place, that they were not drawn; a run already at its deadline gets that page at once.
     */
    private String bounded(HtmlReport page, long start) throws Exception {
        long deadline = deadline(start);
        String late = "the run reached its --timeout before the graphs were laid out";
        if (deadline != Long.MAX_VALUE && deadline <= System.nanoTime()) {
            return page.htmlWithoutGraphs(late);
        }
        return byDeadline("pdpv-report", deadline, page::html, () -> { }, () -> page.htmlWithoutGraphs(late));
    }

    /**
     * {@code work}'s value, computed here when there is no {@code deadline} (Long.MAX_VALUE); else on
     * a worker that a watchdog named {@code name} stops at the deadline, calling {@code stop}, and
     * {@code late}'s value if the work has not ended by then (or within the watchdog's grace).
     */
    private static <T> T byDeadline(String name, long deadline, Callable<T> work, Runnable stop, Supplier<T> late)
            throws Exception {
        if (deadline == Long.MAX_VALUE) {
            return work.call();
        }
        double left = Math.max(0.001, (deadline - System.nanoTime()) / 1e9);
        try (Watchdog watchdog = new Watchdog(name, left, 0)) {
            Watchdog.Outcome<T> outcome = watchdog.run(work, limit -> stop.run());
            return outcome.value() != null ? outcome.value() : late.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /** {@link #plainDeadline}'s answer when the plain step is not to run at all. */
    static final long SKIPPED = Long.MIN_VALUE;

    /**
     * When the plain step must end (System.nanoTime) in a run whose deadline is {@code deadline}
     * (Long.MAX_VALUE: none), asked at {@code now}: {@code margin} seconds before the deadline, so that
     * a decided run answers within its limit; {@link #SKIPPED} when that leaves the step less than
     * {@code margin} seconds of its own.
     */
    static long plainDeadline(long deadline, double margin, long now) {
        if (deadline == Long.MAX_VALUE) {
            return deadline;
        }
        long marginNanos = (long) (margin * 1e9);
        long end = deadline - marginNanos;
        return end - now < marginNanos || end - now <= 0 ? SKIPPED : end;
    }

    /** When --timeout ends a run that started at {@code start} (System.nanoTime); Long.MAX_VALUE without one. */
    private long deadline(long start) {
        return run.timeoutSeconds > 0 ? start + (long) (run.timeoutSeconds * 1e9) : Long.MAX_VALUE;
    }

    /** The processor seconds the plain step took on its thread, for the progress line; null until it ends. */
    private volatile Double plainSpent;

    /** Whether the plain step was skipped, too close to --timeout's deadline ({@link #plainDeadline}). */
    private volatile boolean plainSkipped;

    /**
     * {@code verdict}'s invariants written plainly, in at most {@code --plain-seconds} of processor
     * time and never past {@code --plain-margin} before {@code --timeout}'s deadline from
     * {@code start}: the writing runs on a worker that a watchdog stops then, and when it has not
     * ended by then, or too little time is left to start it, the answer shows the two-state
     * certificate, and a witness states no invariant.
     */
    private ReadableInvariants readable(Verdict verdict, Program program, long start) throws Exception {
        long deadline = plainDeadline(deadline(start), plainMargin, System.nanoTime());
        if (deadline == SKIPPED) {
            plainSkipped = true;
            return ReadableInvariants.late(verdict);
        }
        // made where the work runs (the watchdog's worker), whose processor time it counts
        AtomicReference<PlainBudget> budget = new AtomicReference<>();
        return byDeadline("pdpv-plain", deadline, () -> {
            budget.set(new PlainBudget(plainSeconds, deadline));
            ReadableInvariants plain = ReadableInvariants.of(verdict, program, budget.get());
            plainSpent = budget.get().cpuSeconds();
            return plain;
        }, () -> {
            if (budget.get() != null) {
                budget.get().cancel();
            }
        }, () -> ReadableInvariants.late(verdict));
    }

    /** {@code supplier}'s value, computed on the first call only. */
    private static <T> Supplier<T> memoized(Supplier<T> supplier) {
        return new Supplier<>() {
            private T value;

            @Override
            public T get() {
                if (value == null) {
                    value = supplier.get();
                }
                return value;
            }
        };
    }

    /** Reports a problem with the input or the options: on standard error, and under --json also as JSON. */
    private int fail(String message) {
        spec.commandLine().getErr().println(message);
        if (run.json || format == OutputFormat.JSON) {
            Main.printJsonError(spec.commandLine().getOut(), input.file == null ? null : input.file.toString(), message);
        }
        return ExitCodes.BAD_INPUT;
    }

    /**
     * The portfolio of the engines {@code --engine} selects, in this order (the first one also
     * decides loop-free programs alone); an engine is one line here.
     */
    private ProgramVerifier verifier(String daikonText, boolean bmcReserve, Progress progress) {
        List<Portfolio.Engine> all = new ArrayList<>();
        all.add(new Portfolio.Engine("cegar", cegar(daikonText, progress.named("cegar"))));
        all.add(new Portfolio.Engine("bmc", new BoundedModelChecker(BmcOptions.defaults().withMaxBlocks(bmcMaxBlocks)
                .withAcceleration(acceleration()).withAcceleratedCopies(bmcAcceleratedCopies),
                VerifierOptions.defaults().withProgress(progress.named("bmc"))), bmcReserve));
        return new SlicingVerifier(new Portfolio(all.stream().filter(e -> engines.includes(e.name())).toList(), progress),
                // a witness or harness must replay on the whole program, skipped loops included: no slicing then
                new SliceOptions(!noSlice && witness == null && harness == null, sliceResources), progress);
    }

    /**
     * The CEGAR verifier, or the symbolic one whose single PDR call gets the whole --timeout as its
     * budget (unlimited without one) instead of the per-refinement default.
     */
    private ProgramVerifier cegar(String daikonText, Progress progress) {
        PdrOptions pdr = engine.applyTo(PdrOptions.defaults());
        if (encoding == Encoding.SYMBOLIC) {
            Duration budget = run.timeoutSeconds > 0 ? Duration.ofMillis((long) (run.timeoutSeconds * 1000))
                    : Duration.ofDays(3650);
            return new SymbolicVerifier(pdr.withTimeout(budget), progress);
        }
        TestOptions tests = noDynamic ? TestOptions.defaults().withTests(0)
                : TestOptions.defaults().withTimeLimit(run.timeoutSeconds).withPolynomials(!noPolynomials)
                        .withEntryTests(entryTests).withSpreadTests(spreadTests)
                        .withQuotientModuli(quotientModuli).withCellTerms(cellTerms);
        return new Verifier(VerifierOptions.defaults().withTests(tests).withInvariants(daikonText)
                .withCegar(new CegarOptions(!noGeneralization, !noMemoization, !noDynamic, pdr).withPolicy(policy()))
                .withDumpInstances(dumpInstances).withProgress(progress).withAcceleration(acceleration(), witness == null));
    }

    /** Loop acceleration as --no-acceleration and the --accel-* options say. */
    private AccelerationOptions acceleration() {
        return new AccelerationOptions(!noAcceleration, accelMaxPaths, accelMaxDegree, accelResources, accelSeconds);
    }

    /** Null when every output path can be written, else the message for the user (before the run: issue #18). */
    private String outputProblem() {
        String problem = OutputPaths.file("--witness", witness);
        problem = problem != null ? problem : OutputPaths.file("--harness", harness);
        problem = problem != null ? problem : OutputPaths.file("--report", report);
        return problem != null ? problem : OutputPaths.directory("--dump-instances", dumpInstances, true);
    }

    /** The refinement policy of --bad-order, --wide-bad-budget, --lookahead and the candidates' resources. */
    private CegarOptions.Policy policy() {
        List<CegarOptions.BadKind> order = new ArrayList<>();
        for (String name : badOrder) {
            order.add(Arrays.stream(CegarOptions.BadKind.values()).filter(k -> k.optionName().equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown B '" + name + "'")));
        }
        return CegarOptions.Policy.defaults().withBadOrder(order)
                .withWideBadBudget(Duration.ofMillis((long) (wideBadBudget * 1000))).withLookaheadSteps(lookahead)
                .withCandidateProductResources(productCandidateResources)
                .withCandidateResources(candidateJointResources, candidateResources);
    }

    /** Null when the policy options are valid, else the message for the user. */
    private String policyProblem() {
        if (wideBadBudget <= 0 || lookahead < 0) {
            return "--wide-bad-budget must be positive and --lookahead at least 0";
        }
        if (productCandidateResources <= 0 || candidateResources <= 0 || candidateJointResources <= 0) {
            return "--product-candidate-resources, --candidate-resources and --candidate-joint-resources must be positive";
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
                    if (e.toString().equalsIgnoreCase(value)) {
                        return e;
                    }
                }
                throw new TypeConversionException("expected cegar, bmc or portfolio, found '" + value + "'");
            }
        }
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
                    if (e.toString().equalsIgnoreCase(value)) {
                        return e;
                    }
                }
                throw new TypeConversionException("expected loops or symbolic, found '" + value + "'");
            }
        }
    }
}
