package pdpv.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.microsoft.z3.ArrayExpr;
import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import org.junit.jupiter.api.Test;
import pdpv.semantics.ArrayValue;

/**
 * Reading an array's value from a Z3 model. A model of a quantified fact over a range of cells may
 * give the array as a {@code lambda} (fill-then-sum with a constant under the loop-cut CEGAR, issue
 * #20, was an internal error), which is read cell by cell over the array's cells: that reading
 * agrees with the reading of the stores and the {@code as-array} Z3 gives here.
 */
class ArrayModelTest {
    @Test
    void aRangeOfCellsFixedByAQuantifiedFactIsReadCellByCell() {
        try (Context ctx = new Context()) {
            BitVecSort idx = ctx.mkBitVecSort(32);
            ArrayExpr<BitVecSort, BitVecSort> a = ctx.mkArrayConst("a", idx, ctx.mkBitVecSort(8));
            BitVecExpr j = ctx.mkBVConst("j", 32);
            BoolExpr fact = ctx.mkForall(new Expr<?>[] {j},
                    ctx.mkImplies(ctx.mkBVULT(j, ctx.mkBV(1000, 32)), ctx.mkEq(ctx.mkSelect(a, j), ctx.mkBV(3, 8))), 1, null, null, null, null);
            Solver s = ctx.mkSolver();
            s.add(fact, ctx.mkEq(ctx.mkSelect(a, ctx.mkBV(1500, 32)), ctx.mkBV(5, 8)));
            assertEquals(Status.SATISFIABLE, s.check());
            ArrayValue v = ArrayModel.read(ctx, s.getModel(), a, 8, 32, 1600);
            ArrayValue byCell = ArrayModel.cellByCell(ctx, s.getModel(), a, 8, 32, 1600);
            for (long i = 0; i < 1600; i++) {
                assertEquals(v.get(i), byCell.get(i), "cell " + i);
                if (i < 1000) {
                    assertEquals(3, byCell.get(i), "cell " + i);
                }
            }
            assertEquals(5, byCell.get(1500));
        }
    }
}
