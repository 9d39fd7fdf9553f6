package pdpv.pdr;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Z3Exception;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.function.IntConsumer;
import pdpv.smt.Cancellation;
import pdpv.smt.SmtSolver;

/**
 * The QF_BV PDR algorithm (Alg. 2.1 with RECOVERCUBE of Alg. 2.2 / RECOVERPOLYTOPE of Alg. 3.1).
 * Proof obligations are points specialized to a Boolean cube with probability c, else to a polytope
 * (§3.2.3), and expanded (§3.3). Lemmas that hold relative to the frame ∞ of {@link Frames} stay
 * there for good, and once F_∞ excludes B it is the invariant. The engine keeps its trace between
 * calls (§4.3.3): a later call may bring a new B and a stronger T with the same I. {@link #cancel}
 * stops every solver the engine uses, the running check included, and the loops between the checks.
 */
public final class PdrEngine {
    /** RESHAPE and EXPAND are repeated while they change the lemma, at most this often. */
    private static final int RESHAPE_ROUNDS = 3;
    private final Context ctx;
    private final PdrOptions options;
    private final PdrStatistics stats = new PdrStatistics();
    private final Random rng;
    private final Encoding enc;
    private final Cancellation cancellation;
    private final Budget budget;
    private final SmtSolver solver;
    private final SolverQueries queries;
    private final Frames frames;
    private final Expander expander;
    private final Reshaper reshaper;
    private final ObligationExpander obligations;
    private final BoolExpr transActivation;
    private final List<BoolExpr> externalInvariants = new ArrayList<>();
    private TransitionSystem ts;
    private BoolExpr badActivation;
    private int badCount;
    private long nextObligationId;
    private IntConsumer frameListener = k -> { };

    public PdrEngine(Context ctx, TransitionSystem ts, PdrOptions options) {
        this.ctx = ctx;
        this.ts = ts;
        this.options = options;
        this.rng = new Random(options.seed());
        this.enc = Encoding.of(ctx, ts.vars(), options.extraPolytopeBits());
        this.cancellation = new Cancellation(ctx);
        this.budget = new Budget(cancellation);
        this.solver = new SmtSolver(ctx, stats.smt, cancellation, options.relaxation());
        this.queries = new SolverQueries(solver, enc, ts, options.generalizationResources());
        this.frames = new Frames(solver, enc, ts);
        this.expander = new Expander(enc, stats, rng, budget);
        this.reshaper = new Reshaper(enc, options, stats, budget);
        this.obligations = new ObligationExpander(ctx, enc, options, stats, expander, cancellation);
        this.transActivation = ctx.mkBoolConst("pdr!trans");
        solver.add(ctx.mkImplies(transActivation, ts.trans()));
        setBad(ts.bad());
        frames.pushNewFrame();
        stats.frames = frames.top() + 1;
    }

    public PdrStatistics statistics() {
        return stats;
    }

    /** Assumes J(x) and J(x′) in all queries (6.1, 6.2); J must hold in every reachable state. */
    public void addExternalInvariant(BoolExpr invariant) {
        externalInvariants.add(invariant);
        solver.add(invariant);
        solver.add(ctx.mkImplies(transActivation, ts.prime(invariant)));
    }

    /** Decides whether B is reachable (Alg. 2.1). */
    public PdrResult check() {
        return checkWithin(options.timeout());
    }

    private PdrResult checkWithin(Duration time) {
        budget.start(time);
        solver.setTimeoutMillis(time.toMillis());
        try {
            PdrResult result = run();
            verify(result);
            return result;
        } catch (PdrInterrupted e) {
            return new PdrResult.Unknown(e.getMessage());
        } catch (Z3Exception e) {
            if (cancellation.isCancelled()) {
                return new PdrResult.Unknown(cancellation.reason());
            }
            throw e;
        }
    }

    /** Reuse (§4.3.3): a new B and T ∧ {@code strongerTrans} as transition relation; frames are kept. */
    public PdrResult check(BoolExpr newBad, BoolExpr strongerTrans) {
        return check(newBad, strongerTrans, options.timeout());
    }

    /**
     * Reuse with a budget shorter than the options' timeout; running out of it answers Unknown
     * ("timeout") and leaves the frames usable for later calls.
     */
    public PdrResult check(BoolExpr newBad, BoolExpr strongerTrans, Duration time) {
        solver.add(ctx.mkImplies(transActivation, strongerTrans));
        ts = ts.strengthened(ctx, strongerTrans, newBad);
        setBad(newBad);
        return checkWithin(time.compareTo(options.timeout()) < 0 ? time : options.timeout());
    }

