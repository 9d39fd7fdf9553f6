package pdpv.encode;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import pdpv.cfg.Variable;

/**
 * Fresh Z3 constants for dynamic single assignment (thesis §4.3.1: each update of a variable gets a
 * new variant) and for block and edge variables. Names are unique in the context, so several
 * encodings can share one context.
 */
public final class VariantFactory {
    private final Context ctx;

    public VariantFactory(Context ctx) {
        this.ctx = ctx;
    }

    /** A new variant of {@code v}: a fresh bit-vector constant of its width. */
    public BitVecExpr fresh(Variable v) {
        return (BitVecExpr) ctx.mkFreshConst(v.name(), ctx.mkBitVecSort(v.type().width()));
    }

    /** A new variant of each variable, in the given order. */
    public Map<Variable, BitVecExpr> fresh(Collection<Variable> vars) {
        Map<Variable, BitVecExpr> out = new LinkedHashMap<>();
        for (Variable v : vars) {
            out.put(v, fresh(v));
        }
        return out;
    }

    /** A fresh 64-bit constant named after {@code prefix}: the count of a summarized block's passes. */
    public BitVecExpr freshCount(String prefix) {
        return (BitVecExpr) ctx.mkFreshConst(prefix, ctx.mkBitVecSort(64));
    }

    /** A fresh Boolean constant named after {@code prefix}. */
    public BoolExpr freshBool(String prefix) {
        return (BoolExpr) ctx.mkFreshConst(prefix, ctx.mkBoolSort());
    }
}
