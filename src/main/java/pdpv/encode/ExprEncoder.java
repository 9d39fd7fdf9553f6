package pdpv.encode;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import java.util.Map;
import pdpv.cfg.Expr;
import pdpv.cfg.Variable;
import pdpv.semantics.CSemantics;

/**
 * Translates an IR expression into a Z3 bit-vector term over the current variants of its
 * variables (the passive formulas of thesis §4.3.1); every operation's meaning comes from
 * {@link CSemantics} over the {@link Z3Algebra}.
 */
public final class ExprEncoder {
    private final CSemantics semantics;
    private final Z3Algebra alg;

    public ExprEncoder(CSemantics semantics, Z3Algebra alg) {
        this.semantics = semantics;
        this.alg = alg;
    }

    public Z3Algebra algebra() {
        return alg;
    }

    /** The value of {@code e} when each variable has the value of its variant in {@code variants}. */
    public BitVecExpr value(Expr e, Map<Variable, BitVecExpr> variants) {
        if (e instanceof Expr.Const c) {
            return alg.constant(c.bits(), c.type().width());
        }
        if (e instanceof Expr.VarRef v) {
            BitVecExpr variant = variants.get(v.variable());
            if (variant == null) {
                throw new IllegalArgumentException("no variant for " + v.variable());
            }
            return variant;
        }
        if (e instanceof Expr.Unary u) {
            return semantics.unary(alg, u.op(), u.operand().type(), value(u.operand(), variants));
        }
        if (e instanceof Expr.Binary b) {
            return semantics.binary(alg, b.op(), b.operandType(), value(b.left(), variants), value(b.right(), variants));
        }
        if (e instanceof Expr.Cast c) {
            return semantics.convert(alg, value(c.operand(), variants), c.operand().type(), c.type());
        }
        Expr.Ite i = (Expr.Ite) e;
        return alg.ite(truth(i.condition(), variants), value(i.ifTrue(), variants), value(i.ifFalse(), variants));
    }

    /** C's truth value of the scalar {@code e} (nonzero is true). */
    public BoolExpr truth(Expr e, Map<Variable, BitVecExpr> variants) {
        return semantics.isTrue(alg, e.type(), value(e, variants));
    }
}
