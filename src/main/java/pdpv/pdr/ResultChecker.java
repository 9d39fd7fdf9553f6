package pdpv.pdr;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import pdpv.smt.Cancellation;
import pdpv.smt.RelaxationBudget;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/**
 * Checks an answer independently of the trace that produced it, each query in a fresh solver
 * (style page, "Everyone's lesson on trust"). For HOLDS: I ⇒ Inv, Inv ∧ J ∧ T ∧ J′ ⇒ Inv′ and
 * Inv ∧ J ⇒ ¬B, where J are the external invariants (§6.1). For FAILS: the trace is evaluated
 * with its concrete values: I in step 0, T between steps, B in the last step. A query the solver
 * does not decide (cancelled, say) counts as failed.
 */
public final class ResultChecker {
    private final Context ctx;
    private final SmtStatistics stats = new SmtStatistics();
    private final Cancellation cancellation;
    private final RelaxationBudget relaxation;

    public ResultChecker(Context ctx) {
        this(ctx, new Cancellation(ctx), RelaxationBudget.NONE);
    }

    /**
     * A checker whose queries stop when {@code cancellation} is cancelled and may go to the integer
     * relaxation within {@code relaxation}. The relaxation is implied by the query, so an
     * unsatisfiable relaxation proves the query's validity as well.
     */
    public ResultChecker(Context ctx, Cancellation cancellation, RelaxationBudget relaxation) {
        this.ctx = ctx;
        this.cancellation = cancellation;
        this.relaxation = relaxation;
    }

    /** Returns null if the invariant proves the system safe, otherwise which condition fails. */
    public String checkInvariant(TransitionSystem ts, BoolExpr inv, List<BoolExpr> external) {
        BoolExpr j = and(external);
        BoolExpr jNext = ts.prime(j);
        if (!valid(ctx.mkImplies(ts.init(), inv))) {
            return "I does not imply the invariant";
        }
        if (!valid(ctx.mkImplies(ctx.mkAnd(inv, j, ts.trans(), jNext), ts.prime(inv)))) {
            return "the invariant is not inductive";
        }
        if (!valid(ctx.mkImplies(ctx.mkAnd(inv, j), ctx.mkNot(ts.bad())))) {
            return "the invariant does not exclude B";
        }
        return null;
    }

    /** Returns null if the trace is a counterexample of the system, otherwise the first failing step. */
    public String checkTrace(TransitionSystem ts, PdrResult.Fails trace) {
        int last = trace.states().size() - 1;
        if (last < 0 || trace.inputs().size() != last + 1) {
            return "malformed trace";
        }
        if (!holds(ts.init(), ts, trace.states().get(0), null, Map.of())) {
            return "step 0 is not initial";
        }
        for (int k = 0; k < last; k++) {
            if (!holds(ts.trans(), ts, trace.states().get(k), trace.states().get(k + 1), trace.inputs().get(k))) {
                return "no transition from step " + k + " to step " + (k + 1);
            }
        }
        if (!holds(ts.bad(), ts, trace.states().get(last), null, trace.inputs().get(last))) {
            return "the last step is not bad";
        }
        return null;
    }

    private boolean holds(BoolExpr f, TransitionSystem ts, Map<String, Long> state, Map<String, Long> next,
            Map<String, Long> inputs) {
        List<Expr<?>> from = new ArrayList<>();
        List<Expr<?>> to = new ArrayList<>();
        for (StateVar v : ts.vars()) {
            from.add(v.current());
            to.add(ctx.mkBV(state.getOrDefault(v.name(), 0L), v.width()));
            if (next != null) {
                from.add(v.next());
                to.add(ctx.mkBV(next.getOrDefault(v.name(), 0L), v.width()));
            }
        }
        for (InputVar in : ts.inputs()) {
            from.add(in.expr());
            to.add(ctx.mkBV(inputs.getOrDefault(in.name(), 0L), in.width()));
        }
        Expr<?> ground = f.substitute(from.toArray(new Expr<?>[0]), to.toArray(new Expr<?>[0])).simplify();
        if (ground.isTrue() || ground.isFalse()) {
            return ground.isTrue();
        }
        // Constants that are neither state variables nor inputs (a B of the CEGAR loop that reads a
        // value outside the instance's vocabulary) are read like inputs of this step: some value must do.
        return check((BoolExpr) ground) instanceof SmtResult.Sat;
    }

    private boolean valid(BoolExpr f) {
        return check(ctx.mkNot(f)) instanceof SmtResult.Unsat;
    }

    /** {@code f} alone in a fresh solver that stops with this checker's cancellation. */
    private SmtResult check(BoolExpr f) {
        SmtSolver solver = new SmtSolver(ctx, stats, cancellation, relaxation);
        solver.add(f);
        return solver.check();
    }

    private BoolExpr and(List<BoolExpr> fs) {
        return fs.isEmpty() ? ctx.mkTrue() : ctx.mkAnd(fs.toArray(new BoolExpr[0]));
    }
}
