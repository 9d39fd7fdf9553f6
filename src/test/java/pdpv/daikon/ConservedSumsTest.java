package pdpv.daikon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Variable;
import pdpv.semantics.CType;

/**
 * {@link ConservedSums} against exhaustive search on random 8-bit loop bodies (a few branches,
 * translations and linear updates): every sum it gives is conserved by the body for every value
 * (Z3 decides the 8-bit step exhaustively), and every functional with coefficients in {-1, 0, 1}
 * that some search over all of them finds conserved is in the span of what it gives.
 */
class ConservedSumsTest {
    private static final CType CHAR = new CType(CType.Kind.CHAR, 8, true);

    @Test
    void benchmark06sBodyConservesTheSumOfXAndY() {
        try (Context ctx = new Context()) {
            List<Variable> vars = variables(3);
            BitVecExpr j = ctx.mkBVConst("j", 8);
            BitVecExpr x = ctx.mkBVConst("x", 8);
            BitVecExpr y = ctx.mkBVConst("y", 8);
            BitVecExpr i = ctx.mkBVConst("i", 8);
            BoolExpr branch = ctx.mkEq(j, i);
            BitVecExpr one = ctx.mkBV(1, 8);
            // if (j == i) { x++; y--; } else { y++; x--; } j++;
            Map<Variable, Expr<?>> end = map(vars, j, x, y);
            Map<Variable, Expr<?>> next = map(vars, ctx.mkBVAdd(j, one),
                    ctx.mkITE(branch, ctx.mkBVAdd(x, one), ctx.mkBVSub(x, one)),
                    ctx.mkITE(branch, ctx.mkBVSub(y, one), ctx.mkBVAdd(y, one)));
            List<Invariant> sums = ConservedSums.of(end, next);
            assertEquals(1, sums.size(), sums.toString());
            assertEquals("v1 + v2 == \\old(v1) + \\old(v2)", sums.get(0).toString());
        }
    }

    @Test
    void sumsAreConservedAndCompleteOnRandomBodies() {
        Random random = new Random(19);
        int found = 0;
        try (Context ctx = new Context()) {
            for (int round = 0; round < 60; round++) {
                int n = 2 + random.nextInt(3);
                List<Variable> vars = variables(n);
                BitVecExpr[] v = new BitVecExpr[n];
                for (int k = 0; k < n; k++) {
                    v[k] = ctx.mkBVConst("v" + k, 8);
                }
                BoolExpr[] branches = {ctx.mkBVSLT(v[0], ctx.mkBVConst("in", 8)), ctx.mkEq(v[n - 1], ctx.mkBV(3, 8))};
                BitVecExpr[] to = new BitVecExpr[n];
                for (int k = 0; k < n; k++) {
                    to[k] = update(ctx, v, k, random);
                    for (BoolExpr b : branches) {
                        if (random.nextBoolean()) {
                            to[k] = (BitVecExpr) ctx.mkITE(b, update(ctx, v, k, random), to[k]);
                        }
                    }
                }
                List<Invariant> sums = ConservedSums.of(map(vars, v), map(vars, to));
                for (Invariant s : sums) {
                    assertTrue(conserved(ctx, v, to, coefficients(s, vars)), "not conserved: " + s);
                }
                found += sums.size();
                int[] c = new int[n];
                for (int code = 0; code < (int) Math.pow(3, n); code++) {
                    int rest = code;
                    BigInteger[] vector = new BigInteger[n];
                    for (int k = 0; k < n; k++) {
                        c[k] = rest % 3 - 1;
                        rest /= 3;
                        vector[k] = BigInteger.valueOf(c[k]);
                    }
                    if (code != ((int) Math.pow(3, n) - 1) / 2 && !refutedOnSamples(ctx, v, to, vector, random)
                            && conserved(ctx, v, to, vector)) {
                        assertTrue(!spanOf(sums, vars).add(vector), "conserved but not in the span of " + sums + ": " + java.util.Arrays.toString(c));
                    }
                }
            }
        }
        assertTrue(found > 20, "too few conserved sums in the random bodies to test anything: " + found);
    }

