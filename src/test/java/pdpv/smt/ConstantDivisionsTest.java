package pdpv.smt;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.Context;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which formulas divide by a constant other than a power of two, the queries the integer relaxation reads exactly. */
class ConstantDivisionsTest {

    @Test
    void findsARemainderByThreeInsideAFormulaButNotShiftsOrVariableDivisors() {
        try (Context ctx = new Context()) {
            BitVecExpr i = ctx.mkBVConst("i", 32);
            BitVecExpr n = ctx.mkBVConst("n", 32);
            BitVecExpr three = ctx.mkBV(3, 32);
            assertTrue(ConstantDivisions.any(List.of(ctx.mkAnd(ctx.mkBVSLT(i, n),
                    ctx.mkEq(ctx.mkBVSRem(i, three), ctx.mkBV(2, 32))))), "i % 3 == 2");
            assertTrue(ConstantDivisions.any(List.of(ctx.mkEq(n, ctx.mkBVUDiv(ctx.mkBVAdd(i, three), ctx.mkBV(10, 32))))),
                    "n == (i + 3) / 10");
            assertFalse(ConstantDivisions.any(List.of(ctx.mkEq(n, ctx.mkBVSDiv(i, ctx.mkBV(4, 32))))),
                    "a division by 4 is a shift");
            assertFalse(ConstantDivisions.any(List.of(ctx.mkEq(n, ctx.mkBVURem(i, n)))), "a variable divisor");
            assertFalse(ConstantDivisions.any(List.of(ctx.mkEq(n, ctx.mkBVMul(i, three)))), "no division");
        }
    }
}
