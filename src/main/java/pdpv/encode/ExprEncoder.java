package pdpv.encode;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import java.util.Map;
import pdpv.cfg.ArrayExpr;
import pdpv.cfg.ExprEvaluator;
import pdpv.cfg.Valuation;
import pdpv.cfg.Variable;
import pdpv.semantics.CSemantics;

/**
 * Translates an IR expression into a Z3 bit-vector term over the current variants of its
 * variables (the passive formulas of thesis §4.3.1); every operation's meaning comes from
 * {@link CSemantics} over the {@link Z3Algebra}. A scalar variable's variant is a bit-vector, an
 * array's an SMT array whose cells {@link pdpv.cfg.Expr.Select} reads (issue #20).
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
    public BitVecExpr value(pdpv.cfg.Expr e, Map<Variable, ? extends Expr<?>> variants) {
        return walk.value(e, valuation(variants));
    }

    /** C's truth value of the scalar {@code e} (nonzero is true). */
    public BoolExpr truth(pdpv.cfg.Expr e, Map<Variable, ? extends Expr<?>> variants) {
        return walk.truth(e, valuation(variants));
    }

    /** The whole array {@code a} over the variants. */
    public Expr<?> array(ArrayExpr a, Map<Variable, ? extends Expr<?>> variants) {
        return walk.array(a, valuation(variants), alg, v -> variantOf(v, variants));
    }

    private Valuation<BitVecExpr> valuation(Map<Variable, ? extends Expr<?>> variants) {
        return new Valuation<>() {
            @Override
            public BitVecExpr scalar(Variable v) {
                return (BitVecExpr) variantOf(v, variants);
            }

            @Override
            public BitVecExpr cell(Variable array, BitVecExpr index) {
                return alg.select(variantOf(array, variants), index);
            }
        };
    }

    private static Expr<?> variantOf(Variable v, Map<Variable, ? extends Expr<?>> variants) {
        Expr<?> variant = variants.get(v);
        if (variant == null) {
            throw new IllegalArgumentException("no variant for " + v);
        }
        return variant;
    }
}
