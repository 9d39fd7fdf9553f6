package pdpv.pdr;

import com.microsoft.z3.enumerations.Z3_decl_kind;
import pdpv.pdr.SimValue.Bits;
import pdpv.pdr.SimValue.Range;

/**
 * Interval simulation (Fig. 3.8): the rules [uminus], [plus], [times] with overflow to [−∞, ∞],
 * [lt] and [ite]; bit-level operators are exact on constants and [−∞, ∞] otherwise (§3.3.2).
 */
final class Intervals {
    private Intervals() {
    }

    static Range neg(Range r) {
        return r.lo() == SimValue.min(r.width()) ? Range.top(r.width()) : new Range(r.width(), -r.hi(), -r.lo());
    }

    static Range not(Range r) {
        return new Range(r.width(), -r.hi() - 1, -r.lo() - 1);
    }

    static SimValue bitwise(Z3_decl_kind kind, Range a, Range b) {
        if (a.lo() != a.hi() || b.lo() != b.hi()) {
            return Range.top(a.width());
        }
        long v = switch (kind) {
            case Z3_OP_BAND, Z3_OP_AND -> a.lo() & b.lo();
            case Z3_OP_BOR, Z3_OP_OR -> a.lo() | b.lo();
            default -> a.lo() ^ b.lo();
        };
        long s = Encoding.signed(v & SimValue.mask(a.width()), a.width());
        return new Range(a.width(), s, s);
    }

    static Bits equal(Range a, Range b) {
        if (a.hi() < b.lo() || b.hi() < a.lo()) {
            return Bits.of(1, 0);
        }
        return a.lo() == a.hi() && b.lo() == b.hi() ? Bits.of(1, 1) : Bits.unknown(1);
    }

    static Range arithmetic(Z3_decl_kind kind, Range a, Range b) {
        int w = a.width();
        try {
            return switch (kind) {
                case Z3_OP_BADD -> Range.of(w, Math.addExact(a.lo(), b.lo()), Math.addExact(a.hi(), b.hi()));
                case Z3_OP_BSUB -> Range.of(w, Math.subtractExact(a.lo(), b.hi()), Math.subtractExact(a.hi(), b.lo()));
                default -> times(a, b);
            };
        } catch (ArithmeticException overflow) {
            return Range.top(w);
        }
    }

    private static Range times(Range a, Range b) {
        long[] products = {
            Math.multiplyExact(a.lo(), b.lo()), Math.multiplyExact(a.lo(), b.hi()),
            Math.multiplyExact(a.hi(), b.lo()), Math.multiplyExact(a.hi(), b.hi())
        };
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (long p : products) {
            lo = Math.min(lo, p);
            hi = Math.max(hi, p);
        }
        return Range.of(a.width(), lo, hi);
    }

    static Bits compare(Z3_decl_kind kind, Range a, Range b) {
        boolean signed = switch (kind) {
            case Z3_OP_SLEQ, Z3_OP_SLT, Z3_OP_SGEQ, Z3_OP_SGT -> true;
            default -> false;
        };
        long[] x = signed ? new long[] {a.lo(), a.hi()} : unsigned(a);
        long[] y = signed ? new long[] {b.lo(), b.hi()} : unsigned(b);
        return switch (kind) {
            case Z3_OP_SLT, Z3_OP_ULT -> less(x, y, false);
            case Z3_OP_SLEQ, Z3_OP_ULEQ -> less(x, y, true);
            case Z3_OP_SGT, Z3_OP_UGT -> less(y, x, false);
            default -> less(y, x, true);
        };
    }

    /** [lt-1], [lt-0], [lt-x] (and their non-strict variants). */
    private static Bits less(long[] x, long[] y, boolean orEqual) {
        if (orEqual ? x[1] <= y[0] : x[1] < y[0]) {
            return Bits.of(1, 1);
        }
        if (orEqual ? x[0] > y[1] : x[0] >= y[1]) {
            return Bits.of(1, 0);
        }
        return Bits.unknown(1);
    }

    private static long[] unsigned(Range r) {
        long m = SimValue.mask(r.width());
        if (r.lo() >= 0 || r.hi() < 0) {
            return new long[] {r.lo() & m, r.hi() & m};
        }
        return new long[] {0, m};
    }
}
