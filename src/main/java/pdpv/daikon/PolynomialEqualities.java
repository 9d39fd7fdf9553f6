package pdpv.daikon;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import pdpv.cfg.Variable;

/**
 * Beyond Daikon: polynomial equalities among the loop variables at the head, as DIG finds them
 * (Nguyen et al., "Using dynamic analysis to discover polynomial and array invariants", ICSE 2012):
 * the monomials of the head values up to a degree are the columns of the trace matrix, one row per
 * distinct sample, and every vector of its null space is an equality Σ c_m·m = 0 that all samples
 * satisfy. The null space is computed exactly ({@link ModularNullSpace}, checked on the integer
 * rows). A degree is looked at only with at least {@link #ROWS_PER_COLUMN} times as many distinct
 * rows as monomials (with fewer rows most null vectors are accidents of the few samples) and at
 * most {@link #MAX_COLUMNS} monomials, up to {@link #MAX_DEGREE}. Linear equalities are looked
 * for with the entry values ({@code \old}) as terms too: the relations between the changes of
 * several variables.
 * <p>
 * Values that wrapped around in a run break integer relations, so the matrix takes only the rows
 * whose monomials all fit in their widest variable's type; the equalities are then kept only if
 * they hold, as an {@link Invariant} means them (modulo 2^w), on every sample.
 */
public final class PolynomialEqualities {
    /** Degree 3 finds the cubes of DIG's benchmarks (cohencu's x = n³); higher degrees cost more columns than they find. */
    public static final int MAX_DEGREE = 3;
    /** DIG asks for more traces than terms; twice as many keeps accidental equalities rare. */
    public static final int ROWS_PER_COLUMN = 2;
    /** Columns at most: the matrix stays small enough to reduce in well under a second. */
    public static final int MAX_COLUMNS = 120;

    private PolynomialEqualities() {
    }

    /**
     * The equalities found on {@code samples}: linear ones over all terms, then degree by degree
     * over the head values. An equality whose last monomial (in the order of {@link #monomials})
     * is a lone variable gives that variable by the others: it is left out of the higher degrees,
     * whose null space would otherwise hold the equality times every monomial. The degree stops
     * rising when an equality mentions no variable given so far (its multiples would come back),
     * and when the matrix gets too wide or has too few rows.
     */
    public static List<Invariant> mine(LoopSamples samples) {
        List<Term> all = samples.terms();
        List<BigInteger[]> allRows = DaikonTemplates.distinctRows(samples, all);
        Set<Variable> updated = samples.loop().updated();
        List<Invariant> out = new ArrayList<>();
        nullSpace(all, 1, allRows, all, updated, out);
        List<Term> remaining = new ArrayList<>();
        all.stream().filter(t -> !t.old()).forEach(remaining::add);
        List<Term> given = new ArrayList<>();
        for (int degree = 1; degree <= MAX_DEGREE && !remaining.isEmpty(); degree++) {
            List<Relation> found = nullSpace(remaining, degree, allRows, all, updated, out);
            if (found == null) {
                break;
            }
            for (Relation r : found) {
                if (r.gives() != null && remaining.remove(r.gives())) {
                    given.add(r.gives());
                }
            }
            boolean harmless = found.stream().allMatch(r -> r.terms().stream().anyMatch(given::contains));
            if (!harmless) {
                break;
            }
        }
        return out;
    }

    /** An equality found: its terms, and the variable it gives (its last monomial when that is a lone variable) or null. */
    private record Relation(java.util.Set<Term> terms, Term gives) {
    }