    /**
     * Cancels from another thread: the running check, or the next one, answers Unknown soon. The
     * engine is not reused afterwards.
     */
    public void cancel() {
        cancellation.cancel("cancelled");
    }

    private void setBad(BoolExpr bad) {
        badActivation = ctx.mkBoolConst("pdr!bad" + badCount++);
        solver.add(ctx.mkImplies(badActivation, bad));
    }

    private PdrResult run() {
        Optional<PdrResult> initialBad = badInitialState();
        if (initialBad.isPresent()) {
            return initialBad.get();
        }
        while (true) {
            Optional<ProofObligation> bad = findBadCube();
            if (bad.isPresent()) {
                Optional<ProofObligation> trace = recoverCube(bad.get());
                if (trace.isPresent()) {
                    return counterexample(trace.get());
                }
            } else if (infinityExcludesBad()) {
                return invariant(Frames.INFINITY);
            } else {
                pushNewFrame();
                Optional<Integer> fixpoint = propagate();
                if (fixpoint.isPresent()) {
                    return invariant(fixpoint.get());
                }
            }
        }
    }

    /** F_∞ is an inductive invariant; if it excludes B, it is the answer without waiting for a fixpoint. */
    private boolean infinityExcludesBad() {
        return !queries.check(badAssumptions(Frames.INFINITY), List.of(), empty(), current(), current()).sat();
    }

    private Optional<PdrResult> badInitialState() {
        List<BoolExpr> assume = new ArrayList<>(frames.assumptions(0));
        assume.add(badActivation);
        SolverQueries.Outcome o = queries.check(assume, List.of(), empty(), current(), current());
        if (!o.sat()) {
            return Optional.empty();
        }
        Aru point = BooleanCube.ofPoint(o.model().state(), enc);
        return Optional.of(counterexample(new ProofObligation(point, 0, 0, nextObligationId++, null)));
    }

    /** FINDBADCUBE (query 2.1): an uncovered bad point in the last frame, specialized and expanded (check 3.3). */
    private Optional<ProofObligation> findBadCube() {
        budget.check();
        SolverQueries.Outcome o = queries.check(badAssumptions(frames.top()), List.of(), empty(), current(), current());
        if (!o.sat()) {
            return Optional.empty();
        }
        Aru aru = obligations.expandBad(specialize(o.model().state()), o.model(), ts);
        stats.proofObligations++;
        return Optional.of(new ProofObligation(aru, frames.top(), 0, nextObligationId++, null));
    }

    /** Assumptions for F_level ∧ B. */
    private List<BoolExpr> badAssumptions(int level) {
        List<BoolExpr> assume = new ArrayList<>(frames.assumptions(level));
        assume.add(badActivation);
        return assume;
    }

    /** RECOVERCUBE (Alg. 2.2/3.1) with an obligation queue; answers the head of a trace if B is reachable. */
    private Optional<ProofObligation> recoverCube(ProofObligation bad) {
        if (intersectsInit(bad.aru())) {
            return Optional.of(bad);
        }
        PriorityQueue<ProofObligation> queue = new PriorityQueue<>();
        queue.add(bad);
        while (!queue.isEmpty()) {
            budget.check();
            ProofObligation o = queue.poll();
            if (o.frame() > frames.top()) {
                continue;
            }
            if (!queries.check(frames.assumptions(o.frame()), List.of(), o.aru(), current(), current()).sat()) {
                requeue(queue, o);
                continue;
            }
            SolverQueries.Outcome step = blockQuery(o.frame(), o.aru(), false);
            if (step.sat()) {
                ProofObligation pre = predecessor(o, step.model());
                if (pre.frame() == 0 || intersectsInit(pre.aru())) {
                    return Optional.of(pre);
                }
                queue.add(o);
                queue.add(pre);
            } else {
                cover(o.aru(), step.core(), o.frame());
                requeue(queue, o);
            }
        }
        return Optional.empty();
    }

    private void requeue(PriorityQueue<ProofObligation> queue, ProofObligation o) {
        if (o.frame() < frames.top()) {
            queue.add(new ProofObligation(o.aru(), o.frame() + 1, o.depth(), o.id(), o.successor()));
        }
    }

