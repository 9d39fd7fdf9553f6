package pdpv.cegar;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.enumerations.Z3_decl_kind;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import pdpv.cfg.Loop;
import pdpv.cfg.Variable;
import pdpv.encode.DagEncoding;
import pdpv.encode.LoopIteration;
import pdpv.encode.LoopSite;
import pdpv.encode.ProgramEncoding;
import pdpv.pdr.BoundedReachability;
import pdpv.pdr.InputVar;
import pdpv.pdr.PdrEngine;
import pdpv.pdr.PdrOptions;
import pdpv.pdr.PdrResult;
import pdpv.pdr.PdrStatistics;
import pdpv.pdr.StateVar;
import pdpv.pdr.TransitionSystem;
import pdpv.smt.SmtStatistics;

/**
 * The model checking instance (I, T, B) of thesis §4.3.3 for one loop l, with its PDR engine:
 * state variables x_b for R_l and x_e for U_l (the loop's {@link LoopInvariantStore.Templates});
 * I: x_e = x_b for x ∈ U_l; T in functional form, x_b′ = x_b and x_e′ = f(x_b, x_e, i) by one
 * {@link LoopIteration} under its constraints, nested loops modelled by their current invariants
 * LI_{l′} as further constraints; B: the (possibly generalized) counterexample restricted to the
 * loop, or any formula over the state variables and the constants of F, given per call. The inputs
 * i are what an iteration reads fresh (havoc values, the values a nested loop's invariant leaves
 * open) and the constants of F that a B reads besides the state variables (Boolean ones as 1-bit
 * vectors), read in the last step: simulation fixes them to the values of the model that gave the
 * bad point. The engine keeps its trace between calls: I never changes and T only gets stronger
 * when nested invariants are strengthened. Arrays (issue #20) are no state of PDR's: what T and B
 * read of them is abstracted ({@link ArrayAbstraction}), so the instance over-approximates the loop.
 */
final class RefinementInstance {
    /** Iterations within which a trace to B is looked for by unrolling before PDR runs (the policy's). */
    private final int lookaheadSteps;
    private final Context ctx;
    private final LoopInvariantStore store;
    private final LoopInvariantStore.Templates templates;
    private final LoopIteration iteration;
    private final Expr<?>[] booleans;
    private final Expr<?>[] booleanBits;
    /** Null when the program has no arrays, which then cost nothing here. */
    private final ArrayAbstraction arrays;
    private final List<StateVar> stateVars;
    private final List<InputVar> inputs = new ArrayList<>();
    private final Map<LoopSite, Integer> usedInvariants = new LinkedHashMap<>();
    private final PdrEngine engine;
    private final BoundedReachability lookahead;
    private final SmtStatistics lookaheadStats = new SmtStatistics();
    private TransitionSystem system;
    private final List<BoolExpr> notYetInEngine = new ArrayList<>();

    /** A nested loop's placeholder on one step of a trace: the values around its invariant. */
    record NestedVisit(LoopSite site, Map<Variable, Long> before, Map<Variable, Long> after) {
    }