    /** A translation by a small constant, a linear update by another variable, or unchanged. */
    private static BitVecExpr update(Context ctx, BitVecExpr[] v, int k, Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> v[k];
            case 1 -> ctx.mkBVAdd(v[k], v[random.nextInt(v.length)]);
            default -> ctx.mkBVAdd(v[k], ctx.mkBV(random.nextInt(7) - 3, 8));
        };
    }

    /** Whether Σ c_k·to_k != Σ c_k·v_k at one of a few random values of the constants: then it is not conserved, without asking Z3. */
    private static boolean refutedOnSamples(Context ctx, BitVecExpr[] v, BitVecExpr[] to, BigInteger[] c, Random random) {
        BitVecExpr change = ctx.mkBV(0, 8);
        for (int k = 0; k < v.length; k++) {
            change = ctx.mkBVAdd(change, ctx.mkBVMul(ctx.mkBV(c[k].longValue(), 8), ctx.mkBVSub(to[k], v[k])));
        }
        Expr<?>[] from = new Expr<?>[v.length + 1];
        System.arraycopy(v, 0, from, 0, v.length);
        from[v.length] = ctx.mkBVConst("in", 8);
        for (int sample = 0; sample < 8; sample++) {
            Expr<?>[] values = new Expr<?>[from.length];
            for (int k = 0; k < values.length; k++) {
                values[k] = ctx.mkBV(random.nextInt(256), 8);
            }
            if (!change.substitute(from, values).simplify().equals(ctx.mkBV(0, 8))) {
                return true;
            }
        }
        return false;
    }

    /** Whether Σ c_k·to_k == Σ c_k·v_k for every value of the 8-bit constants (Z3 decides it exhaustively). */
    private static boolean conserved(Context ctx, BitVecExpr[] v, BitVecExpr[] to, BigInteger[] c) {
        BitVecExpr before = ctx.mkBV(0, 8);
        BitVecExpr after = ctx.mkBV(0, 8);
        for (int k = 0; k < v.length; k++) {
            BitVecExpr ck = ctx.mkBV(c[k].longValue(), 8);
            before = ctx.mkBVAdd(before, ctx.mkBVMul(ck, v[k]));
            after = ctx.mkBVAdd(after, ctx.mkBVMul(ck, to[k]));
        }
        Solver s = ctx.mkSolver();
        s.add(ctx.mkNot(ctx.mkEq(before, after)));
        return s.check() == Status.UNSATISFIABLE;
    }

    /** The rows of the sums' coefficient vectors: adding a vector raises its rank exactly when the vector is outside their span. */
    private static ModularNullSpace spanOf(List<Invariant> sums, List<Variable> vars) {
        ModularNullSpace m = new ModularNullSpace(vars.size());
        sums.forEach(s -> m.add(coefficients(s, vars)));
        return m;
    }

    /** The coefficient of each variable's head value in the sum (the entry values have the opposite ones). */
    private static BigInteger[] coefficients(Invariant s, List<Variable> vars) {
        Invariant.Compare eq = (Invariant.Compare) s;
        Polynomial p = eq.left().minus(eq.right());
        BigInteger[] c = new BigInteger[vars.size()];
        for (int k = 0; k < c.length; k++) {
            BigInteger now = p.coefficients().getOrDefault(List.of(new Term(vars.get(k), false)), BigInteger.ZERO);
            BigInteger old = p.coefficients().getOrDefault(List.of(new Term(vars.get(k), true)), BigInteger.ZERO);
            assertEquals(now.negate(), old, "a sum of changes: " + s);
            c[k] = now;
        }
        assertEquals(BigInteger.ZERO, p.constantTerm(), s.toString());
        return c;
    }

    private static List<Variable> variables(int n) {
        List<Variable> out = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            out.add(new Variable(k, "v" + k, "v" + k, CHAR, Variable.Kind.LOCAL));
        }
        return out;
    }

    private static Map<Variable, Expr<?>> map(List<Variable> vars, Expr<?>... terms) {
        Map<Variable, Expr<?>> m = new LinkedHashMap<>();
        for (int k = 0; k < vars.size(); k++) {
            m.put(vars.get(k), terms[k]);
        }
        return m;
    }
}
