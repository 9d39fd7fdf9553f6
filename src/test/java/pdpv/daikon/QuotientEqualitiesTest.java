package pdpv.daikon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.math.BigInteger;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;
import pdpv.semantics.CType;

/**
 * The quotient template: found where a counter counts under a modulo guard, not found where the
 * samples do not show a quotient; and its QF_BV encoding means exactly
 * {@link Invariant.Quotient#holds}, C's truncating division of the exact sum, for every 8-bit
 * dividend, signed and unsigned, and 8- and 16-bit values.
 */
class QuotientEqualitiesTest {
    private static final CType SCHAR = new CType(CType.Kind.CHAR, 8, true);
    private static final CType UCHAR = new CType(CType.Kind.CHAR, 8, false);
    private static final CType SHORT = new CType(CType.Kind.SHORT, 16, true);

    private static Term term(int id, String name, CType type) {
        return new Term(new Variable(id, name, name, type, Variable.Kind.LOCAL), false);
    }

    @Test
    void theModuloGuardsCounterIsFound() {
        Program p = TestRunsTest.parse("""
                extern int __VERIFIER_nondet_int(void);
                extern void __VERIFIER_assume(int);
                int main(void) {
                  int k = __VERIFIER_nondet_int(); __VERIFIER_assume(0 <= k && k <= 1000);
                  int n = 0;
                  for (int i = 0; i < 4 * k; i++) if (i % 4 == 1) n++;
                  return n;
                }""");
        LoopForest loops = LoopForest.of(p);
        LoopSamples s = TestRuns.run(p, loops, TestOptions.defaults()).samples(loops.loops().get(0));
        List<Invariant> found = QuotientEqualities.mine(s, 4);
        assertTrue(found.stream().anyMatch(i -> i.toString().equals("n == (int)(((long long)i + 2) / 4)")), found.toString());
        assertTrue(QuotientEqualities.mine(s, 3).isEmpty(), "no modulus below 4 fits");
        assertTrue(found.stream().allMatch(i -> LongStream.range(0, s.size()).allMatch(r -> i.holds(s.sample((int) r)))),
                "every quotient holds on every sample");
    }

    @Test
    void aFitNeedsAQuotientTheSamplesShow() {
        Term y = term(1, "y", CType.signedInt());
        Term x = term(2, "x", CType.signedInt());
        long[] xs = LongStream.rangeClosed(-9, 20).toArray();
        long[] quarter = LongStream.of(xs).map(v -> 3 * ((v + 2) / 4) - 5).toArray();
        Invariant q = QuotientEqualities.fit(y, quarter, x, xs, 2, 4);
        assertNotNull(q);
        assertEquals("y == 3 * ((int)(((long long)x + 2) / 4)) - 5", q.toString());
        assertNull(QuotientEqualities.fit(y, quarter, x, xs, 1, 4), "another offset does not fit");
        assertNull(QuotientEqualities.fit(y, quarter, x, xs, 2, 3), "another modulus does not fit");
        // a line: no two dividends share a quotient where y differs, so no flattening is seen
        long[] spaced = {0, 4, 8, 12, 16};
        assertNull(QuotientEqualities.fit(y, LongStream.of(spaced).map(v -> v / 4).toArray(), x, spaced, 0, 4));
        // two quotients only: a line through two points always fits
        long[] two = {0, 1, 4, 5};
        assertNull(QuotientEqualities.fit(y, LongStream.of(two).map(v -> v / 4).toArray(), x, two, 0, 4));
        // y == x is linear, not a quotient
        assertNull(QuotientEqualities.fit(y, xs, x, xs, 0, 2));
    }

    @Test
    void theEncodingIsCsDivisionOfTheExactSum() {
        Term sx = term(1, "x", SCHAR);
        Term ux = term(2, "u", UCHAR);
        Term sy = term(3, "y", SCHAR);
        Term wy = term(4, "z", SHORT);
        try (Context ctx = new Context()) {
            InvariantEncoder enc = new InvariantEncoder(ctx);
            for (Term x : List.of(sx, ux)) {
                for (Term y : List.of(sy, wy)) {
                    for (long[] abmc : new long[][] {{1, 2, 4, 0}, {1, 2, 3, 0}, {-1, 1, 3, 7}, {1, 0, 5, -3}, {3, 1, 3, 1},
                            {-2, 3, 4, 0}, {1, 6, 7, 100}, {1, 0, 2, 0}}) {
                        Invariant.Quotient q = new Invariant.Quotient(y, BigInteger.valueOf(abmc[0]), x,
                                BigInteger.valueOf(abmc[1]), BigInteger.valueOf(abmc[2]), BigInteger.valueOf(abmc[3]));
                        exhaustive(ctx, enc, q);
                    }
                }
            }
        }
    }

    /** For every value of the dividend: the formula holds of the one y holds says, and of no other y. */
    private static void exhaustive(Context ctx, InvariantEncoder enc, Invariant.Quotient q) {
        Term x = q.dividend();
        Term y = q.value();
        BitVecExpr xv = ctx.mkBVConst("x", 8);
        BitVecExpr yv = ctx.mkBVConst("y", y.variable().type().width());
        BoolExpr f = enc.formula(q, t -> t.equals(x) ? xv : yv);
        Solver solver = ctx.mkSolver();
        solver.add(f);
        BigInteger mod = BigInteger.ONE.shiftLeft(y.variable().type().width());
        for (long bits = 0; bits < 256; bits++) {
            BigInteger xc = BigInteger.valueOf(x.variable().type().toLong(bits));
            BigInteger expected = q.scale().multiply(q.quotient(xc)).add(q.constant()).mod(mod);
            BigInteger other = expected.add(BigInteger.ONE).mod(mod);
            BigInteger yc = BigInteger.valueOf(y.variable().type().toLong(expected.longValue()));
            assertTrue(q.holds(t -> t.equals(x) ? xc : yc), q + " at x = " + xc);
            BoolExpr at = ctx.mkEq(xv, ctx.mkBV(bits, 8));
            assertEquals(Status.SATISFIABLE, solver.check(at, ctx.mkEq(yv, ctx.mkBV(expected.toString(), yv.getSortSize()))),
                    q + " must hold at x = " + xc + ", y = " + expected);
            if (q.scale().abs().equals(BigInteger.ONE)) {
                // a unit scale leaves one y modulo 2^w
                assertEquals(Status.UNSATISFIABLE, solver.check(at, ctx.mkNot(ctx.mkEq(yv, ctx.mkBV(expected.toString(), yv.getSortSize())))),
                        q + " holds of one y only at x = " + xc);
            } else {
                assertEquals(Status.UNSATISFIABLE, solver.check(at, ctx.mkEq(yv, ctx.mkBV(other.toString(), yv.getSortSize())),
                        ctx.mkNot(ctx.mkEq(ctx.mkBV(other.toString(), yv.getSortSize()), ctx.mkBV(expected.toString(), yv.getSortSize())))),
                        q + " must fail at x = " + xc + ", y = " + other);
            }
        }
    }
}