    /**
     * {@code badVocabulary} is a formula whose constants may appear in the B of later calls besides
     * the state variables; they become inputs too, read in the last step.
     */
    RefinementInstance(Context ctx, ProgramEncoding encoding, Loop loop, LoopInvariantStore store,
                       CegarOptions cegar, BoolExpr badVocabulary, boolean hasArrays) {
        PdrOptions options = cegar.pdr();
        this.lookaheadSteps = cegar.policy().lookaheadSteps();
        this.ctx = ctx;
        this.store = store;
        this.templates = store.templates(loop);
        this.arrays = hasArrays ? new ArrayAbstraction(ctx) : null;
        this.stateVars = new ArrayList<>(templates.all());
        this.iteration = encoding.iteration(loop, templates.beforeExprs(), templates.endExprs());
        Map<String, BitVecExpr> next = new LinkedHashMap<>();
        templates.before().values().forEach(b -> next.put(b.name(), b.current()));
        templates.end().forEach((v, e) -> next.put(e.name(), (BitVecExpr) abstracted(iteration.nextFunctions().get(v))));
        List<BoolExpr> constraints = new ArrayList<>();
        iteration.constraints().forEach(c -> constraints.add(abstracted(c)));
        for (LoopSite site : iteration.dag().loopSites()) {
            constraints.add(abstracted(store.instantiateFrom(site, 0)));
            usedInvariants.put(site, store.count(site.loop()));
        }
        List<Expr<?>> vocabulary = new ArrayList<>(constraints);
        vocabulary.addAll(next.values());
        vocabulary.add(abstracted(badVocabulary));
        Set<Expr<?>> constants = freeConstants(vocabulary);
        List<Expr<?>> bools = new ArrayList<>();
        List<Expr<?>> bits = new ArrayList<>();
        for (Expr<?> c : constants) {
            if (c.isBool()) {
                BitVecExpr bit = (BitVecExpr) ctx.mkFreshConst(c.getFuncDecl().getName().toString(), ctx.mkBitVecSort(1));
                bools.add(c);
                bits.add(ctx.mkEq(bit, ctx.mkBV(1, 1)));
                inputs.add(new InputVar(bit.getFuncDecl().getName().toString(), 1, bit));
            } else {
                BitVecExpr bv = (BitVecExpr) c;
                inputs.add(new InputVar(bv.getFuncDecl().getName().toString(), bv.getSortSize(), bv));
            }
        }
        this.booleans = bools.toArray(new Expr<?>[0]);
        this.booleanBits = bits.toArray(new Expr<?>[0]);
        List<BoolExpr> init = new ArrayList<>();
        templates.end().forEach((v, e) -> init.add(ctx.mkEq(e.current(), templates.before().get(v).current())));
        this.system = TransitionSystem.functional(ctx, stateVars, inputs, and(init), next,
                constraints.stream().map(this::withBits).toList(), ctx.mkFalse());
        this.engine = new PdrEngine(ctx, system, options);
        this.lookahead = new BoundedReachability(ctx, lookaheadStats);
    }

    /** Tells {@code listener} the number of each new frame of the engine (the last one set listens). */
    void onNewFrame(java.util.function.IntConsumer listener) {
        engine.onNewFrame(listener);
    }

    /** The transition system as it stands, with the B of the last call. */
    TransitionSystem system() {
        return system;
    }

    DagEncoding dag() {
        return iteration.dag();
    }

    PdrStatistics statistics() {
        return engine.statistics();
    }

    /** Adds {@code invariant}, inductive for this instance, to the engine's queries (6.1) and (6.2). */
    void addExternalInvariant(BoolExpr invariant) {
        engine.addExternalInvariant(invariant);
    }

    /** SMT checks and their time in the look for short traces and the candidates' check. */
    SmtStatistics lookaheadStatistics() {
        return lookaheadStats;
    }

    void cancel() {
        lookahead.cancel();
        engine.cancel();
    }

    /**
     * Looks for a trace of at most {@link #lookaheadSteps} iterations to {@code bad}, then runs PDR
     * for it within {@code budget}; first T is strengthened by the nested invariants learned since the last call.
     */
    PdrResult check(BoolExpr bad, Duration budget) {
        List<BoolExpr> stronger = new ArrayList<>();
        for (Map.Entry<LoopSite, Integer> e : usedInvariants.entrySet()) {
            stronger.add(store.instantiateFrom(e.getKey(), e.getValue()));
            e.setValue(store.count(e.getKey().loop()));
        }
        BoolExpr b = withBits(abstracted(bad));
        BoolExpr s = withBits(abstracted(and(stronger)));
        system = system.strengthened(ctx, s, b);
        notYetInEngine.add(s);
        Optional<PdrResult.Fails> shortTrace = lookahead.find(system, lookaheadSteps);
        if (shortTrace.isPresent()) {
            return shortTrace.get();
        }
        BoolExpr all = and(notYetInEngine);
        notYetInEngine.clear();
        return engine.check(b, all, budget);
    }

    /** The values of R_l before the loop (x_b) in {@code trace}. */
    Map<Variable, Long> beforeValues(PdrResult.Fails trace) {
        return stateValues(templates.before(), trace.states().get(0));
    }

    /** The values of U_l at the head (x_e) in the last state of {@code trace}. */
    Map<Variable, Long> endValues(PdrResult.Fails trace) {
        return stateValues(templates.end(), trace.states().get(trace.length()));
    }

    private static Map<Variable, Long> stateValues(Map<Variable, StateVar> vars, Map<String, Long> state) {
        Map<Variable, Long> values = new LinkedHashMap<>();
        vars.forEach((v, s) -> values.put(v, state.getOrDefault(s.name(), 0L)));
        return values;
    }

