package pdpv.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Hand-checked SMT-LIB QF_BV values of {@link ConcreteAlgebra} at widths 1, 3, 8, 32 and 64. */
class ConcreteAlgebraTest {
    private final ConcreteAlgebra alg = new ConcreteAlgebra();

    private static BitVec bv(long bits, int width) {
        return new BitVec(bits, width);
    }

    private static void assertBits(long expected, BitVec actual) {
        assertEquals(expected, actual.bits(), () -> "got " + actual);
    }

    @Test
    void bitVecIsNormalizedAndSignAware() {
        assertEquals(bv(0xFF, 8), bv(-1, 8));
        assertEquals(-1, bv(0xFF, 8).signedValue());
        assertEquals(127, bv(0x7F, 8).signedValue());
        assertEquals(-4, bv(4, 3).signedValue());
        assertEquals(-1, bv(1, 1).signedValue());
        assertEquals(Long.MIN_VALUE, bv(Long.MIN_VALUE, 64).signedValue());
        assertThrows(IllegalArgumentException.class, () -> bv(0, 0));
        assertThrows(IllegalArgumentException.class, () -> bv(0, 65));
    }

    @Test
    void width1() {
        BitVec zero = bv(0, 1);
        BitVec one = bv(1, 1);
        assertBits(0, alg.add(one, one));
        assertBits(1, alg.neg(one));
        assertBits(1, alg.udiv(one, zero));
        assertBits(1, alg.udiv(zero, zero));
        assertBits(1, alg.urem(one, zero));
        // 1 is -1 signed: bvsdiv(-1, 0) = 1, bvsdiv(0, 0) = all ones = 1, -1 / -1 = 1 wraps to -1.
        assertBits(1, alg.sdiv(one, zero));
        assertBits(1, alg.sdiv(zero, zero));
        assertBits(1, alg.sdiv(one, one));
        assertBits(0, alg.srem(one, one));
        assertBits(0, alg.shl(one, one));
        assertBits(1, alg.ashr(one, one));
        assertBits(0, alg.lshr(one, one));
        assertTrue(alg.slt(one, zero));
        assertTrue(alg.ult(zero, one));
    }

    @Test
    void width3() {
        BitVec minus4 = bv(4, 3);
        BitVec minus1 = bv(7, 3);
        assertBits(4, alg.sdiv(minus4, minus1));   // -4 / -1 overflows to -4
        assertBits(0, alg.srem(minus4, minus1));
        assertBits(0, alg.sdiv(bv(3, 3), minus4));  // 3 / -4 truncates to 0
        BitVec minus3 = bv(5, 3);
        BitVec two = bv(2, 3);
        assertBits(7, alg.sdiv(minus3, two));   // -3 / 2 = -1
        assertBits(7, alg.srem(minus3, two));   // -3 % 2 = -1
        assertBits(1, alg.srem(bv(3, 3), bv(6, 3))); // 3 % -2 = 1
        assertBits(2, alg.udiv(minus3, two));   // 5 / 2 = 2
        assertBits(1, alg.urem(minus3, two));   // 5 % 2 = 1
        assertBits(6, alg.ashr(bv(4, 3), bv(1, 3)));  // -4 >> 1 = -2
        assertBits(2, alg.lshr(bv(4, 3), bv(1, 3)));
        assertBits(7, alg.ashr(bv(4, 3), bv(3, 3)));  // amount = width
        assertBits(0, alg.shl(bv(1, 3), bv(3, 3)));
        assertBits(4, alg.shl(bv(1, 3), bv(2, 3)));
    }

