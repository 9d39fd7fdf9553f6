package pdpv.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.NestedLoopsExample;
import pdpv.cfg.Variable;

/** The body of one loop as its own region, as §4.3.3's transition relation T will use it. */
class DagEncoderTest {
    private final NestedLoopsExample ex = new NestedLoopsExample();
    private final LoopForest loops = LoopForest.of(ex.program);
    private final Loop outer = loops.loopAt(ex.b2);

    @Test
    void bodyOfTheOuterLoopKeepsOnlyTheNestedInvariant() {
        try (Context ctx = new Context()) {
            VariantFactory vf = new VariantFactory(ctx, ex.program.semantics());
            DagEncoder encoder = new DagEncoder(ex.program, loops,
                    new ExprEncoder(ex.program.semantics(), new Z3Algebra(ctx)), vf);
            Map<Variable, Expr<?>> start = vf.fresh(ex.program.variables());
            DagEncoding body = encoder.encode(outer.body(), ex.b2, start, false);

            assertSame(ex.b2, body.blocks().get(0));
            assertEquals(Set.of(ex.b2, ex.b4, ex.b5, ex.b6, ex.b7), Set.copyOf(body.blocks()));
            assertNull(body.block(ex.b2).loopSite());
            assertEquals(1, body.loopSites().size());
            assertSame(loops.loopAt(ex.b5), body.loopSites().get(0).loop());
            assertEquals(List.of(), body.predecessors(ex.b2));
            assertEquals(List.of(ex.b5), body.predecessors(ex.b6));
            assertThrows(IllegalArgumentException.class, () -> body.block(ex.b3));
            assertThrows(IllegalArgumentException.class, () -> body.edgeVar(ex.b6, ex.b5));

            Solver s = ctx.mkSolver();
            s.add(body.clauses().toArray(new BoolExpr[0]));
            s.add(body.block(ex.b7).blockVar());
            s.push();
            s.add(ctx.mkBVSLE((BitVecExpr) start.get(ex.i), ctx.mkBV(0, 32)));
            assertEquals(Status.UNSATISFIABLE, s.check(), "reaching the tail B7 needs i > 0 at the head");
            s.pop();
            Expr<?> iAtTail = body.block(ex.b7).exitVariants().get(ex.i);
            Expr<?> iBeforeInner = body.block(ex.b4).exitVariants().get(ex.i);
            s.add(ctx.mkNot(ctx.mkEq(iBeforeInner, ctx.mkBVSub((BitVecExpr) start.get(ex.i), ctx.mkBV(1, 32)))));
            assertEquals(Status.UNSATISFIABLE, s.check(), "B4 decrements i");
            assertSame(body.loopSites().get(0).post().get(ex.i), iAtTail);
        }
    }

    @Test
    void initialVariantsMustCoverAllVariables() {
        try (Context ctx = new Context()) {
            VariantFactory vf = new VariantFactory(ctx, ex.program.semantics());
            DagEncoder encoder = new DagEncoder(ex.program, loops,
                    new ExprEncoder(ex.program.semantics(), new Z3Algebra(ctx)), vf);
            Map<Variable, Expr<?>> partial = vf.fresh(List.of(ex.x));
            assertThrows(IllegalArgumentException.class, () -> encoder.encode(outer.body(), ex.b2, partial, false));
            Map<Variable, Expr<?>> all = vf.fresh(ex.program.variables());
            assertThrows(IllegalArgumentException.class, () -> encoder.encode(outer.body(), ex.b1, all, false));
        }
    }
}
