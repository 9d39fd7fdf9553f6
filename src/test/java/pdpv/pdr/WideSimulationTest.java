package pdpv.pdr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import pdpv.domain.AbstractTruth;
import pdpv.domain.AbstractValue;
import pdpv.domain.Interval;

/**
 * Simulation of the polytope rows of §3.2.2 over 64-bit variables, whose sums are 67 bits wide,
 * against Z3's evaluation: at a point, interval and hybrid simulation give Z3's truth value; on
 * boxes around the point, a decided answer is the point's. Also an unsigned comparison and the
 * extraction of the low 64 bits of such a sum.
 */
class WideSimulationTest {
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
    void wideRowsAreSimulatedExactly() {
        Random rng = new Random(67);
        List<StateVar> vars = List.of(StateVar.of(ctx, "x", 64), StateVar.of(ctx, "y", 64), StateVar.of(ctx, "z", 64));
        Encoding enc = Encoding.of(ctx, vars, 3);
        List<BitVecExpr> current = vars.stream().map(StateVar::current).toList();
        int decidedOnBoxes = 0;
        for (int k = 0; k < 300; k++) {
            long[] coeffs = new long[vars.size()];
            for (int i = 0; i < coeffs.length; i++) {
                coeffs[i] = rng.nextInt(5) == 0 ? 0 : rng.nextInt(129) - 64;
            }
            if (coeffs[0] == 0 && coeffs[1] == 0 && coeffs[2] == 0) {
                coeffs[0] = 1;
            }
            long[] point = new long[vars.size()];
            for (int i = 0; i < point.length; i++) {
                point[i] = rng.nextBoolean() ? rng.nextLong() : rng.nextInt(2001) - 1000;
            }
            Polytope.Row row = new Polytope.Row(coeffs, rng.nextBoolean() ? rng.nextLong() : rng.nextInt(2001) - 1000);
            BoolExpr signed = Polytope.rowFormula(row, enc, current);
            BitVecExpr sum = (BitVecExpr) signed.getArgs()[0];
            List<BoolExpr> formulas = List.of(signed,
                    ctx.mkBVULT(sum, ctx.mkBV(row.bound(), enc.polytopeWidth())),
                    ctx.mkEq(ctx.mkExtract(63, 0, sum), ctx.mkBV(point[0], 64)),
                    ctx.mkBVSGT(ctx.mkExtract(66, 3, sum), ctx.mkBV(0, 64)));
            for (BoolExpr f : formulas) {
                boolean truth = z3(f, current, point);
                for (SimulationType type : List.of(SimulationType.INTERVAL, SimulationType.HYBRID)) {
                    AbstractTruth atPoint = Simulator.truth(new Simulator(type, env(current, point, 0)).eval(f));
                    assertEquals(AbstractTruth.of(truth), atPoint, type + " at " + List.of(point[0], point[1], point[2]) + ": " + f);
                    AbstractTruth onBox = Simulator.truth(new Simulator(type, env(current, point, 1 + rng.nextInt(1000))).eval(f));
                    assertTrue(onBox.admits(truth), type + " on a box: " + f);
                    decidedOnBoxes += onBox == AbstractTruth.UNKNOWN ? 0 : 1;
                }
            }
        }
        assertTrue(decidedOnBoxes > 0, "boxes decide some rows");
    }

    /** Each variable in [p − r, p + r] (clipped to 64 bits). */
    private static Map<Expr<?>, AbstractValue> env(List<BitVecExpr> vars, long[] point, long r) {
        Map<Expr<?>, AbstractValue> env = new HashMap<>();
        for (int i = 0; i < vars.size(); i++) {
            long lo = point[i] - r > point[i] ? Long.MIN_VALUE : point[i] - r;
            long hi = point[i] + r < point[i] ? Long.MAX_VALUE : point[i] + r;
            env.put(vars.get(i), new Interval(64, lo, hi));
        }
        return env;
    }

    private boolean z3(BoolExpr f, List<BitVecExpr> vars, long[] point) {
        List<Expr<?>> values = new ArrayList<>();
        for (long p : point) {
            values.add(ctx.mkBV(p, 64));
        }
        return f.substitute(vars.toArray(new Expr<?>[0]), values.toArray(new Expr<?>[0])).simplify().isTrue();
    }
}
