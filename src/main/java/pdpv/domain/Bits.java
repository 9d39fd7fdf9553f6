package pdpv.domain;

import java.math.BigInteger;

/** Two's complement helpers for the abstract domains of thesis §3.3 (widths 1..64). */
public final class Bits {
    private Bits() {
    }

    /** The mask with the low {@code width} bits set; fails unless 1 <= width <= 64. */
    public static long mask(int width) {
        if (width < 1 || width > 64) {
            throw new IllegalArgumentException("width " + width);
        }
        return width == 64 ? -1L : (1L << width) - 1;
    }

    public static long signBit(int width) {
        return 1L << (width - 1);
    }

    /** The least signed value of the width. */
    public static long minSigned(int width) {
        return -signBit(width);
    }

    /** The greatest signed value of the width. */
    public static long maxSigned(int width) {
        return mask(width) >>> 1;
    }

    /** {@code bits} read as a two's complement number of the width. */
    public static long signed(long bits, int width) {
        int unused = 64 - width;
        return bits << unused >> unused;
    }

    /** {@code bits} read as an unsigned number of the width. */
    public static BigInteger unsigned(long bits, int width) {
        long b = bits & mask(width);
        BigInteger value = BigInteger.valueOf(b & Long.MAX_VALUE);
        return b < 0 ? value.setBit(63) : value;
    }

    /** 2^width. */
    public static BigInteger modulus(int width) {
        return BigInteger.ONE.shiftLeft(width);
    }
}
