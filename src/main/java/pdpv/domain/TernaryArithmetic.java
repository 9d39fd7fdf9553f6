package pdpv.domain;

/**
 * Ternary simulation (thesis Figure 3.7) of the word-level arithmetic operators through their
 * circuits, bit by bit with the values 0, 1 and X: ripple-carry adders, a shift-and-add multiplier
 * and subtract-and-borrow comparators. What a gate's rule cannot decide is X, so every result
 * contains the result of every member of the operands.
 */
public final class TernaryArithmetic {
    private static final int X = 2;

    private TernaryArithmetic() {
    }

    private static int bit(TernaryVector t, int i) {
        long b = 1L << i;
        return (t.mask() & b) == 0 ? X : (t.value() & b) != 0 ? 1 : 0;
    }

    private static int and(int a, int b) {
        return a == 0 || b == 0 ? 0 : a == 1 && b == 1 ? 1 : X;
    }

    private static int or(int a, int b) {
        return a == 1 || b == 1 ? 1 : a == 0 && b == 0 ? 0 : X;
    }

    private static int xor(int a, int b) {
        return a == X || b == X ? X : a ^ b;
    }

    /** The sum bits of a + b + carryIn and, at index width, the carry out. */
    private static int[] ripple(TernaryVector a, TernaryVector b, int carryIn) {
        int w = a.width();
        int[] out = new int[w + 1];
        int c = carryIn;
        for (int i = 0; i < w; i++) {
            int x = bit(a, i);
            int y = bit(b, i);
            out[i] = xor(xor(x, y), c);
            c = or(or(and(x, y), and(x, c)), and(y, c));
        }
        out[w] = c;
        return out;
    }

    private static TernaryVector build(int width, int[] bits) {
        long mask = 0;
        long value = 0;
        for (int i = 0; i < width; i++) {
            if (bits[i] != X) {
                mask |= 1L << i;
                value |= (long) bits[i] << i;
            }
        }
        return new TernaryVector(width, mask, value);
    }

    public static TernaryVector add(TernaryVector a, TernaryVector b) {
        return build(a.width(), ripple(a, b, 0));
    }

    /** a − b as a + ¬b + 1. */
    public static TernaryVector sub(TernaryVector a, TernaryVector b) {
        return build(a.width(), ripple(a, TernaryLogic.not(b), 1));
    }

    public static TernaryVector neg(TernaryVector a) {
        return sub(TernaryVector.exactly(0, a.width()), a);
    }

    /** Shift and add: the partial product of an X bit of b is joined with its absence. */
    public static TernaryVector mul(TernaryVector a, TernaryVector b) {
        int w = a.width();
        TernaryVector acc = TernaryVector.exactly(0, w);
        for (int i = 0; i < w; i++) {
            TernaryVector shifted = new TernaryVector(w, a.mask() << i | ((1L << i) - 1), a.value() << i);
            int bi = bit(b, i);
            if (bi == 1) {
                acc = add(acc, shifted);
            } else if (bi == X) {
                acc = (TernaryVector) Lattice.join(acc, add(acc, shifted));
            }
        }
        return acc;
    }

    /** a ≥ b (unsigned) iff a + ¬b + 1 carries out. */
    private static AbstractTruth uge(TernaryVector a, TernaryVector b) {
        int carry = ripple(a, TernaryLogic.not(b), 1)[a.width()];
        return carry == X ? AbstractTruth.UNKNOWN : AbstractTruth.of(carry == 1);
    }

    /** Signed order is the unsigned order with the sign bits flipped. */
    private static TernaryVector flipSign(TernaryVector a) {
        long sign = Bits.signBit(a.width());
        return new TernaryVector(a.width(), a.mask(), (a.value() ^ sign) & a.mask());
    }

    public static AbstractTruth ult(TernaryVector a, TernaryVector b) {
        return uge(a, b).not();
    }

    public static AbstractTruth ule(TernaryVector a, TernaryVector b) {
        return uge(b, a);
    }

    public static AbstractTruth slt(TernaryVector a, TernaryVector b) {
        return ult(flipSign(a), flipSign(b));
    }

    public static AbstractTruth sle(TernaryVector a, TernaryVector b) {
        return ule(flipSign(a), flipSign(b));
    }
}
