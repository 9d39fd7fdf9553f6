package pdpv.cfg;

import java.util.EnumSet;
import java.util.Set;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CType;
import pdpv.semantics.UnaryOp;

/**
 * Where an expression can overflow (issue #12, {@code --signed-overflow}): the condition, itself
 * an IR expression, that evaluating {@code e} overflows no signed operation. Only the operations
 * C evaluates count: of {@code c ? x : y} the branch {@code c} picks. What "overflows" means for
 * one operation is {@link pdpv.semantics.CSemantics#overflows}, reached through {@link Expr.Overflow}.
 */
public final class SignedOverflows {
    /** The operators {@link pdpv.semantics.CSemantics#overflows} can find overflowing. */
    private static final Set<BinaryOp> CHECKED = EnumSet.of(BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL,
            BinaryOp.DIV, BinaryOp.REM, BinaryOp.SHL);

    /** The text of the assertions {@code --signed-overflow error} inserts, for messages. */
    public static final String ASSERTION_TEXT = "no signed overflow";

    private final CType intType;

    /** {@code intType} is the type of the conditions built (C's int under the data model). */
    public SignedOverflows(CType intType) {
        this.intType = intType;
    }

    /** An int 0/1 expression that is 1 exactly when evaluating {@code e} overflows nothing, or
     * null when {@code e} contains no signed operation that could. */
    public Expr noOverflow(Expr e) {
        if (e instanceof Expr.Unary u) {
            Expr inner = noOverflow(u.operand());
            if (u.op() != UnaryOp.NEG || !u.type().signed()) {
                return inner;
            }
            return and(inner, not(new Expr.Overflow(BinaryOp.SUB, new Expr.Const(u.type(), 0), u.operand(), intType)));
        }
        if (e instanceof Expr.Binary b) {
            Expr both = and(noOverflow(b.left()), noOverflow(b.right()));
            if (!CHECKED.contains(b.op()) || !b.operandType().signed()) {
                return both;
            }
            return and(both, not(new Expr.Overflow(b.op(), b.left(), b.right(), intType)));
        }
        if (e instanceof Expr.Cast c) {
            return noOverflow(c.operand());
        }
        if (e instanceof Expr.Select s) {
            return noOverflow(s.index());
        }
        if (e instanceof Expr.Ite i) {
            Expr whenTrue = noOverflow(i.ifTrue());
            Expr whenFalse = noOverflow(i.ifFalse());
            if (whenTrue == null && whenFalse == null) {
                return noOverflow(i.condition());
            }
            Expr chosen = new Expr.Ite(i.condition(), orTrue(whenTrue), orTrue(whenFalse), intType);
            return and(noOverflow(i.condition()), chosen);
        }
        if (e instanceof Expr.Overflow o) {
            return and(noOverflow(o.left()), noOverflow(o.right()));
        }
        return null;
    }

    /** Whether {@code e} mentions an {@link Expr.Overflow}: it is (part of) an inserted guard. */
    public static boolean isGuard(Expr e) {
        if (e instanceof Expr.Overflow) {
            return true;
        }
        if (e instanceof Expr.Unary u) {
            return isGuard(u.operand());
        }
        if (e instanceof Expr.Binary b) {
            return isGuard(b.left()) || isGuard(b.right());
        }
        if (e instanceof Expr.Cast c) {
            return isGuard(c.operand());
        }
        if (e instanceof Expr.Select s) {
            return isGuard(s.index());
        }
        return e instanceof Expr.Ite i && (isGuard(i.condition()) || isGuard(i.ifTrue()) || isGuard(i.ifFalse()));
    }

    private Expr and(Expr a, Expr b) {
        if (a == null) {
            return b;
        }
        return b == null ? a : new Expr.Binary(BinaryOp.AND, a, b, intType);
    }

    private Expr not(Expr a) {
        return new Expr.Unary(UnaryOp.LOG_NOT, a, intType);
    }

    private Expr orTrue(Expr a) {
        return a == null ? new Expr.Const(intType, 1) : a;
    }
}
