package pdpv.daikon;

import java.math.BigInteger;
import java.util.List;

/**
 * An integer term of an invariant as Daikon prints it (thesis §6.3: Daikon's likely invariants,
 * read back from its text output): numbers, variables ({@code x}, {@code orig(x)}), unary and
 * binary operators and function calls. Only the parser builds terms; the importer decides which
 * of them mean something for a loop of the program.
 */
sealed interface DaikonTerm {
    /** An integer literal. */
    record Num(BigInteger value) implements DaikonTerm {
        @Override
        public String toString() {
            return value.toString();
        }
    }

    /** A variable by its trace name; {@code orig} for {@code orig(x)}, its value at the ENTER point. */
    record Var(String name, boolean orig) implements DaikonTerm {
        @Override
        public String toString() {
            return orig ? "orig(" + name + ")" : name;
        }
    }

    /** {@code -t} or {@code ~t}. */
    record Unary(String op, DaikonTerm operand) implements DaikonTerm {
        @Override
        public String toString() {
            return op + operand;
        }
    }

    /** {@code l op r} for one of + - * / % ** & | ^ << >> >>>. */
    record Binary(String op, DaikonTerm left, DaikonTerm right) implements DaikonTerm {
        @Override
        public String toString() {
            return "(" + left + " " + op + " " + right + ")";
        }
    }

    /** {@code f(a, b, ...)}, e.g. Daikon's {@code max(y, z)} or {@code size(a[])}. */
    record Call(String function, List<DaikonTerm> args) implements DaikonTerm {
        public Call {
            args = List.copyOf(args);
        }

        @Override
        public String toString() {
            return function + args.toString().replace('[', '(').replace(']', ')');
        }
    }
}
