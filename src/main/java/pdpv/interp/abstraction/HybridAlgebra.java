package pdpv.interp.abstraction;

import pdpv.domain.AbstractTruth;
import pdpv.domain.AbstractValue;
import pdpv.domain.Interval;
import pdpv.domain.IntervalArithmetic;
import pdpv.domain.Lattice;
import pdpv.domain.TernaryLogic;
import pdpv.domain.TernaryVector;
import pdpv.semantics.BitVectorAlgebra;

/**
 * The hybrid simulation of thesis §3.3.3 as a {@link BitVectorAlgebra}, the abstract domain of
 * counterexample generalization (thesis §4.3.3): integer operations (add, sub, mul, neg, div, rem,
 * comparisons) compute intervals, bit-level operations (and, or, xor, not, shifts) compute ternary
 * vectors, converting operands by SELECT and CONJOIN (thesis Algorithms 3.3, 3.4, rules [select]
 * and [conjoin]). Extension and extraction keep their operand's representation, which is exact
 * for both. Sound: for all members of the operands, the concrete result of
 * {@link pdpv.semantics.ConcreteAlgebra} is a member of the abstract result.
 */
public final class HybridAlgebra implements BitVectorAlgebra<AbstractValue, AbstractTruth> {

    @Override
    public AbstractValue constant(long bits, int width) {
        return Interval.point(bits, width);
    }

    @Override
    public AbstractValue add(AbstractValue a, AbstractValue b) {
        return IntervalArithmetic.add(a, same(a, b));
    }

    @Override
    public AbstractValue sub(AbstractValue a, AbstractValue b) {
        return IntervalArithmetic.sub(a, same(a, b));
    }

    @Override
    public AbstractValue mul(AbstractValue a, AbstractValue b) {
        return IntervalArithmetic.mul(a, same(a, b));
    }

    @Override
    public AbstractValue neg(AbstractValue a) {
        return IntervalArithmetic.neg(a);
    }

    @Override
    public AbstractValue udiv(AbstractValue a, AbstractValue b) {
        return IntervalArithmetic.udiv(a, same(a, b));
    }

    @Override
    public AbstractValue sdiv(AbstractValue a, AbstractValue b) {
        return IntervalArithmetic.sdiv(a, same(a, b));
    }

    @Override
    public AbstractValue urem(AbstractValue a, AbstractValue b) {
        return IntervalArithmetic.urem(a, same(a, b));
    }

    @Override
    public AbstractValue srem(AbstractValue a, AbstractValue b) {
        return IntervalArithmetic.srem(a, same(a, b));
    }

    @Override
    public AbstractValue shl(AbstractValue a, AbstractValue b) {
        return TernaryLogic.shl(a.toTernary(), same(a, b).toTernary());
    }

    @Override
    public AbstractValue lshr(AbstractValue a, AbstractValue b) {
        return TernaryLogic.lshr(a.toTernary(), same(a, b).toTernary());
    }

    @Override
    public AbstractValue ashr(AbstractValue a, AbstractValue b) {
        return TernaryLogic.ashr(a.toTernary(), same(a, b).toTernary());
    }

    @Override
    public AbstractValue and(AbstractValue a, AbstractValue b) {
        return TernaryLogic.and(a.toTernary(), same(a, b).toTernary());
    }

    @Override
    public AbstractValue or(AbstractValue a, AbstractValue b) {
        return TernaryLogic.or(a.toTernary(), same(a, b).toTernary());
    }

    @Override
    public AbstractValue xor(AbstractValue a, AbstractValue b) {
        return TernaryLogic.xor(a.toTernary(), same(a, b).toTernary());
    }

    @Override
    public AbstractValue not(AbstractValue a) {
        return TernaryLogic.not(a.toTernary());
    }

    @Override
    public AbstractValue zeroExtend(AbstractValue a, int extraBits) {
        checkExtension(a, extraBits);
        return a instanceof Interval i ? IntervalArithmetic.zeroExtend(i, extraBits)
                : TernaryLogic.zeroExtend((TernaryVector) a, extraBits);
    }

    @Override
    public AbstractValue signExtend(AbstractValue a, int extraBits) {
        checkExtension(a, extraBits);
        return a instanceof Interval i ? IntervalArithmetic.signExtend(i, extraBits)
                : TernaryLogic.signExtend((TernaryVector) a, extraBits);
    }

    @Override
    public AbstractValue extract(AbstractValue a, int high, int low) {
        if (low < 0 || high < low || high >= a.width()) {
            throw new IllegalArgumentException("extract[" + high + ":" + low + "] of a " + a.width() + "-bit value");
        }
        return a instanceof Interval i ? IntervalArithmetic.extract(i, high, low)
                : TernaryLogic.extract((TernaryVector) a, high, low);
    }

    /** Rules [ite-t], [ite-e], [ite-x]. */
    @Override
    public AbstractValue ite(AbstractTruth condition, AbstractValue ifTrue, AbstractValue ifFalse) {
        same(ifTrue, ifFalse);
        return switch (condition) {
            case TRUE -> ifTrue;
            case FALSE -> ifFalse;
            case UNKNOWN -> Lattice.join(ifTrue, ifFalse);
        };
    }

    @Override
    public AbstractTruth eq(AbstractValue a, AbstractValue b) {
        return Lattice.equal(a, b);
    }

    @Override
    public AbstractTruth ult(AbstractValue a, AbstractValue b) {
        return IntervalArithmetic.ult(a, same(a, b));
    }

    @Override
    public AbstractTruth ule(AbstractValue a, AbstractValue b) {
        return IntervalArithmetic.ule(a, same(a, b));
    }

    @Override
    public AbstractTruth slt(AbstractValue a, AbstractValue b) {
        return IntervalArithmetic.slt(a, same(a, b));
    }

    @Override
    public AbstractTruth sle(AbstractValue a, AbstractValue b) {
        return IntervalArithmetic.sle(a, same(a, b));
    }

    @Override
    public AbstractTruth lnot(AbstractTruth a) {
        return a.not();
    }

    @Override
    public AbstractTruth land(AbstractTruth a, AbstractTruth b) {
        return a.and(b);
    }

    @Override
    public AbstractTruth lor(AbstractTruth a, AbstractTruth b) {
        return a.or(b);
    }

    @Override
    public AbstractTruth truth(boolean value) {
        return AbstractTruth.of(value);
    }

    /** Returns {@code b} after checking that it has the width of {@code a}. */
    private static AbstractValue same(AbstractValue a, AbstractValue b) {
        if (a.width() != b.width()) {
            throw new IllegalArgumentException("widths differ: " + a.width() + " and " + b.width());
        }
        return b;
    }

    private static void checkExtension(AbstractValue a, int extraBits) {
        if (extraBits < 0 || a.width() + extraBits > 64) {
            throw new IllegalArgumentException("extend a " + a.width() + "-bit value by " + extraBits);
        }
    }
}
