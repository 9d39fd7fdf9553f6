package pdpv.pdr;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import pdpv.smt.Cancellation;

/** Check 3.3 by the solver (§3.3) when B reads an input, as the refinement instances of §4.3.3 do. */
class ObligationExpanderTest {
    @Test
    void badPointExpandsWhenBadReadsAnInput() {
        try (Context ctx = new Context()) {
            StateVar x = StateVar.of(ctx, "x", 8);
            StateVar y = StateVar.of(ctx, "y", 8);
            InputVar i = InputVar.of(ctx, "i", 8);
            BoolExpr bad = ctx.mkAnd(ctx.mkBVSGE(x.current(), ctx.mkBV(3, 8)), ctx.mkBVSLE(x.current(), i.expr()));
            TransitionSystem ts = TransitionSystem.relational(List.of(x, y), List.of(i), ctx.mkFalse(), ctx.mkTrue(), bad);
            Encoding enc = Encoding.of(ctx, ts.vars(), 3);
            PdrOptions options = PdrOptions.defaults().withSimulation(SimulationType.SOLVER);
            PdrStatistics stats = new PdrStatistics();
            ObligationExpander expander = new ObligationExpander(ctx, enc, options, stats, new Expander(enc, stats, new Random(1), Budgets.unlimited(ctx)), new Cancellation(ctx));
            long[] point = {5, 7};
            Aru expanded = expander.expandBad(Polytope.ofPoint(point, enc), new Assignment(point, new long[] {9}), ts);
            assertTrue(expanded.contains(point, enc));
            assertTrue(((Polytope) expanded).rows().stream().allMatch(r -> r.coeffs()[1] == 0),
                    "B does not constrain y, and with i = 127 every x ≥ 3 is bad: " + expanded);
            Solver solver = ctx.mkSolver();
            solver.add(expanded.formula(enc, ts.currentVars()), ctx.mkBVSLT(x.current(), ctx.mkBV(3, 8)));
            assertFalse(solver.check() == Status.SATISFIABLE, "every state of the expansion is bad for some input");
        }
    }
}
