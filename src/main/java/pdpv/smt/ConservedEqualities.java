package pdpv.smt;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import com.microsoft.z3.enumerations.Z3_decl_kind;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Consecution of polynomial equalities by algebra instead of bit-blasting (issue 19, the nonlinear
 * families of nla-digbench): a bit-vector term built with {@code +}, {@code -}, {@code *}, constants
 * and low-bit extraction over other terms (its atoms) is a polynomial over the ring Z/2^w, and
 * two terms with the same normal form are equal for all values of their atoms, because Z/2^w is a
 * quotient of the polynomial ring over Z (extracting the low bits is a ring homomorphism too). So
 * an equality {@code L == R} whose {@code L - R} has the same normal form before and after a loop
 * step (the step's next-state terms substituted, one case for each way its if-then-else terms
 * can go) holds after the step exactly when it held before, whatever the widths and however the
 * values overflow: Z3 then need not multiply 64-bit vectors, where it gives up. This is the
 * algebraic view of polynomial invariants (Rodríguez-Carbonell and Kapur, "Generating all
 * polynomial invariants in simple loops", 2007: an invariant ideal closed under the step's
 * polynomial maps), restricted to the single polynomial that must map to itself, and carried to
 * machine integers through the quotient ring. Anything this does not show is left to the solver.
 */
public final class ConservedEqualities {
    /**
     * Most if-then-else conditions a step may branch on: each assignment of them is one case to
     * normalize; a loop body whose next-state terms branch on more is left to the solver. Six
     * covers the bodies of the nla-digbench loops (two or three branches) with room to spare.
     */
    static final int MAX_CONDITIONS = 6;
    /** Most monomials of a normal form before the comparison gives up (a cube of a sum of five terms has 35). */
    static final int MAX_MONOMIALS = 4096;

    private ConservedEqualities() {
    }

    /**
     * Whether {@code formula[from := to]} is equivalent to {@code formula} for every value of the
     * constants, shown literal by literal: each bit-vector equality of it is conserved (above), and
     * every other literal is unchanged by the substitution. Then a step that maps {@code from} to
     * {@code to} preserves the formula.
     */
    public static boolean preserved(BoolExpr formula, Expr<?>[] from, Expr<?>[] to) {
        return preserved(formula, from, to, new HashMap<>());
    }

    private static boolean preserved(BoolExpr f, Expr<?>[] from, Expr<?>[] to, Map<Expr<?>, Boolean> seen) {
        Boolean known = seen.get(f);
        if (known != null) {
            return known;
        }
        boolean result;
        if (f.isAnd() || f.isOr() || f.isNot() || f.isImplies() || f.isXor() || f.isIff()
                || f.isEq() && f.getArgs()[0].isBool()
                || f.isITE() && f.getArgs()[1].isBool()) {
            result = true;
            for (Expr<?> a : f.getArgs()) {
                // an if-then-else's condition is a literal of the formula like any other
                result &= preserved((BoolExpr) a, from, to, seen);
            }
        } else if (f.isEq() && f.getArgs()[0] instanceof BitVecExpr l) {
            BitVecExpr r = (BitVecExpr) f.getArgs()[1];
            result = conserved(l, r, from, to);
        } else {
            result = f.substitute(from, to).equals(f);
        }
        seen.put(f, result);
        return result;
    }

