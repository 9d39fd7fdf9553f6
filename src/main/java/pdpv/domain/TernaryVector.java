package pdpv.domain;

import java.util.OptionalLong;

/**
 * A vector of ternary values (0, 1, X per bit) of thesis §3.3.1 (ternary simulation): bit i is
 * known when bit i of {@code mask} is set, and then equals bit i of {@code value}; the members are
 * the {@code width}-bit vectors that agree with {@code value} on the known bits.
 */
public record TernaryVector(int width, long mask, long value) implements AbstractValue {

    public TernaryVector {
        long m = Bits.mask(width);
        mask &= m;
        value &= m;
        if ((value & ~mask) != 0) {
            throw new IllegalArgumentException("value " + Long.toHexString(value) + " outside mask " + Long.toHexString(mask));
        }
    }

    /** The ternary vector with every bit known. */
    public static TernaryVector exactly(long bits, int width) {
        return new TernaryVector(width, -1L, bits);
    }

    /** The unknown (X) bits. */
    public long freeBits() {
        return ~mask & Bits.mask(width);
    }

    @Override
    public boolean contains(long bits) {
        return (bits & mask) == value;
    }

    @Override
    public boolean isTop() {
        return mask == 0L;
    }

    @Override
    public boolean isSingleton() {
        return mask == Bits.mask(width);
    }

    /** CONJOIN (thesis Algorithm 3.4): X in the sign bit counts as 1 for the lower bound and 0 for the upper one. */
    @Override
    public Interval toInterval() {
        long sign = Bits.signBit(width);
        long free = freeBits();
        long least = value | (free & sign);
        long greatest = value | (free & ~sign);
        return new Interval(width, Bits.signed(least, width), Bits.signed(greatest, width));
    }

    @Override
    public TernaryVector toTernary() {
        return this;
    }

    /** The least member that is at least {@code bound} as an unsigned number, if any. */
    public OptionalLong leastMemberAtLeast(long bound) {
        long l = bound & Bits.mask(width);
        if (contains(l)) {
            return OptionalLong.of(l);
        }
        for (int p = 0; p < width; p++) {
            long bit = 1L << p;
            long above = -(bit << 1);
            boolean canRaise = (l & bit) == 0 && ((mask & bit) == 0 || (value & bit) != 0);
            if (canRaise && ((l ^ value) & mask & above) == 0) {
                return OptionalLong.of((l & above) | bit | (value & (bit - 1)));
            }
        }
        return OptionalLong.empty();
    }

    /** The greatest member that is at most {@code bound} as an unsigned number, if any. */
    public OptionalLong greatestMemberAtMost(long bound) {
        long h = bound & Bits.mask(width);
        if (contains(h)) {
            return OptionalLong.of(h);
        }
        for (int p = 0; p < width; p++) {
            long bit = 1L << p;
            long above = -(bit << 1);
            boolean canLower = (h & bit) != 0 && ((mask & bit) == 0 || (value & bit) == 0);
            if (canLower && ((h ^ value) & mask & above) == 0) {
                return OptionalLong.of((h & above) | ((value | freeBits()) & (bit - 1)));
            }
        }
        return OptionalLong.empty();
    }

    @Override
    public BitConstraint constraint(boolean preferSigned) {
        long m = Bits.mask(width);
        long least = preferSigned ? Bits.signBit(width) : 0L;
        return new BitConstraint(width, preferSigned, least, least - 1 & m, mask, value);
    }

    @Override
    public String describe(String name, boolean signed) {
        if (isTop()) {
            return name + " = ⊤";
        }
        if (isSingleton()) {
            return name + " = " + (signed ? Long.toString(Bits.signed(value, width)) : Bits.unsigned(value, width).toString());
        }
        return name + " ∈ " + this;
    }

    /** The bits from the most significant down, X for an unknown bit. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(width);
        for (int i = width - 1; i >= 0; i--) {
            long bit = 1L << i;
            sb.append((mask & bit) == 0 ? 'X' : (value & bit) != 0 ? '1' : '0');
        }
        return sb.toString();
    }
}
