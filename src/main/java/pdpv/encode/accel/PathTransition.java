package pdpv.encode.accel;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;
import pdpv.encode.ExprEncoder;

/**
 * One pass along a {@link LoopPath}, executed symbolically over Z3 terms with C's meaning from the
 * encoder of F ({@link ExprEncoder}): the values of all variables at the end as terms over their
 * values at the start (the path's transformation τ), and the path condition as its conjuncts in
 * the order the pass meets them: each branch taken, each assumption, each assertion (an
 * accelerated pass must pass them all), each over the values at that point.
 */
record PathTransition(Map<Variable, BitVecExpr> end, List<BoolExpr> conditions) {
    /** The pass along {@code path} from the values {@code start} (one for every variable the path reads). */
    static PathTransition of(ExprEncoder exprs, LoopPath path, Map<Variable, BitVecExpr> start) {
        Context ctx = exprs.algebra().context();
        Map<Variable, BitVecExpr> current = new LinkedHashMap<>(start);
        List<BoolExpr> conditions = new ArrayList<>();
        List<Block> blocks = path.blocks();
        for (int i = 0; i < blocks.size(); i++) {
            Block b = blocks.get(i);
            for (Stmt s : b.statements()) {
                if (s instanceof Stmt.Assign a) {
                    current.put(a.target(), exprs.value(a.value(), current));
                } else if (s instanceof Stmt.Assume a) {
                    conditions.add(exprs.truth(a.condition(), current));
                } else if (s instanceof Stmt.Assert a) {
                    conditions.add(exprs.truth(a.condition(), current));
                } else {
                    throw new IllegalArgumentException(path + " reads an input at " + s.loc());
                }
            }
            if (b.terminator() instanceof Terminator.Branch br && br.ifTrue() != br.ifFalse()) {
                BoolExpr c = exprs.truth(br.condition(), current);
                conditions.add(path.next(i) == br.ifTrue() ? c : ctx.mkNot(c));
            }
        }
        return new PathTransition(current, conditions);
    }

    /** The path condition: all conjuncts. */
    BoolExpr condition(Context ctx) {
        return ctx.mkAnd(conditions.toArray(new BoolExpr[0]));
    }
}
