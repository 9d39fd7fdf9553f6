package pdpv.pdr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import pdpv.smt.SmtStatistics;

/**
 * The look for short traces (§2.1) and the trace check when B reads a constant that is neither a
 * state variable nor an input, as a B of the CEGAR loop may read a value outside its instance's
 * vocabulary: the constant is read like an input of the last step.
 */
class BoundedReachabilityTest {
    @Test
    void aBadStateReadingAConstantOutsideTheVocabularyGivesACheckedTrace() {
        try (Context ctx = new Context()) {
            StateVar x = StateVar.of(ctx, "x", 8);
            BitVecExpr outside = ctx.mkBVConst("read_elsewhere", 8);
            BoolExpr init = ctx.mkEq(x.current(), ctx.mkBV(0, 8));
            BoolExpr bad = ctx.mkAnd(ctx.mkEq(x.current(), ctx.mkBV(3, 8)), ctx.mkBVUGT(outside, ctx.mkBV(200, 8)));
            TransitionSystem ts = TransitionSystem.functional(ctx, List.of(x), List.of(), init,
                    Map.of("x", ctx.mkBVAdd(x.current(), ctx.mkBV(1, 8))), List.of(), bad);
            Optional<PdrResult.Fails> trace = new BoundedReachability(ctx, new SmtStatistics()).find(ts, 5);
            assertTrue(trace.isPresent());
            assertEquals(3, trace.get().length());
            assertNull(new ResultChecker(ctx).checkTrace(ts, trace.get()));
            BoolExpr never = ctx.mkAnd(bad, ctx.mkBVULT(outside, ctx.mkBV(100, 8)));
            TransitionSystem impossible = TransitionSystem.functional(ctx, List.of(x), List.of(), init,
                    Map.of("x", ctx.mkBVAdd(x.current(), ctx.mkBV(1, 8))), List.of(), never);
            assertEquals("the last step is not bad", new ResultChecker(ctx).checkTrace(impossible, trace.get()));
        }
    }
}
