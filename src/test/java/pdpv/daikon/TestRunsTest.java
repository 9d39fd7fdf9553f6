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

    /** Spread draws stay in the type and give every magnitude: about half of 32-bit draws fit in 16 bits. */
    @Test
    void spreadDrawsCoverTheMagnitudes() {
        SplittableRandom random = new SplittableRandom(11);
        CType u = CType.unsignedInt();
        int small = 0;
        Set<Integer> lengths = new HashSet<>();
        for (int i = 0; i < 2000; i++) {
            long bits = TestGenerator.spread(random, u);
            assertEquals(bits, u.normalize(bits), "values are cut to the width");
            small += bits <= 65535 ? 1 : 0;
            lengths.add(64 - Long.numberOfLeadingZeros(bits));
        }
        assertTrue(small > 800 && small < 1200, "17 of 33 bit lengths fit in 16 bits: " + small);
        assertEquals(33, lengths.size(), "every bit length 0..32");
        CType s = CType.signedInt();
        Set<Boolean> signs = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            signs.add(s.toLong(TestGenerator.spread(random, s)) < 0);
        }
        assertEquals(Set.of(true, false), signs);
    }

    /**
     * A loop behind an assumption that bounds a 32-bit input to 16 bits (lcm's {@code a <= 65535}):
     * Algorithm 6.1's draws meet it only with 0..10, so the random tests show the loop in a few
     * dozen states; the spread tests add runs until it has {@link TestOptions#SPREAD_TESTS}.
     */
    @Test
    void aLoopSeenInFewStatesGetsSpreadTests() {
        Program p = parse("""
                extern unsigned int __VERIFIER_nondet_uint(void);
                int main(void) {
                    unsigned int a = __VERIFIER_nondet_uint();
                    if (a < 1 || a > 65535) return 0;
                    unsigned int i = 0, s = 0;
                    while (i < 3) { s = s + a; i++; }
                    return 0;
                }
                """);
        LoopForest loops = LoopForest.of(p);
        Loop l = loops.loops().get(0);
        TestRuns without = TestRuns.run(p, loops, TestOptions.defaults().withSpreadTests(0));
        assertEquals(100, without.runs());
        assertTrue(distinct(without.samples(l)) < TestOptions.SPREAD_TESTS, "random tests alone: " + distinct(without.samples(l)));
        TestRuns with = TestRuns.run(p, loops, TestOptions.defaults());
        assertTrue(with.spreadRuns() > 0 && with.runs() == 100 + with.spreadRuns());
        assertTrue(distinct(with.samples(l)) >= TestOptions.SPREAD_TESTS, "with spread tests: " + distinct(with.samples(l)));
    }

    private static int distinct(LoopSamples s) {
        return DaikonTemplates.distinctRows(s, s.terms().stream().filter(t -> !t.old()).toList()).size();
    }

    static Program parse(String source) {
        return FrontEnd.parse("t.c", source, new FrontEndOptions("main", DataModel.ILP32, false));
    }

    static Variable var(Program p, String name) {
        return p.variables().stream().filter(v -> name.equals(v.sourceName())).findFirst().orElseThrow();
    }
}
