package pdpv.encode.chc;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Sort;
import java.util.Map;
import pdpv.cfg.ArrayExpr;
import pdpv.cfg.Variable;
import pdpv.encode.ExprEncoder;
import pdpv.encode.VariantFactory;
import pdpv.encode.Z3Algebra;
import pdpv.semantics.CSemantics;

/**
 * The bit-precise data of the Large Step Encoding (Gurfinkel 2018 slides; thesis §4.3.1): exactly
 * PDPV's semantics, through {@link ExprEncoder} and {@link Z3Algebra}, so every C rule comes from
 * {@link CSemantics}; arrays are SMT arrays from index to element bit-vectors, as in F.
 */
public final class BitVectorTheory implements ValueTheory {
    private final ExprEncoder exprs;
    private final VariantFactory variants;

    public BitVectorTheory(Context ctx, CSemantics semantics) {
        this.exprs = new ExprEncoder(semantics, new Z3Algebra(ctx));
        this.variants = new VariantFactory(ctx, semantics);
    }

    @Override
    public Sort sort(Variable v) {
        return variants.sort(v);
    }

    @Override
    public Expr<?> fresh(Variable v) {
        return variants.fresh(v);
    }

    @Override
    public Expr<?> value(pdpv.cfg.Expr e, Map<Variable, Expr<?>> variants) {
        return exprs.value(e, variants);
    }

    @Override
    public Expr<?> array(ArrayExpr a, Map<Variable, Expr<?>> variants) {
        return exprs.array(a, variants);
    }

    @Override
    public BoolExpr truth(pdpv.cfg.Expr e, Map<Variable, Expr<?>> variants) {
        return exprs.truth(e, variants);
    }
}
