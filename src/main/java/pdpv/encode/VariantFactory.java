package pdpv.encode;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Sort;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import pdpv.cfg.Variable;
import pdpv.semantics.CSemantics;

/**
 * Fresh Z3 constants for dynamic single assignment (thesis §4.3.1: each update of a variable gets a
 * new variant) and for block and edge variables. Names are unique in the context, so several
 * encodings can share one context. A scalar's variant is a bit-vector of its width, an array's
 * (issue #20) an SMT array from index bit-vectors ({@link CSemantics#indexType()}) to its elements.
 */
public final class VariantFactory {
    private final Context ctx;
    private final int indexWidth;

    public VariantFactory(Context ctx, CSemantics semantics) {
        this.ctx = ctx;
        this.indexWidth = semantics.indexType().width();
    }

    /** The sort of {@code v}'s variants. */
    public Sort sort(Variable v) {
        if (v.isArray()) {
            return ctx.mkArraySort(ctx.mkBitVecSort(indexWidth), ctx.mkBitVecSort(v.type().width()));
        }
        return ctx.mkBitVecSort(v.type().width());
    }

    /** A new variant of {@code v}: a fresh constant of its sort. */
    public Expr<?> fresh(Variable v) {
        return ctx.mkFreshConst(v.name(), sort(v));
    }

    /** A new variant of each variable, in the given order. */
    public Map<Variable, Expr<?>> fresh(Collection<Variable> vars) {
        Map<Variable, Expr<?>> out = new LinkedHashMap<>();
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