    @Test
    void width8() {
        BitVec x = bv(200, 8);
        BitVec y = bv(100, 8);
        assertBits(44, alg.add(x, y));
        assertBits(156, alg.sub(y, x));
        assertBits(32, alg.mul(x, y));      // 20000 mod 256
        assertBits(2, alg.udiv(x, y));
        assertBits(0, alg.urem(x, y));
        assertBits(0, alg.sdiv(x, y));      // -56 / 100 = 0
        assertBits(200, alg.srem(x, y));    // -56 % 100 = -56
        assertBits(0xFF, alg.udiv(x, bv(0, 8)));
        assertBits(200, alg.urem(x, bv(0, 8)));
        assertBits(1, alg.sdiv(x, bv(0, 8)));
        assertBits(0xFF, alg.sdiv(y, bv(0, 8)));
        assertBits(200, alg.srem(x, bv(0, 8)));
        assertBits(0x80, alg.sdiv(bv(0x80, 8), bv(0xFF, 8)));
        assertBits(0, alg.srem(bv(0x80, 8), bv(0xFF, 8)));
        assertBits(0, alg.shl(bv(1, 8), bv(8, 8)));
        assertBits(0, alg.shl(bv(1, 8), bv(0xFF, 8)));
        assertBits(0, alg.lshr(bv(0x80, 8), bv(200, 8)));
        assertBits(0xFF, alg.ashr(bv(0x80, 8), bv(200, 8)));
        assertBits(0, alg.ashr(bv(0x7F, 8), bv(8, 8)));
        assertBits(0xF0, alg.ashr(bv(0x80, 8), bv(3, 8)));
        assertBits(0x10, alg.lshr(bv(0x80, 8), bv(3, 8)));
        assertBits(0x0F, alg.not(bv(0xF0, 8)));
        assertBits(0x38, alg.neg(bv(0xC8, 8)));
        assertTrue(alg.slt(x, y));
        assertFalse(alg.ult(x, y));
        assertTrue(alg.sle(x, x));
        assertTrue(alg.ule(y, x));
    }

    @Test
    void width32() {
        BitVec intMin = bv(0x8000_0000L, 32);
        BitVec minus1 = bv(-1, 32);
        assertBits(0x8000_0000L, alg.sdiv(intMin, minus1));
        assertBits(0, alg.srem(intMin, minus1));
        assertBits(0, alg.add(bv(0xFFFF_FFFFL, 32), bv(1, 32)));
        assertBits(0xFFFF_FFFDL, alg.sdiv(bv(-7, 32), bv(2, 32)));   // -7 / 2 = -3
        assertBits(0xFFFF_FFFFL, alg.srem(bv(-7, 32), bv(2, 32)));   // -7 % 2 = -1
        assertBits(1, alg.srem(bv(7, 32), bv(-2, 32)));              // 7 % -2 = 1
        assertBits(0x7FFF_FFFCL, alg.udiv(bv(-7, 32), bv(2, 32)));
        assertBits(1, alg.urem(bv(-7, 32), bv(2, 32)));
        assertBits(0, alg.shl(bv(1, 32), bv(32, 32)));
        assertBits(0x8000_0000L, alg.shl(bv(1, 32), bv(31, 32)));
        assertBits(0xFFFF_FFFFL, alg.ashr(intMin, bv(32, 32)));
        assertBits(0xFFFF_FFFFL, alg.ashr(intMin, bv(31, 32)));
        assertBits(1, alg.lshr(intMin, bv(31, 32)));
        assertBits(0xFFFF_FF80L, alg.signExtend(bv(0x80, 8), 24));
        assertBits(0x80, alg.zeroExtend(bv(0x80, 8), 24));
        assertEquals(bv(0x34, 8), alg.extract(bv(0x1234, 32), 7, 0));
        assertEquals(bv(0x12, 8), alg.extract(bv(0x1234, 32), 15, 8));
    }

    @Test
    void width64() {
        BitVec min = bv(Long.MIN_VALUE, 64);
        BitVec minus1 = bv(-1, 64);
        assertBits(Long.MIN_VALUE, alg.sdiv(min, minus1));
        assertBits(0, alg.srem(min, minus1));
        assertBits(1, alg.udiv(minus1, minus1));
        assertBits(2, alg.udiv(minus1, bv(Long.MAX_VALUE, 64)));
        assertBits(1, alg.urem(minus1, bv(Long.MAX_VALUE, 64)));
        assertBits(-1, alg.udiv(min, bv(0, 64)));
        assertBits(1, alg.sdiv(min, bv(0, 64)));
        assertBits(Long.MIN_VALUE, alg.urem(min, bv(0, 64)));
        assertBits(0, alg.shl(bv(1, 64), bv(64, 64)));
        assertBits(0, alg.shl(bv(1, 64), minus1));
        assertBits(-1, alg.ashr(min, minus1));
        assertBits(1, alg.lshr(min, bv(63, 64)));
        assertTrue(alg.ult(bv(Long.MAX_VALUE, 64), min));
        assertTrue(alg.slt(min, bv(Long.MAX_VALUE, 64)));
        assertBits(-1, alg.signExtend(bv(1, 1), 63));
    }

    @Test
    void mismatchedWidthsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> alg.add(bv(1, 8), bv(1, 16)));
        assertThrows(IllegalArgumentException.class, () -> alg.eq(bv(1, 8), bv(1, 16)));
        assertThrows(IllegalArgumentException.class, () -> alg.zeroExtend(bv(1, 32), 33));
    }
}
