package pdpv.cegar;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Model;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.pdr.Aru;
import pdpv.pdr.Encoding;
import pdpv.daikon.ImportedInvariants;
import pdpv.daikon.Invariant;
import pdpv.daikon.InvariantEncoder;
import pdpv.daikon.LikelyInvariants;
import pdpv.daikon.LoopEntryTests;
import pdpv.daikon.ProgramPoints;
import pdpv.daikon.Term;
import pdpv.daikon.TestRuns;
import pdpv.encode.Counterexample;
import pdpv.encode.HavocValues;
import pdpv.encode.LoopSite;
import pdpv.encode.LoopVisit;
import pdpv.encode.ProgramEncoding;
import pdpv.interp.Execution;
import pdpv.interp.InputOracle;
import pdpv.interp.Interpreter;
import pdpv.interp.InterpreterOptions;
import pdpv.interp.abstraction.CounterexampleGeneralizer;
import pdpv.semantics.ArrayValue;
import pdpv.smt.Cancellation;
import pdpv.smt.ConservedEqualities;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/**
 * Thesis Algorithm 4.2, {@code verifyProgram()}: check F (§4.3.1); replay each model from the entry
 * in the concrete interpreter ({@code interpretationHitsAssertion(c, B_e)}) and answer UNSAFE if an
 * assertion fails; otherwise find a weakly modeled loop (Algorithm 4.3) and refine its invariant
 * (Algorithm 4.4, {@link InvariantRefiner}), and repeat. If refinement shows the loop's part of the
 * counterexample reachable, the other loops on the path are refined in turn; when every loop visit
 * is reachable, the iterations PDR found give concrete inputs that must replay to the failing
 * assertion. SAFE is answered only after {@link CertificateChecker} has re-checked the invariants,
 * UNSAFE only with replayed inputs, anything else is UNKNOWN with a reason. Before Algorithm 4.2,
 * thesis chapter 6 runs: tests, and loop invariants seeded from them (see {@code Run.dynamic}).
 * At the first spurious counterexample, before any refinement, the loops whose runs are sequences
 * of accelerated phases get their summaries in F ({@link LoopSummaries}, issue #19).
 */
public final class Verifier implements ProgramVerifier {
    private final VerifierOptions options;
    private final Progress progress;
    private final CancelReason cancelled = new CancelReason();
    private volatile InvariantRefiner refiner;
    private volatile SmtSolver solver;
    /** Stops the checks of loop acceleration (their solvers come and go). */
    private volatile Cancellation acceleration;

    private final BeforeCertification beforeCertification;

    /** What runs on the invariants just before they are certified (only tests do something there). */
    @FunctionalInterface
    interface BeforeCertification {
        void accept(Context ctx, LoopForest loops, LoopInvariantStore store);
    }

    public Verifier(VerifierOptions options) {
        this(options, (ctx, loops, store) -> { });
    }

    /**
     * A verifier that hands its invariants to {@code beforeCertification} before they are certified:
     * the tests' way to break the engine on purpose and see that the certificate check catches it.
     */
    Verifier(VerifierOptions options, BeforeCertification beforeCertification) {
        this.options = options;
        this.progress = options.progress();
        this.beforeCertification = beforeCertification;
    }

    @Override
    public Verdict verify(Program program) {
        return verifyProgram(program);
    }

    @Override
    public void cancel(String reason) {
        cancelled.set(reason);
        InvariantRefiner r = refiner;
        if (r != null) {
            r.cancel();
        }
        SmtSolver s = solver;
        if (s != null) {
            s.interrupt();
        }
        Cancellation a = acceleration;
        if (a != null) {
            a.cancel(reason);
        }
    }

