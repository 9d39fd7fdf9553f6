package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;

/**
 * Bounded model checking (issue #10) on its own: deep counterexamples whose depth an input chooses
 * are found with inputs that replay, constant-bound loops are proved by a complete unrolling, and
 * the size bound stops the doubling of k.
 */
class BoundedModelCheckerTest {
    private static Verdict bmc(String example, BmcOptions options) {
        return new BoundedModelChecker(options, VerifierOptions.defaults()).verify(CProgram.example(example));
    }

    private static List<String> inputs(Verdict v) {
        return v.inputs().stream().map(Verdict.InputValue::value).toList();
    }

    @Test
    void nestedTriangleFailsForAnInputOfAtLeast25() {
        Verdict v = bmc("bmc_nested_triangle.c", BmcOptions.defaults());
        assertEquals(Verdict.Kind.UNSAFE, v.kind(), v.reason());
        int n = Integer.parseInt(inputs(v).get(0));
        assertTrue(n >= 25 && n <= 30, "n = " + n);
        assertEquals("s < 300", v.failedAssertion().text());
    }

    @Test
    void countingToAnInputFailsForExactly75() {
        Verdict v = bmc("bmc_uchar_count.c", BmcOptions.defaults());
        assertEquals(Verdict.Kind.UNSAFE, v.kind(), v.reason());
        assertEquals("75", inputs(v).get(0));
    }

    @Test
    void doWhileProductFailsOnlyForAFactorizationOf391() {
        Verdict v = bmc("bmc_countdown_product.c", BmcOptions.defaults());
        assertEquals(Verdict.Kind.UNSAFE, v.kind(), v.reason());
        long k = Long.parseLong(inputs(v).get(0));
        long m = Long.parseLong(inputs(v).get(1));
        assertEquals(391, k * m, v.inputs().toString());
    }

    @Test
    void constantBoundsAreUnrolledCompletelyAndProveSafety() {
        Verdict v = bmc("bmc_bounded_nested_safe.c", BmcOptions.defaults());
        assertEquals(Verdict.Kind.SAFE, v.kind(), v.reason());
        assertTrue(v.reason().contains("complete at bound 16"), v.reason());
        assertTrue(v.invariants().isEmpty());
    }

    @Test
    void anIncompleteUnrollingNeverProvesSafety() {
        Program p = FrontEnd.parse("even.c", """
                extern int nondet(void);
                extern void assert(int);
                int main(void) { unsigned x = 0; while (nondet()) x += 2; assert(x != 1); return 0; }
                """, new FrontEndOptions("main", DataModel.ILP32, false));
        Verdict v = new BoundedModelChecker(BmcOptions.defaults().withMaxBlocks(2_000), VerifierOptions.defaults()).verify(p);
        assertEquals(Verdict.Kind.UNKNOWN, v.kind(), v.reason());
        assertTrue(v.reason().contains("size bound of 2000 blocks"), v.reason());
    }

    @Test
    void aLoopFreeProgramIsDecidedAtTheFirstBound() {
        Verdict v = bmc("abs_int_min.c", BmcOptions.defaults());
        assertEquals(Verdict.Kind.UNSAFE, v.kind(), v.reason());
        assertEquals(1, v.statistics().iterations());
    }
}
