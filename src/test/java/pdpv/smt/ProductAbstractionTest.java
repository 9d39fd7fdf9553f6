package pdpv.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ProductAbstraction} is an over-approximation (8 bits, Z3): no random formula that is
 * satisfiable becomes unsatisfiable once abstracted, and a bound whose consecution does not depend
 * on the body's products is still shown with them abstracted.
 */
class ProductAbstractionTest {
    @Test
    void anAbstractedFormulaIsSatisfiableWhenTheFormulaIs() {
        Random random = new Random(4711);
        int unsat = 0;
        try (Context ctx = new Context()) {
            BitVecExpr[] vars = {ctx.mkBVConst("x", 8), ctx.mkBVConst("y", 8), ctx.mkBVConst("z", 8)};
            for (int round = 0; round < 200; round++) {
                BoolExpr f = ctx.mkAnd(atom(ctx, vars, random), atom(ctx, vars, random), atom(ctx, vars, random));
                ProductAbstraction a = new ProductAbstraction(ctx);
                BoolExpr abstracted = a.apply(f);
                Status original = status(ctx, f);
                Status over = status(ctx, abstracted);
                if (over == Status.UNSATISFIABLE) {
                    unsat++;
                    assertEquals(Status.UNSATISFIABLE, original, "abstraction lost a model of " + f);
                }
            }
        }
        assertTrue(unsat > 10, "only " + unsat + " unsatisfiable abstractions: the test checks too little");
    }

    @Test
    void aBoundBesideAProductIsShownWithTheProductAbstracted() {
        try (Context ctx = new Context()) {
            BitVecExpr x = ctx.mkBVConst("x", 8);
            BitVecExpr x1 = ctx.mkBVConst("x1", 8);
            BitVecExpr u = ctx.mkBVConst("u", 8);
            BitVecExpr v = ctx.mkBVConst("v", 8);
            BitVecExpr one = ctx.mkBV(1, 8);
            // x >= 1, x1 = x + 1 without signed overflow, the body asserts u*v == 2*x*u without overflow: x1 >= 1
            BoolExpr f = ctx.mkAnd(ctx.mkBVSGE(x, one), ctx.mkEq(x1, ctx.mkBVAdd(x, one)), ctx.mkBVAddNoOverflow(x, one, true),
                    ctx.mkEq(ctx.mkBVMul(u, v), ctx.mkBVMul(ctx.mkBVMul(ctx.mkBV(2, 8), x), u)), ctx.mkBVMulNoOverflow(u, v, true),
                    ctx.mkNot(ctx.mkBVSGE(x1, one)));
            ProductAbstraction a = new ProductAbstraction(ctx);
            BoolExpr abstracted = a.apply(f);
            assertTrue(a.changedAny());
            assertFalse(abstracted.toString().contains("bvmul u v"), abstracted.toString());
            assertEquals(Status.UNSATISFIABLE, status(ctx, abstracted));
            ProductAbstraction none = new ProductAbstraction(ctx);
            BoolExpr linear = ctx.mkBVSGE(ctx.mkBVMul(ctx.mkBV(3, 8), x), one);
            assertEquals(linear, none.apply(linear));
            assertFalse(none.changedAny(), "a product with a numeral is linear and kept");
        }
    }

    private static Status status(Context ctx, BoolExpr f) {
        Solver s = ctx.mkSolver();
        s.add(f);
        return s.check();
    }

    private static BoolExpr atom(Context ctx, BitVecExpr[] vars, Random random) {
        BitVecExpr l = term(ctx, vars, random, 2);
        BitVecExpr r = term(ctx, vars, random, 2);
        return switch (random.nextInt(4)) {
            case 0 -> ctx.mkEq(l, r);
            case 1 -> ctx.mkBVSLT(l, r);
            case 2 -> ctx.mkBVMulNoOverflow(l, r, true);
            default -> ctx.mkNot(ctx.mkEq(l, r));
        };
    }

    private static BitVecExpr term(Context ctx, BitVecExpr[] vars, Random random, int depth) {
        if (depth == 0 || random.nextInt(4) == 0) {
            return random.nextInt(3) == 0 ? ctx.mkBV(random.nextInt(7) - 3, 8) : vars[random.nextInt(vars.length)];
        }
        BitVecExpr l = term(ctx, vars, random, depth - 1);
        BitVecExpr r = term(ctx, vars, random, depth - 1);
        return switch (random.nextInt(3)) {
            case 0 -> ctx.mkBVAdd(l, r);
            case 1 -> ctx.mkBVSub(l, r);
            default -> ctx.mkBVMul(l, r);
        };
    }
}
