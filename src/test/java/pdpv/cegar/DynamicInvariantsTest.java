package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.Context;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.daikon.Invariant;
import pdpv.daikon.LikelyInvariants;
import pdpv.daikon.TestOptions;
import pdpv.daikon.TestRuns;
import pdpv.encode.ProgramEncoding;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;

/**
 * Thesis chapter 6 through the verifier: tests find bugs at corner values by themselves, and the
 * likely invariants mined from them, once Houdini has checked them, prove loops without PDR.
 */
class DynamicInvariantsTest {
    @Test
    void aCountingLoopIsProvedByTheMinedEqualityWithoutPdr() {
        Verdict v = verify("""
                extern void __VERIFIER_assert(int);
                int main(void) {
                    unsigned int n = 0; unsigned char c;
                    for (c = 0; c < 120; c++) n++;
                    __VERIFIER_assert(n == 120);
                    return 0;
                }
                """);
        assertEquals(Verdict.Kind.SAFE, v.kind(), v.reason());
        assertEquals(0, v.statistics().pdrCalls());
        assertTrue(v.invariants().get(0).invariant().contains("c == n"), v.invariants().toString());
        assertTrue(v.invariants().get(0).invariant().contains("c <= 120"), v.invariants().toString());
    }

    @Test
    void aLinearEqualityOfTwoVariablesIsMinedAndProves() {
        Verdict v = verify("""
                extern int __VERIFIER_nondet_int(void);
                extern void __VERIFIER_assume(int);
                extern void __VERIFIER_assert(int);
                int main(void) {
                    int y = __VERIFIER_nondet_int();
                    __VERIFIER_assume(y >= 0 && y <= 1000);
                    int x = 5 * y + 2;
                    while (y > 0 && __VERIFIER_nondet_int()) { x -= 5; y -= 1; }
                    __VERIFIER_assert(x - 5 * y == 2);
                    return 0;
                }
                """);
        assertEquals(Verdict.Kind.SAFE, v.kind(), v.reason());
        assertEquals(0, v.statistics().pdrCalls());
        assertTrue(v.invariants().get(0).invariant().contains("x == 5*y + 2"), v.invariants().toString());
    }

    @Test
    void anAssertionThatFailsOnlyForIntMaxIsUnsafeFromTestsAlone() {
        Verdict v = verify("""
                extern int __VERIFIER_nondet_int(void);
                extern void __VERIFIER_assert(int);
                int main(void) {
                    int x = __VERIFIER_nondet_int();
                    __VERIFIER_assert(x + 1 > x);
                    return 0;
                }
                """);
        assertEquals(Verdict.Kind.UNSAFE, v.kind(), v.reason());
        assertEquals("2147483647", v.inputs().get(0).value());
        assertEquals(0, v.statistics().iterations(), "no check of F: the tests found it");
    }

    @Test
    void anAssertionThatFailsOnlyForMinusOneIsUnsafeFromTestsAlone() {
        Verdict v = verify("""
                extern unsigned int __VERIFIER_nondet_uint(void);
                extern void __VERIFIER_assert(int);
                int main(void) {
                    unsigned int u = __VERIFIER_nondet_uint();
                    unsigned int k = 0;
                    while (k < 3) { k++; }
                    __VERIFIER_assert(u + k != 2u);
                    return 0;
                }
                """);
        assertEquals(Verdict.Kind.UNSAFE, v.kind(), v.reason());
        assertEquals("4294967295", v.inputs().get(0).value());
        assertEquals(0, v.statistics().iterations());
        assertEquals(0, v.statistics().pdrCalls());
    }

    @Test
    void aLikelyInvariantThatTheTestsNeverBreakIsDroppedAndTheBugFound() {
        Verdict v = verify("""
                extern int __VERIFIER_nondet_int(void);
                extern void __VERIFIER_assert(int);
                int main(void) {
                    int x = __VERIFIER_nondet_int();
                    int n = __VERIFIER_nondet_int();
                    int y = 0;
                    int i = 0;
                    while (i < n) {
                        if (x == 123457) { y = 1; }
                        i++;
                    }
                    __VERIFIER_assert(y == 0);
                    return 0;
                }
                """);
        assertEquals(Verdict.Kind.UNSAFE, v.kind(), v.reason());
        VerifierStatistics.LoopCandidates c = v.statistics().dynamic().loops().get(0);
        assertTrue(c.notInductive() > 0, "y stays 0 in every test, and Houdini drops it: " + c);
        assertTrue(v.inputs().stream().anyMatch(in -> in.value().equals("123457")), v.inputs().toString());
    }

