package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.encode.ProgramEncoding;
import pdpv.smt.SmtStatistics;

/** The independent re-check of a SAFE answer accepts a proof and rejects each kind of wrong invariant. */
class CertificateCheckerTest {

    /**
     * Checks the counter program with LI(i_b, i_e) built by {@code invariant}. Initiation is over
     * every i_b, as in the refinement instance: the invariant must hold with i_e = i_b for all i_b.
     */
    private static String check(BiFunction<Context, BitVecExpr[], BoolExpr> invariant) {
        return check(invariant, 0);
    }

    /** With {@code jointResources} for the joint consecution query (1: it gives up, each conjunct is asked alone). */
    private static String check(BiFunction<Context, BitVecExpr[], BoolExpr> invariant, long jointResources) {
        Program program = CProgram.example("counter_loop.c");
        LoopForest loops = LoopForest.of(program);
        try (Context ctx = new Context()) {
            ProgramEncoding encoding = ProgramEncoding.build(ctx, program, loops);
            LoopInvariantStore store = new LoopInvariantStore(ctx, program.semantics());
            Loop loop = loops.loops().get(0);
            LoopInvariantStore.Templates t = store.templates(loop);
            BitVecExpr before = t.before().values().iterator().next().current();
            BitVecExpr end = t.end().values().iterator().next().current();
            store.add(loop, invariant.apply(ctx, new BitVecExpr[] {before, end}));
            return new CertificateChecker(ctx, loops, new SmtStatistics(), jointResources).check(encoding, store);
        }
    }

    @Test
    void acceptsAnInvariantThatProvesTheProgram() {
        assertNull(check((ctx, v) -> ctx.mkOr(ctx.mkBVSGT(v[0], ctx.mkBV(10, 32)), ctx.mkBVSLE(v[1], ctx.mkBV(10, 32)))));
    }

    @Test
    void rejectsAnInvariantThatTheBodyDoesNotPreserve() {
        String problem = check((ctx, v) -> ctx.mkOr(ctx.mkBVSGT(v[0], ctx.mkBV(5, 32)), ctx.mkBVSLE(v[1], ctx.mkBV(5, 32))));
        assertTrue(problem.contains("not preserved"), problem);
        assertTrue(problem.contains("the loop at examples/counter_loop.c:7"), problem);
    }

    @Test
    void checksConsecutionConjunctByConjunctWhenTheJointQueryGivesUp() {
        BiFunction<Context, BitVecExpr[], BoolExpr> proof =
                (ctx, v) -> ctx.mkOr(ctx.mkBVSGT(v[0], ctx.mkBV(10, 32)), ctx.mkBVSLE(v[1], ctx.mkBV(10, 32)));
        BiFunction<Context, BitVecExpr[], BoolExpr> notPreserved =
                (ctx, v) -> ctx.mkOr(ctx.mkBVSGT(v[0], ctx.mkBV(5, 32)), ctx.mkBVSLE(v[1], ctx.mkBV(5, 32)));
        assertNull(check((ctx, v) -> ctx.mkAnd(proof.apply(ctx, v), ctx.mkBVSGE(v[1], v[0])), 1));
        String problem = check((ctx, v) -> ctx.mkAnd(proof.apply(ctx, v), notPreserved.apply(ctx, v)), 1);
        assertTrue(problem.contains("not preserved"), problem);
    }

    @Test
    void rejectsAnInvariantThatDoesNotHoldOnEntry() {
        String problem = check((ctx, v) -> ctx.mkBVSGT(v[1], v[0]));
        assertTrue(problem.contains("does not hold on entry"), problem);
    }

    @Test
    void rejectsInvariantsTooWeakForTheAssertion() {
        assertEquals("F with the loop invariants is satisfiable", check((ctx, v) -> ctx.mkBVSGE(v[1], v[0])));
    }
}
