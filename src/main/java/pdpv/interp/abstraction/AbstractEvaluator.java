package pdpv.interp.abstraction;

import pdpv.cfg.Expr;
import pdpv.cfg.ExprEvaluator;
import pdpv.domain.AbstractTruth;
import pdpv.domain.AbstractValue;
import pdpv.semantics.CSemantics;

/**
 * Evaluates IR expressions on an {@link AbstractState}, the abstract counterpart of
 * {@link pdpv.interp.Evaluator} for thesis §4.3.3: each operator's meaning comes from
 * {@link CSemantics} over {@link HybridAlgebra}.
 */
final class AbstractEvaluator {
    private final ExprEvaluator<AbstractValue, AbstractTruth> walk;

    AbstractEvaluator(CSemantics semantics) {
        this.walk = new ExprEvaluator<>(semantics, new HybridAlgebra());
    }

    AbstractValue evaluate(Expr e, AbstractState state) {
        return walk.value(e, state::get);
    }

    /** Whether C reads {@code condition} as true (nonzero) in every, no, or some member of the state. */
    AbstractTruth truth(Expr condition, AbstractState state) {
        return walk.truth(condition, state::get);
    }
}
