package pdpv.daikon;

import java.math.BigInteger;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A likely loop invariant in the traditional formulation (thesis §6.1): a predicate over a loop's
 * {@link Term}s at its head, as Daikon prints them and as the built-in miner finds them. The
 * kinds are those of Daikon's default int invariants: comparisons of polynomials (constants,
 * bounds, {@code !=}, orderings, linear relations over 2 and 3 variables, squares, DIG's
 * polynomial equalities), congruences, one-of, powers of two, implications, and the quotients of
 * {@link QuotientEqualities}. Equalities and
 * disequalities hold modulo 2^w, w the widest type among their terms, as C computes them;
 * orderings and congruences hold over the integers. {@link InvariantEncoder} turns an invariant
 * into a QF_BV formula with this meaning, {@link #holds} evaluates it on values, and
 * {@link #toString} prints it as a C expression.
 */
public sealed interface Invariant {
    /** Whether the invariant holds when each term has the (exact, C) value {@code values} gives. */
    boolean holds(Function<Term, BigInteger> values);

    /** The terms the invariant reads. */
    Set<Term> terms();

    /** The invariant with each term t read as {@code rename(t)}. */
    Invariant rename(Function<Term, Term> rename);

    /** A comparison operator. */
    enum Op {
        EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

        private final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        boolean test(int comparison) {
            return switch (this) {
                case EQ -> comparison == 0;
                case NE -> comparison != 0;
                case LT -> comparison < 0;
                case LE -> comparison <= 0;
                case GT -> comparison > 0;
                case GE -> comparison >= 0;
            };
        }
    }

    /** {@code left op right}; EQ and NE modulo 2^w of the widest term (see the interface). */
    record Compare(Polynomial left, Op op, Polynomial right) implements Invariant {
        @Override
        public boolean holds(Function<Term, BigInteger> values) {
            Polynomial difference = left.minus(right);
            BigInteger d = difference.evaluate(values);
            if (op == Op.EQ || op == Op.NE) {
                int w = difference.modularWidth();
                boolean zero = w == 0 ? d.signum() == 0 : d.mod(BigInteger.ONE.shiftLeft(w)).signum() == 0;
                return zero == (op == Op.EQ);
            }
            return op.test(d.signum());
        }

        @Override
        public Set<Term> terms() {
            return union(left.terms(), right.terms());
        }

        @Override
        public Invariant rename(Function<Term, Term> rename) {
            return new Compare(left.rename(rename), op, right.rename(rename));
        }

        @Override
        public String toString() {
            return left + " " + op.symbol() + " " + right;
        }
    }

    /** {@code value ≡ residue (mod modulus)} over the integers, 0 ≤ residue < modulus. */
    record Congruence(Polynomial value, BigInteger modulus, BigInteger residue) implements Invariant {
        public Congruence {
            if (modulus.compareTo(BigInteger.TWO) < 0 || residue.signum() < 0 || residue.compareTo(modulus) >= 0) {
                throw new IllegalArgumentException("congruence modulo " + modulus + " with residue " + residue);
            }
        }

        @Override
        public boolean holds(Function<Term, BigInteger> values) {
            return value.evaluate(values).mod(modulus).equals(residue);
        }

        @Override
        public Set<Term> terms() {
            return value.terms();
        }

        @Override
        public Invariant rename(Function<Term, Term> rename) {
            return new Congruence(value.rename(rename), modulus, residue);
        }

        /** C's {@code %} keeps the sign of the dividend, so the residue is subtracted first: {@code (x - 1) % 2 == 0}. */
        @Override
        public String toString() {
            Polynomial shifted = value.minus(Polynomial.constant(residue));
            String p = shifted.coefficients().size() == 1 && !shifted.isConstant()
                    && shifted.coefficients().values().iterator().next().equals(BigInteger.ONE) ? shifted.toString()
                    : "(" + shifted + ")";
            return p + " % " + modulus + " == 0";
        }
    }

    /**
     * {@code value == scale * ((dividend + offset) / modulus) + constant} ({@link QuotientEqualities}):
     * the quotient is C's division, truncating toward zero, of the exact sum (no wrap-around: the sum
     * is printed in {@code long long} where it could leave the dividend's type), so
     * it lies in the range of the dividend's type; the equality holds modulo 2^w as {@link Compare}'s,
     * w the wider of the two terms' widths. The dividend is at most 32 bits wide, so that C can
     * compute the exact sum. The remainder {@code (dividend + offset) % modulus} is
     * {@code dividend + offset - modulus * quotient}, a linear relation the other templates give.
     */
    record Quotient(Term value, BigInteger scale, Term dividend, BigInteger offset, BigInteger modulus, BigInteger constant)
            implements Invariant {
        public Quotient {
            if (modulus.compareTo(BigInteger.TWO) < 0 || offset.signum() < 0 || offset.compareTo(modulus) >= 0
                    || scale.signum() == 0 || dividend.variable().type().width() > 32) {
                throw new IllegalArgumentException("quotient modulo " + modulus + " with offset " + offset + " and scale "
                        + scale + " of a " + dividend.variable().type().width() + "-bit dividend");
            }
        }

        /** The exact quotient of the dividend's value {@code x}: {@code (x + offset) / modulus}, truncated toward zero. */
        public BigInteger quotient(BigInteger x) {
            return x.add(offset).divide(modulus);
        }

        /** The width at which the equality compares: the wider term's. */
        public int width() {
            return Math.max(value.variable().type().width(), dividend.variable().type().width());
        }

        @Override
        public boolean holds(Function<Term, BigInteger> values) {
            BigInteger d = values.apply(value).subtract(scale.multiply(quotient(values.apply(dividend)))).subtract(constant);
            return d.mod(BigInteger.ONE.shiftLeft(width())).signum() == 0;
        }

        @Override
        public Set<Term> terms() {
            return union(Set.of(value), Set.of(dividend));
        }

        @Override
        public Invariant rename(Function<Term, Term> rename) {
            return new Quotient(rename.apply(value), scale, rename.apply(dividend), offset, modulus, constant);
        }

        /**
         * C's text of the exact quotient, of the dividend's type where that is {@code int} or wider, so
         * that C's arithmetic on it wraps as the encoding's does: {@code (int)(((long long)i + 2) / 4)}
         * for an {@code int} i (the sum in {@code long long}, the quotient back in i's range),
         * {@code (c + 2) / 4} for a narrower c (promoted to {@code int}, where the sum cannot wrap).
         */
        public static String quotientText(String dividend, int width, boolean signed, BigInteger offset, BigInteger modulus) {
            if (offset.signum() == 0) {
                return dividend + " / " + modulus;
            }
            if (width < 32) {
                return "(" + dividend + " + " + offset + ") / " + modulus;
            }
            return "(" + (signed ? "int" : "unsigned int") + ")(((long long)" + dividend + " + " + offset + ") / " + modulus + ")";
        }

        @Override
        public String toString() {
            String q = quotientText(dividend.toString(), dividend.variable().type().width(), dividend.variable().type().signed(),
                    offset, modulus);
            String scaled = scale.equals(BigInteger.ONE) ? q : scale + " * (" + q + ")";
            return value + " == " + scaled + (constant.signum() == 0 ? "" : constant.signum() > 0 ? " + " + constant : " - " + constant.negate());
        }
    }

    /** {@code value} is one of {@code values} (Daikon's OneOf), each compared as by {@link Op#EQ}. */
    record OneOf(Polynomial value, List<BigInteger> values) implements Invariant {
        public OneOf {
            values = List.copyOf(values);
            if (values.isEmpty()) {
                throw new IllegalArgumentException("one of no values");
            }
        }

        @Override
        public boolean holds(Function<Term, BigInteger> vals) {
            return values.stream().anyMatch(c -> new Compare(value, Op.EQ, Polynomial.constant(c)).holds(vals));
        }

        @Override
        public Set<Term> terms() {
            return value.terms();
        }

        @Override
        public Invariant rename(Function<Term, Term> rename) {
            return new OneOf(value.rename(rename), values);
        }

        @Override
        public String toString() {
            return values.stream().map(c -> value + " == " + c).collect(Collectors.joining(" || ", "(", ")"));
        }
    }

    /** {@code term} is a power of two, 2^k with k ≥ 0 (Daikon's PowerOfTwo). */
    record PowerOfTwo(Term term) implements Invariant {
        @Override
        public boolean holds(Function<Term, BigInteger> values) {
            BigInteger v = values.apply(term);
            return v.signum() > 0 && v.bitCount() == 1;
        }

        @Override
        public Set<Term> terms() {
            return Set.of(term);
        }

        @Override
        public Invariant rename(Function<Term, Term> rename) {
            return new PowerOfTwo(rename.apply(term));
        }

        @Override
        public String toString() {
            return "(" + term + " > 0 && (" + term + " & (" + term + " - 1)) == 0)";
        }
    }

    /** {@code premise ==> conclusion}, or with {@code both} {@code premise <==> conclusion} (Daikon's implications). */
    record Implication(Invariant premise, Invariant conclusion, boolean both) implements Invariant {
        @Override
        public boolean holds(Function<Term, BigInteger> values) {
            boolean p = premise.holds(values);
            boolean c = conclusion.holds(values);
            return both ? p == c : !p || c;
        }

        @Override
        public Set<Term> terms() {
            return union(premise.terms(), conclusion.terms());
        }

        @Override
        public Invariant rename(Function<Term, Term> rename) {
            return new Implication(premise.rename(rename), conclusion.rename(rename), both);
        }

        @Override
        public String toString() {
            return both ? "(!(" + premise + ") == !(" + conclusion + "))" : "(!(" + premise + ") || (" + conclusion + "))";
        }
    }

    private static Set<Term> union(Set<Term> a, Set<Term> b) {
        Set<Term> out = new java.util.LinkedHashSet<>(a);
        out.addAll(b);
        return out;
    }
}
