package pdpv.interp;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import pdpv.cfg.Expr;
import pdpv.cfg.ExprEvaluator;
import pdpv.cfg.UbGuards;
import pdpv.cfg.Valuation;
import pdpv.cfg.Variable;
import pdpv.semantics.BitVec;
import pdpv.semantics.CSemantics;
import pdpv.semantics.ConcreteAlgebra;
import pdpv.semantics.UbReading;
import pdpv.semantics.UndefinedBehaviour;

/**
 * Evaluates IR expressions on a concrete {@link State} for the interpreter of thesis §4.3.2.
 * Each operator's meaning comes from {@link CSemantics} over {@link ConcreteAlgebra}; nothing
 * about C is decided here.
 */
public final class Evaluator {
    private final ExprEvaluator<BitVec, Boolean> walk;
    /** The guards of the kinds read as SMT-LIB's, which the front end has not inserted. */
    private final UbGuards unguarded;
    private final Map<Expr, List<UbGuards.Guard>> guards = Collections.synchronizedMap(new IdentityHashMap<>());

    public Evaluator(CSemantics semantics) {
        this.walk = new ExprEvaluator<>(semantics, new ConcreteAlgebra());
        this.unguarded = new UbGuards(semantics, semantics.readings().kinds(UbReading.DEFINED));
    }

    /**
     * The kind of the first operation evaluating {@code e} in {@code state} performs that C leaves
     * undefined and SMT-LIB defines (a signed overflow that wraps, a division by zero under
     * {@code --div-by-zero smtlib}), if any. The other kinds the front end has guarded, so nothing
     * of them is left to find.
     */
    public Optional<UndefinedBehaviour> definedOnlyBySmtlib(Expr e, State state) {
        for (UbGuards.Guard g : guards.computeIfAbsent(e, unguarded::of)) {
            if (!isTrue(g.condition(), state)) {
                return Optional.of(g.kind());
            }
        }
        return Optional.empty();
    }

    /** As {@link #definedOnlyBySmtlib(Expr, State)}, for writing the cell {@code index} of {@code array} (issue #20). */
    public Optional<UndefinedBehaviour> storeDefinedOnlyBySmtlib(Variable array, Expr index, State state) {
        for (UbGuards.Guard g : unguarded.ofStore(array, index)) {
            if (!isTrue(g.condition(), state)) {
                return Optional.of(g.kind());
            }
        }
        return Optional.empty();
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
