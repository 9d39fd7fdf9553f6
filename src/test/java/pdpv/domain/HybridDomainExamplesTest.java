package pdpv.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The worked examples of thesis §3.3.1–3.3.2 and the wrap-around rules of the interval domain. */
class HybridDomainExamplesTest {
    @Test
    void selectKeepsTheCommonPrefix() {
        assertEquals("0XXX", new Interval(4, 3, 5).toTernary().toString());
        assertEquals("XXXX", new Interval(4, -1, 0).toTernary().toString());
        assertEquals("0101", new Interval(4, 5, 5).toTernary().toString());
    }

    @Test
    void conjoinOfXX01IsMinus7To5() {
        assertEquals(new Interval(4, -7, 5), new TernaryVector(4, 0b0011, 0b0001).toInterval());
    }

    @Test
    void conjunctionIsSimulatedBitwise() {
        AbstractValue r = TernaryLogic.and(new Interval(4, -1, 0).toTernary(), new Interval(4, -8, -7).toTernary());
        assertEquals("X00X", r.toString());
        assertFalse(r.contains(-2));
    }

    @Test
    void overflowingAdditionWrapsOrGoesToTop() {
        assertEquals(new Interval(8, -128, -127), IntervalArithmetic.add(new Interval(8, 127, 127), new Interval(8, 1, 2)));
        assertTrue(IntervalArithmetic.add(new Interval(8, 100, 127), new Interval(8, 0, 1)).isTop());
        assertEquals(new Interval(8, -128, -128), IntervalArithmetic.sdiv(new Interval(8, -128, -128), new Interval(8, -1, -1)));
    }

    @Test
    void comparisonsFollowTheLtRules() {
        assertEquals(AbstractTruth.TRUE, IntervalArithmetic.slt(new Interval(32, 0, 1), new Interval(32, 2, 2)));
        assertEquals(AbstractTruth.FALSE, IntervalArithmetic.slt(new Interval(32, 2, 9), new Interval(32, 2, 2)));
        assertEquals(AbstractTruth.UNKNOWN, IntervalArithmetic.slt(new Interval(32, 0, 2), new Interval(32, 2, 2)));
        assertEquals(AbstractTruth.UNKNOWN, IntervalArithmetic.ult(new Interval(32, -1, 1), new Interval(32, 2, 2)));
    }

    @Test
    void describesInTheThesisNotation() {
        assertEquals("x ≥ 0", new Interval(32, 0, Integer.MAX_VALUE).describe("x", true));
        assertEquals("x ≤ -1", new Interval(32, Integer.MIN_VALUE, -1).describe("x", true));
        assertEquals("i = ⊤", Interval.top(32).describe("i", true));
        assertEquals("x ≥ 2147483648", new Interval(32, Integer.MIN_VALUE, -1).describe("x", false));
        assertEquals("u = 0 ∨ u ≥ 2147483648", new Interval(32, Integer.MIN_VALUE, 0).describe("u", false));
        assertEquals("3 ≤ u ≤ 7", new Interval(32, 3, 7).describe("u", false));
        assertEquals("y ∈ X01", new TernaryVector(3, 0b011, 0b001).describe("y", true));
    }

    @Test
    void constraintsGiveBoundsInTheRequestedReadingWhenPossible() {
        BitConstraint negative = new Interval(32, Integer.MIN_VALUE, -1).constraint(false);
        assertFalse(negative.signed());
        assertEquals(0x80000000L, negative.lower());
        assertEquals(0xFFFFFFFFL, negative.upper());
        assertTrue(negative.maskIsTrivial());
        assertFalse(negative.boundsAreTrivial());
        BitConstraint straddling = new Interval(32, -1, 1).constraint(false);
        assertTrue(straddling.signed());
        BitConstraint bits = new TernaryVector(8, 0xF0, 0x50).constraint(true);
        assertTrue(bits.boundsAreTrivial());
        assertFalse(bits.maskIsTrivial());
        assertEquals(0xF0, bits.mask());
        assertEquals(0x50, bits.value());
    }
}