    private ProofObligation predecessor(ProofObligation o, Assignment model) {
        Aru aru = obligations.expandPredecessor(specialize(model.state()), model, o.aru(), ts);
        stats.proofObligations++;
        return new ProofObligation(aru, o.frame() - 1, o.depth() + 1, nextObligationId++, o);
    }

    /**
     * EXPAND, PROPAGATE, RESHAPE, EXPAND and add to the cover (Alg. 3.1 lines 5–9). An obligation that
     * F_∞ outside it cannot reach in one step is generalized under that stronger condition, and its
     * lemma is covered at level ∞: a lemma relative to F_{level−1} may only count steps (x_e − x_b ≥ k
     * in frame k, for a loop counter x), a lemma relative to F_∞ holds for good. Propagation moves a
     * lemma as far as it holds, to ∞ if it holds there. Reshape and expand are repeated without
     * guides: one substitution relates two variables, a lemma may need more (x_e > x_b and
     * x_e > n_b for {@code while (x < n) x++}).
     */
    private void cover(Aru blocked, BitSet core, int level) {
        CoreQuery valid;
        if (lemmaQuery(Frames.INFINITY).core(blocked) != null) {
            level = Frames.INFINITY;
            valid = lemmaQuery(level);
        } else {
            valid = initDisjoint().and(relativeInductive(level, options.ctgBudget()));
        }
        Aru aru = expander.expand(blocked, core, valid);
        level = highestLevel(aru, level);
        for (int round = 0; round < RESHAPE_ROUNDS && aru instanceof Polytope p && options.guides() > 0; round++) {
            List<Aru> guides = round == 0 ? frames.coverOf(Math.min(level, frames.top())) : List.of();
            Optional<Polytope> reshaped = reshaper.reshape(p, guides, lemmaQuery(level).and(covers(blocked)));
            if (reshaped.isEmpty()) {
                break;
            }
            aru = expander.expand(reshaped.get(), null, lemmaQuery(level));
        }
        addToCover(aru, level);
    }

    /** PROPAGATE of a new lemma for frame {@code level}: the highest level where it still is one, ∞ included. */
    private int highestLevel(Aru lemma, int level) {
        if (level == Frames.INFINITY || relativeInductive(Frames.INFINITY, 0).core(lemma) != null) {
            return Frames.INFINITY;
        }
        while (level < frames.top() && lemmaQuery(level + 1).core(lemma) != null) {
            level++;
        }
        return level;
    }

    private void addToCover(Aru aru, int level) {
        frames.add(aru, level);
        if (aru instanceof Polytope) {
            stats.polytopesAdded++;
        } else {
            stats.cubesAdded++;
        }
    }

    private void pushNewFrame() {
        frames.pushNewFrame();
        stats.frames = frames.top() + 1;
        frameListener.accept(frames.top());
    }

    /** Tells {@code listener} the number of each frame the engine opens from now on (for a progress display). */
    public void onNewFrame(IntConsumer listener) {
        this.frameListener = listener;
    }

