package pdpv.interp;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import pdpv.cfg.Expr;
import pdpv.cfg.ExprEvaluator;
import pdpv.cfg.SignedOverflows;
import pdpv.cfg.Valuation;
import pdpv.cfg.Variable;
import pdpv.semantics.BitVec;
import pdpv.semantics.CSemantics;
import pdpv.semantics.ConcreteAlgebra;
import pdpv.semantics.SignedOverflow;

/**
 * Evaluates IR expressions on a concrete {@link State} for the interpreter of thesis §4.3.2.
 * Each operator's meaning comes from {@link CSemantics} over {@link ConcreteAlgebra}; nothing
 * about C is decided here.
 */
public final class Evaluator {
    private final ExprEvaluator<BitVec, Boolean> walk;
    /** Under wrap semantics, each expression's no-overflow condition (empty: none), built once. */
    private final SignedOverflows overflows;
    private final Map<Expr, Optional<Expr>> noOverflow = Collections.synchronizedMap(new IdentityHashMap<>());

    public Evaluator(CSemantics semantics) {
        this.walk = new ExprEvaluator<>(semantics, new ConcreteAlgebra());
        this.overflows = semantics.signedOverflow() == SignedOverflow.WRAP ? new SignedOverflows(semantics.intType()) : null;
    }

    /**
     * Whether evaluating {@code e} in {@code state} overflows a signed operation that wraps. Under
     * the other readings the front end has guarded every such operation, so nothing is left to find.
     */
    public boolean wrapsAround(Expr e, State state) {
        if (overflows == null) {
            return false;
        }
        Optional<Expr> condition = noOverflow.computeIfAbsent(e, x -> Optional.ofNullable(overflows.noOverflow(x)));
        return condition.isPresent() && !isTrue(condition.get(), state);
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
