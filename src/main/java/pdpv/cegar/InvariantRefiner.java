package pdpv.cegar;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.Variable;
import pdpv.daikon.BoundedIncrements;
import pdpv.daikon.ConservedSums;
import pdpv.daikon.Invariant;
import pdpv.encode.LoopSite;
import pdpv.encode.ProgramEncoding;
import pdpv.pdr.Aru;
import pdpv.pdr.PdrResult;
import pdpv.smt.SmtStatistics;

/**
 * Thesis Algorithm 4.4, {@code refine(l, c)}: calls PDR on loop l's instance (§4.3.3) with the
 * counterexample as B. If B is unreachable, the invariant PDR found strengthens LI_l. If PDR finds
 * a counterexample sequence, each of its steps is checked for nested loops whose invariant admits
 * the step although their body does not: such a loop is refined first (recursively, with the
 * values around its invariant in that step as B) and PDR is called again with the stronger T. A
 * sequence without such a step is real. Counterexample generalization (Alg. 4.5) is the caller's:
 * B may be any formula over the loop's state variables.
 */
final class InvariantRefiner {
    private final Context ctx;
    private final LoopInvariantStore store;
    private final ProgramEncoding encoding;
    private final CegarOptions options;
    private final InstanceDump dump;
    private final Map<Loop, RefinementInstance> instances = new HashMap<>();
    private final Map<Loop, Integer> refinements = new LinkedHashMap<>();
    /** The ARUs of the final frame of each loop's last PDR call that held (thesis §3.2), over its instance's state variables. */
    private final Map<Loop, List<Aru>> covers = new HashMap<>();
    private final List<RefinementInstance> used = new ArrayList<>();
    private final Map<Loop, BoolExpr> seeds = new HashMap<>();
    private final Map<Loop, CandidateInvariants.Outcome> seedOutcomes = new LinkedHashMap<>();
    private final SmtStatistics seedStats = new SmtStatistics();
    /** The arrays a loop's value cell invariant fills, with its values c1·j + c0 ({@link CellInvariants}). */
    private final Map<Variable, java.math.BigInteger[]> filled = new HashMap<>();
    private volatile RefinementInstance running;
    private volatile CandidateInvariants checking;
    private volatile boolean cancelled;
    private long pdrCalls;
    private double pdrSeconds;
    private final Progress progress;

    /** {@code dump}, if not null, gets the instance of every PDR call; {@code progress} hears of each call and frame. */
    InvariantRefiner(Context ctx, ProgramEncoding encoding, LoopInvariantStore store,
                     CegarOptions options, InstanceDump dump, Progress progress) {
        this.dump = dump;
        this.progress = progress;
        this.ctx = ctx;
        this.encoding = encoding;
        this.store = store;
        this.options = options;
    }

    /**
     * The instance of {@code l}: kept across calls with memoization, otherwise fresh; either way
     * with l's seed (see {@link #seed}) as an external invariant.
     */
    RefinementInstance instance(Loop l) {
        if (!options.memoization()) {
            return build(l);
        }
        return instances.computeIfAbsent(l, this::build);
    }

    private RefinementInstance build(Loop l) {
        RefinementInstance inst = new RefinementInstance(ctx, encoding, l, store, options, encoding.formula(), encoding.hasArrays());
        used.add(inst);
        BoolExpr seed = seeds.get(l);
        if (seed != null) {
            inst.addExternalInvariant(seed);
        }
        return inst;
    }

