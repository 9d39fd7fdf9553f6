package pdpv.semantics;

/**
 * The concrete {@link BitVectorAlgebra} that the interpreter of thesis §4.3.2 ("Counterexample
 * Analysis with Interpretation") runs on, with exact SMT-LIB QF_BV meaning so that a replay agrees
 * with the Z3 model: {@code bvudiv} by zero is all ones, {@code bvurem} by zero the dividend,
 * {@code bvsdiv} by zero 1 for a negative dividend and all ones otherwise, {@code bvsrem} by zero
 * the dividend, signed division truncates (INT_MIN / -1 = INT_MIN), the signed remainder takes the
 * dividend's sign, and a shift by an amount (read unsigned) of at least the width gives zero, or
 * all sign bits for {@code bvashr}. Operands of a binary operation must have equal widths.
 */
public final class ConcreteAlgebra implements BitVectorAlgebra<BitVec, Boolean> {

    @Override
    public BitVec constant(long bits, int width) {
        return new BitVec(bits, width);
    }

    @Override
    public BitVec add(BitVec a, BitVec b) {
        return new BitVec(a.bits() + b.bits(), width(a, b));
    }

    @Override
    public BitVec sub(BitVec a, BitVec b) {
        return new BitVec(a.bits() - b.bits(), width(a, b));
    }

    @Override
    public BitVec mul(BitVec a, BitVec b) {
        return new BitVec(a.bits() * b.bits(), width(a, b));
    }

    @Override
    public BitVec neg(BitVec a) {
        return new BitVec(-a.bits(), a.width());
    }

    @Override
    public BitVec udiv(BitVec a, BitVec b) {
        int w = width(a, b);
        if (b.bits() == 0) {
            return BitVec.ones(w);
        }
        return new BitVec(Long.divideUnsigned(a.bits(), b.bits()), w);
    }

    @Override
    public BitVec sdiv(BitVec a, BitVec b) {
        int w = width(a, b);
        if (b.bits() == 0) {
            return a.isNegative() ? new BitVec(1, w) : BitVec.ones(w);
        }
        return new BitVec(a.signedValue() / b.signedValue(), w);
    }

    @Override
    public BitVec urem(BitVec a, BitVec b) {
        int w = width(a, b);
        if (b.bits() == 0) {
            return a;
        }
        return new BitVec(Long.remainderUnsigned(a.bits(), b.bits()), w);
    }

    @Override
    public BitVec srem(BitVec a, BitVec b) {
        int w = width(a, b);
        if (b.bits() == 0) {
            return a;
        }
        return new BitVec(a.signedValue() % b.signedValue(), w);
    }

    @Override
    public BitVec shl(BitVec a, BitVec b) {
        int w = width(a, b);
        return overWide(b, w) ? BitVec.zero(w) : new BitVec(a.bits() << b.bits(), w);
    }

    @Override
    public BitVec lshr(BitVec a, BitVec b) {
        int w = width(a, b);
        return overWide(b, w) ? BitVec.zero(w) : new BitVec(a.bits() >>> b.bits(), w);
    }

    @Override
    public BitVec ashr(BitVec a, BitVec b) {
        int w = width(a, b);
        if (overWide(b, w)) {
            return a.isNegative() ? BitVec.ones(w) : BitVec.zero(w);
        }
        return new BitVec(a.signedValue() >> b.bits(), w);
    }

    @Override
    public BitVec and(BitVec a, BitVec b) {
        return new BitVec(a.bits() & b.bits(), width(a, b));
    }

    @Override
    public BitVec or(BitVec a, BitVec b) {
        return new BitVec(a.bits() | b.bits(), width(a, b));
    }

    @Override
    public BitVec xor(BitVec a, BitVec b) {
        return new BitVec(a.bits() ^ b.bits(), width(a, b));
    }

    @Override
    public BitVec not(BitVec a) {
        return new BitVec(~a.bits(), a.width());
    }

    @Override
    public BitVec zeroExtend(BitVec a, int extraBits) {
        return new BitVec(a.bits(), extendedWidth(a, extraBits));
    }

    @Override
    public BitVec signExtend(BitVec a, int extraBits) {
        return new BitVec(a.signedValue(), extendedWidth(a, extraBits));
    }

    @Override
    public BitVec extract(BitVec a, int high, int low) {
        if (low < 0 || high < low || high >= a.width()) {
            throw new IllegalArgumentException("extract[" + high + ":" + low + "] of " + a);
        }
        return new BitVec(a.bits() >>> low, high - low + 1);
    }

    @Override
    public BitVec ite(Boolean condition, BitVec ifTrue, BitVec ifFalse) {
        width(ifTrue, ifFalse);
        return condition ? ifTrue : ifFalse;
    }

    @Override
    public Boolean eq(BitVec a, BitVec b) {
        width(a, b);
        return a.bits() == b.bits();
    }

    @Override
    public Boolean ult(BitVec a, BitVec b) {
        width(a, b);
        return Long.compareUnsigned(a.bits(), b.bits()) < 0;
    }

    @Override
    public Boolean ule(BitVec a, BitVec b) {
        width(a, b);
        return Long.compareUnsigned(a.bits(), b.bits()) <= 0;
    }

    @Override
    public Boolean slt(BitVec a, BitVec b) {
        width(a, b);
        return a.signedValue() < b.signedValue();
    }

    @Override
    public Boolean sle(BitVec a, BitVec b) {
        width(a, b);
        return a.signedValue() <= b.signedValue();
    }

    @Override
    public Boolean lnot(Boolean a) {
        return !a;
    }

    @Override
    public Boolean land(Boolean a, Boolean b) {
        return a && b;
    }

    @Override
    public Boolean lor(Boolean a, Boolean b) {
        return a || b;
    }

    @Override
    public Boolean truth(boolean value) {
        return value;
    }

    private static int width(BitVec a, BitVec b) {
        if (a.width() != b.width()) {
            throw new IllegalArgumentException("widths differ: " + a + ", " + b);
        }
        return a.width();
    }

    /** Whether a shift amount, read unsigned, is at least the width. */
    private static boolean overWide(BitVec amount, int width) {
        return Long.compareUnsigned(amount.bits(), width) >= 0;
    }

    private static int extendedWidth(BitVec a, int extraBits) {
        if (extraBits < 0 || a.width() + extraBits > 64) {
            throw new IllegalArgumentException("extend " + a + " by " + extraBits);
        }
        return a.width() + extraBits;
    }
}
