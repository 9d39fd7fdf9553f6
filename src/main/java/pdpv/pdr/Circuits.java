package pdpv.pdr;

import com.microsoft.z3.enumerations.Z3_decl_kind;
import pdpv.pdr.SimValue.Bits;

/**
 * Ternary simulation (Fig. 3.7) of word-level operators through their circuits: ripple-carry
 * adders, a shift-and-add multiplier and subtract-and-borrow comparators, with bits 0, 1 and X.
 */
final class Circuits {
    private static final int X = 2;

    private Circuits() {
    }

    private static int bit(Bits b, int i) {
        int[] v = b.bit(i);
        return v[0] == v[1] ? v[0] : X;
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

    private static Bits build(int width, int[] bits) {
        long known = 0;
        long value = 0;
        for (int i = 0; i < width; i++) {
            if (bits[i] != X) {
                known |= 1L << i;
                value |= (long) bits[i] << i;
            }
        }
        return new Bits(width, known, value);
    }

    /** The sum bits and the carry out of a + b + carryIn. */
    private static int[] ripple(Bits a, Bits b, int carryIn) {
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

    static Bits add(Bits a, Bits b, int carryIn) {
        return build(a.width(), ripple(a, b, carryIn));
    }

    static Bits neg(Bits a) {
        return add(new Bits(a.width(), a.known(), ~a.value()), Bits.of(a.width(), 0), 1);
    }

    static Bits mul(Bits a, Bits b) {
        int w = a.width();
        Bits acc = Bits.of(w, 0);
        for (int i = 0; i < w; i++) {
            Bits shifted = new Bits(w, (a.known() << i) | SimValue.mask(i), a.value() << i);
            int bi = bit(b, i);
            if (bi == 1) {
                acc = add(acc, shifted, 0);
            } else if (bi == X) {
                Bits sum = add(acc, shifted, 0);
                long agree = acc.known() & sum.known() & ~(acc.value() ^ sum.value());
                acc = new Bits(w, agree, acc.value());
            }
        }
        return acc;
    }

    /** Comparators: a ≥ b (unsigned) iff a + ¬b + 1 carries out; signed compares flip the sign bits. */
    static Bits compare(Z3_decl_kind kind, Bits a, Bits b) {
        boolean signed = switch (kind) {
            case Z3_OP_SLEQ, Z3_OP_SLT, Z3_OP_SGEQ, Z3_OP_SGT -> true;
            default -> false;
        };
        if (signed) {
            long sign = 1L << (a.width() - 1);
            a = new Bits(a.width(), a.known(), a.value() ^ sign);
            b = new Bits(b.width(), b.known(), b.value() ^ sign);
        }
        return switch (kind) {
            case Z3_OP_SGEQ, Z3_OP_UGEQ -> geq(a, b);
            case Z3_OP_SLT, Z3_OP_ULT -> flip(geq(a, b));
            case Z3_OP_SLEQ, Z3_OP_ULEQ -> geq(b, a);
            default -> flip(geq(b, a));
        };
    }

    private static Bits geq(Bits a, Bits b) {
        int carry = ripple(a, new Bits(b.width(), b.known(), ~b.value()), 1)[a.width()];
        return carry == X ? Bits.unknown(1) : Bits.of(1, carry);
    }

    private static Bits flip(Bits b) {
        return new Bits(1, b.known(), ~b.value());
    }

    static Bits extract(Bits b, int hi, int lo) {
        int w = hi - lo + 1;
        return new Bits(w, b.known() >>> lo, b.value() >>> lo);
    }
}