    /**
     * Seeds loop {@code l} with the inductive ones among the likely invariants {@code candidates}
     * and the sums that every path of its body conserves ({@link ConservedSums}, which need no
     * test) (thesis §6.1, checked by {@link CandidateInvariants}): their conjunction becomes a conjunct
     * of LI_l and an external invariant of l's PDR engine. Call it once per loop, inner loops first
     * (their seeds then strengthen the outer loop's T), before any refinement. The {@code increments}
     * ({@link #boundedIncrements}) are checked with the candidates that Houdini keeps only together,
     * under the common premise {@code entry}: facts over l's values on entry that hold on every entry
     * into it ({@link CandidateInvariants#inductive}).
     */
    CandidateInvariants.Outcome seed(Loop l, List<Invariant> candidates, List<Invariant> entry, List<Invariant> increments) {
        if (seeds.containsKey(l) || store.count(l) > 0) {
            throw new IllegalStateException("loop at B" + l.head().id() + " is seeded after it was refined or seeded");
        }
        RefinementInstance inst = instance(l);
        CandidateInvariants check = new CandidateInvariants(ctx, seedStats, options.policy(), options.pdr().relaxation());
        checking = check;
        if (cancelled) {
            return new CandidateInvariants.Outcome(List.of(), ctx.mkTrue(), 0, candidates.size(), 0, 0);
        }
        CandidateInvariants.Outcome o;
        try {
            LoopInvariantStore.Templates t = store.templates(l);
            Map<Variable, Expr<?>> next = inst.iteration().nextFunctions();
            // the nested loops' seeds are in the store already (inner loops are seeded first), as in inst's T
            Step step = Step.of(t, next, store, l, inst.iteration().dag().loopSites(), encoding.loops().dominators());
            o = check.inductive(candidates, ConservedSums.of(t.endExprs(), next), t, inst.system(), step, entry, increments);
        } finally {
            checking = null;
        }
        seedOutcomes.put(l, o);
        if (!o.kept().isEmpty()) {
            seeds.put(l, o.formula());
            store.add(l, o.formula());
            inst.addExternalInvariant(o.formula());
        }
        return o;
    }

    /**
     * Adds to LI_l the cell invariants of loop {@code l} (issue #20, {@link CellInvariants}) that are
     * inductive over its exact pass given what LI_l says so far; call it after {@link #seed}. PDR,
     * which sees arrays only through {@link ArrayAbstraction}, does not get them. Returns how many.
     */
    int seedCells(Loop l, pdpv.daikon.LoopSamples samples) {
        if (cancelled) {
            return 0;
        }
        List<CellInvariants.Candidate> cells = new CellInvariants(ctx, seedStats, options.policy().candidateResources())
                .inductive(encoding, store, l, store.conjunction(l), samples);
        for (CellInvariants.Candidate c : cells) {
            store.add(l, c.quantified(ctx));
            if (c.array() != null) {
                filled.put(c.array(), c.fit());
            }
        }
        return cells.size();
    }

    /**
     * Adds to LI_l what the {@code dropped} likely invariants (those {@link #seed} did not keep) say
     * once the arrays l reads and does not write are assumed to hold what an earlier loop's cell
     * invariants filled them with ({@link CellInvariants#readOnly}; seed the loops in program order,
     * inner ones first). Returns how many of them are kept.
     */
    int seedReadCells(Loop l, List<Invariant> dropped) {
        if (cancelled || filled.isEmpty() || dropped.isEmpty()) {
            return 0;
        }
        List<BoolExpr> candidates = overLoop(l, dropped);
        List<BoolExpr> kept = new CellInvariants(ctx, seedStats, options.policy().candidateResources())
                .readOnly(encoding, store, l, store.conjunction(l), filled, candidates);
        kept.forEach(c -> store.add(l, c));
        return kept.isEmpty() ? 0 : pdpv.smt.Conjuncts.of((BoolExpr) kept.get(0).getArgs()[1]).size();
    }

    /**
     * Adds to LI_l what the likely invariants over the cells of the small arrays loop {@code l}
     * writes ({@code candidates}) give, {@link CellInvariants#smallArrays}; PDR, which sees arrays
     * only through {@link ArrayAbstraction}, does not get them. Returns how many conjuncts.
     */
    int seedCellTerms(Loop l, List<Invariant> candidates) {
        if (cancelled || candidates.isEmpty()) {
            return 0;
        }
        List<BoolExpr> kept = new CellInvariants(ctx, seedStats, options.policy().candidateResources())
                .smallArrays(encoding, store, l, store.conjunction(l), mapped(l, candidates));
        kept.forEach(c -> store.add(l, c));
        return kept.size();
    }

    /** The likely invariants {@code invs} over loop {@code l}'s templates (thesis §6.1's mapping); one the templates cannot mention is left out. */
    private List<BoolExpr> overLoop(Loop l, List<Invariant> invs) {
        return encodeEach(l, invs, (encoder, inv, t) -> encoder.overLoop(inv, t.beforeExprs(), t.endExprs()));
    }

