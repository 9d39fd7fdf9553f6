package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;
import pdpv.encode.ProgramEncoding;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;

/**
 * The template candidates of a loop (chapter 6's external invariants, checked by Houdini): what
 * the loop preserves is kept, what one iteration can break is dropped, wrap-around included.
 */
class CandidateInvariantsTest {
    private static final String SOURCE = """
            extern int __VERIFIER_nondet_int(void);
            int main(void) {
                int x = __VERIFIER_nondet_int();
                int y = 0;
                int u = __VERIFIER_nondet_int();
                while (x > 1) {
                    x = x - 2;
                    y = y + 1;
                    u = u + 1;
                }
                return 0;
            }
            """;

    @Test
    void keepsWhatTheLoopPreservesAndDropsWhatItBreaks() {
        Program program = FrontEnd.parse("loop.c", SOURCE, new FrontEndOptions("main", DataModel.ILP32, false));
        LoopForest loops = LoopForest.of(program);
        Loop loop = loops.loops().get(0);
        try (Context ctx = new Context()) {
            ProgramEncoding encoding = ProgramEncoding.build(ctx, program, loops);
            LoopInvariantStore store = new LoopInvariantStore(ctx);
            InvariantRefiner refiner = new InvariantRefiner(ctx, encoding, store, CegarOptions.defaults(), null);
            BoolExpr seed = refiner.instance(loop).seed();
            assertEquals(1, store.count(loop), "the seed is a conjunct of LI_l");
            LoopInvariantStore.Templates t = store.templates(loop);
            BitVecExpr xb = t.before().get(variable(program, "x")).current();
            BitVecExpr xe = t.end().get(variable(program, "x")).current();
            BitVecExpr yb = t.before().get(variable(program, "y")).current();
            BitVecExpr ye = t.end().get(variable(program, "y")).current();
            BitVecExpr ub = t.before().get(variable(program, "u")).current();
            BitVecExpr ue = t.end().get(variable(program, "u")).current();
            BitVecExpr one = ctx.mkBV(1, 1);
            assertTrue(implies(ctx, seed, ctx.mkBVSLE(xe, xb)), "x never grows");
            assertTrue(implies(ctx, seed, ctx.mkImplies(ctx.mkEq(ctx.mkExtract(0, 0, xb), one),
                    ctx.mkEq(ctx.mkExtract(0, 0, xe), one))), "x keeps its parity");
            assertTrue(implies(ctx, seed, ctx.mkImplies(ctx.mkBVSLE(ctx.mkBV(0, 32), xb),
                    ctx.mkBVSLE(ctx.mkBV(0, 32), xe))), "x stays non-negative: it is decreased only when above 1");
            assertFalse(implies(ctx, seed, ctx.mkBVSLE(xb, xe)), "x_e >= x_b is broken by one iteration");
            assertFalse(implies(ctx, seed, ctx.mkBVSLE(ub, ue)), "u + 1 wraps at INT_MAX: u may shrink");
            assertFalse(implies(ctx, seed, ctx.mkBVSLE(yb, ye)), "y + 1 wraps too: y_b is not known");
        }
    }

    private static Variable variable(Program program, String name) {
        return program.variables().stream().filter(v -> name.equals(v.sourceName())).findFirst().orElseThrow();
    }

    private static boolean implies(Context ctx, BoolExpr a, BoolExpr b) {
        Solver s = ctx.mkSolver();
        s.add(a, ctx.mkNot(b));
        return s.check() == Status.UNSATISFIABLE;
    }
}
