package pdpv.cegar;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Variable;
import pdpv.smt.ConservedEqualities;

/**
 * One pass through a loop's body as a substitution (thesis §4.3.3, consecution in functional
 * form): each template of U_l ({@code from}) and its next-state term over x_b, x_e and the pass's
 * inputs ({@code to}), for {@link ConservedEqualities}.
 */
record Step(Expr<?>[] from, Expr<?>[] to) {
    /** The substitution of {@code next} for the templates of {@code t}; null if some template has no next-state term. */
    static Step of(LoopInvariantStore.Templates t, Map<Variable, Expr<?>> next) {
        List<Expr<?>> from = new ArrayList<>();
        List<Expr<?>> to = new ArrayList<>();
        for (Map.Entry<Variable, Expr<?>> e : t.endExprs().entrySet()) {
            Expr<?> n = next.get(e.getKey());
            if (n == null) {
                return null;
            }
            from.add(e.getValue());
            to.add(n);
        }
        return new Step(from.toArray(new Expr<?>[0]), to.toArray(new Expr<?>[0]));
    }

    /** Whether {@code formula} before the pass implies it after the pass, as {@link ConservedEqualities#implied} shows it. */
    boolean preserves(BoolExpr formula) {
        return ConservedEqualities.implied(formula, from, to);
    }

    /** Of {@code conjuncts}, those whose conjunction {@link ConservedEqualities#impliedConjuncts} shows the pass to preserve. */
    List<BoolExpr> preservedConjuncts(List<BoolExpr> conjuncts) {
        return ConservedEqualities.impliedConjuncts(conjuncts, from, to);
    }

    /** Of {@code equalities}, the indices of those {@link ConservedEqualities#together} finds conserved together by the pass. */
    List<Integer> conservedTogether(List<BoolExpr> equalities) {
        return ConservedEqualities.together(equalities, from, to);
    }
}