    /** Each of {@code invs} on entry to loop {@code l} and at its head; one the templates cannot mention is left out. */
    private List<CellInvariants.Mapped> mapped(Loop l, List<Invariant> invs) {
        return encodeEach(l, invs, (encoder, inv, t) -> new CellInvariants.Mapped(encoder.atEntry(inv, t.beforeExprs()),
                encoder.atHead(inv, t.beforeExprs(), t.endExprs())));
    }

    /** How one likely invariant is encoded over a loop's templates. */
    private interface Encoding<T> {
        T of(pdpv.daikon.InvariantEncoder encoder, Invariant inv, LoopInvariantStore.Templates t);
    }

    /** {@code invs} encoded over loop {@code l}'s templates by {@code encoding}; one the templates cannot mention is left out. */
    private <T> List<T> encodeEach(Loop l, List<Invariant> invs, Encoding<T> encoding) {
        LoopInvariantStore.Templates t = store.templates(l);
        pdpv.daikon.InvariantEncoder encoder = new pdpv.daikon.InvariantEncoder(ctx);
        List<T> out = new ArrayList<>();
        for (Invariant inv : invs) {
            try {
                out.add(encoding.of(encoder, inv, t));
            } catch (IllegalArgumentException e) {
                // over a variable the templates cannot mention: not offered
            }
        }
        return out;
    }

    /** The unchecked whole-array facts over the arrays loop {@code l} reads and does not write ({@link CellInvariants#wholeArrays}). */
    List<BoolExpr> readFacts(Loop l) {
        return filled.isEmpty() ? List.of() : new CellInvariants(ctx, seedStats, options.policy().candidateResources())
                .wholeArrays(store.templates(l), filled);
    }

    /** The bounds of loop {@code l}'s increments by its counters' progress ({@link BoundedIncrements}): candidates that need no test. */
    List<Invariant> boundedIncrements(Loop l) {
        return BoundedIncrements.of(store.templates(l).endExprs(), instance(l).iteration().nextFunctions());
    }

    /** What {@link #seed} made of each seeded loop's candidates. */
    Map<Loop, CandidateInvariants.Outcome> seedOutcomes() {
        return Map.copyOf(seedOutcomes);
    }

    /**
     * All counterexamples through loop l at once, as B over l's state variables: F on a path
     * through l's head (b_H) with the current
     * loop invariants, l's values before and after its invariant LI_l renamed to x_b and x_e, the
     * rest of F's constants left as inputs. If PDR proves it unreachable, the invariant it finds
     * excludes every path of F through l; it contains the point of any model of F.
     */
    BoolExpr violationBad(Loop l) {
        List<BoolExpr> conjuncts = new ArrayList<>();
        conjuncts.add(encoding.formula());
        LoopSite own = null;
        for (LoopSite site : encoding.loopSites()) {
            conjuncts.add(store.instantiateFrom(site, 0));
            own = site.loop() == l ? site : own;
        }
        conjuncts.add(own.headVar());
        LoopInvariantStore.Templates t = store.templates(l);
        List<Expr<?>> from = new ArrayList<>();
        List<Expr<?>> to = new ArrayList<>();
        Map<Variable, Expr<?>> before = t.beforeExprs();
        Map<Variable, Expr<?>> end = t.endExprs();
        own.pre().forEach((v, e) -> {
            from.add(e);
            to.add(before.get(v));
        });
        own.post().forEach((v, e) -> {
            from.add(e);
            to.add(end.get(v));
        });
        BoolExpr f = ctx.mkAnd(conjuncts.toArray(new BoolExpr[0]));
        return (BoolExpr) f.substitute(from.toArray(new Expr<?>[0]), to.toArray(new Expr<?>[0]));
    }

    /** Alg. 4.4 for loop {@code l} and B = {@code bad} over l's state variables, PDR with the options' timeout. */
    RefineOutcome refine(Loop l, BoolExpr bad) {
        return refine(l, bad, options.pdr().timeout());
    }

