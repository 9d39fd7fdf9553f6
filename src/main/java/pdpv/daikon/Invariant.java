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
 * polynomial equalities), congruences, one-of, powers of two, implications. Equalities and
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
