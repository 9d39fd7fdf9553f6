package pdpv.pdr;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.Optional;
import pdpv.smt.Cancellation;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/**
 * Bounded reachability of B, I ∧ T^k ∧ B(x_k) for k = 0, 1, …, one incremental solver: a cheap
 * look for short counterexamples before PDR (§2.1 names BMC as the complement of induction). A
 * trace it finds is checked like the engine's own (thesis §3, every answer re-checked); no answer
 * within the bound says nothing about longer traces.
 */
public final class BoundedReachability {
    private final Context ctx;
    private final SmtStatistics stats;
    private final Cancellation cancellation;

    public BoundedReachability(Context ctx, SmtStatistics stats) {
        this.ctx = ctx;
        this.stats = stats;
        this.cancellation = new Cancellation(ctx);
    }

    /** The shortest trace of at most {@code maxSteps} transitions from I to B, if there is one. */
    public Optional<PdrResult.Fails> find(TransitionSystem ts, int maxSteps) {
        Unrolling u = new Unrolling(ctx, ts);
        SmtSolver solver = new SmtSolver(ctx, stats, cancellation);
        solver.add(u.init());
        for (int k = 0; k <= maxSteps; k++) {
            BoolExpr bad = u.bad(k);
            SmtResult r = solver.check(bad);
            if (r instanceof SmtResult.Sat sat) {
                PdrResult.Fails trace = CounterexampleBuilder.trace(ts, sat.model(), u, k);
                String problem = new ResultChecker(ctx).checkTrace(ts, trace);
                if (problem != null) {
                    throw new IllegalStateException("bounded trace rejected: " + problem);
                }
                return Optional.of(trace);
            }
            if (!(r instanceof SmtResult.Unsat)) {
                return Optional.empty();
            }
            solver.add(u.trans(k));
        }
        return Optional.empty();
    }

    /** Stops a running and every later {@link #find} from another thread; they find nothing. */
    public void cancel() {
        cancellation.cancel("cancelled");
    }
}
