package pdpv.encode;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import java.util.Map;
import pdpv.cfg.Expr;
import pdpv.cfg.ExprEvaluator;
import pdpv.cfg.Variable;
import pdpv.semantics.CSemantics;

/**
 * Translates an IR expression into a Z3 bit-vector term over the current variants of its
 * variables (the passive formulas of thesis §4.3.1); every operation's meaning comes from
 * {@link CSemantics} over the {@link Z3Algebra}.
 */
public final class ExprEncoder {
    private final Z3Algebra alg;
    private final ExprEvaluator<BitVecExpr, BoolExpr> walk;

    public ExprEncoder(CSemantics semantics, Z3Algebra alg) {
        this.alg = alg;
        this.walk = new ExprEvaluator<>(semantics, alg);
    }

    public Z3Algebra algebra() {
        return alg;
    }

    /** The value of {@code e} when each variable has the value of its variant in {@code variants}. */
    public BitVecExpr value(Expr e, Map<Variable, BitVecExpr> variants) {
        return walk.value(e, v -> variantOf(v, variants));
    }

    /** C's truth value of the scalar {@code e} (nonzero is true). */
    public BoolExpr truth(Expr e, Map<Variable, BitVecExpr> variants) {
        return walk.truth(e, v -> variantOf(v, variants));
    }

    private static BitVecExpr variantOf(Variable v, Map<Variable, BitVecExpr> variants) {
        BitVecExpr variant = variants.get(v);
        if (variant == null) {
            throw new IllegalArgumentException("no variant for " + v);
        }
        return variant;
    }
}
