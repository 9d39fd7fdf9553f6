package pdpv.pdr;

/**
 * A simulation value Φ_e (§3.3) of a bit-vector (or Boolean, width 1) expression: either ternary
 * bits (§3.3.1: each bit 0, 1 or X) or a signed integer interval (§3.3.2). SELECT (Alg. 3.3) and
 * CONJOIN (Alg. 3.4) convert between the two.
 */
public sealed interface SimValue permits SimValue.Bits, SimValue.Range {

    int width();

    /** Ternary bits: bit i is known iff bit i of {@code known} is set, then its value is bit i of {@code value}. */
    record Bits(int width, long known, long value) implements SimValue {
        public Bits {
            known &= mask(width);
            value &= known;
        }

        public static Bits unknown(int width) {
            return new Bits(width, 0, 0);
        }

        public static Bits of(int width, long bits) {
            return new Bits(width, mask(width), bits);
        }

        /** Bit i as [l, u] with l, u ∈ {0, 1}. */
        public int[] bit(int i) {
            if (((known >>> i) & 1) == 0) {
                return new int[] {0, 1};
            }
            int b = (int) ((value >>> i) & 1);
            return new int[] {b, b};
        }

        public boolean isTrue() {
            return known == mask(width) && value == mask(width);
        }

        public boolean isFalse() {
            return known == mask(width) && value == 0;
        }

        /** Parses the thesis's notation, most significant bit first: '0', '1', '-' (X). */
        public static Bits parse(String s) {
            long known = 0;
            long value = 0;
            for (char ch : s.toCharArray()) {
                known <<= 1;
                value <<= 1;
                if (ch != '-') {
                    known |= 1;
                    value |= ch == '1' ? 1 : 0;
                }
            }
            return new Bits(s.length(), known, value);
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            for (int i = width - 1; i >= 0; i--) {
                int[] b = bit(i);
                sb.append(b[0] != b[1] ? '-' : (char) ('0' + b[0]));
            }
            return sb.toString();
        }
    }

    /** The signed interval [lo, hi] of a {@code width}-bit value. */
    record Range(int width, long lo, long hi) implements SimValue {
        public static Range top(int width) {
            return new Range(width, min(width), max(width));
        }

        public static Range of(int width, long lo, long hi) {
            return lo < min(width) || hi > max(width) ? top(width) : new Range(width, lo, hi);
        }

        @Override
        public String toString() {
            return "[" + lo + ", " + hi + "]";
        }
    }

    static long mask(int width) {
        return width >= 64 ? -1L : (1L << width) - 1;
    }

    static long min(int width) {
        return -(1L << (width - 1));
    }

    static long max(int width) {
        return (1L << (width - 1)) - 1;
    }

    /** SELECT(l, u, i) (Alg. 3.3): bit i is known iff l and u agree on bits i..m−1. */
    static int[] select(long l, long u, int i, int width) {
        long lb = l & mask(width);
        long ub = u & mask(width);
        if ((lb >>> i) == (ub >>> i)) {
            int b = (int) ((lb >>> i) & 1);
            return new int[] {b, b};
        }
        return new int[] {0, 1};
    }

    /** CONJOIN (Alg. 3.4): the smallest and largest two's complement value of ternary bits. */
    static Range conjoin(Bits bits) {
        int m = bits.width();
        long l = 0;
        long u = 0;
        for (int i = 0; i < m; i++) {
            int[] b = bits.bit(i);
            long li;
            if (b[0] == b[1]) {
                li = b[0];
                u |= (long) b[0] << i;
            } else {
                li = i == m - 1 ? 1 : 0;
                u |= (1 - li) << i;
            }
            l |= li << i;
        }
        return new Range(m, Encoding.signed(l, m), Encoding.signed(u, m));
    }

    static Bits toBits(SimValue v) {
        if (v instanceof Bits b) {
            return b;
        }
        Range r = (Range) v;
        long known = 0;
        long value = 0;
        for (int i = 0; i < r.width(); i++) {
            int[] b = select(r.lo(), r.hi(), i, r.width());
            if (b[0] == b[1]) {
                known |= 1L << i;
                value |= (long) b[0] << i;
            }
        }
        return new Bits(r.width(), known, value);
    }

    static Range toRange(SimValue v) {
        return v instanceof Range r ? r : conjoin((Bits) v);
    }
}
