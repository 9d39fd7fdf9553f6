package pdpv.pdr.bench;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.Sort;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import pdpv.pdr.InputVar;
import pdpv.pdr.StateVar;
import pdpv.pdr.TransitionSystem;
import pdpv.smt.HornSolver;

/**
 * The peer of the engine benchmark: a transition system as the three constrained Horn clauses of
 * its invariant (I ⇒ Inv, Inv ∧ T ⇒ Inv′, Inv ∧ B ⇒ false), solved by Z3's Spacer engine in the
 * same context, so that both engines are timed on the same formulas.
 */
final class SpacerBaseline {
    private SpacerBaseline() {
    }

    /** "holds", "fails" or "unknown", and the seconds Spacer took. */
    record Outcome(String verdict, double seconds) {
    }

    static Outcome solve(Context ctx, TransitionSystem ts, Duration timeout) {
        List<Expr<?>> current = new ArrayList<>();
        List<Expr<?>> next = new ArrayList<>();
        List<Sort> sorts = new ArrayList<>();
        for (StateVar v : ts.vars()) {
            current.add(v.current());
            next.add(v.next());
            sorts.add(v.current().getSort());
        }
        List<Expr<?>> inputs = new ArrayList<>();
        for (InputVar in : ts.inputs()) {
            inputs.add(in.expr());
        }
        FuncDecl<com.microsoft.z3.BoolSort> inv = ctx.mkFuncDecl("spacer!inv", sorts.toArray(new Sort[0]), ctx.getBoolSort());
        BoolExpr invNow = (BoolExpr) inv.apply(current.toArray(new Expr<?>[0]));
        BoolExpr invNext = (BoolExpr) inv.apply(next.toArray(new Expr<?>[0]));
        List<Expr<?>> all = new ArrayList<>(current);
        all.addAll(next);
        all.addAll(inputs);
        HornSolver.Answer answer = HornSolver.solve(ctx, new BoolExpr[] {
            forall(ctx, all, ctx.mkImplies(ts.init(), invNow)),
            forall(ctx, all, ctx.mkImplies(ctx.mkAnd(invNow, ts.trans()), invNext)),
            forall(ctx, all, ctx.mkImplies(ctx.mkAnd(invNow, ts.bad()), ctx.mkFalse()))}, timeout);
        String verdict = switch (answer.status()) {
            case SATISFIABLE -> "holds";
            case UNSATISFIABLE -> "fails";
            default -> "unknown";
        };
        return new Outcome(verdict, answer.time().toNanos() / 1e9);
    }

    private static BoolExpr forall(Context ctx, List<Expr<?>> bound, BoolExpr body) {
        return ctx.mkForall(bound.toArray(new Expr<?>[0]), body, 1, null, null, null, null);
    }
}
