package pdpv.encode.accel;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;
import pdpv.encode.BlockSummary;
import pdpv.encode.ExprEncoder;
import pdpv.encode.VariantFactory;
import pdpv.encode.Z3Algebra;
import pdpv.smt.Mentions;
import pdpv.smt.Cancellation;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/**
 * Loop acceleration over bit-vectors: for each innermost loop, the {@link PathAccelerator} of
 * each path through its body that reads no input and whose updated variables all have closed
 * forms (see {@link PathAccelerator} for the method and the literature it follows). Every claim
 * an accelerator makes (a closed form, a conjunct's monotonicity, exactness) is a validity check
 * of Z3 over all start states, in a context of the analysis's own, within
 * {@link AccelerationOptions#checkResources()} units each; a check that gives up counts as failed.
 * The result is context-free: the engines encode the accelerators into their own formulas.
 */
public final class LoopAcceleration {
    /** Passes of shift at most this: a reset makes a variable polynomial from the second pass. */
    private static final int MAX_SHIFT = 1;
    /** Random start states a claim is tried on before Z3 is asked to prove it. */
    private static final int SAMPLES = 4;

    private final Map<Loop, List<LoopPath>> paths;
    private final Map<Loop, List<PathAccelerator>> accelerators;
    private final Statistics statistics;

    /**
     * What the analysis found: paths looked at, paths with closed forms, of them the ones usable
     * as under-approximations and the exact ones, its SMT checks and time.
     */
    public record Statistics(int paths, int closedForms, int underApproximating, int exact, long smtCalls, double seconds) {
        public static final Statistics NONE = new Statistics(0, 0, 0, 0, 0, 0);
    }

    private LoopAcceleration(Map<Loop, List<LoopPath>> paths, Map<Loop, List<PathAccelerator>> accelerators,
                             Statistics statistics) {
        this.paths = paths;
        this.accelerators = accelerators;
        this.statistics = statistics;
    }

    /** No loop accelerated. */
    public static LoopAcceleration none() {
        return new LoopAcceleration(Map.of(), Map.of(), Statistics.NONE);
    }

    /**
     * Analyzes the loops of {@code p} with checks in {@code ctx}; stops early (with what it has, a
     * running check answering unknown) once {@code cancellation} is cancelled. With acceleration
     * off, none. The accelerators found do not refer to {@code ctx}.
     */
    public static LoopAcceleration analyze(Context ctx, Cancellation cancellation, Program p, LoopForest loops,
                                           AccelerationOptions options) {
        if (!options.enabled()) {
            return none();
        }
        long start = System.nanoTime();
        SmtStatistics smt = new SmtStatistics();
        Map<Loop, List<LoopPath>> paths = new LinkedHashMap<>();
        Map<Loop, List<PathAccelerator>> accelerators = new LinkedHashMap<>();
        int seen = 0;
        // the analysis's processor-time budget (AccelerationOptions.totalSeconds), on this thread, which runs its checks
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        boolean timed = options.totalSeconds() > 0 && threads.isCurrentThreadCpuTimeSupported();
        long cpuEnd = timed ? threads.getCurrentThreadCpuTime() + (long) (options.totalSeconds() * 1e9) : Long.MAX_VALUE;
        BooleanSupplier stop = () -> cancellation.isCancelled() || timed && threads.getCurrentThreadCpuTime() > cpuEnd;
        {
            // built at the first path that can be accelerated: a program whose loop paths all read inputs pays nothing
            Analysis a = null;
            for (Loop l : loops.loops()) {
                if (l.referenced().stream().anyMatch(Variable::isArray)) {
                    continue;
                }
                List<LoopPath> ps = LoopPaths.of(l, options.maxPaths());
                if (ps == null) {
                    continue;
                }
                paths.put(l, ps);
                List<PathAccelerator> found = new ArrayList<>();
                for (LoopPath path : ps) {
                    if (stop.getAsBoolean()) {
                        break;
                    }
                    seen++;
                    if (path.readsInputs()) {
                        continue;
                    }
                    a = a != null ? a : new Analysis(ctx, p, options, smt, cancellation, stop);
                    PathAccelerator acc = a.accelerate(path, stop);
                    if (acc != null) {
                        found.add(acc);
                    }
                }
                accelerators.put(l, List.copyOf(found));
            }
        }
        List<PathAccelerator> all = accelerators.values().stream().flatMap(List::stream).toList();
        Statistics stats = new Statistics(seen, all.size(), (int) all.stream().filter(PathAccelerator::underApproximates).count(),
                (int) all.stream().filter(PathAccelerator::exact).count(), smt.calls(), (System.nanoTime() - start) / 1e9);
        return new LoopAcceleration(paths, accelerators, stats);
    }

