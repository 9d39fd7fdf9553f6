package pdpv.pdr.aiger;

import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import com.microsoft.z3.enumerations.Z3_decl_kind;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * Bit-blasts Z3 bit-vector and Boolean terms into an {@link Aig}: a bit-vector of width w becomes w
 * literals, least significant first; a Boolean term one literal. The terms are those the BTOR2
 * reader builds ({@code Btor2Operators}), so the circuit has exactly the semantics {@code pdpv mc}
 * checks, SMT-LIB's. Operator by operator:
 * <ul>
 *   <li>{@code bvnot/and/or/xor/nand/nor/xnor}, {@code not/and/or/xor/=>/ite} (Boolean and
 *       bit-vector), {@code concat}, {@code extract}, {@code zero_extend}, {@code sign_extend},
 *       {@code repeat}, {@code bvredand/bvredor}, {@code bvcomp}: wiring and one gate per bit;
 *   <li>{@code bvadd}: a ripple-carry adder; {@code bvsub} a + ¬b + 1; {@code bvneg} 0 − a;
 *   <li>{@code bvmul}: shift-and-add of the partial products, truncated to w bits;
 *   <li>{@code bvudiv/bvurem}: restoring division, one compare-and-subtract per quotient bit; a zero
 *       divisor gives the all-ones quotient and the dividend as remainder, as SMT-LIB defines;
 *   <li>{@code bvsdiv/bvsrem/bvsmod}: SMT-LIB's definitions by the unsigned ones on absolute values;
 *   <li>{@code bvshl/bvlshr/bvashr} by a bit-vector: a barrel shifter over the amount's bits below
 *       w, the fill value when a higher bit is set; rotations by a constant are wiring, by a
 *       bit-vector ({@code ext_rotate_left/right}) a barrel rotator (stage j rotates by 2^j mod w);
 *   <li>{@code =}, {@code distinct}: equality of the bit vectors; unsigned comparisons from the
 *       borrow of a − b, signed ones the same with the sign bits swapped;
 *   <li>{@code bvumul_noovfl}, {@code bvsmul_noovfl}, {@code bvsmul_noudfl} (BTOR2's {@code umulo},
 *       {@code smulo}): the exact 2w-bit product compared with the w-bit range. The other overflow
 *       predicates are built by Z3 from the operators above.
 * </ul>
 * Free constants (state variables, inputs) must be bound with {@link #bind} first.
 */
public final class BitBlaster {
    private final Aig aig;
    private final Map<Integer, int[]> memo = new HashMap<>();

    public BitBlaster(Aig aig) {
        this.aig = aig;
    }

    /** Binds the constant {@code var} (a state variable or input) to these literals, least significant first. */
    public void bind(Expr<?> var, int[] bits) {
        memo.put(var.getId(), bits);
    }

    /** The literals of a bit-vector term, least significant first. */
    public int[] bits(Expr<?> term) {
        Deque<Expr<?>> stack = new ArrayDeque<>();
        stack.push(term);
        while (!stack.isEmpty()) {
            Expr<?> e = stack.peek();
            if (memo.containsKey(e.getId())) {
                stack.pop();
                continue;
            }
            Expr<?>[] args = e.getNumArgs() == 0 ? new Expr<?>[0] : e.getArgs();
            boolean ready = true;
            for (Expr<?> a : args) {
                if (!memo.containsKey(a.getId())) {
                    stack.push(a);
                    ready = false;
                }
            }
            if (ready) {
                stack.pop();
                int[][] operands = new int[args.length][];
                for (int i = 0; i < args.length; i++) {
                    operands[i] = memo.get(args[i].getId());
                }
                memo.put(e.getId(), blast(e, operands));
            }
        }
        return memo.get(term.getId());
    }

    /** The literal of a Boolean term. */
    public int literal(BoolExpr term) {
        return bits(term)[0];
    }

    private int[] blast(Expr<?> e, int[][] a) {
        Z3_decl_kind kind = e.getFuncDecl().getDeclKind();
        return switch (kind) {
            case Z3_OP_TRUE -> new int[] {Aig.TRUE};
            case Z3_OP_FALSE -> new int[] {Aig.FALSE};
            case Z3_OP_BNUM -> constant(((BitVecNum) e).getBigInteger(), ((BitVecNum) e).getSortSize());
            case Z3_OP_BIT0 -> new int[] {Aig.FALSE};
            case Z3_OP_BIT1 -> new int[] {Aig.TRUE};
            case Z3_OP_NOT -> new int[] {Aig.not(a[0][0])};
            case Z3_OP_AND -> new int[] {aig.and(firsts(a))};
            case Z3_OP_OR -> new int[] {aig.or(firsts(a))};
            case Z3_OP_XOR -> new int[] {aig.xor(a[0][0], a[1][0])};
            case Z3_OP_IMPLIES -> new int[] {aig.or(Aig.not(a[0][0]), a[1][0])};
            case Z3_OP_EQ, Z3_OP_IFF -> new int[] {equal(a[0], a[1])};
            case Z3_OP_DISTINCT -> new int[] {distinct(a)};
            case Z3_OP_ITE -> ite(a[0][0], a[1], a[2]);
            case Z3_OP_BNOT -> map(a[0], Aig::not);
            case Z3_OP_BAND -> fold(a, aig::and);
            case Z3_OP_BOR -> fold(a, aig::or);
            case Z3_OP_BXOR -> fold(a, aig::xor);
            case Z3_OP_BNAND -> map(fold(a, aig::and), Aig::not);
            case Z3_OP_BNOR -> map(fold(a, aig::or), Aig::not);
            case Z3_OP_BXNOR -> map(fold(a, aig::xor), Aig::not);
            case Z3_OP_BREDAND -> new int[] {aig.and(a[0])};
            case Z3_OP_BREDOR -> new int[] {aig.or(a[0])};
            case Z3_OP_BCOMP -> new int[] {equal(a[0], a[1])};
            case Z3_OP_BIT2BOOL -> new int[] {a[0][e.getFuncDecl().getParameters()[0].getInt()]};
            case Z3_OP_CONCAT -> concat(a);
            case Z3_OP_EXTRACT -> extract(a[0], intParameter(e, 0), intParameter(e, 1));
            case Z3_OP_ZERO_EXT -> extend(a[0], intParameter(e, 0), Aig.FALSE);
            case Z3_OP_SIGN_EXT -> extend(a[0], intParameter(e, 0), a[0][a[0].length - 1]);
            case Z3_OP_REPEAT -> repeat(a[0], intParameter(e, 0));
            case Z3_OP_BADD -> foldArith(a, (x, y) -> add(x, y, Aig.FALSE));
            case Z3_OP_BSUB -> foldArith(a, this::sub);
            case Z3_OP_BNEG -> neg(a[0]);
            case Z3_OP_BMUL -> foldArith(a, this::mul);
            case Z3_OP_BUDIV, Z3_OP_BUDIV_I -> divide(a[0], a[1])[0];
            case Z3_OP_BUREM, Z3_OP_BUREM_I -> divide(a[0], a[1])[1];
            case Z3_OP_BSDIV, Z3_OP_BSDIV_I -> sdiv(a[0], a[1]);
            case Z3_OP_BSREM, Z3_OP_BSREM_I -> srem(a[0], a[1]);
            case Z3_OP_BSMOD, Z3_OP_BSMOD_I -> smod(a[0], a[1]);
            case Z3_OP_ULT -> new int[] {ult(a[0], a[1])};
            case Z3_OP_ULEQ -> new int[] {Aig.not(ult(a[1], a[0]))};
            case Z3_OP_UGT -> new int[] {ult(a[1], a[0])};
            case Z3_OP_UGEQ -> new int[] {Aig.not(ult(a[0], a[1]))};
            case Z3_OP_SLT -> new int[] {slt(a[0], a[1])};
            case Z3_OP_SLEQ -> new int[] {Aig.not(slt(a[1], a[0]))};
            case Z3_OP_SGT -> new int[] {slt(a[1], a[0])};
            case Z3_OP_SGEQ -> new int[] {Aig.not(slt(a[0], a[1]))};
            case Z3_OP_BSHL -> shift(a[0], a[1], Shift.LEFT);
            case Z3_OP_BLSHR -> shift(a[0], a[1], Shift.LOGICAL_RIGHT);
            case Z3_OP_BASHR -> shift(a[0], a[1], Shift.ARITHMETIC_RIGHT);
            case Z3_OP_ROTATE_LEFT -> rotateLeft(a[0], intParameter(e, 0));
            case Z3_OP_ROTATE_RIGHT -> rotateLeft(a[0], a[0].length - intParameter(e, 0) % a[0].length);
            case Z3_OP_EXT_ROTATE_LEFT -> rotate(a[0], a[1], true);
            case Z3_OP_EXT_ROTATE_RIGHT -> rotate(a[0], a[1], false);
            case Z3_OP_BUMUL_NO_OVFL -> new int[] {umulNoOverflow(a[0], a[1])};
            case Z3_OP_BSMUL_NO_OVFL -> new int[] {smulInRange(a[0], a[1], true)};
            case Z3_OP_BSMUL_NO_UDFL -> new int[] {smulInRange(a[0], a[1], false)};
            case Z3_OP_UNINTERPRETED -> throw new IllegalArgumentException("unbound constant " + e);
            default -> throw new IllegalArgumentException("cannot bit-blast the Z3 operator " + kind + " in " + e);
        };
    }

    private static int intParameter(Expr<?> e, int i) {
        return e.getFuncDecl().getParameters()[i].getInt();
    }

    private static int[] firsts(int[][] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i][0];
        }
        return r;
    }

    private interface Gate {
        int apply(int a, int b);
    }

    private interface Arith {
        int[] apply(int[] a, int[] b);
    }

    private static int[] map(int[] a, java.util.function.IntUnaryOperator f) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = f.applyAsInt(a[i]);
        }
        return r;
    }

    private static int[] fold(int[][] a, Gate g) {
        int[] r = a[0].clone();
        for (int k = 1; k < a.length; k++) {
            for (int i = 0; i < r.length; i++) {
                r[i] = g.apply(r[i], a[k][i]);
            }
        }
        return r;
    }

    private static int[] foldArith(int[][] a, Arith f) {
        int[] r = a[0];
        for (int k = 1; k < a.length; k++) {
            r = f.apply(r, a[k]);
        }
        return r;
    }

    static int[] constant(BigInteger value, int width) {
        int[] r = new int[width];
        for (int i = 0; i < width; i++) {
            r[i] = value.testBit(i) ? Aig.TRUE : Aig.FALSE;
        }
        return r;
    }

    private int[] ite(int s, int[] t, int[] e) {
        int[] r = new int[t.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = aig.mux(s, t[i], e[i]);
        }
        return r;
    }

    private int equal(int[] a, int[] b) {
        int r = Aig.TRUE;
        for (int i = 0; i < a.length; i++) {
            r = aig.and(r, aig.xnor(a[i], b[i]));
        }
        return r;
    }

    private int distinct(int[][] a) {
        int r = Aig.TRUE;
        for (int i = 0; i < a.length; i++) {
            for (int j = i + 1; j < a.length; j++) {
                r = aig.and(r, Aig.not(equal(a[i], a[j])));
            }
        }
        return r;
    }

    /** Z3's concat: the first argument is the most significant. */
    private static int[] concat(int[][] a) {
        int width = 0;
        for (int[] x : a) {
            width += x.length;
        }
        int[] r = new int[width];
        int at = 0;
        for (int k = a.length - 1; k >= 0; k--) {
            System.arraycopy(a[k], 0, r, at, a[k].length);
            at += a[k].length;
        }
        return r;
    }

    private static int[] extract(int[] a, int high, int low) {
        int[] r = new int[high - low + 1];
        System.arraycopy(a, low, r, 0, r.length);
        return r;
    }

    private static int[] extend(int[] a, int by, int fill) {
        int[] r = new int[a.length + by];
        System.arraycopy(a, 0, r, 0, a.length);
        for (int i = a.length; i < r.length; i++) {
            r[i] = fill;
        }
        return r;
    }

    private static int[] repeat(int[] a, int times) {
        int[] r = new int[a.length * times];
        for (int k = 0; k < times; k++) {
            System.arraycopy(a, 0, r, k * a.length, a.length);
        }
        return r;
    }

    /** Ripple-carry a + b + carry, truncated to the operands' width. */
    private int[] add(int[] a, int[] b, int carry) {
        int[] r = new int[a.length];
        int c = carry;
        for (int i = 0; i < a.length; i++) {
            int x = aig.xor(a[i], b[i]);
            r[i] = aig.xor(x, c);
            c = aig.or(aig.and(a[i], b[i]), aig.and(x, c));
        }
        return r;
    }

    private int[] sub(int[] a, int[] b) {
        return add(a, map(b, Aig::not), Aig.TRUE);
    }

    private int[] neg(int[] a) {
        return sub(constant(BigInteger.ZERO, a.length), a);
    }

    /** a < b unsigned: no carry out of a + ¬b + 1. */
    private int ult(int[] a, int[] b) {
        int c = Aig.TRUE;
        for (int i = 0; i < a.length; i++) {
            int nb = Aig.not(b[i]);
            c = aig.or(aig.and(a[i], nb), aig.and(aig.xor(a[i], nb), c));
        }
        return Aig.not(c);
    }

    /** a < b signed: unsigned with the sign bits exchanged. */
    private int slt(int[] a, int[] b) {
        int top = a.length - 1;
        int[] x = a.clone();
        int[] y = b.clone();
        x[top] = b[top];
        y[top] = a[top];
        return ult(x, y);
    }

    /** Shift-and-add: the sum of (b_i ? a << i : 0), bits at or above w dropped. */
    private int[] mul(int[] a, int[] b) {
        int w = a.length;
        int[] acc = constant(BigInteger.ZERO, w);
        for (int i = 0; i < w; i++) {
            int[] partial = constant(BigInteger.ZERO, w);
            for (int j = 0; j + i < w; j++) {
                partial[j + i] = aig.and(a[j], b[i]);
            }
            acc = add(acc, partial, Aig.FALSE);
        }
        return acc;
    }

    /**
     * Restoring division of unsigned a by b: {quotient, remainder}. For b = 0 every trial
     * subtraction succeeds, so the quotient is all ones and the remainder a (SMT-LIB).
     */
    private int[][] divide(int[] a, int[] b) {
        int w = a.length;
        int[] rem = constant(BigInteger.ZERO, w + 1);
        int[] divisor = extend(b, 1, Aig.FALSE);
        int[] quotient = new int[w];
        for (int i = w - 1; i >= 0; i--) {
            int[] shifted = new int[w + 1];
            shifted[0] = a[i];
            System.arraycopy(rem, 0, shifted, 1, w);
            int fits = Aig.not(ult(shifted, divisor));
            quotient[i] = fits;
            rem = ite(fits, sub(shifted, divisor), shifted);
        }
        return new int[][] {quotient, extract(rem, w - 1, 0)};
    }

    private int[] abs(int[] a) {
        return ite(a[a.length - 1], neg(a), a);
    }

    /** SMT-LIB bvsdiv: the unsigned quotient of the absolute values, negated when the signs differ. */
    private int[] sdiv(int[] s, int[] t) {
        int[] q = divide(abs(s), abs(t))[0];
        return ite(aig.xor(s[s.length - 1], t[t.length - 1]), neg(q), q);
    }

    /** SMT-LIB bvsrem: the unsigned remainder of the absolute values, with the dividend's sign. */
    private int[] srem(int[] s, int[] t) {
        int[] r = divide(abs(s), abs(t))[1];
        return ite(s[s.length - 1], neg(r), r);
    }

    /** SMT-LIB bvsmod: the remainder u of the absolute values, adjusted to the divisor's sign. */
    private int[] smod(int[] s, int[] t) {
        int ms = s[s.length - 1];
        int mt = t[t.length - 1];
        int[] u = divide(abs(s), abs(t))[1];
        int uZero = equal(u, constant(BigInteger.ZERO, u.length));
        int[] negU = neg(u);
        int[] adjusted = ite(ms, ite(mt, negU, add(negU, t, Aig.FALSE)), ite(mt, add(u, t, Aig.FALSE), u));
        return ite(uZero, u, adjusted);
    }

    private enum Shift { LEFT, LOGICAL_RIGHT, ARITHMETIC_RIGHT }

    /**
     * A barrel shifter: stage j shifts by 2^j when bit j of the amount is set, for 2^j < w; an
     * amount with a higher bit set is at least w and gives the fill (0, or the sign for ashr).
     */
    private int[] shift(int[] a, int[] amount, Shift kind) {
        int w = a.length;
        int fill = kind == Shift.ARITHMETIC_RIGHT ? a[w - 1] : Aig.FALSE;
        int[] r = a;
        int tooFar = Aig.FALSE;
        for (int j = 0; j < amount.length; j++) {
            if (j >= 31 || (1L << j) >= w) {
                tooFar = aig.or(tooFar, amount[j]);
                continue;
            }
            int by = 1 << j;
            int[] shifted = new int[w];
            for (int i = 0; i < w; i++) {
                int from = kind == Shift.LEFT ? i - by : i + by;
                shifted[i] = from >= 0 && from < w ? r[from] : fill;
            }
            r = ite(amount[j], shifted, r);
        }
        int[] filled = new int[w];
        java.util.Arrays.fill(filled, fill);
        return ite(tooFar, filled, r);
    }

    private static int[] rotateLeft(int[] a, int by) {
        int w = a.length;
        int k = Math.floorMod(by, w);
        int[] r = new int[w];
        for (int i = 0; i < w; i++) {
            r[(i + k) % w] = a[i];
        }
        return r;
    }

    /** A barrel rotator: stage j rotates by 2^j mod w, so the stages together rotate by the amount mod w. */
    private int[] rotate(int[] a, int[] amount, boolean left) {
        int w = a.length;
        int[] r = a;
        for (int j = 0; j < amount.length; j++) {
            int by = BigInteger.ONE.shiftLeft(j).mod(BigInteger.valueOf(w)).intValue();
            int[] rotated = rotateLeft(r, left ? by : w - by);
            r = ite(amount[j], rotated, r);
        }
        return r;
    }

    /** a · b < 2^w: the high half of the 2w-bit product is zero. */
    private int umulNoOverflow(int[] a, int[] b) {
        int w = a.length;
        int[] p = mul(extend(a, w, Aig.FALSE), extend(b, w, Aig.FALSE));
        int high = Aig.FALSE;
        for (int i = w; i < 2 * w; i++) {
            high = aig.or(high, p[i]);
        }
        return Aig.not(high);
    }

    /** The exact 2w-bit signed product is at most 2^(w−1) − 1 ({@code upper}) or at least −2^(w−1). */
    private int smulInRange(int[] a, int[] b, boolean upper) {
        int w = a.length;
        int[] p = mul(extend(a, w, a[w - 1]), extend(b, w, b[w - 1]));
        BigInteger bound = BigInteger.ONE.shiftLeft(w - 1);
        if (upper) {
            int[] max = constant(bound.subtract(BigInteger.ONE), 2 * w);
            return Aig.not(slt(max, p));
        }
        int[] min = constant(bound.negate().mod(BigInteger.ONE.shiftLeft(2 * w)), 2 * w);
        return Aig.not(slt(p, min));
    }
}
