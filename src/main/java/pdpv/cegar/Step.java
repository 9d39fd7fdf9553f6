package pdpv.cegar;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Dominators;
import pdpv.cfg.Loop;
import pdpv.cfg.Variable;
import pdpv.encode.LoopSite;
import pdpv.smt.ConservedEqualities;

/**
 * One pass through a loop's body as a substitution (thesis §4.3.3, consecution in functional
 * form): each template of U_l ({@code from}) and its next-state term over x_b, x_e and the pass's
 * inputs ({@code to}), for {@link ConservedEqualities}; with the {@code facts} that hold in every
 * pass: the invariants of the loops nested in the body, at their sites.
 */
record Step(Expr<?>[] from, Expr<?>[] to, List<BoolExpr> facts) {
    /**
     * The substitution of {@code next} for the templates of loop {@code l}'s {@code t}, with the
     * invariants of the loops nested in the pass ({@code nested}: its loop sites) as its facts, each
     * without its guard b_H (the site's head reached) when that head dominates every tail of l:
     * every pass, a path from l's head to a tail, then goes through it (a path from the entry to
     * the tail that first reaches l's head goes through it, and not before l's head, which
     * dominates it); a site that some pass may go around gives no fact. Null if some template has
     * no next-state term.
     */
    static Step of(LoopInvariantStore.Templates t, Map<Variable, Expr<?>> next, LoopInvariantStore store, Loop l,
                   List<LoopSite> nested, Dominators dominators) {
        List<BoolExpr> facts = new ArrayList<>();
        for (LoopSite site : nested) {
            BoolExpr guarded = store.instantiateFrom(site, 0);
            if (guarded.isImplies() && l.tails().stream().allMatch(tail -> dominators.dominates(site.loop().head(), tail))) {
                facts.add((BoolExpr) guarded.getArgs()[1]);
            }
        }
        return of(t, next, facts);
    }

    private static Step of(LoopInvariantStore.Templates t, Map<Variable, Expr<?>> next, List<BoolExpr> facts) {
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
        return new Step(from.toArray(new Expr<?>[0]), to.toArray(new Expr<?>[0]), List.copyOf(facts));
    }

    /** Whether {@code formula} before the pass implies it after the pass, as {@link ConservedEqualities#implied} shows it. */
    boolean preserves(BoolExpr formula) {
        return ConservedEqualities.implied(formula, from, to);
    }

    /** Of {@code conjuncts}, those whose conjunction {@link ConservedEqualities#impliedConjuncts} shows the pass to preserve. */
    List<BoolExpr> preservedConjuncts(List<BoolExpr> conjuncts) {
        return ConservedEqualities.impliedConjuncts(conjuncts, from, to, facts);
    }

    /** Of {@code equalities}, the indices of those {@link ConservedEqualities#together} finds conserved together by the pass, given its facts. */
    List<Integer> conservedTogether(List<BoolExpr> equalities) {
        return ConservedEqualities.together(equalities, from, to, facts);
    }
}
