package pdpv.pdr;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.Context;

/**
 * A state variable of a transition system (§2.1): its current-state and next-state constants. Its
 * values are unsigned bit patterns in a {@code long}, so it has at most 64 bits.
 */
public record StateVar(String name, int width, BitVecExpr current, BitVecExpr next) {
    /** The widest state variable: its values are the bit patterns of a {@code long}. */
    public static final int MAX_WIDTH = 64;

    public StateVar {
        if (width < 1 || width > MAX_WIDTH) {
            throw new IllegalArgumentException("state variable width must be in 1.." + MAX_WIDTH + ": " + name);
        }
    }

    /** Creates the constants {@code name} and {@code name'}. */
    public static StateVar of(Context ctx, String name, int width) {
        return new StateVar(name, width, ctx.mkBVConst(name, width), ctx.mkBVConst(name + "'", width));
    }
}