    /** Alg. 4.4 with at most {@code budget} for each PDR call; running out of it leaves l undecided. */
    RefineOutcome refine(Loop l, BoolExpr bad, Duration budget) {
        while (true) {
            RefinementInstance inst = instance(l);
            PdrResult result = runPdr(l, inst, bad, budget);
            if (dump != null) {
                dump.write(l, inst.system(), result);
            }
            if (result instanceof PdrResult.Holds holds) {
                store.add(l, holds.invariant());
                covers.put(l, holds.cover());
                refinements.merge(l, 1, Integer::sum);
                return new RefineOutcome.Strengthened();
            }
            if (result instanceof PdrResult.Unknown u) {
                return new RefineOutcome.Undecided("PDR on " + Evidence.describe(l) + ": " + u.reason());
            }
            PdrResult.Fails trace = (PdrResult.Fails) result;
            List<Map<Block, LoopTrace>> nested = new ArrayList<>();
            RefineOutcome spurious = null;
            for (int k = 0; k < trace.length() && spurious == null; k++) {
                Map<Block, LoopTrace> real = new LinkedHashMap<>();
                for (RefinementInstance.NestedVisit visit : inst.nestedVisits(trace, k)) {
                    Loop inner = visit.site().loop();
                    RefineOutcome o = refine(inner, store.pointBad(inner, visit.before(), visit.after()), budget);
                    if (o instanceof RefineOutcome.Reachable r) {
                        real.put(inner.head(), r.trace());
                    } else {
                        spurious = o;
                        break;
                    }
                }
                nested.add(real);
            }
            if (spurious instanceof RefineOutcome.Undecided) {
                return spurious;
            }
            if (spurious == null) {
                return new RefineOutcome.Reachable(new LoopTrace(inst, trace, nested));
            }
        }
    }

    private PdrResult runPdr(Loop l, RefinementInstance inst, BoolExpr bad, Duration budget) {
        long start = System.nanoTime();
        running = inst;
        try {
            if (cancelled) {
                return new PdrResult.Unknown("cancelled");
            }
            pdrCalls++;
            String loop = Evidence.describe(l);
            progress.report("refinement " + (refinements.getOrDefault(l, 0) + 1) + " of " + loop + ": PDR call " + pdrCalls);
            inst.onNewFrame(k -> progress.report("PDR on " + loop + ": frame " + k));
            return inst.check(bad, budget);
        } catch (IllegalStateException e) {
            if (cancelled) {
                return new PdrResult.Unknown("cancelled");
            }
            throw new InternalCheckFailure("PDR on " + Evidence.describe(l) + ": " + e.getMessage());
        } finally {
            running = null;
            pdrSeconds += (System.nanoTime() - start) / 1e9;
        }
    }

    /** Cancels the running PDR call, and every later one, from another thread. */
    void cancel() {
        cancelled = true;
        CandidateInvariants check = checking;
        if (check != null) {
            check.cancel();
        }
        RefinementInstance inst = running;
        if (inst != null) {
            inst.cancel();
        }
    }

    long pdrCalls() {
        return pdrCalls;
    }

    double pdrSeconds() {
        return pdrSeconds;
    }

    /** SMT checks made by all PDR engines and candidate checks so far. */
    long pdrSmtCalls() {
        return seedStats.calls() + used.stream().mapToLong(i -> i.statistics().smtCalls() + i.lookaheadStatistics().calls()).sum();
    }

    double pdrSmtSeconds() {
        return seedStats.seconds()
                + used.stream().mapToDouble(i -> i.statistics().smtSeconds() + i.lookaheadStatistics().seconds()).sum();
    }

    /** Expansion by simulation in all PDR engines so far. */
    VerifierStatistics.Simulation simulation() {
        return used.stream().map(i -> VerifierStatistics.Simulation.of(i.statistics()))
                .reduce(VerifierStatistics.Simulation.NONE, VerifierStatistics.Simulation::plus);
    }

    /** The number of successful refinements per loop. */
    /**
     * The cover of the final frame of {@code l}'s last PDR call that held, over the state variables
     * of its instance ({@link LoopInvariantStore.Templates#all}); null if PDR never proved a bound for l.
     */
    List<Aru> cover(Loop l) {
        return covers.get(l);
    }

    Map<Loop, Integer> refinements() {
        return Map.copyOf(refinements);
    }
}
