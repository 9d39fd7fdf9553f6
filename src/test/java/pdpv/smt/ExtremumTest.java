package pdpv.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.math.BigInteger;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link Extremum} against enumeration of every 8-bit value, on random constraints. */
class ExtremumTest {
    private static final int WIDTH = 8;

    @Test
    void theSearchFindsTheOptimumEnumerationFinds() {
        Random random = new Random(20261126);
        try (Context ctx = new Context()) {
            BitVecExpr x = ctx.mkBVConst("x", WIDTH);
            for (int round = 0; round < 150; round++) {
                BoolExpr f = randomConstraint(ctx, x, random);
                Integer min = null;
                Integer max = null;
                for (int v = 0; v < 1 << WIDTH; v++) {
                    if (f.substitute(x, ctx.mkBV(v, WIDTH)).simplify().isTrue()) {
                        min = min == null ? v : min;
                        max = v;
                    }
                }
                Solver solver = ctx.mkSolver();
                solver.add(f);
                Extremum.Probe probe = b -> {
                    Status st = solver.check(Extremum.Bound.on(ctx, x, b));
                    return st == Status.SATISFIABLE
                            ? Optional.of(((BitVecNum) solver.getModel().eval(x, true)).getBigInteger())
                            : Optional.empty();
                };
                assertEquals(Optional.ofNullable(max).map(BigInteger::valueOf), Extremum.of(probe, WIDTH, true), "greatest under " + f);
                assertEquals(Optional.ofNullable(min).map(BigInteger::valueOf), Extremum.of(probe, WIDTH, false), "least under " + f);
            }
        }
    }

    /** A conjunction of up to three random bounds, masks and congruences on x, sometimes unsatisfiable. */
    private static BoolExpr randomConstraint(Context ctx, BitVecExpr x, Random random) {
        int n = 1 + random.nextInt(3);
        BoolExpr[] parts = new BoolExpr[n];
        for (int i = 0; i < n; i++) {
            BitVecExpr c = ctx.mkBV(random.nextInt(1 << WIDTH), WIDTH);
            parts[i] = switch (random.nextInt(5)) {
                case 0 -> ctx.mkBVULE(x, c);
                case 1 -> ctx.mkBVSGE(x, c);
                case 2 -> ctx.mkEq(ctx.mkBVAND(x, c), ctx.mkBVAND(c, ctx.mkBV(random.nextInt(1 << WIDTH), WIDTH)));
                case 3 -> ctx.mkEq(ctx.mkBVURem(x, ctx.mkBV(2 + random.nextInt(9), WIDTH)), ctx.mkBV(random.nextInt(3), WIDTH));
                default -> ctx.mkNot(ctx.mkEq(x, c));
            };
        }
        return ctx.mkAnd(parts);
    }
}
