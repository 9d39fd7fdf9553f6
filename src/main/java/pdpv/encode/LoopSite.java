package pdpv.encode;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Loop;
import pdpv.cfg.Variable;

/**
 * The placeholder LI_l(U_l, R_l) that Algorithm 4.1 appends to a loop head H (thesis §4.3.1):
 * {@code pre} are the variants of R_l on entry to H, {@code post} the new variants of U_l after
 * it. Initially LI_l = true, so nothing constrains post; {@link #instantiate} builds the clause
 * b_H ⇒ LI_l that strengthens it (thesis §4.3.3, "update F").
 */
public final class LoopSite {
    private final Context ctx;
    private final Loop loop;
    private final BoolExpr headVar;
    private final Map<Variable, Expr<?>> pre;
    private final Map<Variable, Expr<?>> post;

    LoopSite(Context ctx, Loop loop, BoolExpr headVar, Map<Variable, Expr<?>> pre, Map<Variable, Expr<?>> post) {
        this.ctx = ctx;
        this.loop = loop;
        this.headVar = headVar;
        this.pre = Collections.unmodifiableMap(new LinkedHashMap<>(pre));
        this.post = Collections.unmodifiableMap(new LinkedHashMap<>(post));
    }

    public Loop loop() {
        return loop;
    }

    /** b_H, the block variable of the loop head. */
    public BoolExpr headVar() {
        return headVar;
    }

    /** The variants of R_l before the invariant (on entry to the head). */
    public Map<Variable, Expr<?>> pre() {
        return pre;
    }

    /** The variants of U_l after the invariant. */
    public Map<Variable, Expr<?>> post() {
        return post;
    }

    /**
     * b_H ⇒ invariant[templates := variants]: the invariant is written over template constants,
     * {@code preTemplates} for variables of R_l before the loop and {@code postTemplates} for
     * variables of U_l after it; each template must have its variable's sort (an array's template is
     * an SMT array, issue #20).
     */
    public BoolExpr instantiate(BoolExpr invariantOverTemplates, Map<Variable, ? extends Expr<?>> preTemplates,
                                Map<Variable, ? extends Expr<?>> postTemplates) {
        List<Expr<?>> from = new ArrayList<>();
        List<Expr<?>> to = new ArrayList<>();
        addSubstitutions(preTemplates, pre, "R_l", from, to);
        addSubstitutions(postTemplates, post, "U_l", from, to);
        Set<Expr<?>> distinct = new HashSet<>(from);
        if (distinct.size() != from.size()) {
            throw new IllegalArgumentException("a template stands for two variants");
        }
        BoolExpr instance = (BoolExpr) invariantOverTemplates.substitute(from.toArray(new Expr<?>[0]), to.toArray(new Expr<?>[0]));
        return ctx.mkImplies(headVar, instance);
    }

    private void addSubstitutions(Map<Variable, ? extends Expr<?>> templates, Map<Variable, ? extends Expr<?>> variants, String set,
                                  List<Expr<?>> from, List<Expr<?>> to) {
        for (Map.Entry<Variable, ? extends Expr<?>> e : templates.entrySet()) {
            Expr<?> variant = variants.get(e.getKey());
            if (variant == null) {
                throw new IllegalArgumentException(e.getKey() + " is not in " + set + " of " + loop);
            }
            if (!e.getValue().getSort().equals(variant.getSort())) {
                throw new IllegalArgumentException("template for " + e.getKey() + " has sort " + e.getValue().getSort());
            }
            from.add(e.getValue());
            to.add(variant);
        }
    }

    @Override
    public String toString() {
        return "LI(" + loop + ")";
    }
}
