package pdpv.cegar;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;
import pdpv.encode.DagEncoder;
import pdpv.encode.DagEncoding;
import pdpv.encode.EncodedBlock;
import pdpv.encode.ExprEncoder;
import pdpv.encode.VariantFactory;
import pdpv.encode.Z3Algebra;

/**
 * One pass through the body of a loop l = (H, T), the transition relation of the model checking
 * instance of thesis §4.3.3: the body DAG entered at H without l's own invariant (nested loops
 * keep their placeholders, see {@link #dag()}), starting from the variants {@code before} for
 * R_l \ U_l and {@code current} for U_l, and ending at some tail t ∈ T with every assertion on the
 * way holding, including t's own, and the edge t → H taken; {@code next} of each x ∈ U_l is then
 * the variant of x at the end of t. With several tails a selector per tail picks the one taken.
 */
final class LoopIteration {
    private final DagEncoding dag;
    private final BoolExpr formula;

    private LoopIteration(DagEncoding dag, BoolExpr formula) {
        this.dag = dag;
        this.formula = formula;
    }

    static LoopIteration encode(Context ctx, Program program, LoopForest loops, Loop loop,
                                Map<Variable, BitVecExpr> before, Map<Variable, BitVecExpr> current,
                                Map<Variable, BitVecExpr> next) {
        ExprEncoder exprs = new ExprEncoder(program.semantics(), new Z3Algebra(ctx));
        VariantFactory variants = new VariantFactory(ctx);
        Map<Variable, BitVecExpr> initial = new LinkedHashMap<>();
        for (Variable v : program.variables()) {
            initial.put(v, current.containsKey(v) ? current.get(v) : before.containsKey(v) ? before.get(v) : variants.fresh(v));
        }
        DagEncoding dag = new DagEncoder(program, loops, exprs, variants).encode(loop.body(), loop.head(), initial, false);
        List<BoolExpr> conjuncts = new ArrayList<>(dag.clauses());
        conjuncts.add(dag.block(loop.head()).blockVar());
        List<BoolExpr> selectors = new ArrayList<>();
        for (Block tail : loop.tails()) {
            EncodedBlock t = dag.block(tail);
            BoolExpr selected = variants.freshBool("tail" + tail.id());
            selectors.add(selected);
            List<BoolExpr> taken = new ArrayList<>();
            taken.add(t.blockVar());
            taken.add(backEdgeGuard(ctx, exprs, t, loop.head()));
            if (t.assertionHolds() != null) {
                taken.add(t.assertionHolds());
            }
            for (Map.Entry<Variable, BitVecExpr> e : next.entrySet()) {
                taken.add(ctx.mkEq(e.getValue(), t.exitVariants().get(e.getKey())));
            }
            conjuncts.add(ctx.mkImplies(selected, ctx.mkAnd(taken.toArray(new BoolExpr[0]))));
        }
        conjuncts.add(ctx.mkOr(selectors.toArray(new BoolExpr[0])));
        return new LoopIteration(dag, ctx.mkAnd(conjuncts.toArray(new BoolExpr[0])));
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
    DagEncoding dag() {
        return dag;
    }

    /** One iteration from the current to the next variants, nested loops unconstrained. */
    BoolExpr formula() {
        return formula;
    }
}
