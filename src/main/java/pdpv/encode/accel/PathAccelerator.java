package pdpv.encode.accel;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Context;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Variable;
import pdpv.encode.BlockSummary;
import pdpv.encode.ExprEncoder;

/**
 * The accelerator of one {@link LoopPath}: the state after n passes along it, n a fresh 64-bit
 * count, and the condition that every one of the n passes could take the path. Found by
 * {@link LoopAcceleration}; context-free, so that each engine encodes it into its own Z3 context.
 *
 * <p>We follow Kroening, Lewis and Weissenbacher ("Under-approximating loops in C programs for
 * fast counterexample detection", FMSD 2015; CBMC's {@code goto-instrument --accelerate}): a
 * closed form per variable the path updates, checked rather than trusted, and the path condition
 * on all iterations replaced by its value on one of them where an SMT check shows the conjunct
 * monotone along the path ("once false, stays false"). Over bit-vectors we differ in three ways:
 * <ul>
 * <li>Closed forms are exact modulo 2^w (Newton's forward differences, {@link ClosedForms}) for
 *     every variable whose sequence has Δ^{d+1} = 0, d up to {@code maxDegree}, from the first or
 *     the second pass on ({@link #shift()}: a reset {@code x = c} is constant only from the second);
 *     the identity is proved for all start states, so wrap-around is no exception.</li>
 * <li>Each conjunct a of the path condition is classified for both directions: {@link Check#LAST}
 *     when a(τ(y)) ⇒ a(y) for all y (it holds on passes 0..n-1 iff on pass n-1), {@link
 *     Check#FIRST} when a(y) ⇒ a(τ(y)) (iff on the first). Wrap-around is where such monotonicity
 *     breaks ({@code x < C} with {@code x += 2} is not monotone at x = 2^32 - 1), so when the check
 *     fails it is repeated under W(y): no variable of degree 1 that the conjunct reads wraps in the
 *     pass from y (read as its type reads it; these are the {@link #guarded()} ones). W on passes
 *     0..n-2 is exactly that x_s + c·(n-1-s), computed in w + 66 bits, is a value of x's type (an
 *     affine sequence stays in range iff both ends do), which is added to the condition.</li>
 * <li>We say where the condition is exact (every run of n passes along the path satisfies it, not
 *     only some): when every conjunct got FIRST or LAST and W was not needed, or W was needed and
 *     P(y) ∧ P(τ(y)) ⇒ W(y) holds (two consecutive passes along the path never wrap; this fails
 *     for {@code x < 0xffffffff} with {@code x += 2}, which loops forever through the wrap). An
 *     exact accelerator is an exact summary of the path's repetitions; an inexact one is sound
 *     as an under-approximation ({@link Segment#sufficient()}: bounded model checking) and
 *     gives a necessary condition ({@link Segment#necessary()}: the conjuncts on the first and last
 *     pass) for over-approximations. A conjunct that is neither ({@link Check#NEITHER}, say
 *     {@code i % 4 == 1} along {@code i++}) leaves only the necessary condition.</li>
 * </ul>
 */
public final class PathAccelerator {
    /** On which pass a conjunct of the path condition must be checked to hold on all of them. */
    public enum Check {
        /** "Once false, stays false": on the last pass. */
        LAST,
        /** "Once true, stays true": on the first pass (from the shift on). */
        FIRST,
        /** Neither: no single pass tells. */
        NEITHER
    }

    private final LoopPath path;
    private final int shift;
    private final Map<Variable, Integer> degrees;
    private final List<Check> checks;
    private final Set<Variable> guarded;
    private final boolean exact;

    PathAccelerator(LoopPath path, int shift, Map<Variable, Integer> degrees, List<Check> checks, Set<Variable> guarded,
                    boolean exact) {
        this.path = path;
        this.shift = shift;
        this.degrees = Collections.unmodifiableMap(new LinkedHashMap<>(degrees));
        this.checks = List.copyOf(checks);
        this.guarded = Collections.unmodifiableSet(new LinkedHashSet<>(guarded));
        this.exact = exact;
    }

    public LoopPath path() {
        return path;
    }

    /** The pass from which every updated variable's sequence is polynomial: 0, or 1 after a reset. */
    public int shift() {
        return shift;
    }

    /** For each variable the path updates, the degree of its closed form. */
    public Map<Variable, Integer> degrees() {
        return degrees;
    }

    /** How each conjunct of the path condition is checked, in the order the path meets them. */
    public List<Check> checks() {
        return checks;
    }

    /**
     * The translations (variables of degree 1) the condition needs not to wrap on the way: those a
     * conjunct is monotone only without their wrap-around; empty when none is.
     */
    public Set<Variable> guarded() {
        return guarded;
    }

