package pdpv.encode;

import com.microsoft.z3.ArrayExpr;
import com.microsoft.z3.ArraySort;
import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.math.BigInteger;
import pdpv.semantics.ArrayAlgebra;
import pdpv.semantics.BitVectorAlgebra;

/**
 * The bit-vector algebra as Z3 QF_BV terms with exact SMT-LIB meaning (the data-flow formulas of
 * thesis §4.3.1): signed remainder is {@code bvsrem} (sign of the dividend, as C's {@code %}),
 * division by zero and over-wide shifts are SMT-LIB's; arrays (issue #20) are SMT-LIB's arrays from
 * index bit-vectors to element bit-vectors, whole arrays typed {@code Expr<?>} like the variants
 * that hold them.
 */
public final class Z3Algebra implements BitVectorAlgebra<BitVecExpr, BoolExpr>, ArrayAlgebra<Expr<?>, BitVecExpr> {
    private final Context ctx;

    public Z3Algebra(Context ctx) {
        this.ctx = ctx;
    }

    public Context context() {
        return ctx;
    }

    @Override
    public BitVecExpr constant(long bits, int width) {
        BigInteger value = new BigInteger(Long.toUnsignedString(bits)).mod(BigInteger.ONE.shiftLeft(width));
        return ctx.mkBV(value.toString(), width);
    }

    @Override
    public BitVecExpr add(BitVecExpr a, BitVecExpr b) {
        return ctx.mkBVAdd(a, b);
    }

    @Override
    public BitVecExpr sub(BitVecExpr a, BitVecExpr b) {
        return ctx.mkBVSub(a, b);
    }

    @Override
    public BitVecExpr mul(BitVecExpr a, BitVecExpr b) {
        return ctx.mkBVMul(a, b);
    }

    @Override
    public BitVecExpr neg(BitVecExpr a) {
        return ctx.mkBVNeg(a);
    }

    @Override
    public BitVecExpr udiv(BitVecExpr a, BitVecExpr b) {
        return ctx.mkBVUDiv(a, b);
    }

    @Override
    public BitVecExpr sdiv(BitVecExpr a, BitVecExpr b) {
        return ctx.mkBVSDiv(a, b);
    }

    @Override
    public BitVecExpr urem(BitVecExpr a, BitVecExpr b) {
        return ctx.mkBVURem(a, b);
    }

    @Override
    public BitVecExpr srem(BitVecExpr a, BitVecExpr b) {
        return ctx.mkBVSRem(a, b);
    }

    @Override
    public BitVecExpr shl(BitVecExpr a, BitVecExpr b) {
        return ctx.mkBVSHL(a, b);
    }

    @Override
    public BitVecExpr lshr(BitVecExpr a, BitVecExpr b) {
        return ctx.mkBVLSHR(a, b);
    }

    @Override
    public BitVecExpr ashr(BitVecExpr a, BitVecExpr b) {
        return ctx.mkBVASHR(a, b);
    }

    @Override
    public BitVecExpr and(BitVecExpr a, BitVecExpr b) {
        return ctx.mkBVAND(a, b);
    }

    @Override
    public BitVecExpr or(BitVecExpr a, BitVecExpr b) {
        return ctx.mkBVOR(a, b);
    }

    @Override
    public BitVecExpr xor(BitVecExpr a, BitVecExpr b) {
        return ctx.mkBVXOR(a, b);
    }

    @Override
    public BitVecExpr not(BitVecExpr a) {
        return ctx.mkBVNot(a);
    }

    @Override
    public BitVecExpr zeroExtend(BitVecExpr a, int extraBits) {
        return ctx.mkZeroExt(extraBits, a);
    }

    @Override
    public BitVecExpr signExtend(BitVecExpr a, int extraBits) {
        return ctx.mkSignExt(extraBits, a);
    }

    @Override
    public BitVecExpr extract(BitVecExpr a, int high, int low) {
        return ctx.mkExtract(high, low, a);
    }

    @Override
    public BitVecExpr ite(BoolExpr condition, BitVecExpr ifTrue, BitVecExpr ifFalse) {
        return (BitVecExpr) ctx.mkITE(condition, ifTrue, ifFalse);
    }

    @Override
    public BoolExpr eq(BitVecExpr a, BitVecExpr b) {
        return ctx.mkEq(a, b);
    }

    @Override
    public BoolExpr ult(BitVecExpr a, BitVecExpr b) {
        return ctx.mkBVULT(a, b);
    }

    @Override
    public BoolExpr ule(BitVecExpr a, BitVecExpr b) {
        return ctx.mkBVULE(a, b);
    }

    @Override
    public BoolExpr slt(BitVecExpr a, BitVecExpr b) {
        return ctx.mkBVSLT(a, b);
    }

    @Override
    public BoolExpr sle(BitVecExpr a, BitVecExpr b) {
        return ctx.mkBVSLE(a, b);
    }

    @Override
    public BoolExpr lnot(BoolExpr a) {
        return ctx.mkNot(a);
    }

    @Override
    public BoolExpr land(BoolExpr a, BoolExpr b) {
        return ctx.mkAnd(a, b);
    }

    @Override
    public BoolExpr lor(BoolExpr a, BoolExpr b) {
        return ctx.mkOr(a, b);
    }

    @Override
    public BoolExpr truth(boolean value) {
        return ctx.mkBool(value);
    }

    @Override
    public Expr<?> filled(long bits, int elementWidth, int indexWidth) {
        return ctx.mkConstArray(ctx.mkBitVecSort(indexWidth), constant(bits, elementWidth));
    }

    @Override
    public Expr<?> store(Expr<?> array, BitVecExpr index, BitVecExpr value) {
        return ctx.mkStore(asArray(array), index, value);
    }

    @Override
    public BitVecExpr select(Expr<?> array, BitVecExpr index) {
        return (BitVecExpr) ctx.mkSelect(asArray(array), index);
    }

    /** The sort of arrays of {@code elementWidth}-bit cells indexed by {@code indexWidth} bits. */
    public ArraySort<BitVecSort, BitVecSort> arraySort(int indexWidth, int elementWidth) {
        return ctx.mkArraySort(ctx.mkBitVecSort(indexWidth), ctx.mkBitVecSort(elementWidth));
    }

    @SuppressWarnings("unchecked")
    private static ArrayExpr<BitVecSort, BitVecSort> asArray(Expr<?> array) {
        return (ArrayExpr<BitVecSort, BitVecSort>) array;
    }
}
