package pdpv.encode;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Sort;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;

/**
 * One pass through the body of a loop l = (H, T), the transition of the model checking instance of
 * thesis §4.3.3: the body DAG entered at H without l's own invariant (nested loops keep their
 * placeholders, see {@link #dag()}), starting from the variants {@code before} for R_l \ U_l and
 * {@code current} for U_l, and ending at some tail t ∈ T with every assertion on the way holding,
 * t's own included, and the edge t → H taken. Encoded functionally ({@link #nextFunctions()}: each
 * x ∈ U_l is an if-then-else over the tails of its variant at the end of the tail taken, a term
 * over x_b, x_e and the fresh values the pass reads) or relationally (block, edge and variant
 * constants, for checks that want the encoding of F); {@link #relation} is T either way.
 */
public final class LoopIteration {
    private final Context ctx;
    private final DagEncoding dag;
    private final Map<Block, BoolExpr> taken;
    private final Map<Variable, Expr<?>> nextFunctions;

    private LoopIteration(Context ctx, DagEncoding dag, Map<Block, BoolExpr> taken, Map<Variable, Expr<?>> nextFunctions) {
        this.ctx = ctx;
        this.dag = dag;
        this.taken = taken;
        this.nextFunctions = Collections.unmodifiableMap(nextFunctions);
    }

    static LoopIteration encode(DagEncoder encoder, ExprEncoder exprs, VariantFactory variants, List<Variable> all,
                                Loop loop, Map<Variable, ? extends Expr<?>> before, Map<Variable, ? extends Expr<?>> current) {
        Context ctx = exprs.algebra().context();
        Map<Variable, Expr<?>> initial = new LinkedHashMap<>();
        for (Variable v : all) {
            initial.put(v, current.containsKey(v) ? current.get(v) : before.containsKey(v) ? before.get(v) : variants.fresh(v));
        }
        DagEncoding dag = encoder.encode(loop.body(), loop.head(), initial, false);
        Map<Block, BoolExpr> taken = new LinkedHashMap<>();
        for (Block tail : loop.tails()) {
            EncodedBlock t = dag.block(tail);
            List<BoolExpr> conditions = new ArrayList<>();
            conditions.add(t.blockVar());
            conditions.add(backEdgeGuard(ctx, exprs, t, loop.head()));
            if (t.assertionHolds() != null) {
                conditions.add(t.assertionHolds());
            }
            taken.put(tail, ctx.mkAnd(conditions.toArray(new BoolExpr[0])));
        }
        Map<Variable, Expr<?>> next = new LinkedHashMap<>();
        List<Block> tails = new ArrayList<>(taken.keySet());
        for (Variable v : loop.updated()) {
            Expr<?> value = dag.block(tails.get(tails.size() - 1)).exitVariants().get(v);
            for (int i = tails.size() - 2; i >= 0; i--) {
                Block t = tails.get(i);
                value = ite(ctx, taken.get(t), dag.block(t).exitVariants().get(v), value);
            }
            next.put(v, value);
        }
        return new LoopIteration(ctx, dag, taken, next);
    }

    /** The condition under which control leaves the tail for the head. */
    private static BoolExpr backEdgeGuard(Context ctx, ExprEncoder exprs, EncodedBlock tail, Block head) {
        if (tail.block().terminator() instanceof Terminator.Branch br && br.ifTrue() != br.ifFalse()) {
            BoolExpr cond = exprs.truth(br.condition(), tail.exitVariants());
            return br.ifTrue() == head ? cond : ctx.mkNot(cond);
        }
        return ctx.mkTrue();
    }

    /** The passified body; its loop sites are the placeholders of the nested loops. */
    public DagEncoding dag() {
        return dag;
    }

    /**
     * x_e′ = f(x_b, x_e, inputs) for each x ∈ U_l: the variant of x at the end of the tail taken.
     * Meaningful where {@link #constraints()} hold.
     */
    public Map<Variable, Expr<?>> nextFunctions() {
        return nextFunctions;
    }

    /**
     * C of T in functional form: the DAG's clauses (in a functional encoding, the assumptions on
     * the way), the head entered, and some tail taken back to the head.
     */
    public List<BoolExpr> constraints() {
        List<BoolExpr> c = new ArrayList<>(dag.clauses());
        c.add(dag.block(dag.start()).blockVar());
        c.add(ctx.mkOr(taken.values().toArray(new BoolExpr[0])));
        return c;
    }

    /** T as a relation: one iteration from the current variants to the constants {@code next} of U_l. */
    public BoolExpr relation(Map<Variable, ? extends Expr<?>> next) {
        List<BoolExpr> conjuncts = new ArrayList<>(dag.clauses());
        conjuncts.add(dag.block(dag.start()).blockVar());
        List<BoolExpr> paths = new ArrayList<>();
        for (Map.Entry<Block, BoolExpr> t : taken.entrySet()) {
            List<BoolExpr> path = new ArrayList<>();
            path.add(t.getValue());
            for (Map.Entry<Variable, ? extends Expr<?>> e : next.entrySet()) {
                path.add(ctx.mkEq(e.getValue(), dag.block(t.getKey()).exitVariants().get(e.getKey())));
            }
            paths.add(ctx.mkAnd(path.toArray(new BoolExpr[0])));
        }
        conjuncts.add(ctx.mkOr(paths.toArray(new BoolExpr[0])));
        return ctx.mkAnd(conjuncts.toArray(new BoolExpr[0]));
    }

    @SuppressWarnings("unchecked")
    private static Expr<?> ite(Context ctx, BoolExpr condition, Expr<?> ifTrue, Expr<?> ifFalse) {
        return ctx.mkITE(condition, (Expr<Sort>) ifTrue, (Expr<Sort>) ifFalse);
    }
}