    /** Whether {@link Segment#sufficient()} and {@link Segment#necessary()} are the same condition. */
    public boolean exact() {
        return exact;
    }

    /** Whether the path can be accelerated as an under-approximation (every conjunct FIRST or LAST). */
    public boolean underApproximates() {
        return !checks.contains(Check.NEITHER);
    }

    /**
     * n passes along the path from {@code entry} (a value for every variable the path reads; the
     * others pass through).
     *
     * @param exit the values after the n passes: closed forms for the updated variables
     * @param sufficient a condition on n and the entry values under which all n passes take the
     *     path (and pass its assertions and assumptions); null unless {@link #underApproximates()}
     * @param necessary a condition every n passes along the path satisfy
     * @param continues the path condition after the n passes: whether an (n+1)-th pass takes it
     */
    public record Segment(Map<Variable, BitVecExpr> exit, BoolExpr sufficient, BoolExpr necessary, BoolExpr continues) {
    }

    /** Encodes n passes from {@code entry} with the 64-bit count {@code n}. */
    public Segment encode(ExprEncoder exprs, Map<Variable, BitVecExpr> entry, BitVecExpr n) {
        Context ctx = exprs.algebra().context();
        int maxDegree = degrees.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        List<Map<Variable, BitVecExpr>> states = new ArrayList<>();
        List<List<BoolExpr>> conditions = new ArrayList<>();
        states.add(entry);
        for (int i = 0; i <= shift + Math.max(1, maxDegree); i++) {
            PathTransition t = PathTransition.of(exprs, path, states.get(i));
            conditions.add(t.conditions());
            states.add(t.end());
        }
        Map<Variable, List<BitVecExpr>> differences = new LinkedHashMap<>();
        degrees.forEach((v, d) -> {
            List<BitVecExpr> values = new ArrayList<>();
            for (int j = 0; j <= d; j++) {
                values.add(states.get(shift + j).get(v));
            }
            differences.put(v, ClosedForms.differences(ctx, values));
        });
        BitVecExpr one = ctx.mkBV(1, ClosedForms.COUNT_WIDTH);
        BitVecExpr s = ctx.mkBV(shift, ClosedForms.COUNT_WIDTH);
        Map<Variable, BitVecExpr> atN = stateAt(ctx, entry, differences, n);
        Map<Variable, BitVecExpr> last = stateAt(ctx, entry, differences, ctx.mkBVSub(n, one));
        BoolExpr beyondShift = ctx.mkBVUGT(n, s);
        List<BoolExpr> explicit = new ArrayList<>();
        for (int i = 0; i < shift; i++) {
            explicit.add(ctx.mkImplies(ctx.mkBVUGT(n, ctx.mkBV(i, ClosedForms.COUNT_WIDTH)), and(ctx, conditions.get(i))));
        }
        List<BoolExpr> lastPass = PathTransition.of(exprs, path, last).conditions();
        List<BoolExpr> firstPass = conditions.get(shift);
        List<BoolExpr> under = new ArrayList<>();
        List<BoolExpr> over = new ArrayList<>();
        for (int k = 0; k < checks.size(); k++) {
            switch (checks.get(k)) {
                case LAST -> {
                    under.add(lastPass.get(k));
                    over.add(lastPass.get(k));
                }
                case FIRST -> {
                    under.add(firstPass.get(k));
                    over.add(firstPass.get(k));
                }
                case NEITHER -> {
                    over.add(firstPass.get(k));
                    over.add(lastPass.get(k));
                }
            }
        }
        if (!guarded.isEmpty()) {
            BoolExpr noWrap = noWrap(ctx, states, ctx.mkBVSub(ctx.mkBVSub(n, s), one));
            under.add(noWrap);
            if (exact) {
                over.add(noWrap);
            }
        }
        BoolExpr sufficient = underApproximates()
                ? ctx.mkAnd(and(ctx, explicit), ctx.mkImplies(beyondShift, and(ctx, under))) : null;
        BoolExpr necessary = ctx.mkAnd(and(ctx, explicit), ctx.mkImplies(beyondShift, and(ctx, over)));
        BoolExpr continues = and(ctx, PathTransition.of(exprs, path, atN).conditions());
        return new Segment(atN, sufficient, necessary, continues);
    }