    /** The paths of {@code l}'s body, or null if it was not analyzed (nested loops, too many paths). */
    public List<LoopPath> paths(Loop l) {
        return paths.get(l);
    }

    /** The accelerators found for {@code l}'s paths (empty if none). */
    public List<PathAccelerator> accelerators(Loop l) {
        return accelerators.getOrDefault(l, List.of());
    }

    /** The accelerators usable as under-approximations (bounded model checking), for {@code l}. */
    public List<PathAccelerator> underApproximating(Loop l) {
        return accelerators(l).stream().filter(PathAccelerator::underApproximates).toList();
    }

    public Statistics statistics() {
        return statistics;
    }

    /** The checks of one analysis, in its context. */
    private static final class Analysis {
        private final Context ctx;
        private final Program program;
        private final AccelerationOptions options;
        private final SmtStatistics smt;
        private final Cancellation cancellation;
        private final ExprEncoder exprs;
        private final VariantFactory variants;
        private final Map<Variable, BitVecExpr> start;
        private final Expr<?>[] startConstants;
        private final List<Expr<?>[]> samples = new ArrayList<>();

        /** Whether the analysis must end (cancelled, or its budget spent): a check then counts as failed. */
        private final BooleanSupplier stop;

        Analysis(Context ctx, Program program, AccelerationOptions options, SmtStatistics smt, Cancellation cancellation,
                 BooleanSupplier stop) {
            this.ctx = ctx;
            this.stop = stop;
            this.cancellation = cancellation;
            this.program = program;
            this.options = options;
            this.smt = smt;
            this.exprs = new ExprEncoder(program.semantics(), new Z3Algebra(ctx));
            this.variants = new VariantFactory(ctx, program.semantics());
            this.start = BlockSummary.scalars(variants.fresh(program.variables().stream().filter(v -> !v.isArray()).toList()));
            this.startConstants = start.values().toArray(new Expr<?>[0]);
            java.util.Random random = new java.util.Random(program.variables().size());
            for (int i = 0; i < SAMPLES; i++) {
                List<Expr<?>> values = new ArrayList<>();
                for (BitVecExpr c : start.values()) {
                    long bits = i == 0 ? 0 : i == 1 ? random.nextInt(16) : random.nextLong();
                    values.add(ctx.mkBV(Long.toUnsignedString(bits & pdpv.semantics.BitVec.mask(c.getSortSize())), c.getSortSize()));
                }
                samples.add(values.toArray(new Expr<?>[0]));
            }
        }

        private Expr<?>[] sample(int i) {
            return samples.get(i);
        }

