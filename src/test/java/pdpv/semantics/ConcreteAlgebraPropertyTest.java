package pdpv.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ConcreteAlgebra} against a BigInteger transcription of the SMT-LIB QF_BV definitions
 * (signed division and remainder, arithmetic shift right via their unsigned counterparts, as the
 * standard defines them) on random widths and edge-biased random operands.
 */
class ConcreteAlgebraPropertyTest {
    private static final int CASES = 20_000;

    private final ConcreteAlgebra alg = new ConcreteAlgebra();

    /** The SMT-LIB reference over naturals below 2^width. */
    private record Ref(int width) {
        BigInteger modulus() {
            return BigInteger.ONE.shiftLeft(width);
        }

        BigInteger wrap(BigInteger x) {
            return x.mod(modulus());
        }

        BigInteger ones() {
            return modulus().subtract(BigInteger.ONE);
        }

        boolean msb(BigInteger x) {
            return x.testBit(width - 1);
        }

        BigInteger signed(BigInteger x) {
            return msb(x) ? x.subtract(modulus()) : x;
        }

        BigInteger neg(BigInteger x) {
            return wrap(x.negate());
        }

        BigInteger not(BigInteger x) {
            return ones().subtract(x);
        }

        BigInteger udiv(BigInteger s, BigInteger t) {
            return t.signum() == 0 ? ones() : s.divide(t);
        }

        BigInteger urem(BigInteger s, BigInteger t) {
            return t.signum() == 0 ? s : s.mod(t);
        }

        BigInteger sdiv(BigInteger s, BigInteger t) {
            boolean ms = msb(s);
            boolean mt = msb(t);
            if (!ms && !mt) {
                return udiv(s, t);
            }
            if (ms && !mt) {
                return neg(udiv(neg(s), t));
            }
            if (!ms) {
                return neg(udiv(s, neg(t)));
            }
            return udiv(neg(s), neg(t));
        }

        BigInteger srem(BigInteger s, BigInteger t) {
            boolean ms = msb(s);
            boolean mt = msb(t);
            if (!ms && !mt) {
                return urem(s, t);
            }
            if (ms && !mt) {
                return neg(urem(neg(s), t));
            }
            if (!ms) {
                return urem(s, neg(t));
            }
            return neg(urem(neg(s), neg(t)));
        }

        BigInteger shl(BigInteger s, BigInteger t) {
            return t.compareTo(BigInteger.valueOf(width)) >= 0 ? BigInteger.ZERO : wrap(s.shiftLeft(t.intValue()));
        }

        BigInteger lshr(BigInteger s, BigInteger t) {
            return t.compareTo(BigInteger.valueOf(width)) >= 0 ? BigInteger.ZERO : s.shiftRight(t.intValue());
        }

        BigInteger ashr(BigInteger s, BigInteger t) {
            return msb(s) ? not(lshr(not(s), t)) : lshr(s, t);
        }
    }

    private static long edgeBiased(Random random, int width) {
        long mask = BitVec.mask(width);
        return switch (random.nextInt(8)) {
            case 0 -> 0;
            case 1 -> random.nextInt(4);
            case 2 -> mask;
            case 3 -> 1L << (width - 1);
            case 4 -> mask >>> 1;
            case 5 -> -random.nextInt(4);
            case 6 -> random.nextInt(width + 2);
            default -> random.nextLong();
        };
    }

    private static BigInteger unsigned(long bits) {
        return new BigInteger(Long.toUnsignedString(bits));
    }

    private static void check(String op, BitVec a, BitVec b, BigInteger expected, BitVec actual) {
        assertEquals(a.width(), actual.width(), op);
        assertEquals(expected, unsigned(actual.bits()), () -> op + "(" + a + ", " + b + ")");
    }

    @Test
    void agreesWithSmtLibReference() {
        Random random = new Random(20131);
        for (int i = 0; i < CASES; i++) {
            int w = 1 + random.nextInt(64);
            Ref ref = new Ref(w);
            BitVec a = new BitVec(edgeBiased(random, w), w);
            BitVec b = new BitVec(edgeBiased(random, w), w);
            BigInteger s = unsigned(a.bits());
            BigInteger t = unsigned(b.bits());
            check("add", a, b, ref.wrap(s.add(t)), alg.add(a, b));
            check("sub", a, b, ref.wrap(s.subtract(t)), alg.sub(a, b));
            check("mul", a, b, ref.wrap(s.multiply(t)), alg.mul(a, b));
            check("neg", a, b, ref.neg(s), alg.neg(a));
            check("not", a, b, ref.not(s), alg.not(a));
            check("and", a, b, s.and(t), alg.and(a, b));
            check("or", a, b, s.or(t), alg.or(a, b));
            check("xor", a, b, s.xor(t), alg.xor(a, b));
            check("udiv", a, b, ref.udiv(s, t), alg.udiv(a, b));
            check("urem", a, b, ref.urem(s, t), alg.urem(a, b));
            check("sdiv", a, b, ref.sdiv(s, t), alg.sdiv(a, b));
            check("srem", a, b, ref.srem(s, t), alg.srem(a, b));
            check("shl", a, b, ref.shl(s, t), alg.shl(a, b));
            check("lshr", a, b, ref.lshr(s, t), alg.lshr(a, b));
            check("ashr", a, b, ref.ashr(s, t), alg.ashr(a, b));
            assertEquals(s.equals(t), alg.eq(a, b));
            assertEquals(s.compareTo(t) < 0, alg.ult(a, b));
            assertEquals(s.compareTo(t) <= 0, alg.ule(a, b));
            assertEquals(ref.signed(s).compareTo(ref.signed(t)) < 0, alg.slt(a, b));
            assertEquals(ref.signed(s).compareTo(ref.signed(t)) <= 0, alg.sle(a, b));
            checkResize(random, ref, a, s);
        }
    }

    private void checkResize(Random random, Ref ref, BitVec a, BigInteger s) {
        int w = ref.width();
        int extra = random.nextInt(64 - w + 1);
        Ref wide = new Ref(w + extra);
        assertEquals(s, unsigned(alg.zeroExtend(a, extra).bits()));
        assertEquals(wide.wrap(ref.signed(s)), unsigned(alg.signExtend(a, extra).bits()));
        int low = random.nextInt(w);
        int high = low + random.nextInt(w - low);
        BigInteger field = s.shiftRight(low).mod(BigInteger.ONE.shiftLeft(high - low + 1));
        BitVec extracted = alg.extract(a, high, low);
        assertEquals(high - low + 1, extracted.width());
        assertEquals(field, unsigned(extracted.bits()));
    }
}
