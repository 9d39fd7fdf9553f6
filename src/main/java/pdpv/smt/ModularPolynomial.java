package pdpv.smt;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A polynomial over the ring Z/2^width of {@code width}-bit machine integers: monomials are sorted
 * lists of atoms (names the user of this class gives its non-polynomial subterms), coefficients lie
 * in [0, 2^width), none is zero. The algebra of {@link ConservedEqualities} (issue 19's nonlinear
 * equalities) and the reading of a bit-vector term as a polynomial by {@code cegar.InvariantPrinter}.
 */
public record ModularPolynomial(Map<ModularPolynomial.Monomial, BigInteger> terms, int width) {
    /** A monomial: the atoms it multiplies (names chosen by the user of this class), sorted, with repetition. */
    public record Monomial(List<String> atoms) {
    }

    public static ModularPolynomial constant(BigInteger c, int width) {
        Map<Monomial, BigInteger> m = new HashMap<>();
        BigInteger v = c.mod(BigInteger.ONE.shiftLeft(width));
        if (v.signum() != 0) {
            m.put(new Monomial(List.of()), v);
        }
        return new ModularPolynomial(m, width);
    }

    public static ModularPolynomial atom(String key, int width) {
        Map<Monomial, BigInteger> m = new HashMap<>();
        m.put(new Monomial(List.of(key)), BigInteger.ONE);
        return new ModularPolynomial(m, width);
    }

    public ModularPolynomial plus(ModularPolynomial o, int sign) {
        BigInteger mod = BigInteger.ONE.shiftLeft(width);
        Map<Monomial, BigInteger> m = new HashMap<>(terms);
        o.terms.forEach((k, v) -> {
            BigInteger c = m.getOrDefault(k, BigInteger.ZERO).add(sign > 0 ? v : v.negate()).mod(mod);
            if (c.signum() == 0) {
                m.remove(k);
            } else {
                m.put(k, c);
            }
        });
        return new ModularPolynomial(m, width);
    }

    public ModularPolynomial minus(ModularPolynomial o) {
        return plus(o, -1);
    }

    public ModularPolynomial times(ModularPolynomial o) {
        BigInteger mod = BigInteger.ONE.shiftLeft(width);
        Map<Monomial, BigInteger> m = new HashMap<>();
        for (Map.Entry<Monomial, BigInteger> a : terms.entrySet()) {
            for (Map.Entry<Monomial, BigInteger> b : o.terms.entrySet()) {
                List<String> atoms = new ArrayList<>(a.getKey().atoms());
                atoms.addAll(b.getKey().atoms());
                atoms.sort(null);
                Monomial k = new Monomial(atoms);
                BigInteger c = m.getOrDefault(k, BigInteger.ZERO).add(a.getValue().multiply(b.getValue())).mod(mod);
                if (c.signum() == 0) {
                    m.remove(k);
                } else {
                    m.put(k, c);
                }
            }
        }
        return new ModularPolynomial(m, width);
    }

    /** The highest number of atoms of a monomial (0 for a constant or the zero polynomial). */
    public int degree() {
        return terms.keySet().stream().mapToInt(m -> m.atoms().size()).max().orElse(0);
    }

    /**
     * {@code this - k*q} with k chosen so that q's last monomial of the highest degree (in
     * {@link #compare}'s order) cancels, as {@link #isMultipleOf} solves k; null if no k does.
     */
    public ModularPolynomial cancel(ModularPolynomial q) {
        if (q.width != width || q.terms.isEmpty()) {
            return null;
        }
        Monomial top = q.terms.keySet().stream().max(ModularPolynomial::compare).orElseThrow();
        BigInteger k = ratio(q.terms.get(top), terms.getOrDefault(top, BigInteger.ZERO));
        return k == null ? null : minus(q.times(constant(k, width)));
    }

    /** A k with {@code k*c == target} in the ring, or null if there is none (c = 2^e * odd: 2^e must divide target). */
    private BigInteger ratio(BigInteger c, BigInteger target) {
        int e = c.getLowestSetBit();
        if (target.signum() != 0 && target.getLowestSetBit() < e) {
            return null;
        }
        BigInteger mod = BigInteger.ONE.shiftLeft(width);
        return target.shiftRight(e).multiply(c.shiftRight(e).modInverse(mod)).mod(mod);
    }

    /**
     * Whether this is {@code k*q} for some constant k of the ring: k is solved from q's first
     * monomial ({@code k*c == this's coefficient} with c = 2^e * odd: k = (coefficient / 2^e) * odd^-1
     * when 2^e divides the coefficient; the other solutions differ by multiples of 2^(w-e)), then
     * the whole product compared. A false answer only means that k was not found.
     */
    public boolean isMultipleOf(ModularPolynomial q) {
        if (q.width != width || q.terms.isEmpty() || terms.size() > q.terms.size()) {
            return false;
        }
        Monomial first = q.terms.keySet().stream().min(ModularPolynomial::compare).orElseThrow();
        BigInteger k = ratio(q.terms.get(first), terms.getOrDefault(first, BigInteger.ZERO));
        return k != null && k.signum() != 0 && q.times(constant(k, width)).equals(this);
    }

    /** This or its negation, whichever has its first monomial's coefficient in the lower half of the ring. */
    public ModularPolynomial signed() {
        java.util.Optional<Monomial> first = terms.keySet().stream().min(ModularPolynomial::compare);
        if (first.isEmpty() || terms.get(first.get()).compareTo(BigInteger.ONE.shiftLeft(width - 1)) < 0) {
            return this;
        }
        return constant(BigInteger.ZERO, width).plus(this, -1);
    }

    /** A fixed order of monomials: by degree, then by their atoms' keys. */
    public static int compare(Monomial a, Monomial b) {
        if (a.atoms().size() != b.atoms().size()) {
            return Integer.compare(a.atoms().size(), b.atoms().size());
        }
        return String.join("\u0000", a.atoms()).compareTo(String.join("\u0000", b.atoms()));
    }
}
