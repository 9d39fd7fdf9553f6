package pdpv.smt;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.List;

/**
 * A Z3 QF_BV solver with incremental assertions, push/pop and checks under assumptions. Owns its
 * native solver; the {@link Context} belongs to the caller, who closes it after the solver is no
 * longer used. Counts calls and time into a shared {@link SmtStatistics}. The solvers of one task
 * share a {@link Cancellation}; once it is cancelled, checks answer Unknown. A check that runs out
 * of memory throws {@link SolverOutOfMemory}.
 */
public final class SmtSolver {
    private final Context ctx;
    private final Solver solver;
    private final SmtStatistics statistics;
    private final Cancellation cancellation;

    /** A solver with a cancellation of its own ({@link #interrupt}). */
    public SmtSolver(Context ctx, SmtStatistics statistics) {
        this(ctx, statistics, new Cancellation(ctx));
    }

    public SmtSolver(Context ctx, SmtStatistics statistics, Cancellation cancellation) {
        this.ctx = ctx;
        this.solver = ctx.mkSolver();
        this.statistics = statistics;
        this.cancellation = cancellation;
    }

    public Context context() {
        return ctx;
    }

    public SmtStatistics statistics() {
        return statistics;
    }

    /** Per-check time limit in milliseconds (0 = none). */
    public void setTimeoutMillis(long millis) {
        Params p = ctx.mkParams();
        p.add("timeout", (int) Math.min(Integer.MAX_VALUE, Math.max(0, millis)));
        solver.setParameters(p);
    }

    public void add(BoolExpr... assertions) {
        solver.add(assertions);
    }

    public void push() {
        solver.push();
    }

    public void pop() {
        solver.pop();
    }

    /** Checks the assertions together with the assumptions (Boolean constants or their negations). */
    public SmtResult check(BoolExpr... assumptions) {
        if (!cancellation.enterCheck()) {
            return new SmtResult.Unknown(cancellation.reason());
        }
        long start = System.nanoTime();
        Status status;
        try {
            status = solver.check(assumptions);
        } finally {
            cancellation.leaveCheck();
        }
        statistics.record(System.nanoTime() - start);
        return switch (status) {
            case SATISFIABLE -> new SmtResult.Sat(solver.getModel());
            case UNSATISFIABLE -> new SmtResult.Unsat(List.of(solver.getUnsatCore()));
            case UNKNOWN -> unknown(solver.getReasonUnknown());
        };
    }

    private SmtResult unknown(String reason) {
        if (Z3Memory.isOutOfMemory(reason)) {
            throw new SolverOutOfMemory(reason);
        }
        return new SmtResult.Unknown(reason);
    }

    public SmtResult check(List<BoolExpr> assumptions) {
        return check(assumptions.toArray(new BoolExpr[0]));
    }

    /**
     * Checks like {@link #check(List)}, but gives up (Unknown) once Z3 has spent {@code units} of its
     * resource count ({@code rlimit}); later checks are not limited. Unlike a time limit, where such
     * a check gives up does not depend on the machine or its load, so runs repeat exactly.
     */
    public SmtResult checkWithinResources(long units, List<BoolExpr> assumptions) {
        applyResourceLimit(units);
        try {
            return check(assumptions);
        } finally {
            applyResourceLimit(0);
        }
    }

    private void applyResourceLimit(long units) {
        Params p = ctx.mkParams();
        p.add("rlimit", (int) Math.min(Integer.MAX_VALUE, Math.max(0, units)));
        solver.setParameters(p);
    }

    /**
     * Cancels this solver's {@link Cancellation} from another thread: the running check and every
     * later one answer Unknown.
     */
    public void interrupt() {
        cancellation.cancel("interrupted");
    }
}
