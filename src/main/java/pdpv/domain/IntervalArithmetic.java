package pdpv.domain;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The interval rules of thesis Figure 3.8 for the integer operations, with SMT-LIB QF_BV meaning
 * (as SMT-LIB defines the operations): each rule computes the exact mathematical range of
 * the results and wraps it modulo 2^w (⊤ when it overflows into two pieces); where both readings
 * apply, the smaller of the signed and the unsigned computation is kept.
 */
public final class IntervalArithmetic {
    private IntervalArithmetic() {
    }

    public static Interval add(AbstractValue a, AbstractValue b) {
        Range s = Range.signed(a).plus(Range.signed(b));
        Range u = Range.unsigned(a).plus(Range.unsigned(b));
        return smaller(s.wrap(a.width()), u.wrap(a.width()));
    }

    public static Interval sub(AbstractValue a, AbstractValue b) {
        Range s = Range.signed(a).minus(Range.signed(b));
        Range u = Range.unsigned(a).minus(Range.unsigned(b));
        return smaller(s.wrap(a.width()), u.wrap(a.width()));
    }

    public static Interval mul(AbstractValue a, AbstractValue b) {
        Range s = Range.signed(a).times(Range.signed(b));
        Range u = Range.unsigned(a).times(Range.unsigned(b));
        return smaller(s.wrap(a.width()), u.wrap(a.width()));
    }

    public static Interval neg(AbstractValue a) {
        return Range.point(BigInteger.ZERO).minus(Range.signed(a)).wrap(a.width());
    }

    /** Bitwise negation as −a − 1, which maps an interval onto an interval exactly. */
    public static Interval not(AbstractValue a) {
        return Range.point(BigInteger.ONE.negate()).minus(Range.signed(a)).wrap(a.width());
    }

    /** Unsigned division; a zero divisor gives all ones. */
    public static Interval udiv(AbstractValue a, AbstractValue b) {
        int w = a.width();
        Range x = Range.unsigned(a);
        Range y = Range.unsigned(b);
        List<Range> parts = new ArrayList<>();
        if (y.hi().signum() > 0) {
            BigInteger least = y.lo().max(BigInteger.ONE);
            parts.add(new Range(x.lo().divide(y.hi()), x.hi().divide(least)));
        }
        if (y.lo().signum() == 0) {
            parts.add(Range.point(Bits.modulus(w).subtract(BigInteger.ONE)));
        }
        return hull(parts).wrap(w);
    }

    /** Unsigned remainder; a zero divisor gives the dividend. */
    public static Interval urem(AbstractValue a, AbstractValue b) {
        int w = a.width();
        Range x = Range.unsigned(a);
        Range y = Range.unsigned(b);
        List<Range> parts = new ArrayList<>();
        if (y.hi().signum() > 0) {
            boolean allLarger = y.lo().compareTo(x.hi()) > 0;
            parts.add(allLarger ? x : new Range(BigInteger.ZERO, x.hi().min(y.hi().subtract(BigInteger.ONE))));
        }
        if (y.lo().signum() == 0) {
            parts.add(x);
        }
        return hull(parts).wrap(w);
    }

    /** Signed division truncating toward zero; a zero divisor gives 1 for a negative dividend, else all ones. */
    public static Interval sdiv(AbstractValue a, AbstractValue b) {
        int w = a.width();
        Range x = Range.signed(a);
        Range y = Range.signed(b);
        List<Range> parts = new ArrayList<>();
        for (Range divisor : nonZeroParts(y)) {
            parts.add(Range.ofCorners(x.lo().divide(divisor.lo()), x.lo().divide(divisor.hi()),
                    x.hi().divide(divisor.lo()), x.hi().divide(divisor.hi())));
        }
        if (y.contains(BigInteger.ZERO)) {
            if (x.lo().signum() < 0) {
                parts.add(Range.point(BigInteger.ONE));
            }
            if (x.hi().signum() >= 0) {
                parts.add(Range.point(BigInteger.ONE.negate()));
            }
        }
        return hull(parts).wrap(w);
    }

