package pdpv.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Randomized differential test of the integer relaxation against Z3's own bit-vector semantics:
 * random terms over three variables of a random width (1-9 bits, and 32, 35 and 64 bits), each
 * evaluated at a random point by Z3's simplifier. The relaxation must admit the true value (it is
 * implied by the formula), and must exclude every other value when nothing was read as a fresh
 * value (it is exact on the linear fragment). The same for random comparisons.
 */
class IntegerRelaxationTest {
    private static final int[] WIDTHS = {1, 2, 3, 4, 5, 6, 7, 8, 9, 32, 35, 64};

    @Test
    void admitsTheTrueValueAndOnlyItOnTheLinearFragment() {
        Random rnd = new Random(20221201L);
        int exact = 0;
        try (Context ctx = new Context()) {
            for (int k = 0; k < 1500; k++) {
                int w = WIDTHS[k % WIDTHS.length];
                BitVecExpr[] vars = {ctx.mkBVConst("x", w), ctx.mkBVConst("y", w), ctx.mkBVConst("z", w)};
                BitVecNum[] point = new BitVecNum[3];
                for (int i = 0; i < 3; i++) {
                    point[i] = ctx.mkBV(new BigInteger(w, rnd).toString(), w);
                }
                boolean atom = k % 4 == 3;
                Expr<?> e = atom ? new Terms(ctx, rnd, vars).atom(3) : new Terms(ctx, rnd, vars).term(w, 3);
                Expr<?> value = e.substitute(vars, point).simplify();
                try (IntegerRelaxation relaxation = new IntegerRelaxation(0)) {
                    for (int i = 0; i < 3; i++) {
                        relaxation.add(ctx.mkEq(vars[i], point[i]));
                    }
                    String label = "case " + k + ": " + e + " at " + List.of(point) + " is " + value;
                    assertTrue(value.isTrue() || value.isFalse() || value instanceof BitVecNum, label);
                    BoolExpr truth = atom ? ctx.mkEq((BoolExpr) e, (BoolExpr) value) : ctx.mkEq(e, value);
                    assertNull(check(ctx, relaxation, truth), "the relaxation excludes the true value, " + label);
                    if (relaxation.abstracted() == 0) {
                        exact++;
                        assertNotNull(check(ctx, relaxation, ctx.mkNot(truth)), "the relaxation is not exact, " + label);
                    }
                }
            }
        }
        assertTrue(exact > 500, "too few terms in the linear fragment: " + exact);
    }

    @Test
    void answersWithTheCoreOfTheAssumptions() {
        try (Context ctx = new Context()) {
            BitVecExpr x = ctx.mkBVConst("x", 32);
            BitVecExpr xNext = ctx.mkBVAdd(x, ctx.mkBV(1, 32));
            BoolExpr p = ctx.mkBoolConst("p");
            BoolExpr q = ctx.mkBoolConst("q");
            BoolExpr r = ctx.mkBoolConst("r");
            try (IntegerRelaxation relaxation = new IntegerRelaxation(0)) {
                relaxation.add(ctx.mkImplies(p, ctx.mkBVSGT(xNext, x)));
                relaxation.add(ctx.mkImplies(q, ctx.mkBVSLE(ctx.mkSignExt(3, xNext), ctx.mkSignExt(3, x))));
                relaxation.add(ctx.mkImplies(r, ctx.mkEq(ctx.mkExtract(0, 0, x), ctx.mkBV(1, 1))));
                SmtResult.Unsat unsat = relaxation.checkUnsat(new BoolExpr[] {p, q, r});
                assertNotNull(unsat);
                assertEquals(List.of(p, q), unsat.core().stream().sorted((a, b) -> a.toString().compareTo(b.toString())).toList());
                assertNull(relaxation.checkUnsat(new BoolExpr[] {q, r}), "x = MAX wraps: x + 1 < x in 32 bits");
            }
        }
    }

    private static SmtResult.Unsat check(Context ctx, IntegerRelaxation relaxation, BoolExpr f) {
        relaxation.push();
        try {
            BoolExpr p = ctx.mkBoolConst("assume");
            relaxation.add(ctx.mkImplies(p, f));
            return relaxation.checkUnsat(new BoolExpr[] {p});
        } finally {
            relaxation.pop();
        }
    }

