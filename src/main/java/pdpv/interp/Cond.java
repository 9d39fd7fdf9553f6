package pdpv.interp;

/**
 * A compiled truth value of the interpreter of thesis §4.3.2 (a comparison, a test of a scalar,
 * a Boolean combination) in the state whose slots are {@code v}; see {@link CompilingAlgebra}.
 */
abstract class Cond {
    abstract boolean test(long[] v);

    /** A truth value that does not depend on the state. */
    static final class Fixed extends Cond {
        final boolean value;

        Fixed(boolean value) {
            this.value = value;
        }

        @Override
        boolean test(long[] v) {
            return value;
        }
    }

    /** The negation of another condition, kept apart so that a double negation folds away. */
    static final class Not extends Cond {
        final Cond operand;

        Not(Cond operand) {
            this.operand = operand;
        }

        @Override
        boolean test(long[] v) {
            return !operand.test(v);
        }
    }

    /** Any other condition, as a lambda over the state. */
    static final class Op extends Cond {
        private final Fn fn;

        Op(Fn fn) {
            this.fn = fn;
        }

        @Override
        boolean test(long[] v) {
            return fn.test(v);
        }
    }

    /** The body of an {@link Op}. */
    @FunctionalInterface
    interface Fn {
        boolean test(long[] v);
    }
}
