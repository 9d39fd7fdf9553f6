package pdpv.pdr;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.Context;

/** A nondeterministic input of a transition system, read in every step. */
public record InputVar(String name, int width, BitVecExpr expr) {
    public static InputVar of(Context ctx, String name, int width) {
        return new InputVar(name, width, ctx.mkBVConst(name, width));
    }
}