        /** The accelerator of {@code path}, or null if some variable it updates has no closed form. */
        PathAccelerator accelerate(LoopPath path, BooleanSupplier stop) {
            int passes = MAX_SHIFT + options.maxDegree() + 2;
            List<Map<Variable, BitVecExpr>> states = new ArrayList<>();
            List<List<BoolExpr>> conditions = new ArrayList<>();
            states.add(start);
            for (int i = 0; i < passes; i++) {
                PathTransition t = PathTransition.of(exprs, path, states.get(i));
                states.add(t.end());
                conditions.add(t.conditions());
            }
            Map<Variable, BitVecExpr> after = states.get(1);
            List<Variable> updated = start.keySet().stream().filter(v -> !after.get(v).equals(start.get(v))).toList();
            Set<Expr<?>> updatedConstants = new HashSet<>();
            updated.forEach(v -> updatedConstants.add(start.get(v)));
            Map<Variable, Integer> degrees = new LinkedHashMap<>();
            int shift = 0;
            for (Variable v : updated) {
                int[] form = closedForm(v, states, updatedConstants, stop);
                if (form == null) {
                    return null;
                }
                shift = Math.max(shift, form[0]);
                degrees.put(v, form[1]);
            }
            List<PathAccelerator.Check> checks = new ArrayList<>();
            Set<Variable> guarded = new LinkedHashSet<>();
            List<BoolExpr> now = conditions.get(0);
            List<BoolExpr> next = conditions.get(1);
            for (int k = 0; k < now.size(); k++) {
                BoolExpr a = now.get(k);
                BoolExpr b = next.get(k);
                PathAccelerator.Check c = PathAccelerator.Check.NEITHER;
                Set<Variable> read = new LinkedHashSet<>();
                degrees.forEach((v, d) -> {
                    if (d == 1 && (Mentions.any(a, Set.of(start.get(v))) || Mentions.any(b, Set.of(start.get(v))))) {
                        read.add(v);
                    }
                });
                BoolExpr w = PathAccelerator.stepDoesNotWrap(ctx, read, start, after);
                if (valid(ctx.mkImplies(b, a))) {
                    c = PathAccelerator.Check.LAST;
                } else if (valid(ctx.mkImplies(a, b))) {
                    c = PathAccelerator.Check.FIRST;
                } else if (!read.isEmpty() && valid(ctx.mkImplies(ctx.mkAnd(w, b), a))) {
                    c = PathAccelerator.Check.LAST;
                    guarded.addAll(read);
                } else if (!read.isEmpty() && valid(ctx.mkImplies(ctx.mkAnd(w, a), b))) {
                    c = PathAccelerator.Check.FIRST;
                    guarded.addAll(read);
                }
                checks.add(c);
            }
            boolean exact = !checks.contains(PathAccelerator.Check.NEITHER);
            if (exact && !guarded.isEmpty()) {
                BoolExpr w = PathAccelerator.stepDoesNotWrap(ctx, guarded, start, after);
                exact = valid(ctx.mkImplies(ctx.mkAnd(PathAccelerator.and(ctx, now), PathAccelerator.and(ctx, next)), w));
            }
            return new PathAccelerator(path, shift, degrees, checks, guarded, exact);
        }

        /**
         * {shift, degree} of {@code v}'s closed form: the least shift and then the least degree d
         * for which Δ^{d+1} of v's sequence is 0 from every start state; null if none is at most
         * the options' degree. A variable the pass sets to a value of the loop's constants is
         * constant from the second pass, without a check.
         */
        private int[] closedForm(Variable v, List<Map<Variable, BitVecExpr>> states, Set<Expr<?>> updatedConstants,
                                 BooleanSupplier stop) {
            if (!Mentions.any(states.get(1).get(v), updatedConstants)) {
                return new int[] {1, 0};
            }
            for (int shift = 0; shift <= MAX_SHIFT; shift++) {
                for (int d = 0; d <= options.maxDegree(); d++) {
                    if (stop.getAsBoolean()) {
                        return null;
                    }
                    List<BitVecExpr> values = new ArrayList<>();
                    for (int j = 0; j <= d + 1; j++) {
                        values.add(states.get(shift + j).get(v));
                    }
                    BitVecExpr delta = ClosedForms.difference(ctx, values, d + 1);
                    if (valid(ctx.mkEq(delta, ctx.mkBV(0, v.type().width())))) {
                        return new int[] {shift, d};
                    }
                }
            }
            return null;
        }

        /**
         * Whether {@code f} holds for every value of the start constants: first tried on a few
         * random values (a cheap refutation, as CBMC fits its polynomials on sample points first),
         * then proved by Z3.
         */
        private boolean valid(BoolExpr f) {
            for (int i = 0; i < SAMPLES; i++) {
                if (((BoolExpr) f.substitute(startConstants, sample(i)).simplify()).isFalse()) {
                    return false;
                }
            }
            if (stop.getAsBoolean()) {
                return false;
            }
            SmtSolver s = new SmtSolver(ctx, smt, cancellation);
            s.add(ctx.mkNot(f));
            return s.checkWithinResources(options.checkResources(), List.of()) instanceof SmtResult.Unsat;
        }
    }
}
