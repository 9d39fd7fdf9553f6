package pdpv.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Soundness of the ternary circuits (Figure 3.7): for all members of the operands, the concrete
 * result (computed with unbounded integers, modulo 2^w) is a member of the ternary result, and the
 * comparators answer true or false only when every pair of members agrees. Exhaustive on 3 bits,
 * random members of random vectors on 64 bits; constants give exact results.
 */
class TernaryArithmeticSoundnessTest {

    private static List<TernaryVector> allVectors(int w) {
        List<TernaryVector> all = new ArrayList<>();
        for (long mask = 0; mask < 1L << w; mask++) {
            for (long value = 0; value < 1L << w; value++) {
                if ((value & ~mask) == 0) {
                    all.add(new TernaryVector(w, mask, value));
                }
            }
        }
        return all;
    }

    private static List<Long> members(TernaryVector t) {
        List<Long> members = new ArrayList<>();
        for (long x = 0; x < 1L << t.width(); x++) {
            if (t.contains(x)) {
                members.add(x);
            }
        }
        return members;
    }

    private static BigInteger unsigned(long x, int w) {
        return Bits.unsigned(x, w);
    }

    private static long wrap(BigInteger v, int w) {
        return v.mod(BigInteger.ONE.shiftLeft(w)).longValue();
    }

    private static void checkPair(TernaryVector a, TernaryVector b, long x, long y) {
        int w = a.width();
        BigInteger ux = unsigned(x, w);
        BigInteger uy = unsigned(y, w);
        String at = a + " " + b + " at " + x + ", " + y;
        assertTrue(TernaryArithmetic.add(a, b).contains(wrap(ux.add(uy), w)), "add " + at);
        assertTrue(TernaryArithmetic.sub(a, b).contains(wrap(ux.subtract(uy), w)), "sub " + at);
        assertTrue(TernaryArithmetic.mul(a, b).contains(wrap(ux.multiply(uy), w)), "mul " + at);
        assertTrue(TernaryArithmetic.neg(a).contains(wrap(ux.negate(), w)), "neg " + at);
        long sx = Bits.signed(x, w);
        long sy = Bits.signed(y, w);
        assertTrue(TernaryArithmetic.ult(a, b).admits(ux.compareTo(uy) < 0), "ult " + at);
        assertTrue(TernaryArithmetic.ule(a, b).admits(ux.compareTo(uy) <= 0), "ule " + at);
        assertTrue(TernaryArithmetic.slt(a, b).admits(sx < sy), "slt " + at);
        assertTrue(TernaryArithmetic.sle(a, b).admits(sx <= sy), "sle " + at);
        assertTrue(IntervalArithmetic.not(a).contains(~x), "not " + at);
        if (2 * w <= 64) {
            assertTrue(TernaryLogic.concat(a, b).contains(x << w | y), "concat " + at);
        }
    }

    @Test
    void exhaustiveOnThreeBits() {
        List<TernaryVector> all = allVectors(3);
        for (TernaryVector a : all) {
            for (TernaryVector b : all) {
                for (long x : members(a)) {
                    for (long y : members(b)) {
                        checkPair(a, b, x, y);
                    }
                }
            }
        }
    }

    @Test
    void randomOnSixtyFourBits() {
        Random rng = new Random(64);
        for (int k = 0; k < 3000; k++) {
            TernaryVector a = randomVector(rng);
            TernaryVector b = randomVector(rng);
            for (int m = 0; m < 4; m++) {
                checkPair(a, b, member(a, rng), member(b, rng));
            }
        }
    }

    @Test
    void constantsGiveExactResults() {
        Random rng = new Random(7);
        for (int k = 0; k < 1000; k++) {
            long x = rng.nextLong();
            long y = rng.nextLong();
            TernaryVector a = TernaryVector.exactly(x, 64);
            TernaryVector b = TernaryVector.exactly(y, 64);
            assertEquals(TernaryVector.exactly(x + y, 64), TernaryArithmetic.add(a, b));
            assertEquals(TernaryVector.exactly(x * y, 64), TernaryArithmetic.mul(a, b));
            assertEquals(AbstractTruth.of(Long.compareUnsigned(x, y) < 0), TernaryArithmetic.ult(a, b));
            assertEquals(AbstractTruth.of(x <= y), TernaryArithmetic.sle(a, b));
        }
    }

    /** Mostly known bits, so that the results are not all X. */
    private static TernaryVector randomVector(Random rng) {
        long mask = rng.nextLong() | rng.nextLong() | rng.nextLong();
        return new TernaryVector(64, mask, rng.nextLong() & mask);
    }

    private static long member(TernaryVector t, Random rng) {
        return t.value() | (rng.nextLong() & t.freeBits());
    }
}
