package pdpv.interp;

import pdpv.cfg.Expr;
import pdpv.semantics.BitVec;
import pdpv.semantics.CSemantics;
import pdpv.semantics.ConcreteAlgebra;

/**
 * Evaluates IR expressions on a concrete {@link State} for the interpreter of thesis §4.3.2.
 * Each operator's meaning comes from {@link CSemantics} over {@link ConcreteAlgebra}; nothing
 * about C is decided here.
 */
public final class Evaluator {
    private final CSemantics semantics;
    private final ConcreteAlgebra algebra = new ConcreteAlgebra();

    public Evaluator(CSemantics semantics) {
        this.semantics = semantics;
    }

    /** The value of {@code e} in {@code state}, as a bit-vector of e's type width. */
    public BitVec evaluate(Expr e, State state) {
        BitVec value = compute(e, state);
        if (value.width() != e.type().width()) {
            throw new IllegalStateException("ill-typed expression " + e + ": " + e.type() + " evaluated to " + value);
        }
        return value;
    }

    /** Whether C reads {@code condition} as true (nonzero) in {@code state}. */
    public boolean isTrue(Expr condition, State state) {
        return semantics.isTrue(algebra, condition.type(), evaluate(condition, state));
    }

    private BitVec compute(Expr e, State state) {
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
        return isTrue(ite.condition(), state) ? evaluate(ite.ifTrue(), state) : evaluate(ite.ifFalse(), state);
    }
}
