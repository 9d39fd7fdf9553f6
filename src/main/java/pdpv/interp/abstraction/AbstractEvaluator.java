package pdpv.interp.abstraction;

import pdpv.cfg.Expr;
import pdpv.cfg.ExprEvaluator;
import pdpv.cfg.Valuation;
import pdpv.cfg.Variable;
import pdpv.domain.AbstractTruth;
import pdpv.domain.AbstractValue;
import pdpv.semantics.CSemantics;

/**
 * Evaluates IR expressions on an {@link AbstractState}, the abstract counterpart of
 * {@link pdpv.interp.Evaluator} for thesis §4.3.3: each operator's meaning comes from
 * {@link CSemantics} over {@link HybridAlgebra}. Arrays are not tracked: a cell read is ⊤.
 */
final class AbstractEvaluator {
    private final ExprEvaluator<AbstractValue, AbstractTruth> walk;

    AbstractEvaluator(CSemantics semantics) {
        this.walk = new ExprEvaluator<>(semantics, new HybridAlgebra());
    }

    AbstractValue evaluate(Expr e, AbstractState state) {
        return walk.value(e, valuation(state));
    }

    /** Whether C reads {@code condition} as true (nonzero) in every, no, or some member of the state. */
    AbstractTruth truth(Expr condition, AbstractState state) {
        return walk.truth(condition, valuation(state));
    }

    /** The state's values; arrays are not tracked (issue #20): every cell is ⊤. */
    private static Valuation<AbstractValue> valuation(AbstractState state) {
        return new Valuation<>() {
            @Override
            public AbstractValue scalar(Variable v) {
                return state.get(v);
            }

            @Override
            public AbstractValue cell(Variable array, AbstractValue index) {
                return AbstractValue.top(array.type().width());
            }
        };
    }
}
