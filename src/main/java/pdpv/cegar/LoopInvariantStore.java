package pdpv.cegar;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Loop;
import pdpv.cfg.Variable;
import pdpv.domain.AbstractValue;
import pdpv.domain.BitConstraint;
import pdpv.encode.LoopSite;
import pdpv.encode.VariantFactory;
import pdpv.interp.abstraction.GeneralizedCounterexample;
import pdpv.pdr.StateVar;
import pdpv.semantics.CSemantics;

/**
 * The loop invariants LI_l(U_l, R_l) learned so far (thesis §4.3.3, "update F"): for each loop the
 * list of invariants found by refinement, whose conjunction is LI_l. Invariants are written over
 * the loop's template variables, which are also the state variables of its refinement instance:
 * x_b for each x in R_l (its value on entry to the loop) and x_e for each x in U_l (its value at
 * the head after some iterations). Only strengthening is possible, so clients track how many
 * invariants of a loop they have already used.
 */
final class LoopInvariantStore {
    private final Context ctx;
    private final VariantFactory variants;
    private final Map<Loop, Templates> templates = new HashMap<>();
    private final Map<Loop, List<BoolExpr>> invariants = new HashMap<>();

    /**
     * The templates of one loop: the state variables x_b for the scalars of R_l and x_e for those of
     * U_l, in the loop's variable order; and for its arrays (issue #20), which are no state of PDR's,
     * array constants a_b and a_e that invariants over the arrays are written over.
     */
    record Templates(Map<Variable, StateVar> before, Map<Variable, StateVar> end,
                     Map<Variable, Expr<?>> arraysBefore, Map<Variable, Expr<?>> arraysEnd) {
        /** Every template of R_l, scalars and arrays, as terms. */
        Map<Variable, Expr<?>> beforeExprs() {
            Map<Variable, Expr<?>> m = new LinkedHashMap<>();
            before.forEach((v, s) -> m.put(v, s.current()));
            m.putAll(arraysBefore);
            return m;
        }

        /** Every template of U_l, scalars and arrays, as terms. */
        Map<Variable, Expr<?>> endExprs() {
            Map<Variable, Expr<?>> m = new LinkedHashMap<>();
            end.forEach((v, s) -> m.put(v, s.current()));
            m.putAll(arraysEnd);
            return m;
        }

        List<StateVar> all() {
            List<StateVar> vars = new ArrayList<>(before.values());
            vars.addAll(end.values());
            return vars;
        }
    }

    LoopInvariantStore(Context ctx, CSemantics semantics) {
        this.ctx = ctx;
        this.variants = new VariantFactory(ctx, semantics);
    }

    /** The template variables of {@code l}. */
    Templates templates(Loop l) {
        return templates.computeIfAbsent(l, loop -> {
            Map<Variable, StateVar> before = new LinkedHashMap<>();
            Map<Variable, StateVar> end = new LinkedHashMap<>();
            Map<Variable, Expr<?>> arraysBefore = new LinkedHashMap<>();
            Map<Variable, Expr<?>> arraysEnd = new LinkedHashMap<>();
            String prefix = "L" + loop.head().id() + ".";
            for (Variable v : loop.referenced()) {
                if (v.isArray()) {
                    arraysBefore.put(v, ctx.mkConst(prefix + v.name() + "_b", variants.sort(v)));
                } else {
                    before.put(v, StateVar.of(ctx, prefix + v.name() + "_b", v.type().width()));
                }
            }
            for (Variable v : loop.updated()) {
                if (v.isArray()) {
                    arraysEnd.put(v, ctx.mkConst(prefix + v.name() + "_e", variants.sort(v)));
                } else {
                    end.put(v, StateVar.of(ctx, prefix + v.name() + "_e", v.type().width()));
                }
            }
            return new Templates(before, end, arraysBefore, arraysEnd);
        });
    }

