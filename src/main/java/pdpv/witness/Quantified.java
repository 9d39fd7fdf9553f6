package pdpv.witness;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import pdpv.cfg.Expr;
import pdpv.cfg.ExprEvaluator;
import pdpv.cfg.Valuation;
import pdpv.cfg.Variable;
import pdpv.semantics.CType;

/**
 * A universally quantified condition of a witness invariant (issue #20, format 2.1's
 * {@code acsl_expression}): {@code \forall T j; body}, where {@code body} reads the bound variable
 * {@code j} beside the program's variables, as the cell invariants of a loop that writes an array
 * say {@code \forall int j; (0 <= j && j < i ==> a[j] == 2*j + 1)}. The IR has no quantifier: the
 * {@link InvariantParser} reads the quantified condition as a stand-in variable ({@code placeholder},
 * an {@code int}, 1 where the condition holds) in the invariant's expression, and the body as an
 * expression of its own; {@link #value} gives the stand-in's value in a state, the quantified
 * formula that Z3 then decides with the rest of the check (no instance is assumed: an answer
 * {@code unsat} proves the check for every value of {@code j}).
 */
record Quantified(Variable placeholder, Variable bound, Expr body) {
    /** Ids of stand-ins and bound variables: negative, distinct from the program's and from each other. */
    private static final AtomicInteger IDS = new AtomicInteger(-2);
    /** The quantified conditions by their stand-ins; a stand-in that is no longer read drops its entry. */
    private static final Map<Variable, Quantified> BY_PLACEHOLDER = Collections.synchronizedMap(new WeakHashMap<>());

    /** A fresh variable of {@code type} that no program has, named {@code prefix} and a number. */
    static Variable fresh(String prefix, CType type) {
        int id = IDS.getAndDecrement();
        return new Variable(id, prefix + -id, prefix + -id, type, Variable.Kind.TEMPORARY);
    }

    /** Registers {@code q}, so that a read of its stand-in means it. */
    static Quantified register(Quantified q) {
        BY_PLACEHOLDER.put(q.placeholder(), q);
        return q;
    }

    /** The quantified condition {@code v} stands for, or null if it is none's stand-in. */
    static Quantified of(Variable v) {
        return v.id() < 0 ? BY_PLACEHOLDER.get(v) : null;
    }

    /** Whether {@code e} reads a quantified condition's stand-in. */
    static boolean in(Expr e) {
        return pdpv.cfg.VariableUses.reads(e).stream().anyMatch(v -> of(v) != null);
    }

    /**
     * The stand-in's value where the invariant's other variables have their values in {@code outer}:
     * 1 if the body holds for every value of the bound variable, else 0, at the stand-in's width.
     */
    BitVecExpr value(Context ctx, ExprEvaluator<BitVecExpr, BoolExpr> eval, Valuation<BitVecExpr> outer) {
        BitVecExpr j = ctx.mkBVConst(bound.name() + "!" + -IDS.getAndDecrement(), bound.type().width());
        Valuation<BitVecExpr> inner = new Valuation<>() {
            @Override
            public BitVecExpr scalar(Variable v) {
                return v.equals(bound) ? j : outer.scalar(v);
            }

            @Override
            public BitVecExpr cell(Variable array, BitVecExpr index) {
                return outer.cell(array, index);
            }
        };
        BoolExpr all = ctx.mkForall(new com.microsoft.z3.Expr<?>[] {j}, eval.truth(body, inner), 1, null, null, null, null);
        int w = placeholder.type().width();
        return (BitVecExpr) ctx.mkITE(all, ctx.mkBV(1, w), ctx.mkBV(0, w));
    }
}
