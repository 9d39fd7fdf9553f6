package pdpv.cfg;

import java.util.function.Function;
import pdpv.semantics.BitVectorAlgebra;
import pdpv.semantics.CSemantics;

/**
 * Gives an IR expression its C meaning over any {@link BitVectorAlgebra}: the one walk over
 * expressions that the concrete interpreter, the abstract interpreter and the SMT encoder share,
 * so that each operator's meaning comes from {@link CSemantics} alone (design page).
 */
public final class ExprEvaluator<V, B> {
    private final CSemantics semantics;
    private final BitVectorAlgebra<V, B> algebra;

    public ExprEvaluator(CSemantics semantics, BitVectorAlgebra<V, B> algebra) {
        this.semantics = semantics;
        this.algebra = algebra;
    }

    /** The value of {@code e} when each variable has the value {@code variables} gives it. */
    public V value(Expr e, Function<Variable, V> variables) {
        if (e instanceof Expr.Const c) {
            return algebra.constant(c.bits(), c.type().width());
        }
        if (e instanceof Expr.VarRef r) {
            return variables.apply(r.variable());
        }
        if (e instanceof Expr.Unary u) {
            return semantics.unary(algebra, u.op(), u.operand().type(), value(u.operand(), variables));
        }
        if (e instanceof Expr.Binary b) {
            return semantics.binary(algebra, b.op(), b.operandType(), value(b.left(), variables), value(b.right(), variables));
        }
        if (e instanceof Expr.Undefined u) {
            return semantics.fromTruth(algebra, semantics.undefined(algebra, u.kind(), u.op(), u.left().type(),
                    value(u.left(), variables), value(u.right(), variables)));
        }
        if (e instanceof Expr.Cast c) {
            return semantics.convert(algebra, value(c.operand(), variables), c.operand().type(), c.type());
        }
        Expr.Ite ite = (Expr.Ite) e;
        return algebra.ite(truth(ite.condition(), variables), value(ite.ifTrue(), variables), value(ite.ifFalse(), variables));
    }

    /** C's truth value of the scalar {@code e} (nonzero is true). */
    public B truth(Expr e, Function<Variable, V> variables) {
        return semantics.isTrue(algebra, e.type(), value(e, variables));
    }
}
