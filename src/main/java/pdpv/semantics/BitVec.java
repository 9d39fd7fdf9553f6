package pdpv.semantics;

/**
 * A concrete bit-vector value of {@code width} bits (1..64) for the interpreter of thesis §4.3.2
 * ("Counterexample Analysis with Interpretation"). {@code bits} is always normalized: bits above
 * the width are zero, so two values are equal exactly when their widths and bit patterns agree.
 */
public record BitVec(long bits, int width) {

    public BitVec {
        bits &= mask(width);
    }

    /** The mask with the low {@code width} bits set; fails unless 1 <= width <= 64. */
    public static long mask(int width) {
        if (width < 1 || width > 64) {
            throw new IllegalArgumentException("width " + width);
        }
        return width == 64 ? -1L : (1L << width) - 1;
    }

    public static BitVec zero(int width) {
        return new BitVec(0, width);
    }

    /** The all-ones vector of the given width. */
    public static BitVec ones(int width) {
        return new BitVec(-1L, width);
    }

    /** The bits read as a two's complement number (sign-extended to 64 bits). */
    public long signedValue() {
        int unused = 64 - width;
        return bits << unused >> unused;
    }

    /** Whether the most significant bit is set. */
    public boolean isNegative() {
        return (bits >>> (width - 1) & 1L) == 1L;
    }

    @Override
    public String toString() {
        return Long.toUnsignedString(bits) + "[" + width + "]";
    }
}
