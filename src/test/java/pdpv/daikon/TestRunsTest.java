package pdpv.daikon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.CType;
import pdpv.semantics.DataModel;

/** Algorithm 6.1's tests in the interpreter: corner values, loop-head samples with entry values, failing runs. */
class TestRunsTest {
    @Test
    void everyCaseOfAlgorithm61IsDrawnAndCornerValuesAreOversampled() {
        SplittableRandom random = new SplittableRandom(7);
        CType t = CType.signedInt();
        Set<Long> seen = new HashSet<>();
        int corners = 0;
        for (int i = 0; i < 900; i++) {
            long v = t.toLong(TestGenerator.draw(random, t));
            seen.add(v);
            corners += v == 0 || v == -1 || v == 1 || v == Integer.MIN_VALUE || v == Integer.MAX_VALUE ? 1 : 0;
        }
        assertTrue(seen.containsAll(Set.of(0L, -1L, 1L, (long) Integer.MIN_VALUE, (long) Integer.MAX_VALUE)));
        assertTrue(seen.stream().anyMatch(v -> v >= 2 && v <= 10) && seen.stream().anyMatch(v -> v <= -2 && v >= -10));
        assertTrue(seen.stream().anyMatch(v -> v > 10) && seen.stream().anyMatch(v -> v < -10));
        assertTrue(corners > 400 && corners < 600, "5 of 9 cases are corner values: " + corners);
        CType u = CType.unsignedInt();
        for (int i = 0; i < 200; i++) {
            long bits = TestGenerator.draw(random, u);
            assertEquals(bits, u.normalize(bits), "values are cut to the width");
        }
    }

    @Test
    void samplesGiveTheHeadValuesAndTheEntryValuesOfEachVisit() {
        Program p = parse("""
                extern unsigned char __VERIFIER_nondet_uchar(void);
                int main(void) {
                    unsigned int n = 0; unsigned char c; unsigned char k = __VERIFIER_nondet_uchar();
                    for (c = 0; c < k; c++) n++;
                    return 0;
                }
                """);
        LoopForest loops = LoopForest.of(p);
        Loop l = loops.loops().get(0);
        TestRuns runs = TestRuns.run(p, loops, TestOptions.defaults().withTests(30));
        assertNull(runs.failure());
        assertEquals(30, runs.runs());
        LoopSamples s = runs.samples(l);
        assertTrue(s.size() > 30, "at least one head visit per run");
        Term n = new Term(var(p, "n"), false);
        Term c = new Term(var(p, "c"), false);
        Term oldN = new Term(var(p, "n"), true);
        Term k = new Term(var(p, "k"), false);
        assertTrue(s.terms().contains(oldN) && s.terms().contains(k) && !s.terms().contains(new Term(var(p, "k"), true)),
                "\\old only of updated variables");
        boolean grew = false;
        for (int i = 0; i < s.size(); i++) {
            assertEquals(s.value(i, n), s.value(i, c), "n == c at the head");
            assertEquals(BigInteger.ZERO, s.value(i, oldN), "n is 0 on entry");
            assertTrue(s.value(i, c).compareTo(s.value(i, k)) <= 0);
            grew |= s.value(i, n).signum() > 0;
        }
        assertTrue(grew);
    }

    @Test
    void aProgramWithoutInputIsRunPastOneRunsStepBoundSoItsOuterLoopIsSampledToTheEnd() {
        Program p = parse("""
                int main(void) {
                    int a = 0, b = 0, c = 0;
                    for (a = 0; a < 6; a++)
                        for (b = 0; b < 60; b++)
                            for (c = 0; c < 60; c++) { }
                    return 0;
                }
                """);
        LoopForest loops = LoopForest.of(p);
        Loop outer = loops.topLevel().get(0);
        TestOptions options = TestOptions.defaults().withTests(10).withBudget(java.time.Duration.ofSeconds(60));
        TestRuns runs = TestRuns.run(p, loops, options);
        Term a = new Term(var(p, "a"), false);
        LoopSamples s = runs.samples(outer);
        BigInteger last = BigInteger.ZERO;
        for (int i = 0; i < s.size(); i++) {
            last = last.max(s.value(i, a));
        }
        // 6 * 60 * 60 = 21,600 innermost iterations are past one run's 20,000 steps; the 10 runs it
        // stands for are not, and the outer head's last visit (a == 6) is sampled
        assertEquals(BigInteger.valueOf(6), last);
        assertEquals(2, runs.runs(), "one run to the step bound, then one long run instead of nine equal ones");
    }

    @Test
    void aRunThatFailsAnAssertionIsReported() {
        Program p = parse("""
                extern int __VERIFIER_nondet_int(void);
                extern void __VERIFIER_assert(int);
                int main(void) {
                    int x = __VERIFIER_nondet_int();
                    __VERIFIER_assert(x != 2147483647);
                    return 0;
                }
                """);
        TestRuns runs = TestRuns.run(p, LoopForest.of(p), TestOptions.defaults());
        assertNotNull(runs.failure());
        assertTrue(runs.failure().hitsAssertion());
        assertEquals(Integer.MAX_VALUE, (int) runs.failure().inputs().get(0).value());
    }

    static Program parse(String source) {
        return FrontEnd.parse("t.c", source, new FrontEndOptions("main", DataModel.ILP32, false));
    }

    static Variable var(Program p, String name) {
        return p.variables().stream().filter(v -> name.equals(v.sourceName())).findFirst().orElseThrow();
    }
}