    /** Random bit-vector terms and comparisons over the given variables. */
    private record Terms(Context ctx, Random rnd, BitVecExpr[] vars) {
        BitVecExpr term(int w, int depth) {
            if (depth == 0 || rnd.nextInt(5) == 0) {
                return leaf(w);
            }
            int op = rnd.nextInt(22);
            return switch (op) {
                case 0 -> ctx.mkBVAdd(term(w, depth - 1), term(w, depth - 1));
                case 1 -> ctx.mkBVSub(term(w, depth - 1), term(w, depth - 1));
                case 2 -> ctx.mkBVNeg(term(w, depth - 1));
                case 3 -> ctx.mkBVNot(term(w, depth - 1));
                case 4 -> ctx.mkBVMul(constant(w), term(w, depth - 1));
                case 5 -> ctx.mkBVMul(term(w, depth - 1), term(w, depth - 1));
                case 6, 7 -> {
                    if (w == 1) {
                        yield leaf(w);
                    }
                    int inner = 1 + rnd.nextInt(w - 1);
                    BitVecExpr t = term(inner, depth - 1);
                    yield op == 6 ? ctx.mkSignExt(w - inner, t) : ctx.mkZeroExt(w - inner, t);
                }
                case 8 -> {
                    int wider = w + rnd.nextInt(4);
                    int lo = rnd.nextInt(wider - w + 1);
                    yield ctx.mkExtract(lo + w - 1, lo, term(wider, depth - 1));
                }
                case 9 -> {
                    if (w == 1) {
                        yield leaf(w);
                    }
                    int high = 1 + rnd.nextInt(w - 1);
                    yield ctx.mkConcat(term(high, depth - 1), term(w - high, depth - 1));
                }
                case 10 -> ctx.mkBVSHL(term(w, depth - 1), smallConstant(w));
                case 11 -> ctx.mkBVLSHR(term(w, depth - 1), smallConstant(w));
                case 12 -> ctx.mkBVASHR(term(w, depth - 1), smallConstant(w));
                case 13 -> ctx.mkBVSHL(term(w, depth - 1), term(w, depth - 1));
                case 14 -> ctx.mkBVAND(term(w, depth - 1), lowMask(w));
                case 15 -> ctx.mkBVOR(term(w, depth - 1), term(w, depth - 1));
                case 16 -> ctx.mkBVUDiv(term(w, depth - 1), constant(w));
                case 17 -> ctx.mkBVURem(term(w, depth - 1), constant(w));
                case 18 -> ctx.mkBVSDiv(term(w, depth - 1), constant(w));
                case 19 -> ctx.mkBVSRem(term(w, depth - 1), constant(w));
                case 20 -> (BitVecExpr) ctx.mkITE(atom(depth - 1), term(w, depth - 1), term(w, depth - 1));
                default -> ctx.mkBVAdd(term(w, depth - 1), constant(w));
            };
        }

        BoolExpr atom(int depth) {
            int w = vars[0].getSortSize();
            BitVecExpr a = term(w, depth);
            BitVecExpr b = rnd.nextBoolean() ? term(w, depth) : constant(w);
            return switch (rnd.nextInt(7)) {
                case 0 -> ctx.mkBVSLE(a, b);
                case 1 -> ctx.mkBVSLT(a, b);
                case 2 -> ctx.mkBVULE(a, b);
                case 3 -> ctx.mkBVUGT(a, b);
                case 4 -> ctx.mkEq(a, b);
                case 5 -> ctx.mkNot(ctx.mkBVSGE(a, b));
                default -> ctx.mkAnd(ctx.mkBVUGE(a, b), ctx.mkBVSGT(a, b));
            };
        }

        private BitVecExpr leaf(int w) {
            int full = vars[0].getSortSize();
            if (rnd.nextInt(4) == 0) {
                return constant(w);
            }
            BitVecExpr v = vars[rnd.nextInt(vars.length)];
            if (w == full) {
                return v;
            }
            return w < full ? ctx.mkExtract(w - 1, 0, v) : ctx.mkSignExt(w - full, v);
        }

        private BitVecExpr constant(int w) {
            return switch (rnd.nextInt(4)) {
                case 0 -> ctx.mkBV(rnd.nextInt(3) - 1, w);
                case 1 -> ctx.mkBV(rnd.nextInt(5), w);
                default -> ctx.mkBV(new BigInteger(w, rnd).toString(), w);
            };
        }

        private BitVecExpr smallConstant(int w) {
            return ctx.mkBV(rnd.nextInt(w + 2), w);
        }

        private BitVecExpr lowMask(int w) {
            int bits = rnd.nextInt(w + 1);
            return ctx.mkBV(BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE).toString(), w);
        }
    }
}
