package pdpv.frontend;

import pdpv.cfg.Expr;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CSemantics;
import pdpv.semantics.CType;
import pdpv.semantics.UnaryOp;

/**
 * Builds fully typed IR expressions by C's typing rules from {@link CSemantics}: every implicit
 * conversion becomes an explicit {@link Expr.Cast} (folded when the operand is a constant).
 */
final class Typing {
    private final CSemantics semantics;

    Typing(CSemantics semantics) {
        this.semantics = semantics;
    }

    CType intType() {
        return semantics.intType();
    }

    /** The type array subscripts are computed in ({@link CSemantics#indexType()}). */
    CType indexType() {
        return semantics.indexType();
    }

    /** The unsigned type as wide as {@link #indexType()}, in which flat array indices are computed. */
    CType unsignedIndexType() {
        return semantics.type(semantics.indexType().kind(), false);
    }

    Expr intConst(long value) {
        return new Expr.Const(intType(), value);
    }

    /** {@code e} converted to {@code to} (C11 §6.3.1.2–6.3.1.3). */
    Expr convert(Expr e, CType to) {
        if (e.type().equals(to)) {
            return e;
        }
        if (e instanceof Expr.Const c) {
            long value = c.type().toLong(c.bits());
            if (to.isBool()) {
                return new Expr.Const(to, c.bits() == 0 ? 0 : 1);
            }
            return new Expr.Const(to, value);
        }
        return new Expr.Cast(e, to);
    }

    Expr promote(Expr e) {
        return convert(e, semantics.promote(e.type()));
    }

    /** {@code e != 0} as int 0/1. */
    Expr truth(Expr e) {
        if (e instanceof Expr.Const c) {
            return intConst(c.bits() == 0 ? 0 : 1);
        }
        if (isTruthValue(e)) {
            return e;
        }
        return new Expr.Binary(BinaryOp.NE, e, new Expr.Const(e.type(), 0), intType());
    }

    /** True for int expressions whose value is always 0 or 1: comparisons, {@code !}, and {@code &}/{@code |} of those. */
    private boolean isTruthValue(Expr e) {
        if (!e.type().equals(intType())) {
            return false;
        }
        if (e instanceof Expr.Unary u) {
            return u.op() == UnaryOp.LOG_NOT;
        }
        if (e instanceof Expr.Binary b) {
            return b.op().isComparison()
                    || (b.op() == BinaryOp.AND || b.op() == BinaryOp.OR) && isTruthValue(b.left()) && isTruthValue(b.right());
        }
        return false;
    }

    /** A binary operator with C's conversions: usual arithmetic conversions, shifts by the promoted left type. */
    Expr binary(BinaryOp op, Expr left, Expr right) {
        if (op == BinaryOp.SHL || op == BinaryOp.SHR) {
            CType t = semantics.promote(left.type());
            return new Expr.Binary(op, convert(left, t), convert(right, t), t);
        }
        CType common = semantics.usualArithmetic(left.type(), right.type());
        CType result = op.isComparison() ? intType() : common;
        return new Expr.Binary(op, convert(left, common), convert(right, common), result);
    }

    /** {@code -e} or {@code ~e} on the promoted operand, {@code !e} as int; constants are folded. */
    Expr unary(UnaryOp op, Expr operand) {
        if (op == UnaryOp.LOG_NOT) {
            if (operand instanceof Expr.Const c) {
                return intConst(c.bits() == 0 ? 1 : 0);
            }
            return new Expr.Unary(op, operand, intType());
        }
        Expr e = promote(operand);
        if (e instanceof Expr.Const c) {
            long bits = op == UnaryOp.NEG ? -c.bits() : ~c.bits();
            return new Expr.Const(c.type(), bits);
        }
        return new Expr.Unary(op, e, e.type());
    }

    /** {@code a && b} or {@code a || b} of two pure operands, as int: {@code (a!=0) & (b!=0)}. */
    Expr logical(boolean and, Expr a, Expr b) {
        return new Expr.Binary(and ? BinaryOp.AND : BinaryOp.OR, truth(a), truth(b), intType());
    }

    /** The type of {@code c ? a : b} with arithmetic arms. */
    CType conditionalType(CType a, CType b) {
        return semantics.usualArithmetic(a, b);
    }
}
