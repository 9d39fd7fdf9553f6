package pdpv.pdr;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.List;

/**
 * How ARUs become Z3 formulas: the variables' widths and the width in which polytope constraints
 * are evaluated, the widest variable plus the extra bits of §3.2.2 ("Bitwidth Extension").
 */
public record Encoding(Context ctx, int[] widths, int polytopeWidth) {

    public static Encoding of(Context ctx, List<StateVar> vars, int extraBits) {
        int[] widths = vars.stream().mapToInt(StateVar::width).toArray();
        int widest = 1;
        for (int w : widths) {
            widest = Math.max(widest, w);
        }
        return new Encoding(ctx, widths, widest + extraBits);
    }

    /**
     * The greatest bound a polytope row can have: the greatest signed value of the polytope width,
     * or of a {@code long} when the polytope width is wider (a row of 64-bit variables with the
     * extra bits of §3.2.2); a row with a larger bound is not needed to describe any set of states
     * the expansion reaches, which starts from points.
     */
    public long maxBound() {
        return polytopeWidth > 64 ? Long.MAX_VALUE : maxOfWidth(polytopeWidth);
    }

    /** The least bound a polytope row can have (see {@link #maxBound()}). */
    public long minBound() {
        return -maxBound() - 1;
    }

    private static long maxOfWidth(int w) {
        return w == 64 ? Long.MAX_VALUE : (1L << (w - 1)) - 1;
    }

    public int size() {
        return widths.length;
    }

    /** The value of an unsigned bit pattern of width {@code w} read in two's complement. */
    public static long signed(long bits, int w) {
        return (bits << (64 - w)) >> (64 - w);
    }

    public long minSigned(int var) {
        return -(1L << (widths[var] - 1));
    }

    public long maxSigned(int var) {
        return maxOfWidth(widths[var]);
    }

    /** The conjunction of the formulas (true if empty). */
    public BoolExpr and(List<BoolExpr> parts) {
        return parts.isEmpty() ? ctx.mkTrue() : ctx.mkAnd(parts.toArray(new BoolExpr[0]));
    }

    public BoolExpr bitIs(BitVecExpr var, int bit, boolean value) {
        return ctx.mkEq(ctx.mkExtract(bit, bit, var), ctx.mkBV(value ? 1 : 0, 1));
    }
}
