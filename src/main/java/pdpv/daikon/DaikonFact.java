package pdpv.daikon;

import java.math.BigInteger;
import java.util.List;

/**
 * One invariant line of Daikon's printed output as a formula over {@link DaikonTerm}s (thesis
 * §6.3). Every int invariant Daikon prints by default has one of these shapes: a comparison
 * ({@code x == 5}, {@code x <= y}, {@code 2 * x - y + 3 == 0}, {@code y == x**2},
 * {@code x % y == 0}), a congruence ({@code x == 1  (mod 3)}), a one-of set, a power of two, or an
 * implication or equivalence of two of them.
 */
sealed interface DaikonFact {
    /** {@code l op r} for one of == != < <= > >=. */
    record Compare(String op, DaikonTerm left, DaikonTerm right) implements DaikonFact {
        @Override
        public String toString() {
            return left + " " + op + " " + right;
        }
    }

    /** {@code l == r  (mod m)} ({@code equal}) or {@code l != r  (mod m)}. */
    record Congruence(boolean equal, DaikonTerm left, DaikonTerm right, BigInteger modulus) implements DaikonFact {
        @Override
        public String toString() {
            return left + (equal ? " == " : " != ") + right + " (mod " + modulus + ")";
        }
    }

    /** {@code t one of { v1, v2, ... }} (also {@code t is boolean}: one of { 0, 1 }). */
    record OneOf(DaikonTerm term, List<BigInteger> values) implements DaikonFact {
        public OneOf {
            values = List.copyOf(values);
        }

        @Override
        public String toString() {
            return term + " one of " + values;
        }
    }

    /** {@code t is a power of 2}: exactly one bit of t is set and t is positive. */
    record PowerOfTwo(DaikonTerm term) implements DaikonFact {
        @Override
        public String toString() {
            return term + " is a power of 2";
        }
    }

    /** {@code (p) ==> (q)}. */
    record Implies(DaikonFact premise, DaikonFact conclusion) implements DaikonFact {
        @Override
        public String toString() {
            return "(" + premise + ") ==> (" + conclusion + ")";
        }
    }

    /** {@code (p) <==> (q)}. */
    record Iff(DaikonFact left, DaikonFact right) implements DaikonFact {
        @Override
        public String toString() {
            return "(" + left + ") <==> (" + right + ")";
        }
    }
}
