package pdpv.pdr;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.Context;

/** A state variable of a transition system (§2.1): its current-state and next-state constants. */
public record StateVar(String name, int width, BitVecExpr current, BitVecExpr next) {
    public StateVar {
        if (width < 1 || width > 62) {
            throw new IllegalArgumentException("state variable width must be in 1..62: " + name);
        }
    }

    /** Creates the constants {@code name} and {@code name'}. */
    public static StateVar of(Context ctx, String name, int width) {
        return new StateVar(name, width, ctx.mkBVConst(name, width), ctx.mkBVConst(name + "'", width));
    }
}
