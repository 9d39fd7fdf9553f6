package pdpv.smt;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.time.Duration;

/**
 * Constrained Horn clauses solved by Z3's Spacer engine through a HORN solver with
 * {@code engine=spacer}; without that choice Z3 would pick its finite-domain Datalog engine for
 * bit-vector clauses and enumerate their values. A positive timeout bounds the solving; zero or
 * negative means none.
 */
public final class HornSolver {
    private HornSolver() {
    }

    /** Z3's answer (satisfiable: the clauses have a model), its reason when unknown, and the solving time. */
    public record Answer(Status status, String reasonUnknown, Duration time) {
    }

    public static Answer solve(Context ctx, BoolExpr[] clauses, Duration timeout) {
        Solver solver = ctx.mkSolver("HORN");
        Params params = ctx.mkParams();
        params.add("engine", "spacer");
        if (!timeout.isZero() && !timeout.isNegative()) {
            params.add("timeout", (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis())));
        }
        solver.setParameters(params);
        solver.add(clauses);
        long start = System.nanoTime();
        Status status = solver.check();
        Duration time = Duration.ofNanos(System.nanoTime() - start);
        return new Answer(status, status == Status.UNKNOWN ? solver.getReasonUnknown() : "", time);
    }
}
