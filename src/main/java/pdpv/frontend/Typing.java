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

    /** {@code unsigned char}, the type of a union's bytes. */
    CType unsignedChar() {
        return semantics.type(pdpv.semantics.CType.Kind.CHAR, false);
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
            return new Expr.Binary(op, convert(left, t), shiftAmount(promote(right), t), t);
        }
        CType common = semantics.usualArithmetic(left.type(), right.type());
        CType result = op.isComparison() ? intType() : common;
        return new Expr.Binary(op, convert(left, common), convert(right, common), result);
    }

    /**
     * The amount of a shift, of promoted type R, as an operand of the promoted left type T. C11
     * §6.5.7p3 compares the amount's value with T's width; truncating a wider R would make an amount
     * out of range (2^32 + 1 for a 32-bit T) look in range, so such an amount becomes -1 of T (all
     * ones: out of range, read as unsigned) unless R's value, read as unsigned, is below T's width.
     */
    private Expr shiftAmount(Expr amount, CType t) {
        if (amount.type().width() <= t.width()) {
            return convert(amount, t);
        }
        Expr outOfRange = new Expr.Const(t, -1);
        if (amount instanceof Expr.Const c) {
            return Long.compareUnsigned(c.bits(), t.width()) < 0 ? convert(amount, t) : outOfRange;
        }
        CType unsigned = new CType(amount.type().kind(), amount.type().width(), false);
        Expr inRange = new Expr.Binary(BinaryOp.LT, convert(amount, unsigned), new Expr.Const(unsigned, t.width()), intType());
        return new Expr.Ite(inRange, convert(amount, t), outOfRange, t);
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

    /**
     * {@code a && b} or {@code a || b} of two pure operands, as int: {@code (a!=0) & (b!=0)}, or, when
     * evaluating {@code b} can have undefined behaviour ({@code shortCircuit}), {@code a ? b!=0 : 0}
     * and {@code a ? 1 : b!=0}, so that b's guards hold, and b's overflows are noted, only where C
     * evaluates b.
     */
    Expr logical(boolean and, Expr a, Expr b, boolean shortCircuit) {
        if (shortCircuit) {
            Expr zero = intConst(0);
            Expr one = intConst(1);
            return new Expr.Ite(a, and ? truth(b) : one, and ? zero : truth(b), intType());
        }
        return new Expr.Binary(and ? BinaryOp.AND : BinaryOp.OR, truth(a), truth(b), intType());
    }

    /** The type of {@code c ? a : b} with arithmetic arms. */
    CType conditionalType(CType a, CType b) {
        return semantics.usualArithmetic(a, b);
    }
}
