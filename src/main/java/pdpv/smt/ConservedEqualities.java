package pdpv.smt;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import com.microsoft.z3.enumerations.Z3_decl_kind;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.smt.ModularPolynomial.Monomial;

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

    /**
     * Whether {@code formula} implies {@code formula[from := to]} for every value of the constants,
     * which is what consecution needs: {@link #impliedConjuncts} shows it for all its conjuncts.
     */
    public static boolean implied(BoolExpr formula, Expr<?>[] from, Expr<?>[] to) {
        List<BoolExpr> conjuncts = Conjuncts.of(formula);
        return impliedConjuncts(conjuncts, from, to, List.of()).size() == new LinkedHashSet<>(conjuncts).size();
    }

    /**
     * Of the conjuncts of an invariant, a subset S whose conjunction implies itself after the step
     * {@code from := to}, for every value of the constants: the conjuncts that are bit-vector
     * equalities conserved together ({@link #together}: K); each conjunct {@code A ⇒ C} whose
     * premise A the step leaves alone and whose C is a conjunction of bit-vector equalities, when
     * all of C is conserved together with K assumed (where A is false the conjunct holds after the
     * step anyway, A being unchanged); and each other conjunct that {@link #preserved} shows on its
     * own. The solver need then be asked only about the rest, with the rest assumed. {@code facts}
     * hold in every step (the nested loops' invariants at their sites, {@link #together}).
     */
    public static List<BoolExpr> impliedConjuncts(List<BoolExpr> conjuncts, Expr<?>[] from, Expr<?>[] to, List<BoolExpr> facts) {
        List<BoolExpr> plain = new ArrayList<>();
        for (BoolExpr c : conjuncts) {
            if (c.isEq() && c.getArgs()[0] instanceof BitVecExpr) {
                plain.add(c);
            }
        }
        List<BoolExpr> kept = new ArrayList<>();
        for (int i : together(plain, from, to, facts)) {
            kept.add(plain.get(i));
        }
        Set<BoolExpr> out = new LinkedHashSet<>(kept);
        for (BoolExpr c : conjuncts) {
            if (plain.contains(c)) {
                continue;
            }
            List<BoolExpr> consequent = c.isImplies() && c.getArgs()[0].substitute(from, to).equals(c.getArgs()[0])
                    ? equalities((BoolExpr) c.getArgs()[1]) : null;
            if (consequent != null) {
                List<BoolExpr> set = new ArrayList<>(kept);
                set.addAll(consequent);
                List<Integer> shown = together(set, from, to, facts);
                if (java.util.stream.IntStream.range(kept.size(), set.size()).allMatch(shown::contains)) {
                    out.add(c);
                    continue;
                }
            }
            if (preserved(c, from, to)) {
                out.add(c);
            }
        }
        return new ArrayList<>(out);
    }

    /** The bit-vector equalities {@code f} is a conjunction of (one if it is one), or null if it is not such a conjunction. */
    private static List<BoolExpr> equalities(BoolExpr f) {
        List<BoolExpr> out = new ArrayList<>();
        for (Expr<?> c : f.isAnd() ? f.getArgs() : new Expr<?>[] {f}) {
            if (!(c.isEq() && c.getArgs()[0] instanceof BitVecExpr)) {
                return null;
            }
            out.add((BoolExpr) c);
        }
        return out;
    }

    /**
     * The largest subset of {@code equalities} (each {@code L == R} over bit-vectors; their indices)
     * found to be conserved together: with all of the subset assumed before the step, each of them
     * holds after it. Consecution relative to the others, as Houdini does it, but by algebra: the
     * subset's equalities are oriented into rewrite rules {@code v -> q} (Gauss-Jordan elimination
     * over Z/2^w: v an atom that occurs in {@code L - R} only alone, with an odd coefficient, a
     * unit of the ring, so {@code L == R} holds exactly when {@code v == q}); an equality is
     * conserved when {@code L - R} after the step (one case for each way its if-then-else terms
     * can go) and before it have the same normal form once both are rewritten by the rules. Each
     * rewrite replaces an atom by a term of the same value in every state where the subset holds,
     * so then {@code L - R} after the step equals {@code L - R} before it, which is 0. Equalities not
     * shown are dropped and the rules rebuilt from the rest until all that are left are shown (the
     * Houdini fixpoint). Cohen's cubes ({@code x == n^3}, {@code y == 3n^2+3n+1},
     * {@code z == 6n+6}) are conserved together though no one of them is alone.
     * <p>
     * {@code facts} are formulas that hold in every step (a step through a loop whose body has
     * loops of its own: their invariants at their sites, which relate the values they start and
     * end with). Their conjuncts that are bit-vector equalities are assumed with the subset, and
     * each {@code P_1 ∧ ... ∧ P_k ⇒ C_1 ∧ ... ∧ C_m} of equalities (a mined equality kept as "on
     * entry implies at the head") too once the P_i are shown zero ({@link Knowledge}): Fermat's
     * outer loop conserves {@code 4*(A+r) == u*u - v*v - 2*u + 2*v} because each of its inner loops
     * does, and the extended Euclid's outer loop conserves {@code b == x*q + y*s} given its inner
     * loop's {@code a == k*b + c}. Facts are never dropped, and never shown: the caller answers
     * for them (the certificate checker re-checks each nested loop's invariant on its own).
     */
    public static List<Integer> together(List<BoolExpr> equalities, Expr<?>[] from, Expr<?>[] to) {
        return together(equalities, from, to, List.of());
    }

    /** As {@link #together(List, Expr[], Expr[])}, with {@code facts} that hold in every step. */
    public static List<Integer> together(List<BoolExpr> equalities, Expr<?>[] from, Expr<?>[] to, List<BoolExpr> facts) {
        Normalizer pre = new Normalizer(Map.of());
        Map<Integer, ModularPolynomial> before = new LinkedHashMap<>();
        Map<Integer, BitVecExpr[]> after = new HashMap<>();
        for (int i = 0; i < equalities.size(); i++) {
            BoolExpr e = equalities.get(i);
            if (!(e.isEq() && e.getArgs()[0] instanceof BitVecExpr l)) {
                continue;
            }
            BitVecExpr r = (BitVecExpr) e.getArgs()[1];
            ModularPolynomial pl = pre.of(l);
            ModularPolynomial pr = pl == null ? null : pre.of(r);
            if (pr != null) {
                before.put(i, pl.minus(pr));
                after.put(i, new BitVecExpr[] {(BitVecExpr) l.substitute(from, to), (BitVecExpr) r.substitute(from, to)});
            }
        }
        StepFacts stepFacts = StepFacts.of(pre, facts);
        boolean dropped = true;
        while (dropped && !before.isEmpty()) {
            Knowledge known = Knowledge.of(before.values(), stepFacts);
            dropped = before.keySet().removeIf(i -> !conservedGiven(known, before.get(i), after.get(i)));
        }
        return new ArrayList<>(before.keySet());
    }

    /**
     * The equalities of a step's facts as polynomials {@code L - R} (each zero in every step):
     * {@code plain} from conjuncts {@code L == R}, {@code implications} from conjuncts
     * {@code P_1 ∧ ... ∧ P_k ⇒ C_1 ∧ ... ∧ C_m} of equalities (premises first, then conclusions).
     * Other conjuncts are left out, which only weakens what is assumed.
     */
    private record StepFacts(List<ModularPolynomial> plain, List<List<List<ModularPolynomial>>> implications) {
        static StepFacts of(Normalizer n, List<BoolExpr> facts) {
            List<ModularPolynomial> plain = new ArrayList<>();
            List<List<List<ModularPolynomial>>> implications = new ArrayList<>();
            for (BoolExpr f : facts) {
                for (BoolExpr c : Conjuncts.of(f)) {
                    if (c.isEq() && c.getArgs()[0] instanceof BitVecExpr) {
                        plain.addAll(differences(n, List.of(c)));
                    } else if (c.isImplies()) {
                        List<BoolExpr> premises = equalities((BoolExpr) c.getArgs()[0]);
                        List<BoolExpr> conclusions = equalities((BoolExpr) c.getArgs()[1]);
                        if (premises != null && conclusions != null) {
                            List<ModularPolynomial> ps = differences(n, premises);
                            List<ModularPolynomial> cs = differences(n, conclusions);
                            // a premise that did not normalize cannot be shown: the implication is no use
                            if (ps.size() == premises.size() && !cs.isEmpty()) {
                                implications.add(List.of(ps, cs));
                            }
                        }
                    }
                }
            }
            return new StepFacts(plain, implications);
        }
    }

    /**
     * Polynomials known to be zero in a step: the assumed ones, the step's plain facts and the
     * conclusions of its implications whose premises are shown zero (to a fixpoint), with the
     * rewrite rules of {@link Rules} built from all of them. A polynomial is shown zero when the
     * rules rewrite it to 0 or to a multiple {@code k*q} of a known one's rewritten form q: each
     * rewrite keeps its value in every state where the known ones are zero, and {@code k*0 = 0}.
     */
    private record Knowledge(Rules rules, List<ModularPolynomial> reduced) {
        static Knowledge of(java.util.Collection<ModularPolynomial> assumed, StepFacts facts) {
            List<ModularPolynomial> known = new ArrayList<>(assumed);
            known.addAll(facts.plain());
            List<List<List<ModularPolynomial>>> open = new ArrayList<>(facts.implications());
            Knowledge k = build(known);
            boolean grew = true;
            while (grew && !open.isEmpty()) {
                grew = false;
                for (java.util.Iterator<List<List<ModularPolynomial>>> it = open.iterator(); it.hasNext(); ) {
                    List<List<ModularPolynomial>> imp = it.next();
                    if (imp.get(0).stream().allMatch(k::isZero)) {
                        it.remove();
                        known.addAll(imp.get(1));
                        k = build(known);
                        grew = true;
                    }
                }
            }
            return k;
        }

        private static Knowledge build(List<ModularPolynomial> known) {
            Rules rules = Rules.of(known);
            List<ModularPolynomial> reduced = new ArrayList<>();
            for (ModularPolynomial p : known) {
                ModularPolynomial r = rules.reduce(p);
                if (r != null && !r.terms().isEmpty()) {
                    reduced.add(r);
                }
            }
            return new Knowledge(rules, reduced);
        }

        /** Whether {@code p} is shown zero wherever the known polynomials are. */
        boolean isZero(ModularPolynomial p) {
            ModularPolynomial r = rules.reduce(p);
            return r != null && (r.terms().isEmpty() || reduced.stream().anyMatch(q -> r.isMultipleOf(q)));
        }
    }

    /**
     * The changes {@code to[i] - from[i]} that the step makes to the terms {@code from[i]}, for
     * each {@code i} of {@code columns} (terms of one width w), as the rows of a matrix over the
     * integers: one row for each case of the step's if-then-else terms (each way its branches can
     * go) and each monomial of a change in that case, holding that monomial's coefficient in each
     * change (its representative in (-2^(w-1), 2^(w-1)]). A vector c with every row's product 0
     * gives a linear functional {@code Σ c_i from[i]} that the step leaves unchanged in every case
     * and for every value of the constants, modulo 2^w: a sum conserved by every path of a loop's
     * body, the null space of its paths' translation vectors ({@code x++, y--} and {@code x--, y++}
     * conserve {@code x + y}), and more generally of its linear effect ({@code x += y, z -= y}
     * conserves {@code x + z}). Null if the step branches on more than {@link #MAX_CONDITIONS}
     * conditions or a change grows past {@link #MAX_MONOMIALS} monomials.
     */
    public static List<BigInteger[]> changes(Expr<?>[] from, Expr<?>[] to, int[] columns) {
        List<BitVecExpr> terms = new ArrayList<>();
        for (int i : columns) {
            if (!(from[i] instanceof BitVecExpr f) || !(to[i] instanceof BitVecExpr t) || f.getSortSize() != t.getSortSize()) {
                return null;
            }
            terms.add(t);
        }
        List<Normalizer> cases = cases(terms);
        if (cases == null) {
            return null;
        }
        List<BigInteger[]> rows = new ArrayList<>();
        for (Normalizer n : cases) {
            Map<Monomial, BigInteger[]> byMonomial = new LinkedHashMap<>();
            for (int k = 0; k < columns.length; k++) {
                ModularPolynomial after = n.of((BitVecExpr) to[columns[k]]);
                ModularPolynomial before = after == null ? null : n.of((BitVecExpr) from[columns[k]]);
                if (before == null) {
                    return null;
                }
                ModularPolynomial change = after.minus(before);
                int w = change.width();
                for (Map.Entry<Monomial, BigInteger> m : change.terms().entrySet()) {
                    BigInteger[] row = byMonomial.computeIfAbsent(m.getKey(), x -> {
                        BigInteger[] r = new BigInteger[columns.length];
                        java.util.Arrays.fill(r, BigInteger.ZERO);
                        return r;
                    });
                    BigInteger c = m.getValue();
                    row[k] = c.compareTo(BigInteger.ONE.shiftLeft(w - 1)) > 0 ? c.subtract(BigInteger.ONE.shiftLeft(w)) : c;
                }
            }
            rows.addAll(byMonomial.values());
        }
        return rows;
    }

    /**
     * Whether {@code d} (an equality's {@code L - R} before the step) and its form after the step
     * agree under the known rules, or the form after is shown zero ({@link Knowledge}), in every case.
     */
    private static boolean conservedGiven(Knowledge known, ModularPolynomial d, BitVecExpr[] after) {
        List<Normalizer> cases = cases(List.of(after));
        ModularPolynomial reducedBefore = cases == null ? null : known.rules().reduce(d);
        if (reducedBefore == null) {
            return false;
        }
        for (Normalizer n : cases) {
            ModularPolynomial l = n.of(after[0]);
            ModularPolynomial r = l == null ? null : n.of(after[1]);
            ModularPolynomial a = r == null ? null : l.minus(r);
            ModularPolynomial reduced = a == null ? null : known.rules().reduce(a);
            // d is assumed zero before the step, so after it the same form, or any form shown zero, is zero too
            if (reduced == null || !reduced.equals(reducedBefore) && !known.isZero(a)) {
                return false;
            }
        }
        return true;
    }

    /**
     * One normalizer for each way the if-then-else terms in {@code terms} can go (each assignment of
     * truth values to their conditions); null if they branch on more than {@link #MAX_CONDITIONS}.
     */
    private static List<Normalizer> cases(List<BitVecExpr> terms) {
        Set<BoolExpr> conditions = new LinkedHashSet<>();
        Set<Expr<?>> visited = new java.util.HashSet<>();
        for (BitVecExpr t : terms) {
            collectConditions(t, conditions, visited);
            if (conditions.size() > MAX_CONDITIONS) {
                return null;
            }
        }
        List<BoolExpr> cs = new ArrayList<>(conditions);
        List<Normalizer> out = new ArrayList<>();
        for (int mask = 0; mask < 1 << cs.size(); mask++) {
            Map<BoolExpr, Boolean> way = new HashMap<>();
            for (int i = 0; i < cs.size(); i++) {
                way.put(cs.get(i), (mask >> i & 1) == 1);
            }
            out.add(new Normalizer(way));
        }
        return out;
    }

    /**
     * Rewrite rules {@code atom -> polynomial}, each the solution of one equality of a set for one
     * of its atoms, kept fully reduced (no rule's atom occurs on a right-hand side), so one pass of
     * {@link #reduce} gives the normal form. Each rule holds wherever its equality does.
     */
    private record Rules(Map<String, ModularPolynomial> rules) {
        static Rules of(java.util.Collection<ModularPolynomial> equalities) {
            Rules r = new Rules(new LinkedHashMap<>());
            for (ModularPolynomial e : equalities) {
                ModularPolynomial q = r.reduce(e);
                if (q == null) {
                    continue;
                }
                String head = q.terms().keySet().stream()
                        .filter(m -> m.atoms().size() == 1 && q.terms().get(m).testBit(0))
                        .map(m -> m.atoms().get(0))
                        .filter(a -> q.terms().keySet().stream().filter(m -> m.atoms().contains(a)).count() == 1)
                        .sorted().findFirst().orElse(null);
                if (head == null) {
                    continue;
                }
                BigInteger mod = BigInteger.ONE.shiftLeft(q.width());
                Monomial alone = new Monomial(List.of(head));
                BigInteger c = q.terms().get(alone);
                Map<Monomial, BigInteger> rest = new HashMap<>(q.terms());
                rest.remove(alone);
                // c*v + rest == 0, c odd: v == -c^-1 * rest
                ModularPolynomial rhs = new ModularPolynomial(rest, q.width()).times(ModularPolynomial.constant(c.modInverse(mod).negate(), q.width()));
                Rules one = new Rules(Map.of(head, rhs));
                r.rules().replaceAll((k, v) -> one.reduce(v));
                r.rules().values().removeIf(java.util.Objects::isNull);
                r.rules().put(head, rhs);
            }
            return r;
        }

        /** {@code p} with each rule's atom replaced by its right-hand side; null if it grows past {@link #MAX_MONOMIALS}. */
        ModularPolynomial reduce(ModularPolynomial p) {
            ModularPolynomial sum = ModularPolynomial.constant(BigInteger.ZERO, p.width());
            for (Map.Entry<Monomial, BigInteger> m : p.terms().entrySet()) {
                ModularPolynomial product = ModularPolynomial.constant(m.getValue(), p.width());
                for (String a : m.getKey().atoms()) {
                    ModularPolynomial by = rules.get(a);
                    product = product.times(by != null && by.width() == p.width() ? by : ModularPolynomial.atom(a, p.width()));
                    if (product.terms().size() > MAX_MONOMIALS) {
                        return null;
                    }
                }
                sum = sum.plus(product, 1);
                if (sum.terms().size() > MAX_MONOMIALS) {
                    return null;
                }
            }
            return sum;
        }
    }

    /** Whether {@code l - r} has the same normal form after the substitution as before, in every case of it. */
    private static boolean conserved(BitVecExpr l, BitVecExpr r, Expr<?>[] from, Expr<?>[] to) {
        BitVecExpr l2 = (BitVecExpr) l.substitute(from, to);
        BitVecExpr r2 = (BitVecExpr) r.substitute(from, to);
        if (l2.equals(l) && r2.equals(r)) {
            return true;
        }
        List<Normalizer> cases = cases(List.of(l, r, l2, r2));
        if (cases == null) {
            return false;
        }
        for (Normalizer n : cases) {
            ModularPolynomial lBefore = n.of(l);
            ModularPolynomial rBefore = n.of(r);
            ModularPolynomial lAfter = n.of(l2);
            ModularPolynomial rAfter = n.of(r2);
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
                ModularPolynomial pl = n.of(l);
                ModularPolynomial pr = pl == null ? null : n.of(r);
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

    /**
     * Valid lemmas {@code (E_1 ∧ ... ∧ E_n) ⇒ (L == R)}: E_1..E_n the bit-vector equalities of one
     * conjunction in {@code facts} (a loop invariant's equalities conserved together), L == R an
     * equality between products of variables in {@code goals} (an assertion, the program's
     * {@code x == n*n*n}) whose {@code L - R} the rules of {@link #together} built from E_1..E_n
     * rewrite to 0. Each rewrite replaces an atom by a term of the same value wherever E_1..E_n
     * hold, so the lemma is an identity; with it the solver sees that the invariant implies the
     * assertion without multiplying 64-bit vectors. Where the rules leave a goal's {@code L - R}
     * nonzero but one of the set's equalities cancels its products ({@link #linearRest}), the lemma
     * is {@code (E_1 ∧ ... ∧ E_n) ⇒ ((L == R) == (G == 0))} with G the linear rest: also an
     * identity, which leaves the solver a linear question. At most {@link #MAX_LEMMAS}.
     */
    public static List<BoolExpr> entailments(com.microsoft.z3.Context ctx, List<BoolExpr> facts, List<BoolExpr> goals) {
        List<List<BoolExpr>> sets = new ArrayList<>();
        Set<Expr<?>> visited = new java.util.HashSet<>();
        java.util.ArrayDeque<Expr<?>> work = new java.util.ArrayDeque<>(facts);
        while (!work.isEmpty() && sets.size() < MAX_LEMMAS) {
            Expr<?> e = work.pop();
            if (!visited.add(e) || !e.isApp() || !e.isBool()) {
                continue;
            }
            if (e.isAnd()) {
                List<BoolExpr> set = new ArrayList<>();
                for (Expr<?> a : e.getArgs()) {
                    if (a.isEq() && a.getArgs()[0] instanceof BitVecExpr) {
                        set.add((BoolExpr) a);
                    }
                }
                if (!set.isEmpty()) {
                    sets.add(set);
                }
            }
            if (e.isAnd() || e.isOr() || e.isNot() || e.isImplies() || e.isIff() || e.isITE()) {
                for (Expr<?> a : e.getArgs()) {
                    work.push(a);
                }
            }
        }
        List<BoolExpr> targets = new ArrayList<>();
        visited.clear();
        work.addAll(goals);
        while (!work.isEmpty()) {
            Expr<?> e = work.pop();
            if (!visited.add(e) || !e.isApp()) {
                continue;
            }
            if (e.isEq() && e.getArgs()[0] instanceof BitVecExpr l && nonlinear(l, e.getArgs()[1])) {
                targets.add((BoolExpr) e);
                continue;
            }
            for (Expr<?> a : e.getArgs()) {
                work.push(a);
            }
        }
        List<BoolExpr> out = new ArrayList<>();
        if (targets.isEmpty()) {
            return out;
        }
        for (List<BoolExpr> set : sets) {
            Normalizer n = new Normalizer(Map.of());
            Rules rules = Rules.of(differences(n, set));
            BoolExpr premise = set.size() == 1 ? set.get(0) : ctx.mkAnd(set.toArray(new BoolExpr[0]));
            for (BoolExpr goal : targets) {
                if (set.contains(goal) || out.size() >= MAX_LEMMAS) {
                    continue;
                }
                ModularPolynomial pl = n.of((BitVecExpr) goal.getArgs()[0]);
                ModularPolynomial pr = pl == null ? null : n.of((BitVecExpr) goal.getArgs()[1]);
                ModularPolynomial reduced = pr == null ? null : rules.reduce(pl.minus(pr));
                if (reduced != null && reduced.terms().isEmpty()) {
                    out.add(ctx.mkImplies(premise, goal));
                } else if (reduced != null) {
                    ModularPolynomial linear = linearRest(reduced, rules, set, n);
                    if (linear != null) {
                        out.add(ctx.mkImplies(premise, ctx.mkEq(goal, ctx.mkEq(n.term(ctx, linear), ctx.mkBV(0, linear.width())))));
                    }
                }
            }
        }
        return out;
    }

    /**
     * For a goal {@code L - R} that the rules rewrite to {@code g}, not 0: a linear form {@code g - k*q}
     * (degree at most 1), q the rewritten {@code L' - R'} of one equality of the set, which is 0
     * wherever the set holds; then {@code L == R} holds there exactly when that linear form is 0
     * (Fermat's {@code 4*A == u*u - v*v - 2*u + 2*v} given its invariant with {@code 4*r} beside: the
     * form is {@code -4*r}, which the loop's exit makes 0). Null if there is none.
     */
    private static ModularPolynomial linearRest(ModularPolynomial g, Rules rules, List<BoolExpr> set, Normalizer n) {
        if (g.degree() <= 1) {
            return g;
        }
        for (ModularPolynomial q : differences(n, set)) {
            ModularPolynomial rq = rules.reduce(q);
            ModularPolynomial rest = rq == null ? null : g.cancel(rq);
            if (rest != null && rest.degree() <= 1) {
                return rest;
            }
        }
        return null;
    }

    /**
     * Valid lemmas {@code (D_1 ∧ ... ∧ D_k) ⇒ (L == R)}: L == R an equality between products of
     * variables in {@code goals} (a mined invariant's premise at the loop's entry, Cohen's or the
     * lcm's {@code 2*a*b == x*u + y*v} of the values the loop starts with), D_1..D_k the
     * assignments {@code c == t} of {@code formula} (F's SSA definitions, each constant defined
     * once) that L - R reads, directly or through other definitions, when the rules of
     * {@link #together} built from D_1..D_k rewrite L - R to 0. F has each definition only under
     * its block's guard, so the solver cannot substitute it before it bit-blasts; the lemma is an
     * identity and tells it that the entry values satisfy the equality without multiplying
     * vectors. At most {@link #MAX_LEMMAS}, each with at most {@link #MAX_LEMMAS} definitions.
     */
    public static List<BoolExpr> definitionEntailments(com.microsoft.z3.Context ctx, BoolExpr formula, List<BoolExpr> goals) {
        Map<Expr<?>, BoolExpr> definitions = new HashMap<>();
        Set<Expr<?>> twice = new java.util.HashSet<>();
        Set<Expr<?>> visited = new java.util.HashSet<>();
        java.util.ArrayDeque<Expr<?>> work = new java.util.ArrayDeque<>(List.of(formula));
        while (!work.isEmpty()) {
            Expr<?> e = work.pop();
            if (!visited.add(e) || !e.isApp() || !e.isBool()) {
                continue;
            }
            if (e.isEq() && e.getArgs()[0] instanceof BitVecExpr l && l.isConst()) {
                if (definitions.put(l, (BoolExpr) e) != null) {
                    twice.add(l);
                }
            } else if (e.isAnd()) {
                work.addAll(java.util.Arrays.asList(e.getArgs()));
            } else if (e.isImplies()) {
                work.push(e.getArgs()[1]);
            }
        }
        twice.forEach(definitions::remove);
        List<BoolExpr> out = new ArrayList<>();
        if (definitions.isEmpty()) {
            return out;
        }
        Set<Expr<?>> seenGoals = new java.util.HashSet<>();
        work.clear();
        work.addAll(goals);
        while (!work.isEmpty() && out.size() < MAX_LEMMAS) {
            Expr<?> e = work.pop();
            if (!seenGoals.add(e) || !e.isApp() || !e.isBool()) {
                continue;
            }
            if (e.isEq() && e.getArgs()[0] instanceof BitVecExpr l && !definition(l, e.getArgs()[1]) && nonlinear(l, e.getArgs()[1])) {
                List<BoolExpr> used = definitionsRead(e, definitions);
                if (!used.isEmpty()) {
                    Normalizer n = new Normalizer(Map.of());
                    ModularPolynomial pl = n.of(l);
                    ModularPolynomial pr = pl == null ? null : n.of((BitVecExpr) e.getArgs()[1]);
                    ModularPolynomial reduced = pr == null ? null : Rules.of(differences(n, used)).reduce(pl.minus(pr));
                    if (reduced != null && reduced.terms().isEmpty()) {
                        BoolExpr premise = used.size() == 1 ? used.get(0) : ctx.mkAnd(used.toArray(new BoolExpr[0]));
                        out.add(ctx.mkImplies(premise, (BoolExpr) e));
                    }
                }
                continue;
            }
            if (e.isAnd() || e.isOr() || e.isNot() || e.isImplies() || e.isIff() || e.isEq() && e.getArgs()[0].isBool()) {
                work.addAll(java.util.Arrays.asList(e.getArgs()));
            }
        }
        return out;
    }

    /** The normal forms of {@code L - R} of the bit-vector equalities {@code L == R}, those that do not grow too large. */
    private static List<ModularPolynomial> differences(Normalizer n, List<BoolExpr> equalities) {
        List<ModularPolynomial> polys = new ArrayList<>();
        for (BoolExpr e : equalities) {
            ModularPolynomial pl = n.of((BitVecExpr) e.getArgs()[0]);
            ModularPolynomial pr = pl == null ? null : n.of((BitVecExpr) e.getArgs()[1]);
            if (pr != null) {
                polys.add(pl.minus(pr));
            }
        }
        return polys;
    }

    /** The definitions of the constants {@code e} reads, directly or through other definitions; at most {@link #MAX_LEMMAS}. */
    private static List<BoolExpr> definitionsRead(Expr<?> e, Map<Expr<?>, BoolExpr> definitions) {
        List<BoolExpr> used = new ArrayList<>();
        Set<Expr<?>> seen = new java.util.HashSet<>();
        java.util.ArrayDeque<Expr<?>> work = new java.util.ArrayDeque<>(List.of(e));
        while (!work.isEmpty() && used.size() < MAX_LEMMAS) {
            Expr<?> t = work.pop();
            if (!seen.add(t) || !t.isApp()) {
                continue;
            }
            BoolExpr d = t.isConst() ? definitions.get(t) : null;
            if (d != null) {
                used.add(d);
                work.push(d.getArgs()[1]);
            } else {
                work.addAll(java.util.Arrays.asList(t.getArgs()));
            }
        }
        return used;
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

    /** The low {@code w} bits of {@code p}: coefficients reduced, each atom narrowed to its own low bits. */
    private static ModularPolynomial truncated(ModularPolynomial p, int w) {
        BigInteger mod = BigInteger.ONE.shiftLeft(w);
        Map<Monomial, BigInteger> m = new HashMap<>();
        p.terms().forEach((k, v) -> {
            List<String> atoms = k.atoms().stream().map(a -> a.substring(0, a.lastIndexOf('@')) + "@" + w).sorted().toList();
            Monomial n = new Monomial(atoms);
            BigInteger c = m.getOrDefault(n, BigInteger.ZERO).add(v).mod(mod);
            if (c.signum() == 0) {
                m.remove(n);
            } else {
                m.put(n, c);
            }
        });
        return new ModularPolynomial(m, w);
    }

    /** Normal forms of terms in one case (each if-then-else condition with the truth value {@code way} gives it). */
    private static final class Normalizer {
        private final Map<BoolExpr, Boolean> way;
        private final Map<Expr<?>, ModularPolynomial> memo = new HashMap<>();
        /** Each atom's term, by its key without the low-bits part. */
        private final Map<String, BitVecExpr> atoms = new HashMap<>();

        Normalizer(Map<BoolExpr, Boolean> way) {
            this.way = way;
        }

        /** {@code p} as a sum of products in {@link ModularPolynomial#compare}'s order: equal polynomials give equal terms. */
        BitVecExpr term(com.microsoft.z3.Context ctx, ModularPolynomial p) {
            BitVecExpr sum = null;
            for (Monomial m : p.terms().keySet().stream().sorted(ModularPolynomial::compare).toList()) {
                BitVecExpr product = ctx.mkBV(p.terms().get(m).toString(), p.width());
                for (String a : m.atoms()) {
                    product = ctx.mkBVMul(product, atom(ctx, a));
                }
                sum = sum == null ? product : ctx.mkBVAdd(sum, product);
            }
            return sum == null ? ctx.mkBV(0, p.width()) : sum;
        }

        /** The normal form of {@code t}, or null if it grows past {@link #MAX_MONOMIALS}. */
        ModularPolynomial of(BitVecExpr t) {
            if (memo.containsKey(t)) {
                return memo.get(t);
            }
            ModularPolynomial p = compute(t);
            if (p != null && p.terms().size() > MAX_MONOMIALS) {
                p = null;
            }
            memo.put(t, p);
            return p;
        }

        private ModularPolynomial compute(BitVecExpr t) {
            int w = t.getSortSize();
            if (t instanceof BitVecNum n) {
                return ModularPolynomial.constant(n.getBigInteger(), w);
            }
            if (!t.isApp()) {
                return ModularPolynomial.atom(key(t, w), w);
            }
            Z3_decl_kind kind = t.getFuncDecl().getDeclKind();
            Expr<?>[] args = t.getArgs();
            switch (kind) {
                case Z3_OP_BADD, Z3_OP_BSUB, Z3_OP_BMUL -> {
                    ModularPolynomial acc = of((BitVecExpr) args[0]);
                    for (int i = 1; i < args.length && acc != null; i++) {
                        ModularPolynomial next = of((BitVecExpr) args[i]);
                        acc = next == null ? null : kind == Z3_decl_kind.Z3_OP_BMUL ? acc.times(next)
                                : acc.plus(next, kind == Z3_decl_kind.Z3_OP_BADD ? 1 : -1);
                        if (acc != null && acc.terms().size() > MAX_MONOMIALS) {
                            return null;
                        }
                    }
                    return acc;
                }
                case Z3_OP_BNEG -> {
                    ModularPolynomial a = of((BitVecExpr) args[0]);
                    return a == null ? null : ModularPolynomial.constant(BigInteger.ZERO, w).plus(a, -1);
                }
                case Z3_OP_ITE -> {
                    Boolean go = way.get((BoolExpr) args[0]);
                    return go == null ? ModularPolynomial.atom(key(t, w), w) : of((BitVecExpr) args[go ? 1 : 2]);
                }
                case Z3_OP_EXTRACT -> {
                    BitVecExpr inner = (BitVecExpr) args[0];
                    if (t.getFuncDecl().getParameters()[1].getInt() == 0) {
                        ModularPolynomial a = of(inner);
                        return a == null ? null : truncated(a, w);
                    }
                    return ModularPolynomial.atom(key(t, w), w);
                }
                default -> {
                    return ModularPolynomial.atom(key(t, w), w);
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
