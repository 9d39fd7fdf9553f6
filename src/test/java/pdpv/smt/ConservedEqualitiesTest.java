package pdpv.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ConservedEqualities} against the solver on small widths: whatever it calls conserved is
 * preserved by the step for every value (checked exhaustively by Z3 at 8 bits), the nla-digbench
 * loops it is for are recognized, and every lemma of {@link ConservedEqualities#normalForms} is
 * valid.
 */
class ConservedEqualitiesTest {
    @Test
    void sumOfSquaresLoopConservesItsCubicEquality() {
        try (Context ctx = new Context()) {
            BitVecExpr x = ctx.mkBVConst("x", 64);
            BitVecExpr y = ctx.mkBVConst("y", 64);
            // ps3: y = y + 1; x = y * y + x
            BitVecExpr y1 = ctx.mkBVAdd(y, ctx.mkBV(1, 64));
            BitVecExpr x1 = ctx.mkBVAdd(ctx.mkBVMul(y1, y1), x);
            BitVecExpr six = ctx.mkBV(6, 64);
            BitVecExpr p = ctx.mkBVSub(ctx.mkBVSub(ctx.mkBVSub(ctx.mkBVMul(six, x),
                    ctx.mkBVMul(ctx.mkBVMul(ctx.mkBVMul(ctx.mkBV(2, 64), y), y), y)),
                    ctx.mkBVMul(ctx.mkBVMul(ctx.mkBV(3, 64), y), y)), y);
            BoolExpr inv = ctx.mkEq(p, ctx.mkBV(0, 64));
            Expr<?>[] from = {x, y};
            Expr<?>[] to = {x1, y1};
            assertTrue(ConservedEqualities.preserved(inv, from, to));
            assertTrue(ConservedEqualities.preserved(ctx.mkImplies(ctx.mkBVSLE(y, six), inv), new Expr<?>[] {x}, new Expr<?>[] {x})
                    , "a literal the step leaves alone is preserved");
            assertFalse(ConservedEqualities.preserved(ctx.mkEq(x, ctx.mkBVMul(y, y)), from, to), "x == y*y is not conserved");
            assertFalse(ConservedEqualities.preserved(ctx.mkBVSLE(y, six), from, to), "a bound on y changes with y");
        }
    }

    @Test
    void branchingStepIsConservedOnEveryBranch() {
        try (Context ctx = new Context()) {
            BitVecExpr x = ctx.mkBVConst("x", 8);
            BitVecExpr y = ctx.mkBVConst("y", 8);
            BitVecExpr u = ctx.mkBVConst("u", 8);
            BitVecExpr v = ctx.mkBVConst("v", 8);
            BoolExpr c = ctx.mkBVSGT(x, y);
            // lcm-like, at 8 bits so that the solver can confirm it: if (x > y) { x -= y; v += u; } else { y -= x; u += v; }   x*u + y*v is conserved
            Expr<?>[] from = {x, y, u, v};
            Expr<?>[] to = {ctx.mkITE(c, ctx.mkBVSub(x, y), x), ctx.mkITE(c, y, ctx.mkBVSub(y, x)),
                ctx.mkITE(c, u, ctx.mkBVAdd(u, v)), ctx.mkITE(c, ctx.mkBVAdd(v, u), v)};
            BitVecExpr k = ctx.mkBVConst("k", 8);
            BoolExpr inv = ctx.mkEq(ctx.mkBVAdd(ctx.mkBVMul(x, u), ctx.mkBVMul(y, v)), k);
            assertTrue(ConservedEqualities.preserved(inv, from, to));
            assertTrue(validStep(ctx, inv, from, to));
        }
    }

    /**
     * Random polynomial steps and equalities at 8 bits: every equality called conserved is
     * preserved for all values (the solver decides 8-bit products exhaustively), and some are.
     */
    @Test
    void conservedMeansPreservedOnRandomSteps() {
        Random random = new Random(19);
        int conserved = 0;
        try (Context ctx = new Context()) {
            BitVecExpr[] vars = {ctx.mkBVConst("a", 8), ctx.mkBVConst("b", 8), ctx.mkBVConst("c", 8)};
            for (int round = 0; round < 300; round++) {
                Expr<?>[] to = new Expr<?>[vars.length];
                for (int i = 0; i < vars.length; i++) {
                    // mostly translations, so that conserved quantities exist
                    to[i] = random.nextInt(3) == 0 ? randomTerm(ctx, vars, random, 2)
                            : ctx.mkBVAdd(vars[i], random.nextBoolean() ? ctx.mkBV(random.nextInt(5), 8) : vars[(i + 1) % vars.length]);
                }
                BoolExpr inv = ctx.mkEq(randomTerm(ctx, vars, random, 3), randomTerm(ctx, vars, random, 2));
                if (ConservedEqualities.preserved(inv, vars, to)) {
                    conserved++;
                    assertTrue(validStep(ctx, inv, vars, to), "called conserved but not preserved: " + inv + " under " + List.of(to));
                }
            }
        }
        assertTrue(conserved > 5, "only " + conserved + " conserved equalities among 300: the test checks too little");
    }

    @Test
    void normalFormLemmasAreValidAndRelateEqualPolynomials() {
        Random random = new Random(7);
        try (Context ctx = new Context()) {
            BitVecExpr[] vars = {ctx.mkBVConst("a", 8), ctx.mkBVConst("b", 8)};
            for (int round = 0; round < 100; round++) {
                BoolExpr f = ctx.mkEq(randomTerm(ctx, vars, random, 3), randomTerm(ctx, vars, random, 3));
                for (BoolExpr lemma : ConservedEqualities.normalForms(ctx, List.of(f))) {
                    Solver s = ctx.mkSolver();
                    s.add(ctx.mkNot(lemma));
                    assertEquals(Status.UNSATISFIABLE, s.check(), "not valid: " + lemma);
                }
            }
            // (a + b) * (a - b) == 0 and a*a == b*b share one normal form
            BitVecExpr a = vars[0];
            BitVecExpr b = vars[1];
            BoolExpr one = ctx.mkEq(ctx.mkBVMul(ctx.mkBVAdd(a, b), ctx.mkBVSub(a, b)), ctx.mkBV(0, 8));
            BoolExpr two = ctx.mkEq(ctx.mkBVMul(b, b), ctx.mkBVMul(a, a));
            List<BoolExpr> lemmas = ConservedEqualities.normalForms(ctx, List.of(one, two));
            assertEquals(2, lemmas.size(), lemmas.toString());
            assertEquals(lemmas.get(0).getArgs()[1], lemmas.get(1).getArgs()[1], "one canonical equality for both");
        }
    }

    /** Whether {@code inv} implies {@code inv[from := to]} for all values. */
    private static boolean validStep(Context ctx, BoolExpr inv, Expr<?>[] from, Expr<?>[] to) {
        Solver s = ctx.mkSolver();
        s.add(inv, ctx.mkNot((BoolExpr) inv.substitute(from, to)));
        return s.check() == Status.UNSATISFIABLE;
    }

    private static BitVecExpr randomTerm(Context ctx, BitVecExpr[] vars, Random random, int depth) {
        if (depth == 0 || random.nextInt(4) == 0) {
            return random.nextInt(3) == 0 ? ctx.mkBV(random.nextInt(7) - 3, 8) : vars[random.nextInt(vars.length)];
        }
        BitVecExpr l = randomTerm(ctx, vars, random, depth - 1);
        BitVecExpr r = randomTerm(ctx, vars, random, depth - 1);
        return switch (random.nextInt(5)) {
            case 0 -> ctx.mkBVAdd(l, r);
            case 1 -> ctx.mkBVSub(l, r);
            case 2 -> ctx.mkBVMul(l, r);
            case 3 -> ctx.mkBVNeg(l);
            default -> ctx.mkBVUDiv(l, r);
        };
    }
}
