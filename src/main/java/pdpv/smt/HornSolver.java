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
        boolean bounded = !timeout.isZero() && !timeout.isNegative();
        if (bounded) {
            params.add("timeout", (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis())));
        }
        solver.setParameters(params);
        solver.add(clauses);
        Cancellation stop = new Cancellation(ctx);
        Thread alarm = bounded ? alarm(stop, timeout) : null;
        long start = System.nanoTime();
        Status status;
        if (!stop.enterCheck()) {
            status = Status.UNKNOWN;
        } else {
            try {
                status = solver.check();
            } finally {
                stop.leaveCheck();
                if (alarm != null) {
                    alarm.interrupt();
                }
            }
        }
        Duration time = Duration.ofNanos(System.nanoTime() - start);
        String reason = stop.isCancelled() ? "timeout" : status == Status.UNKNOWN ? solver.getReasonUnknown() : "";
        return new Answer(status, reason, time);
    }

    /**
     * Spacer's own {@code timeout} is checked only between its steps, and one step on hard
     * bit-vector clauses ran up to 8 s past a 60 s limit (SV-COMP's jain_5-2, stop 29); so the
     * context is also interrupted at the limit, which Z3 honours inside a step.
     */
    private static Thread alarm(Cancellation stop, Duration timeout) {
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(timeout.toMillis());
                stop.cancel("timeout");
            } catch (InterruptedException done) {
                // the check ended first
            }
        }, "pdpv-spacer-alarm");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
