package pdpv.pdr;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** RESHAPE (Alg. 3.2) without guides: the sum of two neighbouring boundaries of a corner. */
class ReshaperTest {
    @Test
    void boxCornerBecomesDifferenceWithoutGuides() {
        try (Context ctx = new Context()) {
            StateVar x = StateVar.of(ctx, "x", 32);
            StateVar n = StateVar.of(ctx, "n", 32);
            List<StateVar> vars = List.of(x, n);
            Encoding enc = Encoding.of(ctx, vars, 3);
            BoolExpr beyond = ctx.mkBVSGT(ctx.mkSignExt(3, x.current()), ctx.mkSignExt(3, n.current()));
            CoreQuery insideBeyond = candidate -> {
                Solver s = ctx.mkSolver();
                s.add(candidate.formula(enc, List.of(x.current(), n.current())), ctx.mkNot(beyond));
                return s.check() == Status.UNSATISFIABLE ? new BitSet() : null;
            };
            Polytope box = new Polytope(List.of(
                    new Polytope.Row(new long[] {-1, 0}, -8),
                    new Polytope.Row(new long[] {0, 1}, 7)));
            Reshaper reshaper = new Reshaper(enc, PdrOptions.defaults(), new PdrStatistics(), Budgets.unlimited(ctx));
            Optional<Polytope> reshaped = reshaper.reshape(box, List.of(), insideBeyond);
            assertTrue(reshaped.isPresent(), "x ≥ 8 ∧ n ≤ 7 has the corner (8, 7) and no guide");
            assertTrue(reshaped.get().rows().contains(new Polytope.Row(new long[] {-1, 1}, -1)),
                    "n − x ≤ −1 through the corner replaces one of its boundaries: " + reshaped.get());
        }
    }
}
