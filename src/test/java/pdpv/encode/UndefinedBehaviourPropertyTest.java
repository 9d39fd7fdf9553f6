package pdpv.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import pdpv.semantics.UndefinedBehaviour;

/**
 * {@link CSemantics#undefined} against the mathematical definitions of C11, computed with
 * BigInteger: a signed overflow is an exact result outside the type's range (§6.5p5; for {@code %}
 * the quotient's, §6.5.5p6; for {@code <<} a negative left operand or {@code E1 * 2^E2}, §6.5.7p4),
 * a division by zero a zero divisor (§6.5.5p5), an undefined shift an amount that is negative or at
 * least the width (§6.5.7p3). Edge-biased random operands of every width the data models have, both
 * signednesses, every operator; concretely (the interpreter's algebra) and through Z3 (the
 * encoder's), so that model and replay agree; and no operation has two kinds at once.
 */
class UndefinedBehaviourPropertyTest {
    private static final int CASES = 20_000;
    private static final int Z3_CASES = 400;
    private static final List<BinaryOp> OPS = List.of(BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL, BinaryOp.DIV,
            BinaryOp.REM, BinaryOp.SHL, BinaryOp.SHR, BinaryOp.AND, BinaryOp.OR, BinaryOp.XOR);
    private static final int[] WIDTHS = {8, 16, 32, 64};

    private static final List<UndefinedBehaviour> ARITHMETIC = java.util.Arrays.stream(UndefinedBehaviour.values())
            .filter(k -> !k.ofSubscripts() && !k.ofPointers()).toList();

    private final CSemantics semantics = new CSemantics(DataModel.LP64);
    private final ConcreteAlgebra concrete = new ConcreteAlgebra();

    private static CType typeOfWidth(int w, boolean signed) {
        CType.Kind kind = switch (w) {
            case 8 -> CType.Kind.CHAR;
            case 16 -> CType.Kind.SHORT;
            case 32 -> CType.Kind.INT;
            default -> CType.Kind.LONG_LONG;
        };
        return new CType(kind, w, signed);
    }

    /** The mathematical value of the {@code w} low bits of {@code bits} under the signedness. */
    private static BigInteger value(long bits, int w, boolean signed) {
        BigInteger v = BigInteger.valueOf(bits).and(BigInteger.ONE.shiftLeft(w).subtract(BigInteger.ONE));
        return signed && v.testBit(w - 1) ? v.subtract(BigInteger.ONE.shiftLeft(w)) : v;
    }

    /** Whether {@code a op b} has undefined behaviour of {@code kind} by C11's words. */
    private static boolean reference(UndefinedBehaviour kind, BinaryOp op, int w, boolean signed, long a, long b) {
        BigInteger x = value(a, w, signed);
        BigInteger y = value(b, w, signed);
        boolean division = op == BinaryOp.DIV || op == BinaryOp.REM;
        boolean shift = op == BinaryOp.SHL || op == BinaryOp.SHR;
        boolean amountOutOfRange = y.signum() < 0 || y.compareTo(BigInteger.valueOf(w)) >= 0;
        return switch (kind) {
            case DIVISION_BY_ZERO -> division && y.signum() == 0;
            case SHIFT -> shift && amountOutOfRange;
            case ARRAY_BOUNDS, NULL_DEREFERENCE, UNINITIALIZED_POINTER -> throw new AssertionError("not a kind of arithmetic");
            case SIGNED_OVERFLOW -> {
                if (!signed) {
                    yield false;
                }
                BigInteger exact = switch (op) {
                    case ADD -> x.add(y);
                    case SUB -> x.subtract(y);
                    case MUL -> x.multiply(y);
                    case DIV, REM -> y.signum() == 0 ? BigInteger.ZERO : x.divide(y);
                    case SHL -> amountOutOfRange ? BigInteger.ZERO
                            : x.signum() < 0 ? BigInteger.ONE.shiftLeft(w) : x.shiftLeft(y.intValue());
                    default -> BigInteger.ZERO;
                };
                BigInteger min = BigInteger.ONE.shiftLeft(w - 1).negate();
                BigInteger max = BigInteger.ONE.shiftLeft(w - 1).subtract(BigInteger.ONE);
                yield exact.compareTo(min) < 0 || exact.compareTo(max) > 0;
            }
        };
    }

    private static long operand(Random r, int w) {
        long[] edges = {0, 1, -1, 2, -2, (1L << (w - 1)) - 1, -(1L << (w - 1)), (1L << (w - 1)) - 2,
                -(1L << (w - 1)) + 1, w - 1, w, w + 1, 1L << (w / 2), -(1L << (w / 2))};
        long v = r.nextInt(3) == 0 ? edges[r.nextInt(edges.length)] : r.nextLong();
        return new BitVec(v, w).signedValue();
    }

    private static long amount(Random r, BinaryOp op, int w) {
        boolean shift = op == BinaryOp.SHL || op == BinaryOp.SHR;
        return shift && r.nextBoolean() ? r.nextInt(w + 3) - 1 : operand(r, w);
    }

