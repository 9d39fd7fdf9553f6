package pdpv.interp;

import pdpv.cfg.Expr;
import pdpv.cfg.ExprEvaluator;
import pdpv.cfg.Valuation;
import pdpv.cfg.Variable;
import pdpv.semantics.BitVec;
import pdpv.semantics.CSemantics;
import pdpv.semantics.ConcreteAlgebra;

/**
 * Evaluates IR expressions on a concrete {@link State} for the interpreter of thesis §4.3.2.
 * Each operator's meaning comes from {@link CSemantics} over {@link ConcreteAlgebra}; nothing
 * about C is decided here. (Runs execute a {@link CompiledProgram}, which also finds the
 * operations that C leaves undefined; this evaluates one expression at a time.)
 */
public final class Evaluator {
    private final ExprEvaluator<BitVec, Boolean> walk;

    public Evaluator(CSemantics semantics) {
        this.walk = new ExprEvaluator<>(semantics, new ConcreteAlgebra());
    }

    /** The value of {@code e} in {@code state}, as a bit-vector of e's type width. */
    public BitVec evaluate(Expr e, State state) {
        BitVec value = walk.value(e, valuation(state));
        if (value.width() != e.type().width()) {
            throw new IllegalStateException("ill-typed expression " + e + ": " + e.type() + " evaluated to " + value);
        }
        return value;
    }

    /** Whether C reads {@code condition} as true (nonzero) in {@code state}. */
    public boolean isTrue(Expr condition, State state) {
        return walk.truth(condition, valuation(state));
    }

    private static Valuation<BitVec> valuation(State state) {
        return new Valuation<>() {
            @Override
            public BitVec scalar(Variable v) {
                return state.get(v);
            }

            @Override
            public BitVec cell(Variable array, BitVec index) {
                return state.cell(array, index);
            }
        };
    }
}
