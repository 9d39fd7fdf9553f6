package pdpv.semantics;

/**
 * The concrete meaning of each bit-vector operation on {@code width}-bit words held as normalized
 * longs (bits above the width zero), with the exact SMT-LIB QF_BV meaning of {@link ConcreteAlgebra}
 * (which delegates here): division and remainder by zero, truncating signed division, over-wide
 * shifts. The one definition the interpreter's value-by-value algebra and its compiled form
 * ({@code pdpv.interp}) share, so that a replay agrees with the Z3 model whichever runs it.
 */
public final class Words {
    private Words() {
    }

    /** The mask with the low {@code width} bits set (1 <= width <= 64). */
    public static long mask(int width) {
        return BitVec.mask(width);
    }

    /** The word read as a two's complement number (sign-extended to 64 bits). */
    public static long signed(long bits, int width) {
        int unused = 64 - width;
        return bits << unused >> unused;
    }

    public static long add(long a, long b, int width) {
        return (a + b) & mask(width);
    }

    public static long sub(long a, long b, int width) {
        return (a - b) & mask(width);
    }

    public static long mul(long a, long b, int width) {
        return (a * b) & mask(width);
    }

    public static long neg(long a, int width) {
        return -a & mask(width);
    }

    public static long not(long a, int width) {
        return ~a & mask(width);
    }

    /** {@code bvudiv}: by zero, all ones. */
    public static long udiv(long a, long b, int width) {
        return b == 0 ? mask(width) : Long.divideUnsigned(a, b);
    }

    /** {@code bvsdiv}: truncating; by zero, 1 for a negative dividend and all ones otherwise. */
    public static long sdiv(long a, long b, int width) {
        if (b == 0) {
            return signed(a, width) < 0 ? 1 : mask(width);
        }
        return (signed(a, width) / signed(b, width)) & mask(width);
    }

    /** {@code bvurem}: by zero, the dividend. */
    public static long urem(long a, long b) {
        return b == 0 ? a : Long.remainderUnsigned(a, b);
    }

    /** {@code bvsrem}: the dividend's sign; by zero, the dividend. */
    public static long srem(long a, long b, int width) {
        return b == 0 ? a : (signed(a, width) % signed(b, width)) & mask(width);
    }

    /** {@code bvshl}: an amount (read unsigned) of at least the width gives zero. */
    public static long shl(long a, long amount, int width) {
        return overWide(amount, width) ? 0 : (a << amount) & mask(width);
    }

    /** {@code bvlshr}: an amount of at least the width gives zero. */
    public static long lshr(long a, long amount, int width) {
        return overWide(amount, width) ? 0 : a >>> amount;
    }

    /** {@code bvashr}: an amount of at least the width gives all sign bits. */
    public static long ashr(long a, long amount, int width) {
        if (overWide(amount, width)) {
            return signed(a, width) < 0 ? mask(width) : 0;
        }
        return (signed(a, width) >> amount) & mask(width);
    }

    /** Sign extension of a {@code width}-bit word by {@code extraBits}. */
    public static long signExtend(long a, int width, int extraBits) {
        return signed(a, width) & mask(width + extraBits);
    }

    /** Bits {@code high..low} of a word. */
    public static long extract(long a, int high, int low) {
        return (a >>> low) & mask(high - low + 1);
    }

    public static boolean ult(long a, long b) {
        return Long.compareUnsigned(a, b) < 0;
    }

    public static boolean ule(long a, long b) {
        return Long.compareUnsigned(a, b) <= 0;
    }

    public static boolean slt(long a, long b, int width) {
        return signed(a, width) < signed(b, width);
    }

    public static boolean sle(long a, long b, int width) {
        return signed(a, width) <= signed(b, width);
    }

    private static boolean overWide(long amount, int width) {
        return Long.compareUnsigned(amount, width) >= 0;
    }
}