    /**
     * The accelerator as a block of an unrolling (bounded model checking; CBMC puts it into the loop
     * as one more path): n passes under the sufficient condition, so that only runs of the program
     * are added; when the condition is exact, only maximal ones too (the next pass would leave the
     * path, or n is the largest count), so that a run's repetitions of the path have one
     * representation and the unwinding check can find the unrolling complete.
     */
    public BlockSummary unrollingStep() {
        if (!underApproximates()) {
            throw new IllegalStateException(this + " is not an under-approximation");
        }
        return new BlockSummary() {
            @Override
            public Effect encode(ExprEncoder exprs, Map<Variable, Expr<?>> entry, BitVecExpr count) {
                Context ctx = exprs.algebra().context();
                Segment s = PathAccelerator.this.encode(exprs, BlockSummary.scalars(entry), count);
                BoolExpr condition = s.sufficient();
                if (exact) {
                    BoolExpr largest = ctx.mkEq(count, ctx.mkBV("18446744073709551615", ClosedForms.COUNT_WIDTH));
                    condition = ctx.mkAnd(condition, ctx.mkOr(ctx.mkNot(s.continues()), largest));
                }
                Map<Variable, Expr<?>> exit = new LinkedHashMap<>(entry);
                exit.putAll(s.exit());
                return new Effect(exit, condition);
            }

            @Override
            public long stepsPerPass() {
                return path.steps();
            }

            @Override
            public String toString() {
                return "accelerated " + PathAccelerator.this;
            }
        };
    }

    /** The values after {@code count} passes: each updated variable's closed form, the others as on entry. */
    private Map<Variable, BitVecExpr> stateAt(Context ctx, Map<Variable, BitVecExpr> entry,
                                              Map<Variable, List<BitVecExpr>> differences, BitVecExpr count) {
        Map<Variable, BitVecExpr> out = new LinkedHashMap<>(entry);
        BitVecExpr m = shift == 0 ? count : ctx.mkBVSub(count, ctx.mkBV(shift, ClosedForms.COUNT_WIDTH));
        differences.forEach((v, diff) -> {
            BitVecExpr value = ClosedForms.newton(ctx, diff, m);
            if (shift == 1) {
                value = (BitVecExpr) ctx.mkITE(ctx.mkEq(count, ctx.mkBV(0, ClosedForms.COUNT_WIDTH)), entry.get(v), value);
            }
            out.put(v, value);
        });
        return out;
    }

    /**
     * No {@link #guarded} variable leaves its type's range on passes shift..shift+m: x_s + c·m, with c
     * the constant step x_{s+1} - x_s read signed, is in range, computed exactly in w + 66 bits.
     */
    private BoolExpr noWrap(Context ctx, List<Map<Variable, BitVecExpr>> states, BitVecExpr m) {
        List<BoolExpr> fits = new ArrayList<>();
        guarded.forEach(v -> {
            int w = v.type().width();
            int k = w + ClosedForms.COUNT_WIDTH + 2;
            boolean signed = v.type().signed();
            BitVecExpr xs = states.get(shift).get(v);
            BitVecExpr step = ctx.mkBVSub(states.get(shift + 1).get(v), xs);
            BitVecExpr sum = ctx.mkBVAdd(ClosedForms.widen(ctx, xs, k, signed),
                    ctx.mkBVMul(ClosedForms.widen(ctx, step, k, true), ClosedForms.widen(ctx, m, k, false)));
            fits.add(ClosedForms.fits(ctx, sum, w, signed));
        });
        return and(ctx, fits);
    }

    /**
     * W(y) for the symbolic pass from {@code start} to {@code end}: none of the {@code variables}
     * wraps, read as its type reads it.
     */
    static BoolExpr stepDoesNotWrap(Context ctx, Set<Variable> variables, Map<Variable, BitVecExpr> start,
                                    Map<Variable, BitVecExpr> end) {
        List<BoolExpr> fits = new ArrayList<>();
        variables.forEach(v -> {
            int w = v.type().width();
            boolean signed = v.type().signed();
            BitVecExpr step = ctx.mkBVSub(end.get(v), start.get(v));
            BitVecExpr sum = ctx.mkBVAdd(ClosedForms.widen(ctx, start.get(v), w + 2, signed),
                    ClosedForms.widen(ctx, step, w + 2, true));
            fits.add(ClosedForms.fits(ctx, sum, w, signed));
        });
        return and(ctx, fits);
    }

    static BoolExpr and(Context ctx, List<BoolExpr> conjuncts) {
        if (conjuncts.isEmpty()) {
            return ctx.mkTrue();
        }
        return conjuncts.size() == 1 ? conjuncts.get(0) : ctx.mkAnd(conjuncts.toArray(new BoolExpr[0]));
    }

    @Override
    public String toString() {
        return path + " (shift " + shift + ", degrees " + degrees + ", checks " + checks + (guarded.isEmpty() ? "" : ", no wrap of " + guarded)
                + (exact ? ", exact" : "") + ")";
    }
}
