package pdpv.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.Context;
import org.junit.jupiter.api.Test;

/** Cancelling the solvers of a task from another thread. */
class CancellationTest {
    @Test
    void aCancelledSolverAnswersUnknownWithoutCallingZ3() {
        try (Context ctx = new Context()) {
            Cancellation cancellation = new Cancellation(ctx);
            SmtStatistics stats = new SmtStatistics();
            SmtSolver solver = new SmtSolver(ctx, stats, cancellation);
            solver.add(ctx.mkTrue());
            assertInstanceOf(SmtResult.Sat.class, solver.check());
            cancellation.cancel("timeout");
            cancellation.cancel("memory limit of 1 MB reached");
            SmtResult.Unknown unknown = assertInstanceOf(SmtResult.Unknown.class, solver.check());
            assertEquals("timeout", unknown.reason(), "the first reason is kept");
            assertEquals(1, stats.calls());
        }
    }

    /**
     * Interrupting a context while its owner closes it crashes the JVM; a cancel repeated in a
     * tight loop while the owner checks and closes must never do that. (Interrupting the context
     * directly instead crashes within a few dozen rounds.)
     */
    @Test
    void cancelsRepeatedWhileTheOwnerClosesTheContextAreHarmless() throws InterruptedException {
        for (int round = 0; round < 200; round++) {
            Context ctx = new Context();
            Cancellation cancellation = new Cancellation(ctx);
            SmtSolver solver = new SmtSolver(ctx, new SmtStatistics(), cancellation);
            BitVecExpr x = ctx.mkBVConst("x", 32);
            solver.add(ctx.mkEq(ctx.mkBVMul(x, x), ctx.mkBV(49, 32)));
            Thread canceller = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    cancellation.cancel("cancelled");
                }
            });
            canceller.start();
            for (int i = 0; i < 5; i++) {
                solver.check();
            }
            ctx.close();
            canceller.interrupt();
            canceller.join();
        }
    }
}
