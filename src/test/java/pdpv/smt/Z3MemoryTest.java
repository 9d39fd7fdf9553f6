package pdpv.smt;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.Context;
import org.junit.jupiter.api.Test;

/** Z3's own memory limit: a check that reaches it gives up, and the solver says so. */
class Z3MemoryTest {
    /** y·(…(y·(y·x + 3) + 7922)…) + c_59 = 12345 over 64 bits: bit-blasting it takes far more than 40 MB. */
    private static void addManyMultiplications(Context ctx, SmtSolver solver) {
        BitVecExpr x = ctx.mkBVConst("x", 64);
        BitVecExpr y = ctx.mkBVConst("y", 64);
        BitVecExpr acc = x;
        for (int i = 0; i < 60; i++) {
            acc = ctx.mkBVAdd(ctx.mkBVMul(acc, y), ctx.mkBV(i * 7919L + 3, 64));
        }
        solver.add(ctx.mkEq(acc, ctx.mkBV(12345, 64)), ctx.mkBVUGT(x, ctx.mkBV(1, 64)), ctx.mkBVUGT(y, ctx.mkBV(1, 64)));
    }

    @Test
    void aCheckBeyondZ3sLimitThrowsSolverOutOfMemory() {
        long limitMb = Z3Memory.allocatedBytes() / (1 << 20) + 40;
        try (Context ctx = new Context()) {
            SmtSolver solver = new SmtSolver(ctx, new SmtStatistics());
            addManyMultiplications(ctx, solver);
            Z3Memory.limit(limitMb);
            SolverOutOfMemory e = assertThrows(SolverOutOfMemory.class, solver::check);
            assertTrue(Z3Memory.isOutOfMemory(e.getMessage()), e.getMessage());
        } finally {
            Z3Memory.limit(0);
        }
        try (Context ctx = new Context()) {
            SmtSolver solver = new SmtSolver(ctx, new SmtStatistics());
            solver.add(ctx.mkTrue());
            assertInstanceOf(SmtResult.Sat.class, solver.check(), "0 lifts the limit");
        }
    }
}