    /**
     * loop-zilu benchmark06's shape: the loop runs while an input says so, so the tests hardly run
     * its body and mine nothing that holds; the sum both paths of the body conserve
     * ({@code pdpv.daikon.ConservedSums}) proves it without PDR.
     */
    @Test
    void aSumEveryPathConservesProvesALoopTheTestsHardlyRun() {
        Verdict v = verify("""
                extern int __VERIFIER_nondet_int(void);
                extern _Bool __VERIFIER_nondet_bool(void);
                extern void __VERIFIER_assert(int);
                int main(void) {
                    int i = __VERIFIER_nondet_int();
                    int x = __VERIFIER_nondet_int();
                    int y = __VERIFIER_nondet_int();
                    int k = __VERIFIER_nondet_int();
                    int j = 0;
                    if (x + y != k) return 0;
                    while (__VERIFIER_nondet_bool()) {
                        if (j == i) { x += 3; y -= 3; } else { y++; x--; }
                        j++;
                    }
                    __VERIFIER_assert(x + y == k);
                    return 0;
                }
                """);
        assertEquals(Verdict.Kind.SAFE, v.kind(), v.reason());
        assertEquals(0, v.statistics().pdrCalls());
        VerifierStatistics.LoopCandidates c = v.statistics().dynamic().loops().get(0);
        assertEquals(1, c.conservedSums(), c.toString());
    }

    /**
     * loop-zilu benchmark18's shape: no random test meets the precondition (LoopEntryTestsTest), the
     * directed tests enter the loop, and the invariants mined from them prove it without PDR.
     */
    @Test
    void aLoopBehindARarePreconditionIsProvedByInvariantsMinedFromDirectedTests() {
        TestOptions unhurried = TestOptions.defaults().withBudget(Duration.ofMinutes(10));
        Verdict v = new Verifier(VerifierOptions.defaults().withTests(unhurried)).verify(CProgram.example("rare_precondition_loop.c"));
        assertEquals(Verdict.Kind.SAFE, v.kind(), v.reason());
        assertTrue(v.statistics().dynamic().directed() > 0, v.statistics().dynamic().toString());
        assertEquals(0, v.statistics().pdrCalls());
        VerifierStatistics.LoopCandidates c = v.statistics().dynamic().loops().get(0);
        assertTrue(c.kept() > 0, c.toString());
    }

    /** Fig 6.1: the miner gives w >= 0 and b >= 0 (as Daikon does, §6.3.1) and the parity of w, which Daikon lacks. */
    @Test
    void dijkstrasUrnGetsTheSignsAndTheParityOfWFromTheMiner() {
        Program program = CProgram.example("fig6_1_dijkstra_urn.c");
        LoopForest loops = LoopForest.of(program);
        Loop loop = loops.loops().get(0);
        List<Invariant> mined = LikelyInvariants.mine(TestRuns.run(program, loops, TestOptions.defaults()).samples(loop));
        try (Context ctx = new Context()) {
            ProgramEncoding encoding = ProgramEncoding.build(ctx, program, loops);
            LoopInvariantStore store = new LoopInvariantStore(ctx, program.semantics());
            InvariantRefiner refiner = new InvariantRefiner(ctx, encoding, store, CegarOptions.defaults(), null, Progress.NONE);
            List<String> kept = refiner.seed(loop, mined, List.of(), List.of()).kept().stream().map(Object::toString).toList();
            assertTrue(kept.contains("w >= 0") && kept.contains("b >= 0"), kept.toString());
            assertTrue(kept.contains("(w - \\old(w)) % 2 == 0"), kept.toString());
        }
    }

    private static Verdict verify(String source) {
        Program p = FrontEnd.parse("t.c", source, new FrontEndOptions("main", DataModel.ILP32, false));
        return new Verifier(VerifierOptions.defaults()).verify(p);
    }
}
