package pdpv.semantics;

/**
 * The concrete {@link BitVectorAlgebra} that the interpreter of thesis §4.3.2 ("Counterexample
 * Analysis with Interpretation") runs on, with exact SMT-LIB QF_BV meaning so that a replay agrees
 * with the Z3 model: {@code bvudiv} by zero is all ones, {@code bvurem} by zero the dividend,
 * {@code bvsdiv} by zero 1 for a negative dividend and all ones otherwise, {@code bvsrem} by zero
 * the dividend, signed division truncates (INT_MIN / -1 = INT_MIN), the signed remainder takes the
 * dividend's sign, and a shift by an amount (read unsigned) of at least the width gives zero, or
 * all sign bits for {@code bvashr}. Operands of a binary operation must have equal widths. Each operation's meaning is {@link Words}'s.
 */
public final class ConcreteAlgebra implements BitVectorAlgebra<BitVec, Boolean> {

    @Override
    public BitVec constant(long bits, int width) {
        return new BitVec(bits, width);
    }

    @Override
    public BitVec add(BitVec a, BitVec b) {
        int w = width(a, b);
        return new BitVec(Words.add(a.bits(), b.bits(), w), w);
    }

    @Override
    public BitVec sub(BitVec a, BitVec b) {
        int w = width(a, b);
        return new BitVec(Words.sub(a.bits(), b.bits(), w), w);
    }

    @Override
    public BitVec mul(BitVec a, BitVec b) {
        int w = width(a, b);
        return new BitVec(Words.mul(a.bits(), b.bits(), w), w);
    }

    @Override
    public BitVec neg(BitVec a) {
        return new BitVec(Words.neg(a.bits(), a.width()), a.width());
    }

    @Override
    public BitVec udiv(BitVec a, BitVec b) {
        int w = width(a, b);
        return new BitVec(Words.udiv(a.bits(), b.bits(), w), w);
    }

    @Override
    public BitVec sdiv(BitVec a, BitVec b) {
        int w = width(a, b);
        return new BitVec(Words.sdiv(a.bits(), b.bits(), w), w);
    }

    @Override
    public BitVec urem(BitVec a, BitVec b) {
        int w = width(a, b);
        return new BitVec(Words.urem(a.bits(), b.bits()), w);
    }

    @Override
    public BitVec srem(BitVec a, BitVec b) {
        int w = width(a, b);
        return new BitVec(Words.srem(a.bits(), b.bits(), w), w);
    }

    @Override
    public BitVec shl(BitVec a, BitVec b) {
        int w = width(a, b);
        return new BitVec(Words.shl(a.bits(), b.bits(), w), w);
    }

    @Override
    public BitVec lshr(BitVec a, BitVec b) {
        int w = width(a, b);
        return new BitVec(Words.lshr(a.bits(), b.bits(), w), w);
    }

    @Override
    public BitVec ashr(BitVec a, BitVec b) {
        int w = width(a, b);
        return new BitVec(Words.ashr(a.bits(), b.bits(), w), w);
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
        return new BitVec(Words.not(a.bits(), a.width()), a.width());
    }

    @Override
    public BitVec zeroExtend(BitVec a, int extraBits) {
        return new BitVec(a.bits(), extendedWidth(a, extraBits));
    }

    @Override
    public BitVec signExtend(BitVec a, int extraBits) {
        return new BitVec(Words.signExtend(a.bits(), a.width(), extraBits), extendedWidth(a, extraBits));
    }

    @Override
    public BitVec extract(BitVec a, int high, int low) {
        if (low < 0 || high < low || high >= a.width()) {
            throw new IllegalArgumentException("extract[" + high + ":" + low + "] of " + a);
        }
        return new BitVec(Words.extract(a.bits(), high, low), high - low + 1);
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
        return Words.ult(a.bits(), b.bits());
    }

    @Override
    public Boolean ule(BitVec a, BitVec b) {
        width(a, b);
        return Words.ule(a.bits(), b.bits());
    }

    @Override
    public Boolean slt(BitVec a, BitVec b) {
        return Words.slt(a.bits(), b.bits(), width(a, b));
    }

    @Override
    public Boolean sle(BitVec a, BitVec b) {
        return Words.sle(a.bits(), b.bits(), width(a, b));
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

    private static int extendedWidth(BitVec a, int extraBits) {
        if (extraBits < 0 || a.width() + extraBits > 64) {
            throw new IllegalArgumentException("extend " + a + " by " + extraBits);
        }
        return a.width() + extraBits;
    }
}
