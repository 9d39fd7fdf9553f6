package pdpv.interp;

/**
 * A compiled IR expression of the interpreter of thesis §4.3.2: its value as normalized bits of
 * {@link #width} in the state whose slots are {@code v} (see {@link CompilingAlgebra}). Constants
 * and slot reads are kinds of their own, so that the compiling algebra can fold the common shapes
 * ({@code x + 1}, {@code x < c}) into one node.
 */
abstract class Code {
    final int width;
    final long mask;

    Code(int width) {
        this.width = width;
        this.mask = Words64.mask(width);
    }

    abstract long eval(long[] v);

    /** A constant. */
    static final class Const extends Code {
        final long bits;

        Const(long bits, int width) {
            super(width);
            this.bits = bits & mask;
        }

        @Override
        long eval(long[] v) {
            return bits;
        }
    }

    /** The value of a variable: its slot. */
    static final class Slot extends Code {
        final int slot;

        Slot(int slot, int width) {
            super(width);
            this.slot = slot;
        }

        @Override
        long eval(long[] v) {
            return v[slot];
        }
    }

    /** C's int 0 or 1 of a truth value (what a comparison yields), kept apart so that a test of it folds back. */
    static final class Truth extends Code {
        final Cond condition;

        Truth(Cond condition, int width) {
            super(width);
            this.condition = condition;
        }

        @Override
        long eval(long[] v) {
            return condition.test(v) ? 1 : 0;
        }
    }

    /** Any other operation, as a lambda over the state. */
    static final class Op extends Code {
        private final Fn fn;

        Op(int width, Fn fn) {
            super(width);
            this.fn = fn;
        }

        @Override
        long eval(long[] v) {
            return fn.eval(v);
        }
    }

    /** The body of an {@link Op}. */
    @FunctionalInterface
    interface Fn {
        long eval(long[] v);
    }

    /** Masks of widths 1..64 without a check on the hot path. */
    static final class Words64 {
        private Words64() {
        }

        static long mask(int width) {
            return width == 64 ? -1L : (1L << width) - 1;
        }
    }
}