    /**
     * B as a point over l's state variables: x_b = before(x) for x ∈ R_l and x_e = end(x) for the
     * x ∈ U_l that {@code end} gives.
     */
    BoolExpr pointBad(Loop l, Map<Variable, Long> before, Map<Variable, Long> end) {
        Templates t = templates(l);
        List<BoolExpr> eqs = new ArrayList<>();
        t.before().forEach((v, s) -> eqs.add(ctx.mkEq(s.current(), ctx.mkBV(before.get(v), s.width()))));
        t.end().forEach((v, s) -> {
            if (end.containsKey(v)) {
                eqs.add(ctx.mkEq(s.current(), ctx.mkBV(end.get(v), s.width())));
            }
        });
        return eqs.isEmpty() ? ctx.mkTrue() : ctx.mkAnd(eqs.toArray(new BoolExpr[0]));
    }

    /**
     * B as the generalized counterexample of Algorithm 4.5: x_b in c_b[x] for x ∈ R_l and x_e in
     * c_e[x] for x ∈ U_l; ⊤ sets add no constraint.
     */
    BoolExpr generalizedBad(Loop l, GeneralizedCounterexample c) {
        Templates t = templates(l);
        List<BoolExpr> constraints = new ArrayList<>();
        t.before().forEach((v, s) -> constraints.add(inSet(s.current(), c.before().get(v), v.type().signed())));
        t.end().forEach((v, s) -> constraints.add(inSet(s.current(), c.after().get(v), v.type().signed())));
        return ctx.mkAnd(constraints.toArray(new BoolExpr[0]));
    }

    private BoolExpr inSet(BitVecExpr x, AbstractValue set, boolean signed) {
        if (set == null || set.isTop()) {
            return ctx.mkTrue();
        }
        BitConstraint c = set.constraint(signed);
        int w = c.width();
        List<BoolExpr> parts = new ArrayList<>();
        if (!c.boundsAreTrivial()) {
            BitVecExpr lo = ctx.mkBV(c.lower(), w);
            BitVecExpr hi = ctx.mkBV(c.upper(), w);
            parts.add(c.signed() ? ctx.mkBVSLE(lo, x) : ctx.mkBVULE(lo, x));
            parts.add(c.signed() ? ctx.mkBVSLE(x, hi) : ctx.mkBVULE(x, hi));
        }
        if (!c.maskIsTrivial()) {
            parts.add(ctx.mkEq(ctx.mkBVAND(x, ctx.mkBV(c.mask(), w)), ctx.mkBV(c.value(), w)));
        }
        return parts.isEmpty() ? ctx.mkTrue() : ctx.mkAnd(parts.toArray(new BoolExpr[0]));
    }

    void add(Loop l, BoolExpr invariant) {
        invariants.computeIfAbsent(l, k -> new ArrayList<>()).add(invariant);
    }

    /** The invariants learned for {@code l}, oldest first. */
    List<BoolExpr> invariants(Loop l) {
        return List.copyOf(invariants.getOrDefault(l, List.of()));
    }

    /** LI_l over the templates: the conjunction of all invariants learned for l (true if none). */
    BoolExpr conjunction(Loop l) {
        List<BoolExpr> list = invariants(l);
        return list.isEmpty() ? ctx.mkTrue() : ctx.mkAnd(list.toArray(new BoolExpr[0]));
    }

    /** b_H ⇒ inv at {@code site} for the invariants of its loop from index {@code from} on. */
    BoolExpr instantiateFrom(LoopSite site, int from) {
        List<BoolExpr> list = invariants(site.loop());
        List<BoolExpr> fresh = list.subList(Math.min(from, list.size()), list.size());
        if (fresh.isEmpty()) {
            return ctx.mkTrue();
        }
        Templates t = templates(site.loop());
        return site.instantiate(ctx.mkAnd(fresh.toArray(new BoolExpr[0])), t.beforeExprs(), t.endExprs());
    }

    int count(Loop l) {
        return invariants.getOrDefault(l, List.of()).size();
    }
}
