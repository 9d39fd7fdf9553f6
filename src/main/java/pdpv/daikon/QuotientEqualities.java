package pdpv.daikon;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The quotient template of issue 19 (equalities with {@code x / m} of a loop counter): at a loop
 * head, {@code y == a * ((x + b) / m) + c} for a variable y the loop updates and another term x,
 * with m in 2..M, b in 0..m-1, and a, c fitted exactly to the samples (two points, the rest
 * checked), as Daikon's LinearBinary fits a line. It is what a counter that a modulo guard
 * increments keeps, {@code for (i = 0; i < 4*k; i++) if (i % 4 == 1) n++;} has
 * {@code n == (i + 2) / 4}, which no linear relation or congruence says. To tell a quotient from an
 * accident of few samples, the samples must show at least {@link #MIN_QUOTIENTS} distinct quotients
 * and two values of x with the same quotient (otherwise a line through the points, or any map,
 * would do as well). Dividends are at most 32 bits wide ({@link Invariant.Quotient}). Every
 * invariant returned holds on every sample; none is trusted (Houdini checks them).
 */
public final class QuotientEqualities {
    /**
     * The distinct quotients the samples must show: 3, one more than the two points that fit a and
     * c, so that at least one point checks the fit.
     */
    static final int MIN_QUOTIENTS = 3;

    private QuotientEqualities() {
    }

    /** The quotient equalities with moduli 2..{@code maxModulus} that hold on all of {@code samples}; none if it is below 2. */
    public static List<Invariant> mine(LoopSamples samples, int maxModulus) {
        List<Invariant> out = new ArrayList<>();
        if (maxModulus < 2 || samples.size() == 0) {
            return out;
        }
        List<Term> terms = samples.terms();
        List<BigInteger[]> rows = DaikonTemplates.distinctRows(samples, terms);
        List<long[]> columns = new ArrayList<>();
        for (int j = 0; j < terms.size(); j++) {
            columns.add(longColumn(rows, j));
        }
        for (int yi = 0; yi < terms.size(); yi++) {
            Term y = terms.get(yi);
            if (y.old() || !samples.loop().updated().contains(y.variable()) || columns.get(yi) == null) {
                continue;
            }
            for (int xi = 0; xi < terms.size(); xi++) {
                Term x = terms.get(xi);
                if (xi == yi || x.old() || x.variable().type().width() > 32 || columns.get(xi) == null) {
                    continue;
                }
                for (int m = 2; m <= maxModulus; m++) {
                    for (int b = 0; b < m; b++) {
                        Invariant q = fit(y, columns.get(yi), x, columns.get(xi), b, m);
                        if (q != null) {
                            out.add(q);
                        }
                    }
                }
            }
        }
        return out;
    }

    /** {@code y == a * ((x + b) / m) + c} fitted to the columns, or null if none fits (see the class). */
    static Invariant fit(Term y, long[] ys, Term x, long[] xs, int b, int m) {
        int first = 0;
        long q0 = (xs[0] + b) / m;
        int second = -1;
        for (int r = 1; r < xs.length && second < 0; r++) {
            if ((xs[r] + b) / m != q0) {
                second = r;
            }
        }
        if (second < 0) {
            return null;
        }
        long dq = (xs[second] + b) / m - q0;
        long dy = ys[second] - ys[first];
        if (dy % dq != 0 || dy == 0) {
            return null;
        }
        long a = dy / dq;
        if (Math.abs(a) >= 1L << 31) {
            return null;
        }
        long c = ys[first] - a * q0;
        java.util.Map<Long, Long> dividendOfQuotient = new java.util.HashMap<>();
        boolean flat = false;
        for (int r = 0; r < xs.length; r++) {
            long q = (xs[r] + b) / m;
            if (ys[r] != a * q + c) {
                return null;
            }
            Long seen = dividendOfQuotient.putIfAbsent(q, xs[r]);
            flat |= seen != null && seen != xs[r];
        }
        if (!flat || dividendOfQuotient.size() < MIN_QUOTIENTS) {
            return null;
        }
        return new Invariant.Quotient(y, BigInteger.valueOf(a), x, BigInteger.valueOf(b), BigInteger.valueOf(m), BigInteger.valueOf(c));
    }

    /**
     * Column j as longs, or null if a value needs 31 bits or more: then no product {@code a * q}
     * of two such values, nor the fit's differences, can leave a long.
     */
    private static long[] longColumn(List<BigInteger[]> rows, int j) {
        long[] out = new long[rows.size()];
        for (int r = 0; r < out.length; r++) {
            BigInteger v = rows.get(r)[j];
            if (v.bitLength() > 31) {
                return null;
            }
            out[r] = v.longValue();
        }
        return out;
    }
}
