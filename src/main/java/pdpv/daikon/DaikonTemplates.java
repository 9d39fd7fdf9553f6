package pdpv.daikon;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import pdpv.semantics.CType;

/**
 * The built-in miner of likely loop invariants (thesis §6.3: what Daikon reports from the traces
 * at a loop head, without Daikon): Daikon's default invariants over integer scalars, evaluated on
 * the {@link LoopSamples} of one loop, over the variables at the head and their entry values
 * ({@code \old}, Daikon's {@code orig()}). As Daikon does, a term that never changes is reported
 * as a constant and not combined further, and terms that are always equal form one class, reported
 * as equalities with its first term standing for the class. The templates, with Daikon's names:
 * <ul>
 * <li>unary: constant ({@code x == c}), OneOf ({@code x one of {a, b, c}}, up to 3 values), LowerBound
 *     and UpperBound (the least and greatest value seen, unless it is the type's), NonZero, Modulus ({@code x ≡ r (mod m)},
 *     m the largest power of two dividing the differences of the values), PowerOfTwo;</li>
 * <li>binary: IntEqual, the orderings IntLessThan, IntLessEqual, IntGreaterThan, IntGreaterEqual,
 *     IntNonEqual (when no ordering holds); a strict ordering comes with its non-strict closure
 *     ({@code x < y} and {@code x <= y}, where Daikon reports only the first): a loop whose tests are
 *     all cut by the step bound inside it shows only the guard's strict ordering, false at its exit,
 *     and the closure is what is inductive there (loop-invgen's nested6: {@code k <= n}); LinearBinary ({@code a·x + b·y + c == 0}, exact integer
 *     coefficients), Square ({@code x == y*y}), and the two-variable congruence
 *     {@code x ≡ y + r (mod m)} (m a power of two, as for Modulus);</li>
 * <li>ternary: LinearTernary ({@code a·x + b·y + c·z + d == 0}) when no LinearBinary of two of
 *     the three holds.</li>
 * </ul>
 * Every invariant returned holds on every sample.
 */
public final class DaikonTemplates {
    /** Daikon's OneOf keeps at most 3 values (its {@code dkconfig_size}). */
    private static final int ONE_OF_LIMIT = 3;

    private DaikonTemplates() {
    }

