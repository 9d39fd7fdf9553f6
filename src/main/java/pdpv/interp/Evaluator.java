package pdpv.interp;

import pdpv.cfg.Expr;
import pdpv.cfg.ExprEvaluator;
import pdpv.semantics.BitVec;
import pdpv.semantics.CSemantics;
import pdpv.semantics.ConcreteAlgebra;

/**
 * Evaluates IR expressions on a concrete {@link State}, one at a time (the runs of thesis §4.3.2
 * evaluate compiled expressions instead, see {@link CompilingAlgebra}). Each operator's meaning
 * comes from {@link CSemantics} over {@link ConcreteAlgebra}; nothing about C is decided here.
 */
public final class Evaluator {
    private final ExprEvaluator<BitVec, Boolean> walk;

    public Evaluator(CSemantics semantics) {
        this.walk = new ExprEvaluator<>(semantics, new ConcreteAlgebra());
    }

    /** The value of {@code e} in {@code state}, as a bit-vector of e's type width. */
    public BitVec evaluate(Expr e, State state) {
        BitVec value = walk.value(e, state::get);
        if (value.width() != e.type().width()) {
            throw new IllegalStateException("ill-typed expression " + e + ": " + e.type() + " evaluated to " + value);
        }
        return value;
    }

    /** Whether C reads {@code condition} as true (nonzero) in {@code state}. */
    public boolean isTrue(Expr condition, State state) {
        return walk.truth(condition, state::get);
    }
}
