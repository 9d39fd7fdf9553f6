package pdpv.cfg;

import java.util.function.Function;
import pdpv.semantics.ArrayAlgebra;
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

    /** The value of {@code e} when each (scalar) variable has the value {@code variables} gives it. */
    public V value(Expr e, Function<Variable, V> variables) {
        return value(e, Valuation.scalars(variables));
    }

    /** The value of {@code e} when its variables and array cells hold what {@code values} says. */
    public V value(Expr e, Valuation<V> values) {
        if (e instanceof Expr.Const c) {
            return algebra.constant(c.bits(), c.type().width());
        }
        if (e instanceof Expr.VarRef r) {
            return values.scalar(r.variable());
        }
        if (e instanceof Expr.Select s) {
            return values.cell(s.array(), value(s.index(), values));
        }
        if (e instanceof Expr.Unary u) {
            return semantics.unary(algebra, u.op(), u.operand().type(), value(u.operand(), values));
        }
        if (e instanceof Expr.Binary b) {
            return semantics.binary(algebra, b.op(), b.operandType(), value(b.left(), values), value(b.right(), values));
        }
        if (e instanceof Expr.Undefined u) {
            return semantics.fromTruth(algebra, semantics.undefined(algebra, u.kind(), u.op(), u.left().type(),
                    value(u.left(), values), value(u.right(), values)));
        }
        if (e instanceof Expr.Cast c) {
            return semantics.convert(algebra, value(c.operand(), values), c.operand().type(), c.type());
        }
        Expr.Ite ite = (Expr.Ite) e;
        return algebra.ite(truth(ite.condition(), values), value(ite.ifTrue(), values), value(ite.ifFalse(), values));
    }

    /** C's truth value of the scalar {@code e} (nonzero is true). */
    public B truth(Expr e, Function<Variable, V> variables) {
        return truth(e, Valuation.scalars(variables));
    }

    /** C's truth value of the scalar {@code e} under {@code values}. */
    public B truth(Expr e, Valuation<V> values) {
        return semantics.isTrue(algebra, e.type(), value(e, values));
    }

    /**
     * The value of the whole array {@code a} over {@code arrays}, whose variables hold what
     * {@code wholes} gives them; its indices and cells are evaluated under {@code values}.
     */
    public <A> A array(ArrayExpr a, Valuation<V> values, ArrayAlgebra<A, V> arrays, Function<Variable, A> wholes) {
        if (a instanceof ArrayExpr.Whole w) {
            return wholes.apply(w.array());
        }
        if (a instanceof ArrayExpr.Filled f) {
            return arrays.filled(f.bits(), f.elementType().width(), semantics.indexType().width());
        }
        ArrayExpr.Store s = (ArrayExpr.Store) a;
        A base = array(s.base(), values, arrays, wholes);
        return arrays.store(base, value(s.index(), values), value(s.value(), values));
    }
}
