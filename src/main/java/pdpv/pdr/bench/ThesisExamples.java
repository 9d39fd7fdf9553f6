package pdpv.pdr.bench;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.List;
import java.util.Map;
import pdpv.pdr.StateVar;
import pdpv.pdr.TransitionSystem;

/**
 * The model checking instances of thesis chapter 3 (§3.2.1–3.2.3) and §7.1 over 32-bit variables,
 * and the refinement instance (§4.3.3) of the loop of Fig. 5.7b.
 * The thesis means sums as mathematical sums: {@code mathematical = true} evaluates them over
 * sign-extended operands; {@code false} uses wrapping 32-bit sums, under which the properties fail.
 */
public final class ThesisExamples {
    public static final int WIDTH = 32;
    private final Context ctx;
    private final boolean mathematical;

    public ThesisExamples(Context ctx, boolean mathematical) {
        this.ctx = ctx;
        this.mathematical = mathematical;
    }

    private BitVecExpr c(long v) {
        return ctx.mkBV(v, WIDTH);
    }

    /** Example "Simple" (§3.2.1) with B := x ≥ bound (3 in the thesis, 1000 in §7.1). */
    public TransitionSystem simple(long bound) {
        StateVar n = StateVar.of(ctx, "n", WIDTH);
        StateVar x = StateVar.of(ctx, "x", WIDTH);
        BoolExpr init = ctx.mkAnd(ctx.mkEq(n.current(), c(1)), ctx.mkEq(x.current(), c(0)));
        Map<String, BitVecExpr> next = Map.of(
                "x", ctx.mkBVAdd(x.current(), c(1)),
                "n", ctx.mkBVSub(n.current(), c(1)));
        List<BoolExpr> constraints = List.of(ctx.mkBVSGT(n.current(), c(0)));
        BoolExpr bad = ctx.mkBVSGE(x.current(), c(bound));
        return TransitionSystem.functional(ctx, List.of(n, x), List.of(), init, next, constraints, bad);
    }

    /** Example "Linear Invariant" (§3.2.1): I := x + 2y ≤ 5, x′ = x + 1, y′ = y − 1, B := x + 2y > 5. */
    public TransitionSystem linear() {
        StateVar x = StateVar.of(ctx, "x", WIDTH);
        StateVar y = StateVar.of(ctx, "y", WIDTH);
        BitVecExpr sum = sum(x.current(), 1, y.current(), 2);
        BoolExpr init = ctx.mkBVSLE(sum, k(5));
        BitVecExpr x1 = ctx.mkBVAdd(x.current(), c(1));
        BitVecExpr y1 = ctx.mkBVSub(y.current(), c(1));
        List<BoolExpr> constraints = List.of(ctx.mkBVSGT(x1, x.current()), ctx.mkBVSLT(y1, y.current()));
        BoolExpr bad = ctx.mkBVSGT(sum, k(5));
        return TransitionSystem.functional(ctx, List.of(x, y), List.of(), init, Map.of("x", x1, "y", y1), constraints, bad);
    }

    /** Example "Hybrid Invariant" (§3.2.3): I := 2y = x ∧ x + y ≤ 3, y′ = y + 1, x′ = x − 2, B := x + y ≥ 4 ∨ x odd. */
    public TransitionSystem hybrid() {
        StateVar x = StateVar.of(ctx, "x", WIDTH);
        StateVar y = StateVar.of(ctx, "y", WIDTH);
        BitVecExpr sum = sum(x.current(), 1, y.current(), 1);
        BoolExpr init = ctx.mkAnd(ctx.mkEq(sum(y.current(), 2, null, 0), sum(x.current(), 1, null, 0)), ctx.mkBVSLE(sum, k(3)));
        BitVecExpr y1 = ctx.mkBVAdd(y.current(), c(1));
        BitVecExpr x1 = ctx.mkBVSub(x.current(), c(2));
        List<BoolExpr> constraints = List.of(ctx.mkBVSGT(y1, y.current()), ctx.mkBVSLT(x1, x.current()));
        BoolExpr odd = ctx.mkEq(ctx.mkExtract(0, 0, x.current()), ctx.mkBV(1, 1));
        BoolExpr bad = ctx.mkOr(ctx.mkBVSGE(sum, k(4)), odd);
        return TransitionSystem.functional(ctx, List.of(x, y), List.of(), init, Map.of("x", x1, "y", y1), constraints, bad);
    }

    /**
     * The loop {@code while (x < n) x++} of Fig. 5.7b as its refinement instance (§4.3.3): x_b and n_b
     * are the values before the loop, x_e the value at the head; I := x_e = x_b, x_e′ = x_e + 1 under
     * x_e < n_b, B := x_b = 0 ∧ n_b > 0 ∧ x_e > n_b (the loop has ended and {@code assert(x <= n)}
     * fails). B is unreachable because x_e never passes n_b, a relation no box expresses.
     */
    public TransitionSystem countUp() {
        StateVar xb = StateVar.of(ctx, "x_b", WIDTH);
        StateVar nb = StateVar.of(ctx, "n_b", WIDTH);
        StateVar xe = StateVar.of(ctx, "x_e", WIDTH);
        BoolExpr init = ctx.mkEq(xe.current(), xb.current());
        Map<String, BitVecExpr> next = Map.of(
                "x_b", xb.current(), "n_b", nb.current(), "x_e", ctx.mkBVAdd(xe.current(), c(1)));
        List<BoolExpr> constraints = List.of(ctx.mkBVSLT(xe.current(), nb.current()));
        BoolExpr bad = ctx.mkAnd(ctx.mkEq(xb.current(), c(0)), ctx.mkBVSGT(nb.current(), c(0)),
                ctx.mkBVSGT(xe.current(), nb.current()));
        return TransitionSystem.functional(ctx, List.of(xb, nb, xe), List.of(), init, next, constraints, bad);
    }

    private int sumWidth() {
        return mathematical ? WIDTH + 2 : WIDTH;
    }

    private BitVecExpr k(long v) {
        return ctx.mkBV(v, sumWidth());
    }

    /** a·u + b·v, over sign-extended operands (mathematical) or wrapping. */
    private BitVecExpr sum(BitVecExpr u, long a, BitVecExpr v, long b) {
        BitVecExpr result = term(u, a);
        return v == null ? result : ctx.mkBVAdd(result, term(v, b));
    }

    private BitVecExpr term(BitVecExpr u, long a) {
        BitVecExpr wide = mathematical ? ctx.mkSignExt(2, u) : u;
        return a == 1 ? wide : ctx.mkBVMul(ctx.mkBV(a, sumWidth()), wide);
    }
}
