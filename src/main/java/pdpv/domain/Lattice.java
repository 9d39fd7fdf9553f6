package pdpv.domain;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * Join, meet, widening and disjointness on the hybrid domain of thesis §3.3.3 and §4.3.3. Two
 * intervals combine as intervals, two ternary vectors as ternary vectors; a mixed pair combines
 * as intervals, except that a singleton joins a ternary vector as the exact ternary vector it is.
 * Disjointness is exact, also for mixed pairs.
 */
public final class Lattice {
    private Lattice() {
    }

    public static AbstractValue join(AbstractValue a, AbstractValue b) {
        checkWidths(a, b);
        if (a instanceof TernaryVector s && b instanceof TernaryVector t) {
            return joinTernary(s, t);
        }
        if (a instanceof TernaryVector s && b.isSingleton()) {
            return joinTernary(s, b.toTernary());
        }
        if (b instanceof TernaryVector t && a.isSingleton()) {
            return joinTernary(a.toTernary(), t);
        }
        Interval i = a.toInterval();
        Interval j = b.toInterval();
        return new Interval(a.width(), Math.min(i.lo(), j.lo()), Math.max(i.hi(), j.hi()));
    }

    private static TernaryVector joinTernary(TernaryVector s, TernaryVector t) {
        long known = s.mask() & t.mask() & ~(s.value() ^ t.value());
        return new TernaryVector(s.width(), known, s.value() & known);
    }

    /**
     * Widening: two ternary vectors join (each bit can turn X only once); otherwise the interval
     * bounds of {@code previous} that {@code next} exceeds jump to the extreme values (or to the
     * next threshold, see {@link Thresholds}).
     */
    public static AbstractValue widen(AbstractValue previous, AbstractValue next) {
        return widen(previous, next, Thresholds.NONE);
    }

    /** Widening whose interval bounds stop at the given thresholds before the extreme values. */
    public static AbstractValue widen(AbstractValue previous, AbstractValue next, Thresholds thresholds) {
        checkWidths(previous, next);
        if (previous instanceof TernaryVector s && next instanceof TernaryVector t) {
            return joinTernary(s, t);
        }
        int w = previous.width();
        Interval p = previous.toInterval();
        Interval n = next.toInterval();
        long lo = n.lo() < p.lo() ? thresholds.below(w, n.lo()) : p.lo();
        long hi = n.hi() > p.hi() ? thresholds.above(w, n.hi()) : p.hi();
        return new Interval(w, lo, hi);
    }

    /** An over-approximation of the intersection, exact unless an interval meets a ternary vector. */
    public static Optional<AbstractValue> meet(AbstractValue a, AbstractValue b) {
        checkWidths(a, b);
        if (a instanceof TernaryVector s && b instanceof TernaryVector t) {
            long common = s.mask() & t.mask();
            if (((s.value() ^ t.value()) & common) != 0) {
                return Optional.empty();
            }
            return Optional.of(new TernaryVector(s.width(), s.mask() | t.mask(), s.value() | t.value()));
        }
        if (a instanceof Interval i && b instanceof Interval j) {
            long lo = Math.max(i.lo(), j.lo());
            long hi = Math.min(i.hi(), j.hi());
            return lo <= hi ? Optional.of(new Interval(a.width(), lo, hi)) : Optional.empty();
        }
        Interval i = a instanceof Interval x ? x : (Interval) b;
        TernaryVector t = a instanceof TernaryVector x ? x : (TernaryVector) b;
        OptionalLong first = firstMember(i, t);
        if (first.isEmpty()) {
            return Optional.empty();
        }
        long last = lastMember(i, t);
        return Optional.of(new Interval(i.width(), first.getAsLong(), last));
    }

    public static boolean isDisjoint(AbstractValue a, AbstractValue b) {
        return meet(a, b).isEmpty();
    }

    /**
     * Equality of two values of one width: true for equal singletons, false for disjoint sets
     * (exact for every pair of representations), unknown otherwise.
     */
    public static AbstractTruth equal(AbstractValue a, AbstractValue b) {
        checkWidths(a, b);
        if (a.isSingleton() && b.isSingleton()) {
            return AbstractTruth.of(a.toInterval().equals(b.toInterval()));
        }
        return isDisjoint(a, b) ? AbstractTruth.FALSE : AbstractTruth.UNKNOWN;
    }

    /** The least member of both, in signed order, as a signed number. */
    private static OptionalLong firstMember(Interval i, TernaryVector t) {
        if (i.lo() < 0) {
            OptionalLong negative = memberIn(t, i.lo(), Math.min(i.hi(), -1L), true);
            if (negative.isPresent()) {
                return negative;
            }
        }
        return i.hi() >= 0 ? memberIn(t, Math.max(i.lo(), 0L), i.hi(), true) : OptionalLong.empty();
    }

    /** The greatest member of both, in signed order; there is one (the caller found the least). */
    private static long lastMember(Interval i, TernaryVector t) {
        if (i.hi() >= 0) {
            OptionalLong positive = memberIn(t, Math.max(i.lo(), 0L), i.hi(), false);
            if (positive.isPresent()) {
                return positive.getAsLong();
            }
        }
        return memberIn(t, i.lo(), Math.min(i.hi(), -1L), false).orElseThrow();
    }

    /** The least (or greatest) member of t in the same-sign range [lo, hi], as a signed number. */
    private static OptionalLong memberIn(TernaryVector t, long lo, long hi, boolean least) {
        int w = t.width();
        long m = Bits.mask(w);
        OptionalLong found = least ? t.leastMemberAtLeast(lo & m) : t.greatestMemberAtMost(hi & m);
        if (found.isEmpty()) {
            return OptionalLong.empty();
        }
        long v = Bits.signed(found.getAsLong(), w);
        return lo <= v && v <= hi ? OptionalLong.of(v) : OptionalLong.empty();
    }

    private static void checkWidths(AbstractValue a, AbstractValue b) {
        if (a.width() != b.width()) {
            throw new IllegalArgumentException("widths differ: " + a + " (" + a.width() + " bits), " + b + " (" + b.width() + " bits)");
        }
    }
}
