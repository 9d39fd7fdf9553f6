package pdpv.domain;

import java.math.BigInteger;

/**
 * A non-empty range of mathematical integers, the unbounded intermediate of the interval rules of
 * thesis Figure 3.8: an operation computes the exact range of its results and {@link #wrap}
 * reduces it modulo 2^w, which is ⊤ exactly when the thesis's rules [plus-o], [times-o] overflow
 * to values that do not form one two's complement interval.
 */
public record Range(BigInteger lo, BigInteger hi) {

    public Range {
        if (lo.compareTo(hi) > 0) {
            throw new IllegalArgumentException("empty range [" + lo + ", " + hi + "]");
        }
    }

    public static Range of(long lo, long hi) {
        return new Range(BigInteger.valueOf(lo), BigInteger.valueOf(hi));
    }

    public static Range point(BigInteger v) {
        return new Range(v, v);
    }

    /** The signed range of a value (its interval bounds). */
    public static Range signed(AbstractValue v) {
        Interval i = v.toInterval();
        return of(i.lo(), i.hi());
    }

    /** The smallest range of the value's members read as unsigned numbers. */
    public static Range unsigned(AbstractValue v) {
        int w = v.width();
        if (v instanceof TernaryVector t) {
            return new Range(Bits.unsigned(t.value(), w), Bits.unsigned(t.value() | t.freeBits(), w));
        }
        Interval i = (Interval) v;
        if (i.lo() >= 0 || i.hi() < 0) {
            return new Range(Bits.unsigned(i.lo(), w), Bits.unsigned(i.hi(), w));
        }
        return new Range(BigInteger.ZERO, Bits.modulus(w).subtract(BigInteger.ONE));
    }

    public boolean contains(BigInteger v) {
        return lo.compareTo(v) <= 0 && v.compareTo(hi) <= 0;
    }

    public Range plus(Range other) {
        return new Range(lo.add(other.lo), hi.add(other.hi));
    }

    public Range minus(Range other) {
        return new Range(lo.subtract(other.hi), hi.subtract(other.lo));
    }

    public Range times(Range other) {
        return ofCorners(lo.multiply(other.lo), lo.multiply(other.hi), hi.multiply(other.lo), hi.multiply(other.hi));
    }

    public Range hull(Range other) {
        return new Range(lo.min(other.lo), hi.max(other.hi));
    }

    /** The smallest range containing the given values. */
    public static Range ofCorners(BigInteger... values) {
        BigInteger min = values[0];
        BigInteger max = values[0];
        for (BigInteger v : values) {
            min = min.min(v);
            max = max.max(v);
        }
        return new Range(min, max);
    }

    /** The values of the range modulo 2^width as a two's complement interval, or ⊤ if they form none. */
    public Interval wrap(int width) {
        BigInteger size = hi.subtract(lo);
        if (size.compareTo(Bits.modulus(width)) >= 0) {
            return Interval.top(width);
        }
        long low = Bits.signed(lo.longValue(), width);
        BigInteger high = BigInteger.valueOf(low).add(size);
        if (high.compareTo(BigInteger.valueOf(Bits.maxSigned(width))) > 0) {
            return Interval.top(width);
        }
        return new Interval(width, low, high.longValueExact());
    }
}
