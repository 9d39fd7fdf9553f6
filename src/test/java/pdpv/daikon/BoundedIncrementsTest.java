package pdpv.daikon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Variable;
import pdpv.semantics.CType;

/**
 * {@link BoundedIncrements}: the accumulator of linear-inequality-inv-a gets its bounds by the
 * counter's progress, and on random 8-bit increments (extensions of 4-bit values, constants,
 * sums, products by a constant, if-then-else) every range it reads is sound: Z3 finds no values
 * whose change leaves it.
 */
class BoundedIncrementsTest {
    private static final CType UCHAR = new CType(CType.Kind.CHAR, 8, false);
    private static final CType USHORT = new CType(CType.Kind.SHORT, 16, false);

    @Test
    void aSumOfUnsignedCharsIsBoundedBy255TimesItsCount() {
        try (Context ctx = new Context()) {
            Variable s = new Variable(1, "s", "s", USHORT, Variable.Kind.LOCAL);
            Variable i = new Variable(2, "i", "i", USHORT, Variable.Kind.LOCAL);
            Variable v = new Variable(3, "v", "v", UCHAR, Variable.Kind.LOCAL);
            BitVecExpr se = ctx.mkBVConst("s_e", 16);
            BitVecExpr ie = ctx.mkBVConst("i_e", 16);
            BitVecExpr ve = ctx.mkBVConst("v_e", 8);
            BitVecExpr fresh = ctx.mkBVConst("havoc", 8);
            Map<Variable, Expr<?>> end = new LinkedHashMap<>();
            end.put(s, se);
            end.put(i, ie);
            end.put(v, ve);
            Map<Variable, Expr<?>> next = new LinkedHashMap<>();
            next.put(s, ctx.mkBVAdd(se, ctx.mkZeroExt(8, fresh)));
            next.put(i, ctx.mkBVAdd(ie, ctx.mkBV(1, 16)));
            next.put(v, fresh);
            List<String> out = BoundedIncrements.of(end, next).stream().map(Object::toString).toList();
            assertEquals(List.of("s - \\old(s) <= 255*i - 255*\\old(i)", "s - \\old(s) >= 0"), out,
                    "v's change has no range (it is not x + something), i's is the constant 1");
        }
    }

    @Test
    void aCounterGoingDownByTwoGivesTheBoundsWithItsSign() {
        try (Context ctx = new Context()) {
            Variable x = new Variable(1, "x", "x", USHORT, Variable.Kind.LOCAL);
            Variable j = new Variable(2, "j", "j", USHORT, Variable.Kind.LOCAL);
            BitVecExpr xe = ctx.mkBVConst("x_e", 16);
            BitVecExpr je = ctx.mkBVConst("j_e", 16);
            BoolExpr c = ctx.mkBoolConst("c");
            Map<Variable, Expr<?>> end = new LinkedHashMap<>(Map.of(x, xe, j, je));
            Map<Variable, Expr<?>> next = new LinkedHashMap<>();
            next.put(x, ctx.mkITE(c, ctx.mkBVAdd(xe, ctx.mkBV(3, 16)), ctx.mkBVAdd(xe, ctx.mkBV(-1, 16))));
            next.put(j, ctx.mkBVAdd(je, ctx.mkBV(-2, 16)));
            List<Invariant> out = BoundedIncrements.of(end, next);
            assertEquals(2, out.size(), out.toString());
            // after k passes j - \old(j) = -2k and x - \old(x) lies in [-k, 3k]
            for (int k = 0; k <= 5; k++) {
                for (int ups = 0; ups <= k; ups++) {
                    long dx = 3L * ups - (k - ups);
                    long dj = -2L * k;
                    for (Invariant inv : out) {
                        assertTrue(inv.holds(t -> BigInteger.valueOf(t.old() ? 100 : 100 + (t.variable() == x ? dx : dj))),
                                inv + " after " + k + " passes, " + ups + " of them up");
                    }
                }
            }
        }
    }

    @Test
    void aChangeThatIsNotAnAdditionToTheVariableHasNoRange() {
        try (Context ctx = new Context()) {
            BitVecExpr x = ctx.mkBVConst("x", 8);
            BitVecExpr y = ctx.mkBVConst("y", 8);
            assertNull(BoundedIncrements.change(x, ctx.mkBVMul(x, ctx.mkBV(2, 8))));
            assertNull(BoundedIncrements.change(x, ctx.mkBVAdd(x, y)), "y's range is its whole type: no bound worth a candidate");
            assertNull(BoundedIncrements.change(x, ctx.mkBVAdd(x, ctx.mkBVAdd(ctx.mkZeroExt(4, ctx.mkBVConst("z", 4)), ctx.mkBV(120, 8)))),
                    "[120, 135] leaves the signed range of 8 bits: the sum wraps");
        }
    }

    @Test
    void randomIncrementsStayInTheirRange() {
        Random random = new Random(19);
        int ranged = 0;
        try (Context ctx = new Context()) {
            BitVecExpr x = ctx.mkBVConst("x", 8);
            for (int round = 0; round < 300; round++) {
                BitVecExpr after = ctx.mkBVAdd(x, increment(ctx, random, 3));
                BigInteger[] r = BoundedIncrements.change(x, after);
                if (r == null) {
                    continue;
                }
                ranged++;
                BitVecExpr d = ctx.mkBVSub(after, x);
                Solver s = ctx.mkSolver();
                s.add(ctx.mkOr(ctx.mkBVSLT(d, ctx.mkBV(r[0].longValue(), 8)), ctx.mkBVSGT(d, ctx.mkBV(r[1].longValue(), 8))));
                Status st = s.check();
                assertEquals(Status.UNSATISFIABLE, st, () -> after + " leaves [" + r[0] + ", " + r[1] + "]: " + s.getModel());
            }
        }
        assertTrue(ranged >= 50, "most random increments have a range: " + ranged);
    }

    /** A random increment of 8 bits whose range interval arithmetic can read, to {@code depth}. */
    private static BitVecExpr increment(Context ctx, Random random, int depth) {
        int kind = random.nextInt(depth == 0 ? 3 : 6);
        BitVecExpr leaf = ctx.mkBVConst("v" + random.nextInt(3), 4);
        return switch (kind) {
            case 0 -> ctx.mkZeroExt(4, leaf);
            case 1 -> ctx.mkSignExt(4, leaf);
            case 2 -> ctx.mkBV(random.nextInt(31) - 15, 8);
            case 3 -> ctx.mkBVAdd(increment(ctx, random, depth - 1), increment(ctx, random, depth - 1));
            case 4 -> ctx.mkBVMul(ctx.mkBV(random.nextInt(7) - 3, 8), increment(ctx, random, depth - 1));
            default -> (BitVecExpr) ctx.mkITE(ctx.mkBoolConst("c" + random.nextInt(3)), increment(ctx, random, depth - 1),
                    increment(ctx, random, depth - 1));
        };
    }

    @Test
    void theRangeOfAnExtensionIsItsOperandsType() {
        try (Context ctx = new Context()) {
            BitVecExpr v = ctx.mkBVConst("v", 8);
            BigInteger[] z = BoundedIncrements.range(ctx.mkZeroExt(8, v));
            BigInteger[] s = BoundedIncrements.range(ctx.mkSignExt(8, v));
            assertNotNull(z);
            assertNotNull(s);
            assertEquals(List.of(BigInteger.ZERO, BigInteger.valueOf(255)), List.of(z));
            assertEquals(List.of(BigInteger.valueOf(-128), BigInteger.valueOf(127)), List.of(s));
        }
    }
}
