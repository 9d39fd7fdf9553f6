package pdpv.smt;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The solver wrapper: a check with its own resource limit gives up without limiting later checks. */
class SmtSolverTest {

    @Test
    void checkWithinResourcesGivesUpAndLeavesLaterChecksUnlimited() {
        try (Context ctx = new Context()) {
            SmtSolver solver = new SmtSolver(ctx, new SmtStatistics());
            solver.setTimeoutMillis(60_000);
            BitVecExpr x = ctx.mkZeroExt(32, ctx.mkBVConst("x", 32));
            BitVecExpr y = ctx.mkZeroExt(32, ctx.mkBVConst("y", 32));
            long p = 3_591_682_483L;
            long q = 3_063_469_421L;
            BoolExpr factors = ctx.mkAnd(ctx.mkEq(ctx.mkBVMul(x, y), ctx.mkBV(Long.toUnsignedString(p * q), 64)),
                    ctx.mkBVUGT(x, ctx.mkBV(1, 64)), ctx.mkBVUGT(y, ctx.mkBV(1, 64)));
            BoolExpr hard = ctx.mkBoolConst("hard");
            solver.add(ctx.mkImplies(hard, factors));
            assertInstanceOf(SmtResult.Unknown.class, solver.checkWithinResources(100_000, List.of(hard)),
                    "factoring a product of two 32-bit primes takes far more than 100,000 resource units");
            assertInstanceOf(SmtResult.Unknown.class, solver.checkWithinResources(100_000, List.of(hard)),
                    "the limit counts from the start of each check");
            assertInstanceOf(SmtResult.Sat.class, solver.check(List.of()), "later checks are not limited");
        }
    }
}
