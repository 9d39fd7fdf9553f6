package pdpv.pdr;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.List;

/** Renames the formulas of a transition system to step-indexed copies of its variables. */
final class Unrolling {
    private final Context ctx;
    private final TransitionSystem ts;

    Unrolling(Context ctx, TransitionSystem ts) {
        this.ctx = ctx;
        this.ts = ts;
    }

    List<BitVecExpr> states(int step) {
        return ts.vars().stream().map(v -> (BitVecExpr) ctx.mkBVConst(v.name() + "@" + step, v.width())).toList();
    }

    List<BitVecExpr> inputs(int step) {
        return ts.inputs().stream().map(v -> (BitVecExpr) ctx.mkBVConst(v.name() + "@" + step, v.width())).toList();
    }

    BoolExpr init() {
        return rename(ts.init(), 0, false);
    }

    /** T from step j to step j + 1. */
    BoolExpr trans(int step) {
        return rename(ts.trans(), step, true);
    }

    BoolExpr bad(int step) {
        return rename(ts.bad(), step, false);
    }

    private BoolExpr rename(BoolExpr f, int step, boolean withNext) {
        List<Expr<?>> from = new ArrayList<>(ts.currentVars());
        List<Expr<?>> to = new ArrayList<>(states(step));
        from.addAll(ts.inputs().stream().map(InputVar::expr).toList());
        to.addAll(inputs(step));
        if (withNext) {
            from.addAll(ts.nextVars());
            to.addAll(states(step + 1));
        }
        return (BoolExpr) f.substitute(from.toArray(new Expr<?>[0]), to.toArray(new Expr<?>[0]));
    }
}
