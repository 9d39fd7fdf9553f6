package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.ArrayExpr;
import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import java.util.Timer;
import java.util.TimerTask;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;

/**
 * Loops that write arrays (issue #20): the cell invariants of {@link CellInvariants} are mined from
 * the tests, checked by Z3 over the exact pass, and re-checked in the certificate. Each run has a
 * backstop that cancels it (an UNKNOWN then fails the test), so that a regression cannot hang the suite.
 */
class CellInvariantsTest {
    private static Verdict verify(Verifier verifier, Program program) {
        Timer backstop = new Timer(true);
        backstop.schedule(new TimerTask() {
            @Override
            public void run() {
                verifier.cancel("test backstop");
            }
        }, 300_000);
        try {
            return verifier.verify(program);
        } finally {
            backstop.cancel();
        }
    }

    @Test
    void anArrayFilledInALoopAndReadBackIsSafeWithAQuantifiedCellInvariant() {
        // without the cell invariant, the loop's PDR instance sees the cells as inputs and F never becomes unsatisfiable
        Verdict v = verify(new Verifier(VerifierOptions.defaults()), CProgram.example("array_fill_then_read.c"));
        assertEquals(Verdict.Kind.SAFE, v.kind(), v.reason());
        assertTrue(v.invariants().stream().anyMatch(c -> c.invariant().contains("forall")), v.invariants().toString());
    }

    /**
     * A small array's cells at constant indices are terms of the miner ({@code TestOptions#cellTerms}):
     * range[0] <= range[1] is mined, kept by Houdini over the exact pass and proves the assertion; with
     * no cell terms the loop has no invariant over the cells, and only a failing run could end it.
     */
    @Test
    void aSmallArraysCellsGetInvariantsOfTheirOwn() {
        Verdict v = verify(new Verifier(VerifierOptions.defaults()), CProgram.example("array_small_range_safe.c"));
        assertEquals(Verdict.Kind.SAFE, v.kind(), v.reason());
        assertTrue(v.invariants().stream().anyMatch(c -> c.invariant().contains("range[0] <= range[1]")),
                v.invariants().toString());
        Verifier none = new Verifier(VerifierOptions.defaults().withTests(pdpv.daikon.TestOptions.defaults().withCellTerms(0)));
        Timer stop = new Timer(true);
        stop.schedule(new TimerTask() {
            @Override
            public void run() {
                none.cancel("enough");
            }
        }, 15_000);
        Verdict without = none.verify(CProgram.example("array_small_range_safe.c"));
        stop.cancel();
        assertFalse(without.invariants().stream().anyMatch(c -> c.invariant().contains("range[")), without.invariants().toString());
    }

    /**
     * A state machine with one flag per state needs the set {st[k] is 0 or 1, the flags sum to 1}
     * checked together (the sum alone is not preserved); a loop that swaps two cells needs their
     * sum against the entry values, \old(a[0]) + \old(a[1]), while an accidental bound the tests'
     * inputs kept must not take it with it.
     */
    @Test
    void cellInvariantsCheckedTogetherAndAgainstTheirEntryValues(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        String flags = """
                extern void __VERIFIER_assert(int cond);
                extern int __VERIFIER_nondet_int(void);
                int main(void) {
                    int st[3] = {1, 0, 0};
                    while (__VERIFIER_nondet_int()) {
                        if (st[0]) { st[0] = 0; st[1] = 1; }
                        else if (st[1]) { st[1] = 0; st[2] = 1; }
                        else { st[2] = 0; st[0] = 1; }
                    }
                    __VERIFIER_assert(st[0] + st[1] + st[2] == 1);
                    return 0;
                }
                """;
        String swap = """
                extern void __VERIFIER_assert(int cond);
                extern int __VERIFIER_nondet_int(void);
                int main(void) {
                    int a[2];
                    a[0] = __VERIFIER_nondet_int();
                    a[1] = __VERIFIER_nondet_int();
                    if (a[0] < 0 || a[0] > 1000 || a[1] < 0 || a[1] > 1000) return 0;
                    int s = a[0] + a[1];
                    while (__VERIFIER_nondet_int()) { int t = a[0]; a[0] = a[1]; a[1] = t; }
                    __VERIFIER_assert(a[0] + a[1] == s);
                    return 0;
                }
                """;
        for (String c : new String[] {flags, swap}) {
            java.nio.file.Path file = dir.resolve("cells" + c.length() + ".c");
            java.nio.file.Files.writeString(file, c);
            Program p = pdpv.frontend.FrontEnd.parse(file, new pdpv.frontend.FrontEndOptions("main", pdpv.semantics.DataModel.ILP32, false));
            Verdict v = verify(new Verifier(VerifierOptions.defaults()), p);
            assertEquals(Verdict.Kind.SAFE, v.kind(), c + v.reason());
        }
    }

    @Test
    void cellsWrittenUpToAnInputBoundAndTheUnwrittenRestAreBothKnown() {
        Verdict v = verify(new Verifier(VerifierOptions.defaults()), CProgram.example("array_fill_input_bound.c"));
        assertEquals(Verdict.Kind.SAFE, v.kind(), v.reason());
    }