    /**
     * The equalities among the monomials of {@code terms} up to {@code degree} on the rows (over
     * {@code all}), added to {@code out} if they hold on every row as invariants mean them, and
     * returned as {@link Relation}s; null if there are too many monomials or too few rows to look.
     */
    private static List<Relation> nullSpace(List<Term> terms, int degree, List<BigInteger[]> allRows, List<Term> all, Set<Variable> updated,
                                              List<Invariant> out) {
        List<Polynomial> monomials = monomials(terms, degree);
        if (monomials.size() > MAX_COLUMNS) {
            return null;
        }
        List<BigInteger[]> rows = fittingRows(allRows, all, monomials, updated);
        if (rows.size() < ROWS_PER_COLUMN * monomials.size()) {
            return null;
        }
        ModularNullSpace space = new ModularNullSpace(monomials.size());
        for (BigInteger[] r : rows) {
            space.add(r);
            if (space.rank() == monomials.size()) {
                break;
            }
        }
        List<Relation> found = new ArrayList<>();
        for (BigInteger[] v : space.basis()) {
            Polynomial p = Polynomial.constant(0);
            int last = -1;
            for (int k = 0; k < v.length; k++) {
                p = p.plus(monomials.get(k).times(v[k]));
                last = v[k].signum() != 0 ? k : last;
            }
            if (p.isConstant() || !holdsOnRows(p, rows, monomials)) {
                continue;
            }
            List<Term> lastMonomial = monomials.get(last).coefficients().keySet().iterator().next();
            found.add(new Relation(p.terms(), lastMonomial.size() == 1 ? lastMonomial.get(0) : null));
            Invariant inv = DaikonTemplates.equalityOf(p);
            if (!out.contains(inv) && allRows.stream().allMatch(r -> inv.holds(t -> r[all.indexOf(t)]))) {
                out.add(inv);
            }
        }
        return found;
    }

    /**
     * All monomials of {@code terms} of degree at most {@code degree}: the constant first, then
     * by the last term they contain, then by degree. Reduced to echelon form, the matrix then
     * has its free columns where a monomial is determined by those before it, so that the null
     * space comes as equalities like {@code y == 3*n*n + 3*n + 1}, each giving a later variable by
     * earlier ones.
     */
    static List<Polynomial> monomials(List<Term> terms, int degree) {
        List<List<Term>> all = new ArrayList<>();
        for (int d = 1; d <= degree; d++) {
            addMonomials(terms, d, 0, new ArrayList<>(), all);
        }
        all.sort(java.util.Comparator.comparingInt((List<Term> m) -> m.stream().mapToInt(terms::indexOf).max().orElse(-1))
                .thenComparingInt(List::size));
        List<Polynomial> out = new ArrayList<>();
        out.add(Polynomial.constant(1));
        all.forEach(m -> out.add(Polynomial.monomial(m)));
        return out;
    }

    private static void addMonomials(List<Term> terms, int d, int from, List<Term> prefix, List<List<Term>> out) {
        if (d == 0) {
            out.add(List.copyOf(prefix));
            return;
        }
        for (int i = from; i < terms.size(); i++) {
            prefix.add(terms.get(i));
            addMonomials(terms, d - 1, i, prefix, out);
            prefix.remove(prefix.size() - 1);
        }
    }

    /**
     * Whether {@code monomial} reads the head value of a variable the loop updates: only such a
     * monomial can stand for a value the loop computed and that wrapped around; a product of the
     * loop's inputs ({@code a*a} of a {@code short a}) may exceed its type without breaking any
     * relation, and keeping its rows keeps the matrix tall enough to look at.
     */
    private static boolean readsUpdated(Polynomial monomial, Set<Variable> updated) {
        return monomial.terms().stream().anyMatch(t -> !t.old() && updated.contains(t.variable()));
    }

    /**
     * The rows as rows of monomial values, without those where a monomial that reads a value the
     * loop updates exceeds its type's range.
     */
    private static List<BigInteger[]> fittingRows(List<BigInteger[]> rows, List<Term> terms, List<Polynomial> monomials,
                                                  Set<Variable> updated) {
        List<BigInteger[]> out = new ArrayList<>();
        java.util.Set<List<BigInteger>> seen = new java.util.HashSet<>();
        for (BigInteger[] row : rows) {
            BigInteger[] r = new BigInteger[monomials.size()];
            boolean fits = true;
            for (int k = 0; k < r.length && fits; k++) {
                r[k] = monomials.get(k).evaluate(t -> row[terms.indexOf(t)]);
                int w = monomials.get(k).modularWidth();
                fits = w == 0 || r[k].bitLength() < w - 1 || !readsUpdated(monomials.get(k), updated);
            }
            if (fits && seen.add(List.of(r))) {
                out.add(r);
            }
        }
        return out;
    }

    private static boolean holdsOnRows(Polynomial p, List<BigInteger[]> rows, List<Polynomial> monomials) {
        BigInteger[] coefficient = new BigInteger[monomials.size()];
        for (int k = 0; k < coefficient.length; k++) {
            coefficient[k] = p.coefficients().getOrDefault(monomials.get(k).coefficients().keySet().iterator().next(), BigInteger.ZERO);
        }
        return ModularNullSpace.isNullVector(coefficient, rows);
    }
}
