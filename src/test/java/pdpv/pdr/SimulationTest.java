package pdpv.pdr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import pdpv.pdr.SimValue.Bits;
import pdpv.pdr.SimValue.Range;

/** SELECT (Alg. 3.3), CONJOIN (Alg. 3.4) and the simulation example of §3.3.4 / Figure 3.10. */
class SimulationTest {
    private Context ctx;

    @BeforeEach
    void open() {
        ctx = new Context();
    }

    @AfterEach
    void close() {
        ctx.close();
    }

    @Test
    void selectOfThreeToFive() {
        assertArrayEquals(new int[] {0, 0}, SimValue.select(3, 5, 3, 4), "SELECT(3, 5, 3) = [0, 0]");
        assertArrayEquals(new int[] {0, 1}, SimValue.select(3, 5, 0, 4), "SELECT(3, 5, 0) = [0, 1]");
        assertEquals("0---", SimValue.toBits(new Range(4, 3, 5)).toString());
    }

    @Test
    void conjoinOfDashDashZeroOne() {
        assertEquals(new Range(4, -7, 5), SimValue.conjoin(Bits.parse("--01")), "CONJOIN(--01) = [-7, 5]");
    }

    @Test
    void andOfIntervalsLosesPrecisionAsIntervalButNotAsBits() {
        BitVecExpr a = ctx.mkBVConst("a", 4);
        BitVecExpr b = ctx.mkBVConst("b", 4);
        Map<BitVecExpr, SimValue> env = Map.of(a, new Range(4, -1, 0), b, new Range(4, -8, -7));
        SimValue hybrid = new Simulator(SimulationType.HYBRID, env).eval(ctx.mkBVAND(a, b));
        assertEquals("-00-", hybrid.toString(), "§3.3.2: ---- AND 100- = -00-");
        assertEquals(new Range(4, -8, 1), SimValue.toRange(hybrid), "the best interval is [-8, 1]");
    }

    /** Figure 3.10: e := (e1 < 2) ∧ (0 ≤ e1), e1 := e2 AND e3, e2 := x1 − x2 + 2, e3 := y1 OR y2. */
    private final class Figure310 {
        final BitVecExpr x1 = ctx.mkBVConst("x1", 4);
        final BitVecExpr x2 = ctx.mkBVConst("x2", 4);
        final BitVecExpr y1 = ctx.mkBVConst("y1", 4);
        final BitVecExpr y2 = ctx.mkBVConst("y2", 4);
        final BitVecExpr e2 = ctx.mkBVAdd(ctx.mkBVSub(x1, x2), ctx.mkBV(2, 4));
        final BitVecExpr e3 = ctx.mkBVOR(y1, y2);
        final BitVecExpr e1 = ctx.mkBVAND(e2, e3);
        final BoolExpr e = ctx.mkAnd(ctx.mkBVSLT(e1, ctx.mkBV(2, 4)), ctx.mkBVSLE(ctx.mkBV(0, 4), e1));
        /** ã := 1 ≤ x1 ≤ 5 ∧ 0 ≤ x2 ≤ 3 ∧ y1 ∈ -00- ∧ y2 ∈ 100-. */
        final Map<BitVecExpr, SimValue> a = Map.of(
                x1, new Range(4, 1, 5), x2, new Range(4, 0, 3), y1, Bits.parse("-00-"), y2, Bits.parse("100-"));

        Simulator simulator(SimulationType type) {
            return new Simulator(type, a);
        }
    }

    @Test
    void figure310Ternary() {
        Figure310 f = new Figure310();
        Simulator s = f.simulator(SimulationType.TERNARY);
        assertEquals("----", s.eval(f.e2).toString(), "ternary loses all information about e2");
        assertEquals("100-", s.eval(f.e3).toString(), "ternary keeps the low middle bits of e3");
        assertEquals("-00-", s.eval(f.e1).toString());
        assertEquals("-", s.eval(f.e).toString(), "ternary simulation fails to prove e");
    }

    @Test
    void figure310Interval() {
        Figure310 f = new Figure310();
        Simulator s = f.simulator(SimulationType.INTERVAL);
        assertEquals(new Range(4, 0, 7), s.eval(f.e2), "interval keeps that e2 is non-negative");
        assertEquals(Range.top(4), s.eval(f.e3), "interval loses all information about e3");
        assertEquals(Range.top(4), s.eval(f.e1));
        assertEquals("-", s.eval(f.e).toString(), "interval simulation fails to prove e");
    }

    @Test
    void figure310Hybrid() {
        Figure310 f = new Figure310();
        Simulator s = f.simulator(SimulationType.HYBRID);
        assertEquals(new Range(4, 0, 7), s.eval(f.e2));
        assertEquals("100-", s.eval(f.e3).toString());
        assertEquals(new Range(4, 0, 1), SimValue.toRange(s.eval(f.e1)), "Φ_e1(ã) = [0, 1]");
        assertEquals("1", s.eval(f.e).toString(), "hybrid simulation proves Φ_e(ã) = true");
    }
}