    /** Algorithm 4.2. */
    public Verdict verifyProgram(Program program) {
        long start = System.nanoTime();
        LoopForest loops = LoopForest.of(program);
        SmtStatistics smt = new SmtStatistics();
        try (Context ctx = new Context()) {
            ProgramEncoding encoding = ProgramEncoding.build(ctx, program, loops);
            LoopInvariantStore store = new LoopInvariantStore(ctx, program.semantics());
            Run run = new Run(ctx, program, loops, encoding, store, smt, start);
            refiner = new InvariantRefiner(ctx, encoding, store, options.cegar(),
                    options.dumpInstances() == null ? null : new InstanceDump(options.dumpInstances()), progress);
            solver = new SmtSolver(ctx, smt);
            acceleration = new Cancellation(ctx);
            if (cancelled.isSet()) {
                acceleration.cancel(cancelled.get());
            }
            solver.add(encoding.formula());
            // the program's nonlinear equalities in normal form, so that mined polynomial invariants meet them
            ConservedEqualities.normalForms(ctx, List.of(encoding.formula())).forEach(solver::add);
            Verdict early = run.dynamic();
            return early != null ? early : run.loop();
        } finally {
            refiner = null;
            solver = null;
            acceleration = null;
        }
    }

    /** The state of one run of Algorithm 4.2. */
    private final class Run {
        private final Context ctx;
        private final Program program;
        private final LoopForest loops;
        private final ProgramEncoding encoding;
        private final LoopInvariantStore store;
        private final SmtStatistics smt;
        private final long start;
        private final Map<LoopSite, Integer> instantiated = new LinkedHashMap<>();
        private final Interpreter interpreter;
        private final Interpreter headInterpreter;
        private final CounterexampleGeneralizer generalizer;
        private final Map<Loop, Map<Endpoint, LoopTrace>> reachable = new HashMap<>();
        private final Map<Loop, BoolExpr> pins = new LinkedHashMap<>();
        private boolean pinning = true;
        private final LoopSummaries summaries;
        /** Whether the loops were summarized yet (once, at the first spurious counterexample). */
        private boolean summarized;
        /** Whether F is checked with the summaries (they stay out once they proved what a witness cannot restate). */
        private boolean withSummaries;
        /** Whether the answer rests on the summaries. */
        private boolean summariesNeeded;
        private int iterations;
        private VerifierStatistics.Dynamic dynamic = VerifierStatistics.Dynamic.NONE;

        Run(Context ctx, Program program, LoopForest loops, ProgramEncoding encoding, LoopInvariantStore store, SmtStatistics smt,
            long start) {
            this.ctx = ctx;
            this.program = program;
            this.loops = loops;
            this.encoding = encoding;
            this.store = store;
            this.smt = smt;
            this.start = start;
            this.interpreter = new Interpreter(program.semantics(),
                    InterpreterOptions.DEFAULTS.withMaxSteps(options.maxInterpreterSteps()));
            this.headInterpreter = new Interpreter(program.semantics(),
                    InterpreterOptions.DEFAULTS.withMaxSteps(options.maxHeadInterpreterSteps()));
            this.generalizer = new CounterexampleGeneralizer(program.semantics());
            this.summaries = new LoopSummaries(ctx, encoding);
            encoding.loopSites().forEach(s -> instantiated.put(s, 0));
        }

        /**
         * Thesis chapter 6 before the CEGAR loop: the tests of Algorithm 6.1; a run that fails an
         * assertion is UNSAFE once its inputs replay from the entry. Otherwise, with candidates on,
         * each loop (inner loops first) is seeded with the inductive ones of the likely invariants
         * mined from its samples (§6.1), together with Daikon's for the loop if
         * {@code options.invariants()} has them (§6.3, also without tests), and F gets them. Null
         * unless the verdict is known.
         */
        /**
         * The loops in the order they are seeded: a loop after the loops nested in it (their seeds
         * strengthen its T), and after the loops before it in reverse postorder (their cell
         * invariants say what the arrays it reads hold, {@link InvariantRefiner#seedReadCells}).
         */
        private static List<Loop> innerFirst(LoopForest forest) {
            List<Loop> order = new ArrayList<>();
            for (Loop top : forest.topLevel()) {
                postorder(top, forest.loops(), order);
            }
            return order;
        }