    @Test
    void concreteDefinitionsAreC11s() {
        Random r = new Random(12);
        for (int i = 0; i < CASES; i++) {
            int w = WIDTHS[r.nextInt(WIDTHS.length)];
            boolean signed = r.nextBoolean();
            BinaryOp op = OPS.get(r.nextInt(OPS.size()));
            long a = operand(r, w);
            long b = amount(r, op, w);
            CType t = typeOfWidth(w, signed);
            int kinds = 0;
            for (UndefinedBehaviour kind : ARITHMETIC) {
                boolean got = semantics.undefined(concrete, kind, op, t, new BitVec(a, w), new BitVec(b, w));
                assertEquals(reference(kind, op, w, signed, a, b), got, kind + ": " + a + " " + op.symbol() + " " + b + " in " + t);
                kinds += got ? 1 : 0;
                if (got) {
                    assertTrue(semantics.canBeUndefined(kind, op, t, b), "the guard of " + kind + " by the constant " + b
                            + " may not be left out: " + a + " " + op.symbol() + " " + b + " in " + t);
                }
            }
            assertTrue(kinds <= 1, a + " " + op.symbol() + " " + b + " in " + t + " has " + kinds + " kinds");
        }
    }

    @Test
    void z3AgreesWithTheConcreteAlgebra() {
        Random r = new Random(7);
        try (Context ctx = new Context()) {
            Z3Algebra z3 = new Z3Algebra(ctx);
            for (int i = 0; i < Z3_CASES; i++) {
                int w = WIDTHS[r.nextInt(WIDTHS.length)];
                boolean signed = r.nextBoolean();
                BinaryOp op = OPS.get(r.nextInt(OPS.size()));
                long a = operand(r, w);
                long b = amount(r, op, w);
                CType t = typeOfWidth(w, signed);
                BitVecExpr x = z3.constant(a, w);
                BitVecExpr y = z3.constant(b, w);
                for (UndefinedBehaviour kind : ARITHMETIC) {
                    BoolExpr got = (BoolExpr) semantics.undefined(z3, kind, op, t, x, y).simplify();
                    assertEquals(reference(kind, op, w, signed, a, b), got.isTrue(), kind + ": " + a + " " + op.symbol() + " " + b
                            + " in " + t);
                }
            }
        }
    }

    /**
     * A subscript is out of bounds exactly when its index, a signed {@code ptrdiff_t}, is negative
     * or at least the array's number of cells (C11 §6.5.6p8), concretely and through Z3, for the
     * index widths of both data models.
     */
    @Test
    void outOfBoundsIsAnIndexOutsideTheCells() {
        Random r = new Random(20);
        try (Context ctx = new Context()) {
            Z3Algebra z3 = new Z3Algebra(ctx);
            for (int i = 0; i < CASES; i++) {
                int w = r.nextBoolean() ? 32 : 64;
                CType index = typeOfWidth(w, true);
                long cells = 1 + r.nextInt(r.nextBoolean() ? 8 : 100_000);
                long[] near = {0, 1, -1, cells - 1, cells, cells + 1, -cells, 1L << (w - 1), (1L << (w - 1)) - 1};
                long a = new BitVec(r.nextInt(3) == 0 ? r.nextLong() : near[r.nextInt(near.length)], w).signedValue();
                boolean expected = a < 0 || a >= cells;
                assertEquals(expected, semantics.undefined(concrete, UndefinedBehaviour.ARRAY_BOUNDS, BinaryOp.ADD, index,
                        new BitVec(a, w), new BitVec(cells, w)), a + " of " + cells + " cells, index width " + w);
                if (i < Z3_CASES) {
                    BoolExpr got = (BoolExpr) semantics.undefined(z3, UndefinedBehaviour.ARRAY_BOUNDS, BinaryOp.ADD, index,
                            z3.constant(a, w), z3.constant(cells, w)).simplify();
                    assertEquals(expected, got.isTrue(), "Z3: " + a + " of " + cells + " cells");
                }
            }
        }
    }

    /** A dereference is of a null pointer exactly when the pointer's target id is the null id 0, concretely and through Z3. */
    @Test
    void nullDereferenceIsTheNullId() {
        try (Context ctx = new Context()) {
            Z3Algebra z3 = new Z3Algebra(ctx);
            CType id = typeOfWidth(8, false);
            for (long p = 0; p < 256; p++) {
                assertEquals(p == 0, semantics.undefined(concrete, UndefinedBehaviour.NULL_DEREFERENCE, BinaryOp.EQ, id,
                        new BitVec(p, 8), new BitVec(0, 8)), "id " + p);
                BoolExpr got = (BoolExpr) semantics.undefined(z3, UndefinedBehaviour.NULL_DEREFERENCE, BinaryOp.EQ, id,
                        z3.constant(p, 8), z3.constant(0, 8)).simplify();
                assertEquals(p == 0, got.isTrue(), "Z3: id " + p);
            }
        }
    }
}