    /** PROPAGATECUBES: moves ARUs forward; a level whose delta becomes empty gives the fixpoint. */
    private Optional<Integer> propagate() {
        for (int k = 1; k < frames.top(); k++) {
            budget.check();
            List<BoolExpr> assume = new ArrayList<>(frames.assumptions(k));
            assume.add(transActivation);
            for (Aru aru : frames.at(k)) {
                if (!queries.check(assume, List.of(), aru, next(), current()).sat()) {
                    frames.moveUp(aru, k);
                }
            }
            if (frames.at(k).isEmpty()) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }

    private PdrResult invariant(int level) {
        List<Aru> cover = frames.coverOf(level);
        List<BoolExpr> conjuncts = cover.stream().map(a -> ctx.mkNot(a.formula(enc, current()))).toList();
        return new PdrResult.Holds(enc.and(conjuncts), cover);
    }

    private PdrResult counterexample(ProofObligation head) {
        return new CounterexampleBuilder(ctx, ts, enc, stats.smt, cancellation).build(head);
    }

    /** The independent check of the answer; one that a cancel or the time limit cut short proves nothing. */
    private void verify(PdrResult result) {
        ResultChecker checker = new ResultChecker(ctx, cancellation, options.relaxation());
        String problem = null;
        if (result instanceof PdrResult.Holds holds) {
            problem = checker.checkInvariant(ts, holds.invariant(), externalInvariants);
        } else if (result instanceof PdrResult.Fails fails) {
            problem = checker.checkTrace(ts, fails);
        }
        if (problem != null) {
            budget.check();
            throw new IllegalStateException("PDR answer failed its independent check: " + problem);
        }
    }

    /** Specialization of a point (§3.2.3): a Boolean cube with probability c, else a polytope. */
    private Aru specialize(long[] point) {
        return rng.nextDouble() < options.cubeProbability() ? BooleanCube.ofPoint(point, enc) : Polytope.ofPoint(point, enc);
    }

    /**
     * Query 2.2, F_{level−1} ∧ ¬c ∧ T ∧ c′ (F_∞ ∧ ¬c ∧ T ∧ c′ for level ∞), with the core over the parts
     * of c′. A candidate check, which only decides how far a lemma generalizes, may give up.
     */
    private SolverQueries.Outcome blockQuery(int level, Aru aru, boolean candidate) {
        List<BoolExpr> assume = new ArrayList<>(frames.assumptions(level == Frames.INFINITY ? level : level - 1));
        assume.add(transActivation);
        List<BoolExpr> outside = List.of(ctx.mkNot(aru.formula(enc, current())));
        return candidate ? candidate(assume, outside, aru, next()) : queries.check(assume, outside, aru, next(), current());
    }

    /** A candidate check over {@code vars}; if it gave up because the budget is spent, the search stops. */
    private SolverQueries.Outcome candidate(List<BoolExpr> assume, List<BoolExpr> assertions, Aru aru, List<BitVecExpr> vars) {
        SolverQueries.Outcome o = queries.checkCandidate(assume, assertions, aru, vars, current());
        if (o.gaveUp()) {
            budget.check();
        }
        return o;
    }

    /** A lemma for frame {@code level}: disjoint from I and unreachable from F_{level−1} relative to itself. */
    private CoreQuery lemmaQuery(int level) {
        return initDisjoint().and(relativeInductive(level, 0));
    }

    private CoreQuery initDisjoint() {
        return aru -> candidate(frames.assumptions(0), List.of(), aru, current()).core();
    }

    /**
     * Query 2.2 as a validity check. When it fails because of a predecessor state outside I (a
     * counterexample to generalization), the state is covered in the previous frame if it is
     * unreachable from the frame before, and the check is repeated. This gives expansion lemmas about
     * variables the obligation does not mention (§7.1, x ≥ 1000). Each such lemma costs an expansion
     * of its own, so the query tries at most {@code ctgBudget} of them over all its checks: with a
     * budget per check, expanding one lemma at frame 3 of fig6_1_dijkstra_urn.c added a dozen lemmas
     * that only count steps.
     */
    private CoreQuery relativeInductive(int level, int ctgBudget) {
        int[] left = {level < 2 || level == Frames.INFINITY ? 0 : ctgBudget};
        return aru -> {
            while (true) {
                SolverQueries.Outcome o = blockQuery(level, aru, true);
                if (!o.sat()) {
                    return o.core();
                }
                if (left[0] == 0) {
                    return null;
                }
                left[0]--;
                if (!coverCounterexampleToGeneralization(o.model().state(), level - 1)) {
                    return null;
                }
            }
        };
    }

    private boolean coverCounterexampleToGeneralization(long[] state, int level) {
        Aru ctg = specialize(state);
        if (intersectsInit(ctg)) {
            return false;
        }
        SolverQueries.Outcome o = blockQuery(level, ctg, true);
        if (o.core() == null) {
            return false;
        }
        Aru aru = expander.expand(ctg, o.core(), lemmaQuery(level));
        addToCover(aru, highestLevel(aru, level));
        return true;
    }

    /** The candidate still contains the blocked obligation (reshape must not lose it). */
    private CoreQuery covers(Aru blocked) {
        return reshaped -> {
            BoolExpr outside = ctx.mkNot(reshaped.formula(enc, current()));
            boolean kept = candidate(List.of(), List.of(outside), blocked, current()).core() != null;
            return kept ? new BitSet() : null;
        };
    }

    private boolean intersectsInit(Aru aru) {
        return queries.check(frames.assumptions(0), List.of(), aru, current(), current()).sat();
    }

    private Aru empty() {
        return new BooleanCube(List.of());
    }

    private List<BitVecExpr> current() {
        return ts.currentVars();
    }

    private List<BitVecExpr> next() {
        return ts.nextVars();
    }
}
