package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.NestedLoopsExample;
import pdpv.cfg.Program;
import pdpv.encode.ProgramEncoding;
import pdpv.pdr.PdrOptions;

/**
 * The nested loops walkthrough of thesis §4.3.2–4.3.3 (Figures 4.3, 4.5): loop 1 is refined with
 * the generalized counterexamples of the text, c = (x_b ≥ 0, x_e ≤ −1) and then
 * c = (x_b ≥ 2, x_e ≤ 1); the first PDR call meets a spurious step through the inner loop 2, which
 * is refined first (recursion of Alg. 4.4). Where the thesis's reshape turns the second answer into
 * x_e ≥ x_b, our engine may find a narrower invariant; a third call with all of x_e < x_b as B, on
 * the same (memoized) trace, must then prove that x never decreases.
 */
class NestedLoopsWalkthroughTest {
    @Test
    void loopOneLearnsThatXNeverDecreases() {
        NestedLoopsExample example = new NestedLoopsExample();
        Program program = example.program;
        LoopForest loops = LoopForest.of(program);
        Loop outer = loops.loopAt(example.b2);
        try (Context ctx = new Context()) {
            ProgramEncoding encoding = ProgramEncoding.build(ctx, program, loops);
            LoopInvariantStore store = new LoopInvariantStore(ctx, program.semantics());
            CegarOptions options = new CegarOptions(true, true, false, PdrOptions.defaults().withTimeout(Duration.ofSeconds(120)));
            InvariantRefiner refiner = new InvariantRefiner(ctx, encoding, store, options, null, Progress.NONE);
            LoopInvariantStore.Templates t = store.templates(outer);
            BitVecExpr xb = t.before().get(example.x).current();
            BitVecExpr xe = t.end().get(example.x).current();
            BoolExpr first = ctx.mkAnd(ctx.mkBVSGE(xb, ctx.mkBV(0, 32)), ctx.mkBVSLE(xe, ctx.mkBV(-1, 32)));
            assertInstanceOf(RefineOutcome.Strengthened.class, refiner.refine(outer, first));
            BoolExpr second = ctx.mkAnd(ctx.mkBVSGE(xb, ctx.mkBV(2, 32)), ctx.mkBVSLE(xe, ctx.mkBV(1, 32)));
            assertInstanceOf(RefineOutcome.Strengthened.class, refiner.refine(outer, second));
            BoolExpr decreased = ctx.mkBVSLT(xe, xb);
            assertInstanceOf(RefineOutcome.Strengthened.class, refiner.refine(outer, decreased));
            Solver s = ctx.mkSolver();
            s.add(store.conjunction(outer), ctx.mkBVSLT(xe, xb));
            assertTrue(s.check() == Status.UNSATISFIABLE, "LI_1 does not imply x_e >= x_b: " + store.conjunction(outer));
        }
    }
}
