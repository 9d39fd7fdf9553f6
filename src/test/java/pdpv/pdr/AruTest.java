package pdpv.pdr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** ARUs (§3.2): membership agrees with the Z3 encoding; extra bits give polytopes their geometry (Fig. 3.5). */
class AruTest {
    private Context ctx;

    @BeforeEach
    void open() {
        ctx = new Context();
    }

    @AfterEach
    void close() {
        ctx.close();
    }

    /** The polytope (3.2): −x ≤ 0, −y ≤ 0, x + 2y ≤ 6 over 4-bit x, y. */
    private Polytope polytope32() {
        return new Polytope(List.of(
                new Polytope.Row(new long[] {-1, 0}, 0),
                new Polytope.Row(new long[] {0, -1}, 0),
                new Polytope.Row(new long[] {1, 2}, 6)));
    }

    private boolean z3Contains(Aru aru, Encoding enc, List<BitVecExpr> vars, long[] point) {
        BoolExpr f = aru.formula(enc, vars);
        Expr<?>[] values = {ctx.mkBV(point[0], 4), ctx.mkBV(point[1], 4)};
        return f.substitute(vars.toArray(new Expr<?>[0]), values).simplify().isTrue();
    }

    @Test
    void extraBitsRemoveOverflowsOfFigure35() {
        List<StateVar> vars = List.of(StateVar.of(ctx, "x", 4), StateVar.of(ctx, "y", 4));
        List<BitVecExpr> cur = vars.stream().map(StateVar::current).toList();
        Polytope p = polytope32();
        long[] x4y2 = {4, 2};
        long[] xMinus8y4 = {8, 4};
        Encoding plain = Encoding.of(ctx, vars, 0);
        assertTrue(p.contains(x4y2, plain), "4 + 2·2 overflows in 4 bits (Fig. 3.5a)");
        assertTrue(p.contains(xMinus8y4, plain), "−(−8) = −8 in 4 bits (Fig. 3.5a)");
        Encoding extended = Encoding.of(ctx, vars, 3);
        assertFalse(p.contains(x4y2, extended), "with extra bits the geometry holds (Fig. 3.5c)");
        assertFalse(p.contains(xMinus8y4, extended));
        for (Encoding enc : List.of(plain, Encoding.of(ctx, vars, 1), extended)) {
            for (long x = 0; x < 16; x++) {
                for (long y = 0; y < 16; y++) {
                    long[] point = {x, y};
                    assertEquals(p.contains(point, enc), z3Contains(p, enc, cur, point), "point " + x + "," + y);
                }
            }
        }
    }

    @Test
    void cubeMembershipAgreesWithEncoding() {
        List<StateVar> vars = List.of(StateVar.of(ctx, "x", 4), StateVar.of(ctx, "y", 4));
        List<BitVecExpr> cur = vars.stream().map(StateVar::current).toList();
        Encoding enc = Encoding.of(ctx, vars, 3);
        BooleanCube cube = new BooleanCube(List.of(new BooleanCube.Literal(0, 0, true), new BooleanCube.Literal(1, 3, false)));
        assertEquals(6.0, cube.log2Volume(enc));
        for (long x = 0; x < 16; x++) {
            for (long y = 0; y < 16; y++) {
                long[] point = {x, y};
                assertEquals(cube.contains(point, enc), z3Contains(cube, enc, cur, point));
            }
        }
        assertTrue(BooleanCube.ofPoint(new long[] {5, 9}, enc).contains(new long[] {5, 9}, enc));
        assertTrue(Polytope.ofPoint(new long[] {5, 9}, enc).contains(new long[] {5, 9}, enc));
        assertFalse(Polytope.ofPoint(new long[] {5, 9}, enc).contains(new long[] {5, 8}, enc));
    }

    @Test
    void sumOfRowsIsTightWhereBothAreAndOverflowIsDetected() {
        List<StateVar> vars = List.of(StateVar.of(ctx, "x", 4), StateVar.of(ctx, "y", 4));
        Encoding enc = Encoding.of(ctx, vars, 3);
        Polytope.Row xAtMost2 = new Polytope.Row(new long[] {1, 0}, 2);
        Polytope.Row yAtLeast5 = new Polytope.Row(new long[] {0, -1}, -5);
        Polytope.Row sum = Polytope.Row.sum(xAtMost2, yAtLeast5).orElseThrow();
        assertEquals(new Polytope.Row(new long[] {1, -1}, -3), sum);
        long[] corner = {2, 5};
        assertEquals(BigInteger.valueOf(sum.bound()), sum.lhs(corner, enc), "x − y ≤ −3 passes through the corner (2, 5)");
        assertTrue(sum.fitsWithoutOverflow(enc), "|x − y| ≤ 16 fits in 7 bits");
        assertFalse(new Polytope.Row(new long[] {5, 4}, 0).fitsWithoutOverflow(enc), "5x + 4y reaches −72, beyond 7 bits");
        assertFalse(sum.fitsWithoutOverflow(Encoding.of(ctx, vars, 0)), "in 4 bits x − y wraps (Fig. 3.5a)");
    }

    /** The extreme 64-bit points: the point polytope holds exactly the point, in Java and in Z3. */
    @Test
    void pointPolytopesOfExtreme64BitValuesHoldExactlyThePoint() {
        List<StateVar> vars = List.of(StateVar.of(ctx, "x", 64), StateVar.of(ctx, "y", 64));
        List<BitVecExpr> cur = vars.stream().map(StateVar::current).toList();
        Encoding enc = Encoding.of(ctx, vars, 3);
        long[][] points = {{Long.MIN_VALUE, Long.MAX_VALUE}, {Long.MAX_VALUE, Long.MIN_VALUE}, {Long.MIN_VALUE, 0}};
        for (long[] point : points) {
            Polytope p = Polytope.ofPoint(point, enc);
            assertTrue(p.contains(point, enc), p.toString());
            Expr<?>[] values = {ctx.mkBV(point[0], 64), ctx.mkBV(point[1], 64)};
            assertTrue(p.formula(enc, cur).substitute(cur.toArray(new Expr<?>[0]), values).simplify().isTrue(), p.toString());
            for (long[] other : points) {
                if (other != point) {
                    assertFalse(p.contains(other, enc), p + " at " + other[0] + "," + other[1]);
                }
            }
            assertFalse(p.contains(new long[] {point[0] + 1, point[1]}, enc));
        }
    }
}