    /** Signed remainder with the dividend's sign, smaller in magnitude than the divisor; a zero divisor gives the dividend. */
    public static Interval srem(AbstractValue a, AbstractValue b) {
        int w = a.width();
        Range x = Range.signed(a);
        Range y = Range.signed(b);
        List<Range> parts = new ArrayList<>();
        if (!nonZeroParts(y).isEmpty()) {
            BigInteger bound = y.lo().abs().max(y.hi().abs()).subtract(BigInteger.ONE);
            BigInteger lo = x.lo().max(bound.negate()).min(BigInteger.ZERO);
            BigInteger hi = x.hi().min(bound).max(BigInteger.ZERO);
            parts.add(new Range(lo, hi));
        }
        if (y.contains(BigInteger.ZERO)) {
            parts.add(x);
        }
        return hull(parts).wrap(w);
    }

    public static AbstractTruth slt(AbstractValue a, AbstractValue b) {
        return less(Range.signed(a), Range.signed(b), false);
    }

    public static AbstractTruth sle(AbstractValue a, AbstractValue b) {
        return less(Range.signed(a), Range.signed(b), true);
    }

    public static AbstractTruth ult(AbstractValue a, AbstractValue b) {
        return less(Range.unsigned(a), Range.unsigned(b), false);
    }

    public static AbstractTruth ule(AbstractValue a, AbstractValue b) {
        return less(Range.unsigned(a), Range.unsigned(b), true);
    }

    /** Rules [lt-1], [lt-0], [lt-x] (and their non-strict versions) on exact ranges. */
    public static AbstractTruth less(Range x, Range y, boolean orEqual) {
        int always = x.hi().compareTo(y.lo());
        int never = x.lo().compareTo(y.hi());
        if (orEqual ? always <= 0 : always < 0) {
            return AbstractTruth.TRUE;
        }
        if (orEqual ? never > 0 : never >= 0) {
            return AbstractTruth.FALSE;
        }
        return AbstractTruth.UNKNOWN;
    }

    /** Sign extension keeps the signed value. */
    public static Interval signExtend(Interval a, int extraBits) {
        return new Interval(a.width() + extraBits, a.lo(), a.hi());
    }

    /** Zero extension keeps the unsigned value. */
    public static Interval zeroExtend(Interval a, int extraBits) {
        if (extraBits == 0) {
            return a;
        }
        return Range.unsigned(a).wrap(a.width() + extraBits);
    }

    /** Bits high..low are floor(x / 2^low) modulo 2^(high - low + 1). */
    public static Interval extract(Interval a, int high, int low) {
        Range shifted = new Range(BigInteger.valueOf(a.lo() >> low), BigInteger.valueOf(a.hi() >> low));
        return shifted.wrap(high - low + 1);
    }

    private static List<Range> nonZeroParts(Range y) {
        List<Range> parts = new ArrayList<>();
        if (y.lo().signum() < 0) {
            parts.add(new Range(y.lo(), y.hi().min(BigInteger.ONE.negate())));
        }
        if (y.hi().signum() > 0) {
            parts.add(new Range(y.lo().max(BigInteger.ONE), y.hi()));
        }
        return parts;
    }

    private static Range hull(List<Range> parts) {
        Range result = parts.get(0);
        for (Range r : parts) {
            result = result.hull(r);
        }
        return result;
    }

    private static Interval smaller(Interval p, Interval q) {
        BigInteger sizeP = BigInteger.valueOf(p.hi()).subtract(BigInteger.valueOf(p.lo()));
        BigInteger sizeQ = BigInteger.valueOf(q.hi()).subtract(BigInteger.valueOf(q.lo()));
        return sizeP.compareTo(sizeQ) <= 0 ? p : q;
    }
}
