package pdpv.interp.abstraction;

import pdpv.domain.AbstractValue;
import pdpv.domain.Bits;
import pdpv.domain.Interval;
import pdpv.domain.TernaryVector;

/**
 * The search of thesis Algorithm 4.5, lines 10–11, for the largest value set around a before-value
 * that keeps a counterexample spurious: "binary search of the bounds" for an interval, "replace 0
 * or 1 values with don't care values" for a ternary vector. {@link #keepsSpurious} is the check by
 * abstract interpretation; only sets it accepted are returned.
 */
@FunctionalInterface
interface BeforeSearch {

    /** Whether the counterexample stays spurious with this before-set. */
    boolean keepsSpurious(AbstractValue candidate);

    /** The widest accepted set containing the signed value {@code p}: an interval, or a ternary
     * vector when no interval beyond {@code p} itself is accepted. */
    default AbstractValue widest(long p, int width) {
        long hi = upper(p, width);
        long lo = lower(p, hi, width);
        if (lo < hi) {
            return new Interval(width, lo, hi);
        }
        TernaryVector t = TernaryVector.exactly(p, width);
        for (int bit = width - 1; bit >= 0; bit--) {
            long b = 1L << bit;
            TernaryVector candidate = new TernaryVector(width, t.mask() & ~b, t.value() & ~b);
            if (keepsSpurious(candidate)) {
                t = candidate;
            }
        }
        return t.isSingleton() ? Interval.point(p, width) : t;
    }

    /** The greatest accepted upper bound of [lo, ·] at least {@code lo}; [lo, lo] counts as accepted. */
    private long upper(long lo, int width) {
        long good = lo;
        long bad = Bits.maxSigned(width);
        if (good == bad || keepsSpurious(new Interval(width, lo, bad))) {
            return bad;
        }
        while (Long.compareUnsigned(bad - good, 1) > 0) {
            long mid = good + ((bad - good) >>> 1);
            if (keepsSpurious(new Interval(width, lo, mid))) {
                good = mid;
            } else {
                bad = mid;
            }
        }
        return good;
    }

    /** The least accepted lower bound of [·, hi] at most {@code accepted}, which is accepted. */
    private long lower(long accepted, long hi, int width) {
        long good = accepted;
        long bad = Bits.minSigned(width);
        if (good == bad || keepsSpurious(new Interval(width, bad, hi))) {
            return bad;
        }
        while (Long.compareUnsigned(good - bad, 1) > 0) {
            long mid = good - ((good - bad) >>> 1);
            if (keepsSpurious(new Interval(width, mid, hi))) {
                good = mid;
            } else {
                bad = mid;
            }
        }
        return good;
    }
}
