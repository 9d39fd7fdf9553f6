package pdpv.pdr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import pdpv.domain.AbstractValue;
import pdpv.domain.Interval;
import pdpv.domain.TernaryVector;

/**
 * The simulation example of §3.3.4 / Figure 3.10 on Z3 expressions (SELECT and CONJOIN themselves
 * are tested with the domain, {@code pdpv.domain.HybridDomainExamplesTest}).
 */
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

    /** The thesis's notation, most significant bit first: '0', '1' or 'X'. */
    private static TernaryVector ternary(String bits) {
        long mask = 0;
        long value = 0;
        for (char ch : bits.toCharArray()) {
            mask = mask << 1 | (ch == 'X' ? 0 : 1);
            value = value << 1 | (ch == '1' ? 1 : 0);
        }
        return new TernaryVector(bits.length(), mask, value);
    }

    @Test
    void andOfIntervalsLosesPrecisionAsIntervalButNotAsBits() {
        BitVecExpr a = ctx.mkBVConst("a", 4);
        BitVecExpr b = ctx.mkBVConst("b", 4);
        Map<BitVecExpr, AbstractValue> env = Map.of(a, new Interval(4, -1, 0), b, new Interval(4, -8, -7));
        AbstractValue hybrid = new Simulator(SimulationType.HYBRID, env).eval(ctx.mkBVAND(a, b));
        assertEquals("X00X", hybrid.toString(), "§3.3.2: XXXX AND 100X = X00X");
        assertEquals(new Interval(4, -8, 1), hybrid.toInterval(), "the best interval is [-8, 1]");
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
        /** ã := 1 ≤ x1 ≤ 5 ∧ 0 ≤ x2 ≤ 3 ∧ y1 ∈ X00X ∧ y2 ∈ 100X. */
        final Map<BitVecExpr, AbstractValue> a = Map.of(
                x1, new Interval(4, 1, 5), x2, new Interval(4, 0, 3), y1, ternary("X00X"), y2, ternary("100X"));

        Simulator simulator(SimulationType type) {
            return new Simulator(type, a);
        }
    }

    @Test
    void figure310Ternary() {
        Figure310 f = new Figure310();
        Simulator s = f.simulator(SimulationType.TERNARY);
        assertEquals("XXXX", s.eval(f.e2).toString(), "ternary loses all information about e2");
        assertEquals("100X", s.eval(f.e3).toString(), "ternary keeps the low middle bits of e3");
        assertEquals("X00X", s.eval(f.e1).toString());
        assertEquals("X", s.eval(f.e).toString(), "ternary simulation fails to prove e");
    }

    @Test
    void figure310Interval() {
        Figure310 f = new Figure310();
        Simulator s = f.simulator(SimulationType.INTERVAL);
        assertEquals(new Interval(4, 0, 7), s.eval(f.e2), "interval keeps that e2 is non-negative");
        assertEquals(Interval.top(4), s.eval(f.e3), "interval loses all information about e3");
        assertEquals(Interval.top(4), s.eval(f.e1));
        assertEquals("X", s.eval(f.e).toString(), "interval simulation fails to prove e");
    }

    @Test
    void figure310Hybrid() {
        Figure310 f = new Figure310();
        Simulator s = f.simulator(SimulationType.HYBRID);
        assertEquals(new Interval(4, 0, 7), s.eval(f.e2));
        assertEquals("100X", s.eval(f.e3).toString());
        assertEquals(new Interval(4, 0, 1), s.eval(f.e1).toInterval(), "Φ_e1(ã) = [0, 1]");
        assertEquals("1", s.eval(f.e).toString(), "hybrid simulation proves Φ_e(ã) = true");
    }
}