    /** The invariants of Daikon's templates that hold on all of {@code samples}; none without samples. */
    public static List<Invariant> mine(LoopSamples samples) {
        List<Invariant> out = new ArrayList<>();
        if (samples.size() == 0) {
            return out;
        }
        List<Term> terms = samples.terms();
        List<BigInteger[]> rows = distinctRows(samples, terms);
        int n = terms.size();
        List<Integer> live = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            if (unary(terms.get(j), column(rows, j), out)) {
                live.add(j);
            }
        }
        List<Integer> reps = new ArrayList<>();
        for (int j : live) {
            Integer same = null;
            for (int r : reps) {
                if (same == null && equalColumns(rows, r, j)) {
                    same = r;
                }
            }
            if (same != null) {
                out.add(compare(Polynomial.of(terms.get(same)), Invariant.Op.EQ, Polynomial.of(terms.get(j))));
            } else {
                reps.add(j);
            }
        }
        Set<Long> linearPairs = new LinkedHashSet<>();
        for (int a = 0; a < reps.size(); a++) {
            for (int b = a + 1; b < reps.size(); b++) {
                if (binary(terms, rows, reps.get(a), reps.get(b), out)) {
                    linearPairs.add(pair(reps.get(a), reps.get(b)));
                }
            }
        }
        for (int a = 0; a < reps.size(); a++) {
            for (int b = a + 1; b < reps.size(); b++) {
                for (int c = b + 1; c < reps.size(); c++) {
                    int x = reps.get(a);
                    int y = reps.get(b);
                    int z = reps.get(c);
                    if (!linearPairs.contains(pair(x, y)) && !linearPairs.contains(pair(x, z))
                            && !linearPairs.contains(pair(y, z))) {
                        Invariant plane = linear(terms, rows, new int[] {x, y, z});
                        if (plane != null) {
                            out.add(plane);
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The unary invariants of {@code t}; false if it is constant (not to be combined further). */
    private static boolean unary(Term t, List<BigInteger> values, List<Invariant> out) {
        TreeSet<BigInteger> distinct = new TreeSet<>(values);
        Polynomial x = Polynomial.of(t);
        if (distinct.size() == 1) {
            out.add(compare(x, Invariant.Op.EQ, Polynomial.constant(distinct.first())));
            return false;
        }
        if (distinct.size() <= ONE_OF_LIMIT) {
            out.add(new Invariant.OneOf(x, List.copyOf(distinct)));
            return true;
        }
        BigInteger min = distinct.first();
        BigInteger max = distinct.last();
        CType type = t.variable().type();
        if (!min.equals(minOf(type))) {
            out.add(compare(x, Invariant.Op.GE, Polynomial.constant(min)));
        }
        if (!max.equals(maxOf(type))) {
            out.add(compare(x, Invariant.Op.LE, Polynomial.constant(max)));
        }
        if (min.signum() < 0 && max.signum() > 0 && !distinct.contains(BigInteger.ZERO)) {
            out.add(compare(x, Invariant.Op.NE, Polynomial.constant(0)));
        }
        BigInteger g = BigInteger.ZERO;
        for (BigInteger v : distinct) {
            g = g.gcd(v.subtract(min));
        }
        g = powerOfTwoPart(g);
        if (g.compareTo(BigInteger.ONE) > 0) {
            out.add(new Invariant.Congruence(x, g, min.mod(g)));
        }
        if (min.signum() > 0 && distinct.stream().allMatch(v -> v.bitCount() == 1)) {
            out.add(new Invariant.PowerOfTwo(t));
        }
        return true;
    }

    /** The binary invariants of two non-constant, never-always-equal terms; true if a LinearBinary holds. */
    private static boolean binary(List<Term> terms, List<BigInteger[]> rows, int a, int b, List<Invariant> out) {
        Polynomial x = Polynomial.of(terms.get(a));
        Polynomial y = Polynomial.of(terms.get(b));
        boolean lt = true;
        boolean le = true;
        boolean gt = true;
        boolean ge = true;
        boolean ne = true;
        boolean squareXY = true;
        boolean squareYX = true;
        BigInteger g = BigInteger.ZERO;
        BigInteger d0 = rows.get(0)[a].subtract(rows.get(0)[b]);
        for (BigInteger[] r : rows) {
            int c = r[a].compareTo(r[b]);
            lt &= c < 0;
            le &= c <= 0;
            gt &= c > 0;
            ge &= c >= 0;
            ne &= c != 0;
            squareXY &= r[a].equals(r[b].multiply(r[b]));
            squareYX &= r[b].equals(r[a].multiply(r[a]));
            g = g.gcd(r[a].subtract(r[b]).subtract(d0));
        }
        if (lt || gt) {
            out.add(compare(x, lt ? Invariant.Op.LT : Invariant.Op.GT, y));
            // the closure: what the strict one says once the loop has left (see the class's Javadoc)
            out.add(compare(x, lt ? Invariant.Op.LE : Invariant.Op.GE, y));
        } else if (le || ge) {
            out.add(compare(x, le ? Invariant.Op.LE : Invariant.Op.GE, y));
        } else if (ne) {
            out.add(compare(x, Invariant.Op.NE, y));
        }
        if (squareXY) {
            out.add(compare(x, Invariant.Op.EQ, y.times(y)));
        }
        if (squareYX) {
            out.add(compare(y, Invariant.Op.EQ, x.times(x)));
        }
        Invariant line = linear(terms, rows, new int[] {a, b});
        if (line != null) {
            out.add(line);
            return true;
        }
        g = powerOfTwoPart(g);
        if (g.compareTo(BigInteger.ONE) > 0) {
            out.add(new Invariant.Congruence(x.minus(y), g, d0.mod(g)));
        }
        return false;
    }

    /**
     * The linear equality a·x + b·y (+ c·z) + d == 0 over the given columns that holds on every
     * row and involves all of them, or null: the null space of the rows extended by 1 must be one
     * vector with no zero among the variables' coefficients.
     */
    private static Invariant linear(List<Term> terms, List<BigInteger[]> rows, int[] cols) {
        ModularNullSpace space = new ModularNullSpace(cols.length + 1);
        BigInteger[] row = new BigInteger[cols.length + 1];
        for (BigInteger[] r : rows) {
            for (int k = 0; k < cols.length; k++) {
                row[k] = r[cols[k]];
            }
            row[cols.length] = BigInteger.ONE;
            space.add(row);
            if (space.rank() == space.columns()) {
                return null;
            }
        }
        List<BigInteger[]> basis = space.basis();
        if (space.rank() != cols.length || basis.size() != 1) {
            return null;
        }
        BigInteger[] v = basis.get(0);
        Polynomial p = Polynomial.constant(v[cols.length]);
        for (int k = 0; k < cols.length; k++) {
            if (v[k].signum() == 0) {
                return null;
            }
            p = p.plus(Polynomial.of(terms.get(cols[k])).times(v[k]));
        }
        for (BigInteger[] r : rows) {
            if (p.evaluate(t -> r[terms.indexOf(t)]).signum() != 0) {
                return null;
            }
        }
        return equalityOf(p);
    }

    /**
     * p == 0 as a reader would write it: the terms of one sign on the left, of the other on the
     * right, the constant on the right, and a term alone on its side on the left (one without a
     * coefficient if there is one): {@code i == a + b
     * + c}, {@code x == 5*y + 2}, {@code 6*x == 2*y*y*y + 3*y*y + y}, {@code x + 2*y == \old(x) +
     * 2*\old(y)}.
     */
    static Invariant equalityOf(Polynomial p) {
        BigInteger c = p.constantTerm();
        Polynomial positive = Polynomial.constant(0);
        Polynomial negative = Polynomial.constant(0);
        int positives = 0;
        int negatives = 0;
        for (Map.Entry<List<Term>, BigInteger> e : p.coefficients().entrySet()) {
            if (e.getKey().isEmpty()) {
                continue;
            }
            Polynomial m = Polynomial.monomial(e.getKey()).times(e.getValue().abs());
            if (e.getValue().signum() > 0) {
                positive = positive.plus(m);
                positives++;
            } else {
                negative = negative.plus(m);
                negatives++;
            }
        }
        boolean unitNegative = negatives == 1 && negative.coefficients().containsValue(BigInteger.ONE);
        boolean unitPositive = positives == 1 && positive.coefficients().containsValue(BigInteger.ONE);
        if (positives == 0 || (positives != 1 && negatives == 1) || (positives == 1 && unitNegative && !unitPositive)) {
            return compare(negative, Invariant.Op.EQ, positive.plus(Polynomial.constant(c)));
        }
        return compare(positive, Invariant.Op.EQ, negative.minus(Polynomial.constant(c)));
    }

    private static Invariant compare(Polynomial a, Invariant.Op op, Polynomial b) {
        return new Invariant.Compare(a, op, b);
    }

    /** The least value of {@code type}. */
    private static BigInteger minOf(CType type) {
        return type.signed() ? BigInteger.ONE.shiftLeft(type.width() - 1).negate() : BigInteger.ZERO;
    }

    /** The greatest value of {@code type}. */
    private static BigInteger maxOf(CType type) {
        return BigInteger.ONE.shiftLeft(type.signed() ? type.width() - 1 : type.width()).subtract(BigInteger.ONE);
    }

    /**
     * The largest power of two dividing g (0 stays 0): congruences are kept to power-of-two
     * moduli, which QF_BV checks as low bits, where any other modulus costs a division circuit
     * in every query of the check; a linear relation usually says what the other moduli would.
     */
    private static BigInteger powerOfTwoPart(BigInteger g) {
        return g.signum() == 0 ? g : BigInteger.ONE.shiftLeft(g.getLowestSetBit());
    }

    private static long pair(int a, int b) {
        return ((long) Math.min(a, b) << 32) | Math.max(a, b);
    }

    private static boolean equalColumns(List<BigInteger[]> rows, int a, int b) {
        return rows.stream().allMatch(r -> r[a].equals(r[b]));
    }

    private static List<BigInteger> column(List<BigInteger[]> rows, int j) {
        List<BigInteger> out = new ArrayList<>(rows.size());
        rows.forEach(r -> out.add(r[j]));
        return out;
    }

    /** The samples as rows of exact values over {@code terms}, each distinct row once, in order of first appearance. */
    static List<BigInteger[]> distinctRows(LoopSamples samples, List<Term> terms) {
        Map<List<BigInteger>, BigInteger[]> rows = new LinkedHashMap<>();
        for (int i = 0; i < samples.size(); i++) {
            BigInteger[] r = new BigInteger[terms.size()];
            for (int j = 0; j < r.length; j++) {
                r[j] = samples.value(i, terms.get(j));
            }
            rows.putIfAbsent(List.of(r), r);
        }
        return new ArrayList<>(rows.values());
    }
}
