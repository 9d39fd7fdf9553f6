package pdpv.interp.abstraction;

import java.math.BigInteger;
import java.util.Optional;
import pdpv.cfg.Expr;
import pdpv.cfg.Variable;
import pdpv.domain.AbstractTruth;
import pdpv.domain.AbstractValue;
import pdpv.domain.Bits;
import pdpv.domain.Interval;
import pdpv.domain.Range;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.UnaryOp;

/**
 * Restricts an abstract state to the members on which a condition has a given truth value, for
 * branches and assumptions in the abstract interpretation of thesis §4.3.3. A condition that is
 * abstractly the opposite makes the path infeasible; a comparison of a variable with any
 * expression ({@code x < e}, {@code e == x}, ...), a negation and a variable tested against zero
 * narrow the variable; anything else leaves the state as it is.
 */
final class ConditionRefiner {
    private final AbstractEvaluator evaluator;

    ConditionRefiner(AbstractEvaluator evaluator) {
        this.evaluator = evaluator;
    }

    /** The state restricted to {@code condition} being {@code holds}, or empty if no member can be. */
    Optional<AbstractState> assume(Expr condition, boolean holds, AbstractState state) {
        AbstractTruth truth = evaluator.truth(condition, state);
        if (!truth.admits(holds)) {
            return Optional.empty();
        }
        if (truth != AbstractTruth.UNKNOWN) {
            return Optional.of(state);
        }
        if (condition instanceof Expr.Unary u && u.op() == UnaryOp.LOG_NOT) {
            return assume(u.operand(), !holds, state);
        }
        if (condition instanceof Expr.VarRef r) {
            AbstractValue zero = AbstractValue.point(0, r.type().width());
            return narrow(state, r.variable(), holds ? BinaryOp.NE : BinaryOp.EQ, zero, false);
        }
        if (condition instanceof Expr.Binary b && b.op().isComparison()) {
            BinaryOp op = holds ? b.op() : negation(b.op());
            boolean signed = b.operandType().signed();
            AbstractValue left = evaluator.evaluate(b.left(), state);
            AbstractValue right = evaluator.evaluate(b.right(), state);
            Optional<AbstractState> s = Optional.of(state);
            if (b.left() instanceof Expr.VarRef x) {
                s = s.flatMap(st -> narrow(st, x.variable(), op, right, signed));
            }
            if (b.right() instanceof Expr.VarRef y) {
                s = s.flatMap(st -> narrow(st, y.variable(), mirror(op), left, signed));
            }
            return s;
        }
        return Optional.of(state);
    }

    /** Narrows {@code x} to the values v for which {@code v op other} can hold. */
    private static Optional<AbstractState> narrow(AbstractState state, Variable x, BinaryOp op, AbstractValue other, boolean signed) {
        AbstractValue current = state.get(x);
        Optional<AbstractValue> narrowed;
        if (op == BinaryOp.NE) {
            narrowed = Optional.of(excludePoint(current, other));
        } else if (op == BinaryOp.EQ) {
            narrowed = AbstractValue.meet(current, other);
        } else {
            narrowed = bound(op, other, signed).flatMap(b -> AbstractValue.meet(current, b));
        }
        return narrowed.map(v -> state.with(x, v));
    }

    /** {@code x} without the single member of {@code other} when that is an end of x's interval. */
    private static AbstractValue excludePoint(AbstractValue x, AbstractValue other) {
        if (!(x instanceof Interval i) || !other.isSingleton() || i.isSingleton()) {
            return x;
        }
        long c = other.toInterval().lo();
        if (c == i.lo()) {
            return new Interval(i.width(), i.lo() + 1, i.hi());
        }
        if (c == i.hi()) {
            return new Interval(i.width(), i.lo(), i.hi() - 1);
        }
        return x;
    }

    /** The values v with {@code v op o} for some member o of {@code other}, or empty if none. */
    private static Optional<AbstractValue> bound(BinaryOp op, AbstractValue other, boolean signed) {
        int w = other.width();
        Range o = signed ? Range.signed(other) : Range.unsigned(other);
        BigInteger least = signed ? BigInteger.valueOf(Bits.minSigned(w)) : BigInteger.ZERO;
        BigInteger greatest = signed ? BigInteger.valueOf(Bits.maxSigned(w)) : Bits.modulus(w).subtract(BigInteger.ONE);
        BigInteger lo = least;
        BigInteger hi = greatest;
        switch (op) {
            case LT -> hi = o.hi().subtract(BigInteger.ONE);
            case LE -> hi = o.hi();
            case GT -> lo = o.lo().add(BigInteger.ONE);
            case GE -> lo = o.lo();
            default -> throw new IllegalArgumentException(op.symbol());
        }
        if (lo.compareTo(hi) > 0) {
            return Optional.empty();
        }
        return Optional.of(new Range(lo, hi).wrap(w));
    }

    private static BinaryOp negation(BinaryOp op) {
        return switch (op) {
            case LT -> BinaryOp.GE;
            case LE -> BinaryOp.GT;
            case GT -> BinaryOp.LE;
            case GE -> BinaryOp.LT;
            case EQ -> BinaryOp.NE;
            case NE -> BinaryOp.EQ;
            default -> throw new IllegalArgumentException(op.symbol());
        };
    }

    /** The operator with its operands swapped: {@code a op b} iff {@code b mirror(op) a}. */
    private static BinaryOp mirror(BinaryOp op) {
        return switch (op) {
            case LT -> BinaryOp.GT;
            case LE -> BinaryOp.GE;
            case GT -> BinaryOp.LT;
            case GE -> BinaryOp.LE;
            default -> op;
        };
    }
}
