package pdpv.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.BitVec;
import pdpv.semantics.CSemantics;
import pdpv.semantics.CType;
import pdpv.semantics.ConcreteAlgebra;
import pdpv.semantics.DataModel;
import pdpv.semantics.SignedOverflow;

/**
 * {@link CSemantics#overflows} against the mathematical definition (C11 §6.5p5, §6.5.7p4): the
 * exact result, computed with BigInteger, leaves the type's range. Edge-biased random operands of
 * every signed width the data models have; concretely (the interpreter's algebra) and through Z3
 * (the encoder's), so that model and replay agree. Unsigned operations never overflow.
 */
class SignedOverflowPropertyTest {
    private static final int CASES = 20_000;
    private static final int Z3_CASES = 300;
    private static final List<BinaryOp> OPS = List.of(BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL, BinaryOp.DIV,
            BinaryOp.REM, BinaryOp.SHL);
    private static final int[] WIDTHS = {8, 16, 32, 64};

    private final CSemantics semantics = new CSemantics(DataModel.LP64, SignedOverflow.ERROR);
    private final ConcreteAlgebra concrete = new ConcreteAlgebra();

    private static CType signedOfWidth(int w) {
        CType.Kind kind = switch (w) {
            case 8 -> CType.Kind.CHAR;
            case 16 -> CType.Kind.SHORT;
            case 32 -> CType.Kind.INT;
            default -> CType.Kind.LONG_LONG;
        };
        return new CType(kind, w, true);
    }

    /** Whether the mathematical result of {@code a op b} is outside the range of signed width {@code w}. */
    private static boolean reference(BinaryOp op, int w, long a, long b) {
        BigInteger x = BigInteger.valueOf(a);
        BigInteger y = BigInteger.valueOf(b);
        BigInteger min = BigInteger.ONE.shiftLeft(w - 1).negate();
        BigInteger max = BigInteger.ONE.shiftLeft(w - 1).subtract(BigInteger.ONE);
        BigInteger exact = switch (op) {
            case ADD -> x.add(y);
            case SUB -> x.subtract(y);
            case MUL -> x.multiply(y);
            case DIV, REM -> y.signum() == 0 ? BigInteger.ZERO : x.divide(y);
            default -> {
                if (b < 0 || b >= w) {
                    yield BigInteger.ZERO;
                }
                yield a < 0 ? min.subtract(BigInteger.ONE) : x.shiftLeft((int) b);
            }
        };
        return exact.compareTo(min) < 0 || exact.compareTo(max) > 0;
    }

    private static long operand(Random r, int w) {
        long[] edges = {0, 1, -1, 2, -2, (1L << (w - 1)) - 1, -(1L << (w - 1)), (1L << (w - 1)) - 2,
                -(1L << (w - 1)) + 1, w - 1, w, 1L << (w / 2), -(1L << (w / 2))};
        long v = r.nextInt(3) == 0 ? edges[r.nextInt(edges.length)] : r.nextLong();
        return new BitVec(v, w).signedValue();
    }

    @Test
    void concreteOverflowIsTheExactResultLeavingTheRange() {
        Random r = new Random(12);
        for (int i = 0; i < CASES; i++) {
            int w = WIDTHS[r.nextInt(WIDTHS.length)];
            BinaryOp op = OPS.get(r.nextInt(OPS.size()));
            long a = operand(r, w);
            long b = op == BinaryOp.SHL && r.nextBoolean() ? r.nextInt(w + 2) : operand(r, w);
            boolean got = semantics.overflows(concrete, op, signedOfWidth(w), new BitVec(a, w), new BitVec(b, w));
            assertEquals(reference(op, w, a, b), got, a + " " + op.symbol() + " " + b + " in " + w + " bits");
            CType unsigned = new CType(signedOfWidth(w).kind(), w, false);
            assertEquals(false, semantics.overflows(concrete, op, unsigned, new BitVec(a, w), new BitVec(b, w)));
        }
    }

    @Test
    void z3AgreesWithTheConcreteAlgebra() {
        Random r = new Random(7);
        try (Context ctx = new Context()) {
            Z3Algebra z3 = new Z3Algebra(ctx);
            for (int i = 0; i < Z3_CASES; i++) {
                int w = WIDTHS[r.nextInt(WIDTHS.length)];
                BinaryOp op = OPS.get(r.nextInt(OPS.size()));
                long a = operand(r, w);
                long b = op == BinaryOp.SHL ? r.nextInt(w + 2) : operand(r, w);
                BitVecExpr x = z3.constant(a, w);
                BitVecExpr y = z3.constant(b, w);
                BoolExpr got = (BoolExpr) semantics.overflows(z3, op, signedOfWidth(w), x, y).simplify();
                assertEquals(reference(op, w, a, b), got.isTrue(), a + " " + op.symbol() + " " + b + " in " + w + " bits");
            }
        }
    }
}