        private static void postorder(Loop l, List<Loop> rpo, List<Loop> out) {
            List<Loop> children = new ArrayList<>(l.children());
            children.sort(java.util.Comparator.comparingInt(rpo::indexOf));
            children.forEach(c -> postorder(c, rpo, out));
            out.add(l);
        }

        Verdict dynamic() {
            ImportedInvariants imported = options.invariants().isEmpty() ? null
                    : ImportedInvariants.read(options.invariants(), new ProgramPoints(program, loops));
            if (options.tests().tests() == 0 && imported == null) {
                return null;
            }
            long t0 = System.nanoTime();
            if (options.tests().tests() > 0) {
                progress.report("running " + options.tests().tests() + " tests (Algorithm 6.1)");
            }
            TestRuns runs = options.tests().tests() == 0 ? null : TestRuns.run(program, loops, options.tests());
            int directed = runs == null ? 0 : directedTests(runs);
            long t1 = System.nanoTime();
            int tests = runs == null ? 0 : runs.runs();
            if (runs != null) {
                progress.report("tests done: " + tests + " runs, " + directed + " of them directed at loops"
                        + (runs.failure() != null ? "; one fails an assertion" : ""));
            }
            dynamic = new VerifierStatistics.Dynamic(tests, directed, (t1 - t0) / 1e9, 0, List.of());
            if (runs != null && runs.failure() != null) {
                Execution replay = replayFromEntry(Evidence.recordedInputs(program, runs.failure()));
                if (replay.hitsAssertion()) {
                    return unsafe(replay);
                }
                if (!runs.failure().inputsTruncated()) {
                    throw new IllegalStateException("internal error: a test that fails the assertion at "
                            + runs.failure().failedAssertion().loc() + " does not fail it when replayed");
                }
            }
            boolean mining = runs != null && options.cegar().candidates();
            if (!mining && imported == null || cancelled.isSet()) {
                return null;
            }
            int keptFromDaikon = 0;
            List<VerifierStatistics.LoopCandidates> perLoop = new ArrayList<>();
            EntryConstants entry = new EntryConstants(program);
            List<Loop> innerFirst = innerFirst(loops);
            for (Loop l : innerFirst) {
                if (cancelled.isSet()) {
                    break;
                }
                List<Invariant> fromDaikon = imported == null ? List.of() : imported.invariants(l);
                java.util.LinkedHashSet<Invariant> all = new java.util.LinkedHashSet<>(
                        mining ? LikelyInvariants.mine(runs.samples(l), options.tests().polynomials(),
                                options.tests().quotientModuli()) : List.of());
                all.addAll(fromDaikon);
                // those over the cells of small arrays are checked over the exact pass, which PDR's abstraction is not
                List<Invariant> overCells = all.stream().filter(inv -> inv.terms().stream().anyMatch(pdpv.daikon.Term::isCell)).toList();
                all.removeAll(overCells);
                List<Invariant> candidates = new ArrayList<>(all);
                List<Invariant> increments = refiner.boundedIncrements(l);
                progress.report("mining: " + candidates.size() + " likely invariants of " + Evidence.describe(l)
                        + (increments.isEmpty() ? "" : " and " + increments.size() + " bounds of its increments") + ", checking them");
                CandidateInvariants.Outcome o = refiner.seed(l, candidates, entry.facts(l, store.templates(l).beforeExprs().keySet()), increments);
                progress.report("mining: " + o.kept().size() + " kept for " + Evidence.describe(l)
                        + (o.conservedSums() > 0 ? ", " + o.conservedSums() + " of them sums the body conserves" : ""));
                if (mining && !store.templates(l).arraysEnd().isEmpty() && !cancelled.isSet()) {
                    int cells = refiner.seedCells(l, runs.samples(l));
                    progress.report("mining: " + cells + " invariants over array cells kept for " + Evidence.describe(l));
                }
                if (!overCells.isEmpty() && !cancelled.isSet()) {
                    int cells = refiner.seedCellTerms(l, overCells);
                    progress.report("mining: " + overCells.size() + " likely invariants over the cells of small arrays of "
                            + Evidence.describe(l) + " checked over its exact pass: " + cells + " conjuncts kept");
                }
                if (mining && !store.templates(l).arraysBefore().isEmpty() && !cancelled.isSet()) {
                    List<Invariant> dropped = candidates.stream().filter(c -> !o.kept().contains(c)).toList();
                    int read = refiner.seedReadCells(l, dropped);
                    if (read > 0) {
                        progress.report("mining: " + read + " kept for " + Evidence.describe(l) + " given the cells of the arrays it reads");
                    }
                }
                keptFromDaikon += (int) o.kept().stream().filter(fromDaikon::contains).count();
                perLoop.add(0, new VerifierStatistics.LoopCandidates(Evidence.headLocation(l.head()), candidates.size() + increments.size(),
                        o.conservedSums(), o.kept().size(), o.notInductive(), o.undecided(), o.unencodable()));
            }
            dynamic = new VerifierStatistics.Dynamic(tests, directed, (t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9, perLoop,
                    imported == null ? VerifierStatistics.Imported.NONE : new VerifierStatistics.Imported(imported.taken(),
                            keptFromDaikon, imported.skipped().stream().map(ImportedInvariants.Skipped::toString).toList()));
            if (!cancelled.isSet()) {
                updateF();
            }
            return null;
        }

        /**
         * The tests directed at loops ({@link LoopEntryTests}), asked of a solver of F of their own:
         * their checks under assumptions would switch Z3's solver of F to its incremental core for
         * good, which does not preprocess F as a whole, and the first check of F with the mined
         * invariants then took minutes instead of seconds (apache-escape-absolute's unsatisfiable F:
         * 3 s of processor time alone, more than 40 s after one check under an assumption).
         */
        private int directedTests(TestRuns runs) {
            SmtSolver own = solver;
            SmtSolver entry = new SmtSolver(ctx, smt);
            entry.add(encoding.formula());
            solver = entry;
            try {
                if (cancelled.isSet()) {
                    return 0;
                }
                return LoopEntryTests.run(encoding, entry, runs, options.tests());
            } finally {
                solver = own;
            }
        }

        Verdict loop() {
            while (true) {
                if (cancelled.isSet()) {
                    return Verdict.unknown(cancelled.get(), statistics());
                }
                iterations++;
                progress.report("iteration " + iterations + ": checking the loop-cut formula");
                SmtResult result = check();
                if (result instanceof SmtResult.Unsat) {
                    return certified();
                }
                if (result instanceof SmtResult.Unknown u) {
                    return Verdict.unknown(cancelled.isSet() ? cancelled.get() : "solver gave up: " + u.reason(), statistics());
                }
                Model model = ((SmtResult.Sat) result).model();
                Counterexample cex = encoding.decode(model);
                long[] passes = withSummaries ? summaries.passes(model) : new long[] {0, 0};
                Execution replay = replayFromEntry(singleValues(cex), passes[1]);
                if (replay.hitsAssertion()) {
                    summariesNeeded = passes[0] > 1;
                    return unsafe(replay);
                }
                if (!summarized && options.acceleration().enabled()) {
                    summarized = true;
                    List<BoolExpr> added = summaries.build(program, loops, store, checker(), options.acceleration(), smt,
                            acceleration);
                    if (!added.isEmpty()) {
                        added.forEach(solver::add);
                        withSummaries = true;
                        continue;
                    }
                }
                Verdict verdict = refineFor(cex);
                if (verdict != null) {
                    return verdict;
                }
                updateF();
            }
        }

        /**
         * Checks F, pinned to the loop visits known to be reachable if that is satisfiable. A pinned
         * F that is unsatisfiable proves nothing, so F is then checked alone, and pinning stops
         * for the run: it would only repeat the counterexample.
         */
        private SmtResult check() {
            List<BoolExpr> assumed = withSummaries ? List.of(summaries.literal()) : List.of();
            if (!pins.isEmpty()) {
                List<BoolExpr> pinned = new ArrayList<>(pins.values());
                pinned.addAll(assumed);
                SmtResult r = solver.check(pinned);
                if (!(r instanceof SmtResult.Unsat)) {
                    return r;
                }
                pins.clear();
                pinning = false;
            }
            SmtResult r = solver.check(assumed);
            if (r instanceof SmtResult.Unsat && withSummaries && !options.summaryProofs()) {
                withSummaries = false;
                return solver.check();
            }
            return r;
        }

        /** The checker of a SAFE answer's certificate, also of the loop summaries before they enter F. */
        private CertificateChecker checker() {
            return new CertificateChecker(ctx, loops, smt, options.cegar().policy().candidateJointResources(), acceleration,
                    options.cegar().pdr().relaxation());
        }

        /**
         * Refines the weakly modeled loop of the spurious {@code cex}, then the other loops on its path
         * if needed; null when some invariant was strengthened (F changed), else the final verdict.
         */
        private Verdict refineFor(Counterexample cex) {
            List<LoopVisit> visits = cex.loopVisits();
            if (visits.isEmpty()) {
                return Verdict.unknown("the interpreter does not confirm a loop-free counterexample at "
                        + cex.violated().loc(), statistics());
            }
            List<Integer> order = new ArrayList<>();
            int weak = findWeaklyModeledLoop(cex);
            if (weak >= 0) {
                order.add(weak);
            }
            for (int i = visits.size() - 1; i >= 0; i--) {
                if (i != weak) {
                    order.add(i);
                }
            }
            LoopTrace[] traces = new LoopTrace[visits.size()];
            for (int i : order) {
                LoopVisit v = visits.get(i);
                RefineOutcome o = refineVisit(i, v);
                if (o == null) {
                    return null;
                }
                if (o instanceof RefineOutcome.Strengthened) {
                    pins.clear();
                    return null;
                }
                if (o instanceof RefineOutcome.Undecided u) {
                    return Verdict.unknown(cancelled.isSet() ? cancelled.get() : u.reason(), statistics());
                }
                traces[i] = ((RefineOutcome.Reachable) o).trace();
            }
            Execution replay = replayFromEntry(ReplayInputs.of(cex, Arrays.asList(traces), program.semantics().indexType().width()));
            if (replay.hitsAssertion()) {
                return unsafe(replay);
            }
            return Verdict.unknown("every loop on the counterexample path to " + cex.violated().loc()
                    + " can reach its part of it, but the composed inputs do not replay to a failing assertion",
                    statistics());
        }

        /**
         * Algorithm 4.4 for the i-th loop visit, with the B's of the {@link RefinementPolicy} in its
         * order (by default: with generalization B is first as large as still helps, then narrower,
         * down to the visit's point (c_b, c_e); without, the point alone). Every B contains the
         * point, so a larger one shown unreachable excludes it too. PDR gets the policy's budget for
         * each B; what it learns there stays in the loop's trace for the next one. A
         * violation B shown reachable ends at a real point of the loop that F admits: F is then
         * pinned to it (null is returned) so that the next counterexample takes that visit, which
         * {@link #reachable} already knows.
         */
        private RefineOutcome refineVisit(int i, LoopVisit v) {
            Loop l = v.loop();
            Endpoint point = Endpoint.of(l, v.before(), v.after());
            LoopTrace known = reachable.getOrDefault(l, Map.of()).get(point);
            if (known != null) {
                return new RefineOutcome.Reachable(known);
            }
            RefinementPolicy policy = options.cegar().policy();
            List<CegarOptions.BadKind> kinds = policy.bads(i, options.cegar().generalization());
            List<BoolExpr> formulas = kinds.stream().map(k -> bad(k, l, v)).toList();
            RefineOutcome o = null;
            for (int b = 0; b < kinds.size(); b++) {
                CegarOptions.BadKind bad = kinds.get(b);
                o = refiner.refine(l, formulas.get(b), policy.budget(bad, options.cegar().pdr().timeout()));
                if (o instanceof RefineOutcome.Undecided && bad.wide() && !cancelled.isSet()) {
                    continue;
                }
                if (!(o instanceof RefineOutcome.Reachable r)) {
                    return o;
                }
                Endpoint end = Endpoint.of(l, r.trace().before(), r.trace().after());
                reachable.computeIfAbsent(l, k -> new HashMap<>()).put(end, r.trace());
                if (end.equals(point)) {
                    return o;
                }
                if (bad.pinsF() && pinning) {
                    pins.put(l, pin(l, end));
                    return null;
                }
            }
            return o;
        }

        /** The formula of a B of Algorithm 4.4 for the visit {@code v} of loop {@code l} (all are built before PDR runs). */
        private BoolExpr bad(CegarOptions.BadKind kind, Loop l, LoopVisit v) {
            return switch (kind) {
                case VIOLATIONS -> refiner.violationBad(l);
                case GENERALIZED -> store.generalizedBad(l, generalizer.generalize(l, v.before(), v.after()));
                case ENTRY_VIOLATIONS -> ctx.mkAnd(refiner.violationBad(l), store.pointBad(l, v.before(), Map.of()));
                case POINT -> store.pointBad(l, v.before(), v.after());
            };
        }

        /** F's loop site of {@code l} taken, with the values {@code end} around its invariant. */
        private BoolExpr pin(Loop l, Endpoint end) {
            List<BoolExpr> eqs = new ArrayList<>();
            for (LoopSite site : encoding.loopSites()) {
                if (site.loop() == l) {
                    eqs.add(site.headVar());
                    site.pre().forEach((v, e) -> pinTo(eqs, v, e, end.before().get(v)));
                    site.post().forEach((v, e) -> pinTo(eqs, v, e, end.after().get(v)));
                }
            }
            return ctx.mkAnd(eqs.toArray(new BoolExpr[0]));
        }

        /** x = value for a scalar's variant; arrays are not pinned (PDR's traces do not say their values). */
        private void pinTo(List<BoolExpr> eqs, Variable v, Expr<?> variant, Long value) {
            if (!v.isArray()) {
                eqs.add(ctx.mkEq(variant, ctx.mkBV(value, ((BitVecExpr) variant).getSortSize())));
            }
        }

        /**
         * Algorithm 4.3: the last loop visit on the path from whose head, with the values before its
         * invariant and the model's inputs, the interpreter does not hit an assertion; -1 if there is
         * none. A run that ends without hitting one is preferred to a run that reaches the step bound,
         * which also counts as not hitting (it may just be long).
         */
        private int findWeaklyModeledLoop(Counterexample cex) {
            List<LoopVisit> visits = cex.loopVisits();
            HavocValues values = singleValues(cex);
            InputOracle inputs = InputOracle.fromValues(values.scalars(), values.arrays(), 0L);
            int bounded = -1;
            for (int i = visits.size() - 1; i >= 0; i--) {
                LoopVisit v = visits.get(i);
                Execution run = headInterpreter.run(v.loop().head(), v.before(), v.arraysBefore(), inputs);
                if (run.outcome() == Execution.Outcome.STEP_LIMIT) {
                    bounded = bounded < 0 ? i : bounded;
                } else if (!run.hitsAssertion()) {
                    return i;
                }
            }
            return bounded;
        }

        /** Adds b_H ⇒ LI_l for the invariants learned since the last update (thesis §4.3.3, "update F"). */
        private void updateF() {
            for (Map.Entry<LoopSite, Integer> e : instantiated.entrySet()) {
                BoolExpr inv = store.instantiateFrom(e.getKey(), e.getValue());
                solver.add(inv);
                ConservedEqualities.normalForms(ctx, List.of(inv)).forEach(solver::add);
                ConservedEqualities.entailments(ctx, List.of(inv), List.of(encoding.formula())).forEach(solver::add);
                ConservedEqualities.definitionEntailments(ctx, encoding.formula(), List.of(inv)).forEach(solver::add);
                e.setValue(store.count(e.getKey().loop()));
            }
        }

        /**
         * SAFE once {@link CertificateChecker} accepts the invariants; a certificate it rejects is a bug
         * ({@link InternalCheckFailure}) unless the run was cancelled while it checked.
         */
        private Verdict certified() {
            progress.report("re-checking the loop invariants (the certificate)");
            beforeCertification.accept(ctx, loops, store);
            summariesNeeded = withSummaries;
            String problem = withSummaries ? checker().check(encoding, store, summaries.summaries(), summaries.clausesInForce())
                    : checker().check(encoding, store);
            if (problem != null) {
                if (cancelled.isSet()) {
                    return Verdict.unknown(cancelled.get(), statistics());
                }
                throw new InternalCheckFailure("certificate rejected: " + problem);
            }
            EntryConstants entry = new EntryConstants(program);
            List<Verdict.LoopCertificate> certs = new ArrayList<>();
            Map<Loop, CandidateInvariants.Outcome> seeds = refiner.seedOutcomes();
            for (Loop l : loops.loops()) {
                SourceLoc head = Evidence.headLocation(l.head());
                SourceLoc statement = Evidence.statementLocation(l.head());
                LoopInvariantStore.Templates t = store.templates(l);
                BoolExpr li = store.conjunction(l);
                HeadInvariant atHead = HeadInvariant.of(ctx, l, t, li, entry.atEntry(l), program.addresses(), refiner.readFacts(l));
                InvariantPrinter overHead = new InvariantPrinter(ctx, atHead.names(), atHead.arrays(), program.addresses());
                String invariant = store.count(l) == 0 ? "1" : printed(l, t, seeds.get(l));
                String summary = withSummaries ? summaries.describe(l) : null;
                if (summary != null) {
                    invariant = invariant + " && accelerated phases " + summary;
                }
                certs.add(new Verdict.LoopCertificate(head, invariant, statement,
                        overHead.print(atHead.formula()), atHead.conjectures().stream().map(overHead::print).toList(),
                        frameCover(l, t, entry.atEntry(l))));
            }
            return Verdict.safe(certs, statistics());
        }

        /**
         * The final frame of l's last PDR call over its state variables (the values before the loop,
         * with {@code entry}'s constants, then at the head), as the report draws it; null if PDR proved
         * nothing for l.
         */
        private Verdict.FrameCover frameCover(Loop l, LoopInvariantStore.Templates t, Map<Variable, Object> entry) {
            List<Aru> arus = refiner.cover(l);
            if (arus == null) {
                return null;
            }
            List<Verdict.CoverVar> vars = new ArrayList<>();
            t.before().forEach((v, s) -> vars.add(new Verdict.CoverVar(name(v), false, s.width(), v.type().signed(),
                    entry.get(v) instanceof Long c ? c : null)));
            t.end().forEach((v, s) -> vars.add(new Verdict.CoverVar(name(v), true, s.width(), v.type().signed(), null)));
            int polytopeWidth = Encoding.of(ctx, t.all(), options.cegar().pdr().extraPolytopeBits()).polytopeWidth();
            return new Verdict.FrameCover(vars, polytopeWidth, arus);
        }

        private static String name(Variable v) {
            return v.sourceName() != null ? v.sourceName() : v.name();
        }

        /**
         * LI_l as C: the mined invariants that its seed kept, as they read (thesis §6.1: P on entry
         * implies P at the head, where P's entry value is not known to hold), those kept only
         * together under their common premise, then what PDR learned.
         */
        private String printed(Loop l, LoopInvariantStore.Templates t, CandidateInvariants.Outcome seed) {
            List<String> parts = new ArrayList<>();
            List<BoolExpr> learned = store.invariants(l);
            if (seed != null && !seed.kept().isEmpty()) {
                InvariantEncoder encoder = new InvariantEncoder(ctx);
                List<String> premise = new ArrayList<>();
                seed.entry().forEach(e -> premise.add(e.toString()));
                List<String> together = new ArrayList<>();
                for (Invariant inv : seed.kept()) {
                    boolean needsPremise = encoder.needsPremise(inv, t.beforeExprs());
                    if (seed.joint().contains(inv)) {
                        if (needsPremise) {
                            premise.add(atEntry(l, inv).toString());
                        }
                        together.add(inv.toString());
                    } else {
                        parts.add(needsPremise ? "(!(" + atEntry(l, inv) + ") || " + inv + ")" : inv.toString());
                    }
                }
                if (!together.isEmpty()) {
                    parts.add("(!(" + String.join(" && ", premise) + ") || (" + String.join(" && ", together) + "))");
                }
                learned = learned.subList(1, learned.size());
            }
            if (!learned.isEmpty()) {
                parts.add(new InvariantPrinter(ctx, l, t, program.addresses()).print(ctx.mkAnd(learned.toArray(new BoolExpr[0]))));
            }
            return parts.isEmpty() ? "1" : String.join(" && ", parts);
        }

        /** {@code inv} with the head values of l's updated variables read as their entry values. */
        private Invariant atEntry(Loop l, Invariant inv) {
            return inv.rename(t -> !t.old() && l.updated().contains(t.variable()) ? new Term(t.variable(), true) : t);
        }

        private Execution replayFromEntry(HavocValues values) {
            return replayFromEntry(values, 0);
        }

        /** A replay whose step bound is raised by {@code acceleratedSteps}, the steps of the accelerated passes it should take. */
        private Execution replayFromEntry(HavocValues values, long acceleratedSteps) {
            long bound = options.maxInterpreterSteps() > Long.MAX_VALUE - acceleratedSteps ? Long.MAX_VALUE
                    : options.maxInterpreterSteps() + acceleratedSteps;
            return interpreter.run(program.entry(), Map.of(), InputOracle.fromValues(values.scalars(), values.arrays(), 0L), bound,
                    cancelled::isSet);
        }

        private Verdict unsafe(Execution run) {
            return Evidence.unsafe(program, run, statistics());
        }

        private VerifierStatistics statistics() {
            InvariantRefiner r = refiner;
            List<VerifierStatistics.LoopRefinements> perLoop = new ArrayList<>();
            for (Loop l : loops.loops()) {
                perLoop.add(new VerifierStatistics.LoopRefinements(Evidence.headLocation(l.head()),
                        r == null ? 0 : r.refinements().getOrDefault(l, 0)));
            }
            return new VerifierStatistics(program.blocks().size(), program.variables().size(), loops.loops().size(),
                    iterations, smt.calls() + (r == null ? 0 : r.pdrSmtCalls()),
                    smt.seconds() + (r == null ? 0 : r.pdrSmtSeconds()),
                    r == null ? 0 : r.pdrCalls(), r == null ? 0 : r.pdrSeconds(),
                    r == null ? VerifierStatistics.Simulation.NONE : r.simulation(), perLoop,
                    (System.nanoTime() - start) / 1e9, dynamic).withAcceleration(summaries.statistics(summariesNeeded));
        }
    }

    /** A loop's scalar values around its invariant: R_l before it and U_l after it (PDR does not see arrays). */
    private record Endpoint(Map<Variable, Long> before, Map<Variable, Long> after) {
        static Endpoint of(Loop l, Map<Variable, Long> before, Map<Variable, Long> after) {
            Map<Variable, Long> b = new HashMap<>();
            l.referenced().stream().filter(v -> !v.isArray()).forEach(v -> b.put(v, before.getOrDefault(v, 0L)));
            Map<Variable, Long> a = new HashMap<>();
            l.updated().stream().filter(v -> !v.isArray()).forEach(v -> a.put(v, after.getOrDefault(v, 0L)));
            return new Endpoint(b, a);
        }
    }

    /** The model's value for each havoc on its path, as the first occurrence of that havoc. */
    private static HavocValues singleValues(Counterexample cex) {
        HavocValues values = new HavocValues();
        cex.havocValues().forEach(values::add);
        cex.arrayHavocValues().forEach(values::add);
        return values;
    }
}
