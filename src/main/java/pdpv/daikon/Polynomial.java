package pdpv.daikon;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A polynomial with exact integer coefficients over the {@link Term}s of a loop: the left-hand
 * sides of Daikon's linear relations (a·x + b·y + c·z + d) and of the polynomial equalities that
 * DIG finds (monomials up to degree 3). A monomial is a sorted list of terms; the empty list is
 * the constant. Immutable.
 */
public final class Polynomial {
    private static final Comparator<Term> TERM_ORDER =
            Comparator.comparing((Term t) -> t.old()).thenComparingInt(t -> t.variable().id()).thenComparingLong(Term::cell);
    private static final Comparator<List<Term>> MONOMIAL_ORDER = (a, b) -> {
        if (a.size() != b.size()) {
            return Integer.compare(b.size(), a.size());
        }
        for (int i = 0; i < a.size(); i++) {
            int c = TERM_ORDER.compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    };
    private final TreeMap<List<Term>, BigInteger> coefficients;

    private Polynomial(TreeMap<List<Term>, BigInteger> coefficients) {
        coefficients.values().removeIf(c -> c.signum() == 0);
        this.coefficients = coefficients;
    }

    public static Polynomial constant(BigInteger c) {
        TreeMap<List<Term>, BigInteger> m = new TreeMap<>(MONOMIAL_ORDER);
        m.put(List.of(), c);
        return new Polynomial(m);
    }

    public static Polynomial constant(long c) {
        return constant(BigInteger.valueOf(c));
    }

    /** The monomial t_1·…·t_k (k ≥ 1) with coefficient 1. */
    public static Polynomial monomial(List<Term> terms) {
        List<Term> sorted = new ArrayList<>(terms);
        sorted.sort(TERM_ORDER);
        TreeMap<List<Term>, BigInteger> m = new TreeMap<>(MONOMIAL_ORDER);
        m.put(List.copyOf(sorted), BigInteger.ONE);
        return new Polynomial(m);
    }

    public static Polynomial of(Term t) {
        return monomial(List.of(t));
    }

    public Polynomial plus(Polynomial other) {
        TreeMap<List<Term>, BigInteger> m = new TreeMap<>(coefficients);
        other.coefficients.forEach((k, c) -> m.merge(k, c, BigInteger::add));
        return new Polynomial(m);
    }

    public Polynomial times(BigInteger factor) {
        TreeMap<List<Term>, BigInteger> m = new TreeMap<>(MONOMIAL_ORDER);
        coefficients.forEach((k, c) -> m.put(k, c.multiply(factor)));
        return new Polynomial(m);
    }

    public Polynomial times(long factor) {
        return times(BigInteger.valueOf(factor));
    }

    public Polynomial minus(Polynomial other) {
        return plus(other.times(BigInteger.ONE.negate()));
    }

    public Polynomial times(Polynomial other) {
        Polynomial sum = constant(0);
        for (Map.Entry<List<Term>, BigInteger> a : coefficients.entrySet()) {
            for (Map.Entry<List<Term>, BigInteger> b : other.coefficients.entrySet()) {
                List<Term> terms = new ArrayList<>(a.getKey());
                terms.addAll(b.getKey());
                Polynomial p = terms.isEmpty() ? constant(1) : monomial(terms);
                sum = sum.plus(p.times(a.getValue().multiply(b.getValue())));
            }
        }
        return sum;
    }

    /** The polynomial with each term t read as {@code rename(t)}. */
    public Polynomial rename(Function<Term, Term> rename) {
        Polynomial sum = constant(0);
        for (Map.Entry<List<Term>, BigInteger> e : coefficients.entrySet()) {
            Polynomial m = e.getKey().isEmpty() ? constant(1) : monomial(e.getKey().stream().map(rename).toList());
            sum = sum.plus(m.times(e.getValue()));
        }
        return sum;
    }

    /** The monomials with their non-zero coefficients, highest degree first; the constant has the empty list. */
    public Map<List<Term>, BigInteger> coefficients() {
        return Collections.unmodifiableMap(coefficients);
    }

    /** The constant coefficient. */
    public BigInteger constantTerm() {
        return coefficients.getOrDefault(List.of(), BigInteger.ZERO);
    }

    /** The terms that occur. */
    public Set<Term> terms() {
        Set<Term> out = new LinkedHashSet<>();
        coefficients.keySet().forEach(out::addAll);
        return out;
    }

    public boolean isConstant() {
        return coefficients.keySet().stream().allMatch(List::isEmpty);
    }

    /** The value when each term has the value {@code values} gives, computed exactly. */
    public BigInteger evaluate(Function<Term, BigInteger> values) {
        BigInteger sum = BigInteger.ZERO;
        for (Map.Entry<List<Term>, BigInteger> e : coefficients.entrySet()) {
            BigInteger product = e.getValue();
            for (Term t : e.getKey()) {
                product = product.multiply(values.apply(t));
            }
            sum = sum.add(product);
        }
        return sum;
    }

    /** The widest type among the terms (0 for a constant): equalities hold modulo 2 to this power. */
    public int modularWidth() {
        return terms().stream().mapToInt(t -> t.variable().type().width()).max().orElse(0);
    }

    /** A signed width in which this polynomial cannot overflow for any values of its terms' types. */
    public int exactWidth() {
        BigInteger bound = BigInteger.ZERO;
        for (Map.Entry<List<Term>, BigInteger> e : coefficients.entrySet()) {
            BigInteger product = e.getValue().abs();
            for (Term t : e.getKey()) {
                product = product.shiftLeft(t.variable().type().width());
            }
            bound = bound.add(product);
        }
        return bound.bitLength() + 2;
    }

    /** C syntax: {@code 2*x*y - 3*\old(z) + 5}; a lone constant as its value. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<List<Term>, BigInteger> e : coefficients.entrySet()) {
            BigInteger c = e.getValue();
            List<Term> terms = e.getKey();
            if (sb.length() == 0) {
                sb.append(c.signum() < 0 ? "-" : "");
            } else {
                sb.append(c.signum() < 0 ? " - " : " + ");
            }
            BigInteger abs = c.abs();
            List<String> factors = new ArrayList<>();
            if (terms.isEmpty() || !abs.equals(BigInteger.ONE)) {
                factors.add(abs.toString());
            }
            terms.forEach(t -> factors.add(t.toString()));
            sb.append(String.join("*", factors));
        }
        return sb.length() == 0 ? "0" : sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Polynomial p && p.coefficients.equals(coefficients);
    }

    @Override
    public int hashCode() {
        return coefficients.hashCode();
    }
}
