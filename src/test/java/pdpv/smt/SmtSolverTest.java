package pdpv.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The solver wrapper: a check with its own resource limit gives up without limiting later checks;
 * a check the bit-blaster does not decide within its budget goes to the integer relaxation.
 */
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

    /** x + 2y ≤ 5 is preserved by x′ = x + 1, y′ = y − 1 without overflow (thesis §3.2.1), over 35-bit rows. */
    @Test
    void theIntegerRelaxationDecidesWhatTheBitBlasterDoesNotDecideQuickly() {
        try (Context ctx = new Context()) {
            BitVecExpr x = ctx.mkBVConst("x", 32);
            BitVecExpr y = ctx.mkBVConst("y", 32);
            BitVecExpr x1 = ctx.mkBVAdd(x, ctx.mkBV(1, 32));
            BitVecExpr y1 = ctx.mkBVSub(y, ctx.mkBV(1, 32));
            BoolExpr step = ctx.mkAnd(ctx.mkBVSGT(x1, x), ctx.mkBVSLT(y1, y), row(ctx, x, y), ctx.mkNot(row(ctx, x1, y1)));
            BoolExpr query = ctx.mkBoolConst("query");
            SmtStatistics relaxedStats = new SmtStatistics();
            SmtSolver relaxed = new SmtSolver(ctx, relaxedStats, new Cancellation(ctx), new RelaxationBudget(1, 100_000));
            relaxed.add(ctx.mkImplies(query, step));
            SmtResult.Unsat unsat = assertInstanceOf(SmtResult.Unsat.class, relaxed.check(query));
            assertEquals(List.of(query), unsat.core());
            assertEquals(1, relaxedStats.relaxedCalls());
            SmtStatistics plainStats = new SmtStatistics();
            SmtSolver plain = new SmtSolver(ctx, plainStats, new Cancellation(ctx), RelaxationBudget.NONE);
            plain.add(ctx.mkImplies(query, step));
            assertInstanceOf(SmtResult.Unsat.class, plain.check(query));
            assertEquals(0, plainStats.relaxedCalls());
        }
    }

    private static BoolExpr row(Context ctx, BitVecExpr x, BitVecExpr y) {
        BitVecExpr sum = ctx.mkBVAdd(ctx.mkSignExt(3, x), ctx.mkBVMul(ctx.mkBV(2, 35), ctx.mkSignExt(3, y)));
        return ctx.mkBVSLE(sum, ctx.mkBV(5, 35));
    }
}
