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
        Range r = signedModulo(width);
        return r == null ? Interval.top(width) : new Interval(width, r.lo.longValueExact(), r.hi.longValueExact());
    }

    /**
     * The values of the range modulo 2^width read in two's complement, at any width: a range within
     * [−2^(width−1), 2^(width−1) − 1], or null if they do not form one.
     */
    public Range signedModulo(int width) {
        BigInteger modulus = BigInteger.ONE.shiftLeft(width);
        BigInteger size = hi.subtract(lo);
        if (size.compareTo(modulus) >= 0) {
            return null;
        }
        BigInteger half = BigInteger.ONE.shiftLeft(width - 1);
        BigInteger low = lo.add(half).mod(modulus).subtract(half);
        BigInteger high = low.add(size);
        return high.compareTo(half) >= 0 ? null : new Range(low, high);
    }

    /** The values of a range within the signed {@code width}-bit range read as unsigned numbers, or null if they form no range. */
    public Range unsignedReading(int width) {
        if (lo.signum() >= 0) {
            return this;
        }
        BigInteger modulus = BigInteger.ONE.shiftLeft(width);
        return hi.signum() < 0 ? new Range(lo.add(modulus), hi.add(modulus)) : null;
    }
}
