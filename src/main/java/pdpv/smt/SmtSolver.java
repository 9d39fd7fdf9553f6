package pdpv.smt;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.lang.ref.Cleaner;
import java.util.ArrayList;
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
    private final RelaxationBudget budget;
    private IntegerRelaxation relaxation;
    /** Assertions (BoolExpr), {@link #PUSH} and {@link #POP} not yet given to the relaxation. */
    private final List<Object> pending = new ArrayList<>();
    private static final Object PUSH = new Object();
    private static final Object POP = new Object();
    /** The rlimit the solver has now, so that it is set only when it changes. */
    private long rlimit;
    /** The caller's resource limit of the running check ({@link #checkWithinResources}), 0 = none. */
    private long resourceLimit;
    /** Frees a relaxation's Z3 context once its solver is unreachable (callers do not close solvers). */
    private static final Cleaner CLEANER = Cleaner.create();

    /** A solver with a cancellation of its own ({@link #interrupt}). */
    public SmtSolver(Context ctx, SmtStatistics statistics) {
        this(ctx, statistics, new Cancellation(ctx));
    }

    public SmtSolver(Context ctx, SmtStatistics statistics, Cancellation cancellation) {
        this(ctx, statistics, cancellation, RelaxationBudget.NONE);
    }

    /**
     * A solver that puts each check the bit-blaster does not decide within {@code budget.bitBlasting()}
     * resource units to the formula's {@link IntegerRelaxation}, for {@code budget.integer()} units,
     * and answers Unsat with its core when the relaxation is unsatisfiable; otherwise the
     * bit-blaster goes on. Quick checks keep the bit-blaster's unsat cores, which steer PDR's
     * generalization (on the relaxation's cores, §7.1's x ≥ 1000 with polytopes only climbs frame
     * by frame).
     */
    public SmtSolver(Context ctx, SmtStatistics statistics, Cancellation cancellation, RelaxationBudget budget) {
        this.ctx = ctx;
        this.solver = ctx.mkSolver();
        this.statistics = statistics;
        this.cancellation = cancellation;
        this.budget = budget;
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
        if (budget.enabled()) {
            pending.addAll(List.of(assertions));
        }
    }

    public void push() {
        solver.push();
        if (budget.enabled()) {
            pending.add(PUSH);
        }
    }

    public void pop() {
        solver.pop();
        if (budget.enabled()) {
            int push = pending.lastIndexOf(PUSH);
            if (push >= 0) {
                pending.subList(push, pending.size()).clear();
            } else {
                pending.add(POP);
            }
        }
    }

    /**
     * The relaxation with every assertion, push and pop so far. It is built on the first check the
     * bit-blaster does not decide quickly, as most solvers never need it; a scope popped before
     * then never reaches it.
     */
    private IntegerRelaxation relaxation() {
        if (relaxation == null) {
            relaxation = new IntegerRelaxation(budget.integer());
            IntegerRelaxation owned = relaxation;
            CLEANER.register(this, owned::close);
        }
        for (Object op : pending) {
            if (op == PUSH) {
                relaxation.push();
            } else if (op == POP) {
                relaxation.pop();
            } else {
                relaxation.add((BoolExpr) op);
            }
        }
        pending.clear();
        return relaxation;
    }

    /** Checks the assertions together with the assumptions (Boolean constants or their negations). */
    public SmtResult check(BoolExpr... assumptions) {
        if (!cancellation.enterCheck()) {
            return new SmtResult.Unknown(cancellation.reason());
        }
        long start = System.nanoTime();
        Status status;
        try {
            if (!budget.enabled()) {
                status = solver.check(assumptions);
            } else {
                long first = resourceLimit == 0 ? budget.bitBlasting() : Math.min(budget.bitBlasting(), resourceLimit);
                status = Status.UNKNOWN;
                if (first > 0) {
                    setRlimit(first);
                    status = solver.check(assumptions);
                }
                if (status == Status.UNKNOWN && !cancellation.isCancelled() && (resourceLimit == 0 || resourceLimit > first)) {
                    setRlimit(resourceLimit);
                    SmtResult.Unsat relaxed = relaxation().checkUnsat(assumptions);
                    if (relaxed != null) {
                        statistics.recordRelaxed(System.nanoTime() - start);
                        return relaxed;
                    }
                    status = cancellation.isCancelled() ? Status.UNKNOWN : solver.check(assumptions);
                }
            }
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
        resourceLimit = units;
        setRlimit(units);
    }

    private void setRlimit(long units) {
        if (units == rlimit) {
            return;
        }
        rlimit = units;
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