    /** Whether {@code l - r} has the same normal form after the substitution as before, in every case of it. */
    private static boolean conserved(BitVecExpr l, BitVecExpr r, Expr<?>[] from, Expr<?>[] to) {
        BitVecExpr l2 = (BitVecExpr) l.substitute(from, to);
        BitVecExpr r2 = (BitVecExpr) r.substitute(from, to);
        if (l2.equals(l) && r2.equals(r)) {
            return true;
        }
        Set<BoolExpr> conditions = new LinkedHashSet<>();
        Set<Expr<?>> visited = new java.util.HashSet<>();
        for (BitVecExpr t : List.of(l, r, l2, r2)) {
            collectConditions(t, conditions, visited);
            if (conditions.size() > MAX_CONDITIONS) {
                return false;
            }
        }
        List<BoolExpr> cs = new ArrayList<>(conditions);
        for (int mask = 0; mask < 1 << cs.size(); mask++) {
            Map<BoolExpr, Boolean> way = new HashMap<>();
            for (int i = 0; i < cs.size(); i++) {
                way.put(cs.get(i), (mask >> i & 1) == 1);
            }
            Normalizer n = new Normalizer(way);
            Poly lBefore = n.of(l);
            Poly rBefore = n.of(r);
            Poly lAfter = n.of(l2);
            Poly rAfter = n.of(r2);
            if (lBefore == null || rBefore == null || lAfter == null || rAfter == null
                    || !lBefore.minus(rBefore).equals(lAfter.minus(rAfter))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Most equalities of a formula that {@link #normalForms} ties to their normal forms: each
     * lemma is one more term for the solver; a loop-cut formula of nla-digbench has a dozen.
     */
    static final int MAX_LEMMAS = 64;

    /**
     * Valid lemmas that tie each equality of {@code formulas} between products of variables
     * ({@code L == R}, L - R of degree 2 or more) to one canonical equality {@code N == 0}: N the
     * normal form of {@code L - R} (or of {@code R - L}, whichever comes first in a fixed order),
     * written as a sum of monomials in a fixed order. Two equalities with the same normal form, the
     * program's {@code 6*x - 2*y*y*y - 3*y*y - y == 0} and a mined invariant's
     * {@code 6*x == 2*y*y*y + 3*y*y + y}, then share one term, and the solver relates them without
     * multiplying 64-bit vectors. The lemmas are identities, so they change no model.
     */
    public static List<BoolExpr> normalForms(com.microsoft.z3.Context ctx, List<BoolExpr> formulas) {
        List<BoolExpr> out = new ArrayList<>();
        Set<Expr<?>> visited = new java.util.HashSet<>();
        Normalizer n = new Normalizer(Map.of());
        java.util.ArrayDeque<Expr<?>> work = new java.util.ArrayDeque<>(formulas);
        while (!work.isEmpty() && out.size() < MAX_LEMMAS) {
            Expr<?> e = work.pop();
            if (!visited.add(e) || !e.isApp()) {
                continue;
            }
            if (e.isEq() && e.getArgs()[0] instanceof BitVecExpr l && !definition(l, e.getArgs()[1]) && nonlinear(l, e.getArgs()[1])) {
                BitVecExpr r = (BitVecExpr) e.getArgs()[1];
                Poly pl = n.of(l);
                Poly pr = pl == null ? null : n.of(r);
                if (pl != null && pr != null) {
                    BitVecExpr canonical = n.term(ctx, pl.minus(pr).signed());
                    BoolExpr normal = ctx.mkEq(canonical, ctx.mkBV(0, l.getSortSize()));
                    if (!normal.equals(e)) {
                        out.add(ctx.mkEq((BoolExpr) e, normal));
                    }
                }
                continue;
            }
            // an assertion's condition may sit in an if-then-else of C's 0 and 1
            for (Expr<?> a : e.getArgs()) {
                work.push(a);
            }
        }
        return out;
    }

    /** Whether one side is a lone constant: an assignment, which the solver substitutes by itself. */
    private static boolean definition(Expr<?> l, Expr<?> r) {
        return l.isConst() || r.isConst();
    }

    /** Whether {@code l - r} multiplies two terms that are not numerals somewhere. */
    private static boolean nonlinear(Expr<?> l, Expr<?> r) {
        return hasProduct(l, new java.util.HashSet<>()) || hasProduct(r, new java.util.HashSet<>());
    }

    private static boolean hasProduct(Expr<?> t, Set<Expr<?>> seen) {
        if (!seen.add(t) || !t.isApp()) {
            return false;
        }
        if (t.isBVMul() && java.util.Arrays.stream(t.getArgs()).filter(a -> !(a instanceof BitVecNum)).count() >= 2) {
            return true;
        }
        Z3_decl_kind k = t.getFuncDecl().getDeclKind();
        if (k == Z3_decl_kind.Z3_OP_BADD || k == Z3_decl_kind.Z3_OP_BSUB || k == Z3_decl_kind.Z3_OP_BMUL
                || k == Z3_decl_kind.Z3_OP_BNEG) {
            for (Expr<?> a : t.getArgs()) {
                if (hasProduct(a, seen)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The conditions of the bit-vector if-then-else terms in {@code t}. */
    private static void collectConditions(Expr<?> t, Set<BoolExpr> out, Set<Expr<?>> visited) {
        if (!visited.add(t) || !t.isApp()) {
            return;
        }
        if (t.isITE() && t.getArgs()[1] instanceof BitVecExpr) {
            out.add((BoolExpr) t.getArgs()[0]);
        }
        for (Expr<?> a : t.getArgs()) {
            if (a instanceof BitVecExpr) {
                collectConditions(a, out, visited);
            }
        }
    }

    /** A monomial: the atoms it multiplies (each the low {@code width} bits of a term), sorted, with repetition. */
    private record Monomial(List<String> atoms) {
    }

    /** A polynomial over Z/2^width: coefficients in [0, 2^width), no zero coefficient. */
    private record Poly(Map<Monomial, BigInteger> terms, int width) {
        static Poly constant(BigInteger c, int width) {
            Map<Monomial, BigInteger> m = new HashMap<>();
            BigInteger v = c.mod(BigInteger.ONE.shiftLeft(width));
            if (v.signum() != 0) {
                m.put(new Monomial(List.of()), v);
            }
            return new Poly(m, width);
        }

        static Poly atom(String key, int width) {
            Map<Monomial, BigInteger> m = new HashMap<>();
            m.put(new Monomial(List.of(key)), BigInteger.ONE);
            return new Poly(m, width);
        }

        Poly plus(Poly o, int sign) {
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
            return new Poly(m, width);
        }

        Poly minus(Poly o) {
            return plus(o, -1);
        }

        Poly times(Poly o) {
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
            return new Poly(m, width);
        }

        /** This or its negation, whichever has its first monomial's coefficient in the lower half of the ring. */
        Poly signed() {
            java.util.Optional<Monomial> first = terms.keySet().stream().min(Poly::compare);
            if (first.isEmpty() || terms.get(first.get()).compareTo(BigInteger.ONE.shiftLeft(width - 1)) < 0) {
                return this;
            }
            return constant(BigInteger.ZERO, width).plus(this, -1);
        }

        /** A fixed order of monomials: by degree, then by their atoms' keys. */
        static int compare(Monomial a, Monomial b) {
            if (a.atoms().size() != b.atoms().size()) {
                return Integer.compare(a.atoms().size(), b.atoms().size());
            }
            return String.join("\u0000", a.atoms()).compareTo(String.join("\u0000", b.atoms()));
        }

        /** The low {@code w} bits: coefficients reduced, each atom narrowed to its own low bits. */
        Poly truncated(int w) {
            BigInteger mod = BigInteger.ONE.shiftLeft(w);
            Map<Monomial, BigInteger> m = new HashMap<>();
            terms.forEach((k, v) -> {
                List<String> atoms = k.atoms().stream().map(a -> a.substring(0, a.lastIndexOf('@')) + "@" + w).sorted().toList();
                Monomial n = new Monomial(atoms);
                BigInteger c = m.getOrDefault(n, BigInteger.ZERO).add(v).mod(mod);
                if (c.signum() == 0) {
                    m.remove(n);
                } else {
                    m.put(n, c);
                }
            });
            return new Poly(m, w);
        }
    }

    /** Normal forms of terms in one case (each if-then-else condition with the truth value {@code way} gives it). */
    private static final class Normalizer {
        private final Map<BoolExpr, Boolean> way;
        private final Map<Expr<?>, Poly> memo = new HashMap<>();
        /** Each atom's term, by its key without the low-bits part. */
        private final Map<String, BitVecExpr> atoms = new HashMap<>();

        Normalizer(Map<BoolExpr, Boolean> way) {
            this.way = way;
        }

        /** {@code p} as a sum of products in {@link Poly#compare}'s order: equal polynomials give equal terms. */
        BitVecExpr term(com.microsoft.z3.Context ctx, Poly p) {
            BitVecExpr sum = null;
            for (Monomial m : p.terms().keySet().stream().sorted(Poly::compare).toList()) {
                BitVecExpr product = ctx.mkBV(p.terms().get(m).toString(), p.width());
                for (String a : m.atoms()) {
                    product = ctx.mkBVMul(product, atom(ctx, a));
                }
                sum = sum == null ? product : ctx.mkBVAdd(sum, product);
            }
            return sum == null ? ctx.mkBV(0, p.width()) : sum;
        }

        /** The normal form of {@code t}, or null if it grows past {@link #MAX_MONOMIALS}. */
        Poly of(BitVecExpr t) {
            if (memo.containsKey(t)) {
                return memo.get(t);
            }
            Poly p = compute(t);
            if (p != null && p.terms().size() > MAX_MONOMIALS) {
                p = null;
            }
            memo.put(t, p);
            return p;
        }

        private Poly compute(BitVecExpr t) {
            int w = t.getSortSize();
            if (t instanceof BitVecNum n) {
                return Poly.constant(n.getBigInteger(), w);
            }
            if (!t.isApp()) {
                return Poly.atom(key(t, w), w);
            }
            Z3_decl_kind kind = t.getFuncDecl().getDeclKind();
            Expr<?>[] args = t.getArgs();
            switch (kind) {
                case Z3_OP_BADD, Z3_OP_BSUB, Z3_OP_BMUL -> {
                    Poly acc = of((BitVecExpr) args[0]);
                    for (int i = 1; i < args.length && acc != null; i++) {
                        Poly next = of((BitVecExpr) args[i]);
                        acc = next == null ? null : kind == Z3_decl_kind.Z3_OP_BMUL ? acc.times(next)
                                : acc.plus(next, kind == Z3_decl_kind.Z3_OP_BADD ? 1 : -1);
                        if (acc != null && acc.terms().size() > MAX_MONOMIALS) {
                            return null;
                        }
                    }
                    return acc;
                }
                case Z3_OP_BNEG -> {
                    Poly a = of((BitVecExpr) args[0]);
                    return a == null ? null : Poly.constant(BigInteger.ZERO, w).plus(a, -1);
                }
                case Z3_OP_ITE -> {
                    Boolean go = way.get((BoolExpr) args[0]);
                    return go == null ? Poly.atom(key(t, w), w) : of((BitVecExpr) args[go ? 1 : 2]);
                }
                case Z3_OP_EXTRACT -> {
                    BitVecExpr inner = (BitVecExpr) args[0];
                    if (t.getFuncDecl().getParameters()[1].getInt() == 0) {
                        Poly a = of(inner);
                        return a == null ? null : a.truncated(w);
                    }
                    return Poly.atom(key(t, w), w);
                }
                default -> {
                    return Poly.atom(key(t, w), w);
                }
            }
        }

        /**
         * An atom's key: the term (Z3's terms are shared, so equal terms print alike), its width (constants
         * of one name and two widths differ) and, after the last {@code @}, how many of its low bits count.
         */
        private String key(Expr<?> t, int w) {
            String base = t.getSExpr() + "#" + ((BitVecExpr) t).getSortSize();
            atoms.putIfAbsent(base, (BitVecExpr) t);
            return base + "@" + w;
        }

        /** The atom of {@code key} as a term: its low bits where the key says fewer than its width. */
        BitVecExpr atom(com.microsoft.z3.Context ctx, String key) {
            int at = key.lastIndexOf('@');
            BitVecExpr t = atoms.get(key.substring(0, at));
            int w = Integer.parseInt(key.substring(at + 1));
            return w == t.getSortSize() ? t : ctx.mkExtract(w - 1, 0, t);
        }
    }
}