    @Test
    void anArrayFilledFromTheTopDownIsSafe() {
        Verdict v = verify(new Verifier(VerifierOptions.defaults()), CProgram.example("array_fill_downward.c"));
        assertEquals(Verdict.Kind.SAFE, v.kind(), v.reason());
        assertTrue(v.invariants().stream().anyMatch(c -> c.invariant().contains("forall")), v.invariants().toString());
    }

    @Test
    void aWrongClaimAboutTheFilledCellsIsUnsafeWithReplayedInputs() {
        Verdict v = verify(new Verifier(VerifierOptions.defaults()), CProgram.example("array_fill_wrong_value.c"));
        assertEquals(Verdict.Kind.UNSAFE, v.kind(), v.reason());
        assertFalse(v.inputs().isEmpty());
    }

    /** A cell invariant that does not hold (a[j] == 3*j + 2 instead of 3*j + 1) is rejected by the certificate check, loudly. */
    @Test
    void theCertificateRejectsAWrongCellInvariant() {
        Verifier broken = new Verifier(VerifierOptions.defaults(), (ctx, loops, store) -> {
            Loop l = loops.loops().stream().filter(x -> !store.templates(x).arraysEnd().isEmpty()).findFirst().orElseThrow();
            LoopInvariantStore.Templates t = store.templates(l);
            Variable i = t.end().keySet().stream().filter(v -> v.name().startsWith("i")).findFirst().orElseThrow();
            Expr<?> a = t.arraysEnd().values().iterator().next();
            BitVecExpr j = ctx.mkBVConst("j", 32);
            BoolExpr range = ctx.mkAnd(ctx.mkBVULE(t.before().get(i).current(), j), ctx.mkBVULT(j, t.end().get(i).current()));
            BoolExpr wrong = ctx.mkImplies(range, ctx.mkEq(ctx.mkSelect((ArrayExpr) a, j),
                    ctx.mkBVAdd(ctx.mkBVMul(ctx.mkBV(3, 32), j), ctx.mkBV(2, 32))));
            store.add(l, ctx.mkForall(new Expr<?>[] {j}, wrong, 1, null, null, null, null));
        });
        InternalCheckFailure f = assertThrows(InternalCheckFailure.class,
                () -> verify(broken, CProgram.example("array_fill_then_read.c")));
        assertTrue(f.getMessage().startsWith("certificate rejected"), f.getMessage());
    }

    @Test
    void aLoopThatSumsAFilledArrayIsSafeGivenTheCellsItReads() {
        // without the fact about the cells it reads, the summing loop's s == i*i is not inductive (PDR
        // sees a[i] as an input) and F, satisfiable with the first loop's quantified invariant, makes Z3 search without end
        Verdict v = verify(new Verifier(VerifierOptions.defaults()), CProgram.example("array_fill_then_sum.c"));
        assertEquals(Verdict.Kind.SAFE, v.kind(), v.reason());
        assertTrue(v.invariants().get(1).invariant().contains("forall"), v.invariants().toString());
    }

    /**
     * A wrong claim under the fact about the cells the summing loop reads (s grows by i - i_b, where
     * it grows by a[i] = 2*i + 1) holds on entry, and the certificate check rejects it, loudly: both
     * sides of its split on the fact are checked.
     */
    @Test
    void theCertificateRejectsAWrongClaimUnderTheFactAboutTheCellsRead() {
        Verifier broken = new Verifier(VerifierOptions.defaults(), (ctx, loops, store) -> {
            Loop l = loops.loops().stream()
                    .filter(x -> store.templates(x).arraysEnd().isEmpty() && !store.templates(x).arraysBefore().isEmpty())
                    .findFirst().orElseThrow();
            LoopInvariantStore.Templates t = store.templates(l);
            BoolExpr fact = pdpv.smt.Conjuncts.of(store.conjunction(l)).stream()
                    .filter(c -> c.isImplies() && c.getArgs()[0].isQuantifier())
                    .map(c -> (BoolExpr) c.getArgs()[0]).findFirst().orElseThrow();
            Variable sum = t.end().keySet().stream().filter(v -> v.sourceName().equals("s")).findFirst().orElseThrow();
            Variable i = t.end().keySet().stream().filter(v -> v.sourceName().equals("i")).findFirst().orElseThrow();
            BitVecExpr grown = ctx.mkBVSub(ctx.mkBVAdd(t.before().get(sum).current(), t.end().get(i).current()),
                    t.before().get(i).current());
            store.add(l, ctx.mkImplies(fact, ctx.mkEq(t.end().get(sum).current(), grown)));
        });
        InternalCheckFailure f = assertThrows(InternalCheckFailure.class,
                () -> verify(broken, CProgram.example("array_fill_then_sum.c")));
        assertTrue(f.getMessage().startsWith("certificate rejected"), f.getMessage());
    }
}
