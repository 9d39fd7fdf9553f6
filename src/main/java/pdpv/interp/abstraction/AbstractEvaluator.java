package pdpv.interp.abstraction;

import pdpv.cfg.Expr;
import pdpv.semantics.CSemantics;

/**
 * Evaluates IR expressions on an {@link AbstractState}, the abstract counterpart of
 * {@link pdpv.interp.Evaluator} for thesis §4.3.3: each operator's meaning comes from
 * {@link CSemantics} over {@link HybridAlgebra}.
 */
final class AbstractEvaluator {
    private final CSemantics semantics;
    private final HybridAlgebra algebra = new HybridAlgebra();

    AbstractEvaluator(CSemantics semantics) {
        this.semantics = semantics;
    }

    AbstractValue evaluate(Expr e, AbstractState state) {
        if (e instanceof Expr.Const c) {
            return algebra.constant(c.bits(), c.type().width());
        }
        if (e instanceof Expr.VarRef r) {
            return state.get(r.variable());
        }
        if (e instanceof Expr.Unary u) {
            return semantics.unary(algebra, u.op(), u.operand().type(), evaluate(u.operand(), state));
        }
        if (e instanceof Expr.Binary b) {
            return semantics.binary(algebra, b.op(), b.operandType(), evaluate(b.left(), state), evaluate(b.right(), state));
        }
        if (e instanceof Expr.Cast c) {
            return semantics.convert(algebra, evaluate(c.operand(), state), c.operand().type(), c.type());
        }
        Expr.Ite ite = (Expr.Ite) e;
        return algebra.ite(truth(ite.condition(), state), evaluate(ite.ifTrue(), state), evaluate(ite.ifFalse(), state));
    }

    /** Whether C reads {@code condition} as true (nonzero) in every, no, or some member of the state. */
    AbstractTruth truth(Expr condition, AbstractState state) {
        return semantics.isTrue(algebra, condition.type(), evaluate(condition, state));
    }
}
