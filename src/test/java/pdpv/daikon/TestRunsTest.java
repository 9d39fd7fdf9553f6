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
