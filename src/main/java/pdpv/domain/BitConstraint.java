package pdpv.domain;

/**
 * The exact set of an {@link AbstractValue} as a constraint on a bit-vector x of {@code width}
 * bits, for building the bad states of thesis §4.3.3 ("Invariant Refinement") from a generalized
 * counterexample: x is in the set exactly when {@code lower <= x <= upper} in the order given by
 * {@code signed} (bvsle or bvule) and {@code (x & mask) == value}. All four numbers are bit
 * patterns normalized to the width.
 */
public record BitConstraint(int width, boolean signed, long lower, long upper, long mask, long value) {

    /** Whether the bounds exclude nothing (lower is the least, upper the greatest value). */
    public boolean boundsAreTrivial() {
        long m = Bits.mask(width);
        long least = signed ? Bits.signBit(width) : 0L;
        return lower == least && upper == (least - 1 & m);
    }

    /** Whether the mask excludes nothing. */
    public boolean maskIsTrivial() {
        return mask == 0L;
    }

    /** Whether {@code bits} (cut to the width) satisfies the constraint. */
    public boolean holds(long bits) {
        long x = bits & Bits.mask(width);
        if ((x & mask) != value) {
            return false;
        }
        if (signed) {
            long v = Bits.signed(x, width);
            return Bits.signed(lower, width) <= v && v <= Bits.signed(upper, width);
        }
        return Long.compareUnsigned(lower, x) <= 0 && Long.compareUnsigned(x, upper) <= 0;
    }
}
