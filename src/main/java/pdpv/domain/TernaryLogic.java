package pdpv.domain;

/**
 * The ternary simulation rules of thesis Figure 3.7 lifted to bit-vectors (thesis §3.3.3: bit-level
 * operations are simulated bitwise): and, or, xor, not, shifts, extension and extraction, with
 * SMT-LIB QF_BV meaning for shift amounts of at least the width.
 */
public final class TernaryLogic {
    private TernaryLogic() {
    }

    public static TernaryVector and(TernaryVector a, TernaryVector b) {
        long zeros = zeros(a) | zeros(b);
        long ones = ones(a) & ones(b);
        return new TernaryVector(a.width(), zeros | ones, ones);
    }

    public static TernaryVector or(TernaryVector a, TernaryVector b) {
        long zeros = zeros(a) & zeros(b);
        long ones = ones(a) | ones(b);
        return new TernaryVector(a.width(), zeros | ones, ones);
    }

    public static TernaryVector xor(TernaryVector a, TernaryVector b) {
        long known = a.mask() & b.mask();
        return new TernaryVector(a.width(), known, (a.value() ^ b.value()) & known);
    }

    public static TernaryVector not(TernaryVector a) {
        return new TernaryVector(a.width(), a.mask(), ~a.value() & a.mask());
    }

    public static TernaryVector shl(TernaryVector a, TernaryVector amount) {
        return shift(a, amount, Kind.LEFT);
    }

    public static TernaryVector lshr(TernaryVector a, TernaryVector amount) {
        return shift(a, amount, Kind.LOGICAL_RIGHT);
    }

    public static TernaryVector ashr(TernaryVector a, TernaryVector amount) {
        return shift(a, amount, Kind.ARITHMETIC_RIGHT);
    }

    public static TernaryVector zeroExtend(TernaryVector a, int extraBits) {
        int w = a.width() + extraBits;
        return new TernaryVector(w, a.mask() | ~Bits.mask(a.width()), a.value());
    }

    public static TernaryVector signExtend(TernaryVector a, int extraBits) {
        int w = a.width();
        return new TernaryVector(w + extraBits, Bits.signed(a.mask(), w), Bits.signed(a.value(), w));
    }

    public static TernaryVector extract(TernaryVector a, int high, int low) {
        return new TernaryVector(high - low + 1, a.mask() >>> low, a.value() >>> low);
    }

    /** The concatenation: {@code high}'s bits above {@code low}'s (at most 64 bits in all). */
    public static TernaryVector concat(TernaryVector high, TernaryVector low) {
        int w = high.width() + low.width();
        int k = low.width();
        long shiftedMask = k == 64 ? 0 : high.mask() << k;
        long shiftedValue = k == 64 ? 0 : high.value() << k;
        return new TernaryVector(w, shiftedMask | low.mask(), shiftedValue | low.value());
    }

    private enum Kind { LEFT, LOGICAL_RIGHT, ARITHMETIC_RIGHT }

    /** The join of the shifts by every amount the ternary amount admits. */
    private static TernaryVector shift(TernaryVector a, TernaryVector amount, Kind kind) {
        int w = a.width();
        TernaryVector result = null;
        for (int k = 0; k < w; k++) {
            if (amount.contains(k)) {
                result = joinOrFirst(result, shiftBy(a, k, kind));
            }
        }
        boolean overWide = Long.compareUnsigned(amount.value() | amount.freeBits(), w) >= 0;
        if (overWide) {
            TernaryVector filled = kind == Kind.ARITHMETIC_RIGHT ? shiftBy(a, w - 1, kind) : TernaryVector.exactly(0L, w);
            result = joinOrFirst(result, filled);
        }
        return result;
    }

    private static TernaryVector shiftBy(TernaryVector a, int k, Kind kind) {
        int w = a.width();
        return switch (kind) {
            case LEFT -> new TernaryVector(w, a.mask() << k | ((1L << k) - 1), a.value() << k);
            case LOGICAL_RIGHT -> new TernaryVector(w, a.mask() >>> k | ~(Bits.mask(w) >>> k), a.value() >>> k);
            case ARITHMETIC_RIGHT -> new TernaryVector(w, Bits.signed(a.mask(), w) >> k, Bits.signed(a.value(), w) >> k);
        };
    }

    private static TernaryVector joinOrFirst(TernaryVector acc, TernaryVector next) {
        if (acc == null) {
            return next;
        }
        long known = acc.mask() & next.mask() & ~(acc.value() ^ next.value());
        return new TernaryVector(acc.width(), known, acc.value() & known);
    }

    private static long zeros(TernaryVector t) {
        return t.mask() & ~t.value();
    }

    private static long ones(TernaryVector t) {
        return t.mask() & t.value();
    }
}
