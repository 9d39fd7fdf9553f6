package pdpv.domain;

import java.math.BigInteger;

/**
 * An integer interval {@code [lo, hi]} of thesis §3.3.2 (interval simulation) over the two's
 * complement (signed) reading of {@code width}-bit vectors, as in the thesis's example
 * (Figure 4.6, {@code x ≥ 0} on an int). The interval never wraps: {@code lo <= hi} as signed
 * numbers, so an unsigned range crossing 2^(w-1) can only be described by ⊤.
 */
public record Interval(int width, long lo, long hi) implements AbstractValue {

    public Interval {
        if (lo < Bits.minSigned(width) || hi > Bits.maxSigned(width) || lo > hi) {
            throw new IllegalArgumentException("[" + lo + ", " + hi + "] is not a " + width + "-bit signed interval");
        }
    }

    public static Interval top(int width) {
        return new Interval(width, Bits.minSigned(width), Bits.maxSigned(width));
    }

    /** The singleton of {@code bits} cut to the width. */
    public static Interval point(long bits, int width) {
        long v = Bits.signed(bits & Bits.mask(width), width);
        return new Interval(width, v, v);
    }

    @Override
    public boolean contains(long bits) {
        long v = Bits.signed(bits, width);
        return lo <= v && v <= hi;
    }

    @Override
    public boolean isTop() {
        return lo == Bits.minSigned(width) && hi == Bits.maxSigned(width);
    }

    @Override
    public boolean isSingleton() {
        return lo == hi;
    }

    /** Whether the interval holds both negative and non-negative values. */
    public boolean straddlesZero() {
        return lo < 0 && hi >= 0;
    }

    @Override
    public Interval toInterval() {
        return this;
    }

    /** SELECT (thesis Algorithm 3.3) for every bit: the bits above the highest bit where lo and hi differ are known. */
    @Override
    public TernaryVector toTernary() {
        long m = Bits.mask(width);
        long differ = (lo ^ hi) & m;
        long known = differ == 0 ? m : m & -(Long.highestOneBit(differ) << 1);
        return new TernaryVector(width, known, lo & known);
    }

    @Override
    public BitConstraint constraint(boolean preferSigned) {
        long m = Bits.mask(width);
        return new BitConstraint(width, preferSigned || straddlesZero(), lo & m, hi & m, 0L, 0L);
    }

    @Override
    public String describe(String name, boolean signed) {
        if (isTop()) {
            return name + " = ⊤";
        }
        if (signed || !straddlesZero()) {
            return describeRange(name, signed, lo, hi);
        }
        return describeRange(name, false, 0, hi) + " ∨ " + describeRange(name, false, lo, -1);
    }

    /** The range [lo, hi] of one sign, printed in the given reading. */
    private String describeRange(String name, boolean signed, long lo, long hi) {
        BigInteger low = signed ? BigInteger.valueOf(lo) : Bits.unsigned(lo, width);
        BigInteger high = signed ? BigInteger.valueOf(hi) : Bits.unsigned(hi, width);
        BigInteger least = signed ? BigInteger.valueOf(Bits.minSigned(width)) : BigInteger.ZERO;
        BigInteger greatest = signed ? BigInteger.valueOf(Bits.maxSigned(width))
                : Bits.modulus(width).subtract(BigInteger.ONE);
        if (lo == hi) {
            return name + " = " + low;
        }
        if (low.equals(least)) {
            return name + " ≤ " + high;
        }
        if (high.equals(greatest)) {
            return name + " ≥ " + low;
        }
        return low + " ≤ " + name + " ≤ " + high;
    }

    @Override
    public String toString() {
        return "[" + lo + ", " + hi + "]";
    }
}