    /** The nested loop placeholders that step {@code k} of {@code trace} passes, with their values. */
    List<NestedVisit> nestedVisits(PdrResult.Fails trace, int k) {
        List<NestedVisit> visits = new ArrayList<>();
        for (LoopSite site : iteration.dag().loopSites()) {
            if (holdsAt(trace, k, site.headVar())) {
                visits.add(new NestedVisit(site, valuesAt(trace, k, site.pre()), valuesAt(trace, k, site.post())));
            }
        }
        return visits;
    }

    /** Whether the Boolean {@code e} of T (a block variable, say) is true in step k of the trace. */
    boolean holdsAt(PdrResult.Fails trace, int k, BoolExpr e) {
        return evaluate(trace, k, e).isTrue();
    }

    /** The value of the bit-vector {@code e} of T in step k of the trace, as normalized bits. */
    long valueAt(PdrResult.Fails trace, int k, BitVecExpr e) {
        return ((BitVecNum) evaluate(trace, k, e)).getBigInteger().longValue();
    }

    private Map<Variable, Long> valuesAt(PdrResult.Fails trace, int k, Map<Variable, Expr<?>> variants) {
        Map<Variable, Long> values = new LinkedHashMap<>();
        variants.forEach((v, e) -> {
            if (!v.isArray()) {
                values.put(v, valueAt(trace, k, (BitVecExpr) e));
            }
        });
        return values;
    }

    /** {@code f} as the instance sees it: with the subterms over arrays abstracted. */
    private <T extends Expr<?>> T abstracted(T f) {
        return arrays == null ? f : arrays.apply(f);
    }

    private Expr<?> evaluate(PdrResult.Fails trace, int k, Expr<?> term) {
        Expr<?> e = abstracted(term);
        List<Expr<?>> from = new ArrayList<>();
        List<Expr<?>> to = new ArrayList<>();
        Map<String, Long> state = trace.states().get(k);
        Map<String, Long> following = k + 1 < trace.states().size() ? trace.states().get(k + 1) : Map.of();
        for (StateVar s : stateVars) {
            from.add(s.current());
            to.add(ctx.mkBV(state.getOrDefault(s.name(), 0L), s.width()));
            from.add(s.next());
            to.add(ctx.mkBV(following.getOrDefault(s.name(), 0L), s.width()));
        }
        for (InputVar in : inputs) {
            from.add(in.expr());
            to.add(ctx.mkBV(trace.inputs().get(k).getOrDefault(in.name(), 0L), in.width()));
        }
        Expr<?> bitsOnly = e.substitute(booleans, booleanBits);
        return bitsOnly.substitute(from.toArray(new Expr<?>[0]), to.toArray(new Expr<?>[0])).simplify();
    }

    private BoolExpr withBits(BoolExpr f) {
        return (BoolExpr) f.substitute(booleans, booleanBits);
    }

    private BoolExpr and(List<BoolExpr> fs) {
        return fs.isEmpty() ? ctx.mkTrue() : ctx.mkAnd(fs.toArray(new BoolExpr[0]));
    }

    /** The uninterpreted constants of the formulas and of the nested sites, state variables excluded. */
    private Set<Expr<?>> freeConstants(List<Expr<?>> formulas) {
        Set<Expr<?>> states = new HashSet<>();
        for (StateVar s : stateVars) {
            states.add(s.current());
            states.add(s.next());
        }
        Deque<Expr<?>> work = new ArrayDeque<>(formulas);
        for (LoopSite site : iteration.dag().loopSites()) {
            work.add(site.headVar());
            work.addAll(site.pre().values());
            work.addAll(site.post().values());
        }
        for (var b : iteration.dag().blocks()) {
            work.add(iteration.dag().block(b).blockVar());
            iteration.dag().block(b).havocs().forEach(h -> work.add(h.variant()));
        }
        Set<Expr<?>> seen = new HashSet<>();
        Set<Expr<?>> out = new LinkedHashSet<>();
        while (!work.isEmpty()) {
            Expr<?> e = work.pop();
            if (!seen.add(e) || !e.isApp()) {
                continue;
            }
            if (e.getNumArgs() == 0 && e.getFuncDecl().getDeclKind() == Z3_decl_kind.Z3_OP_UNINTERPRETED) {
                if (!states.contains(e) && (e.isBool() || e.isBV())) {
                    out.add(e);
                }
                continue;
            }
            for (Expr<?> arg : e.getArgs()) {
                work.push(arg);
            }
        }
        return out;
    }
}
