package pdpv.semantics;

/**
 * Fixed-width bit-vector operations with SMT-LIB QF_BV meaning (division by zero, over-wide
 * shifts), over a value domain {@code V} and a truth domain {@code B}. Implemented concretely
 * (interpreter), symbolically (Z3 encoder) and abstractly (interval/ternary interpreter).
 * Operands of a binary operation have equal widths; signedness is chosen per operation.
 */
public interface BitVectorAlgebra<V, B> {
    V constant(long bits, int width);

    V add(V a, V b);

    V sub(V a, V b);

    V mul(V a, V b);

    V neg(V a);

    V udiv(V a, V b);

    V sdiv(V a, V b);

    V urem(V a, V b);

    V srem(V a, V b);

    V shl(V a, V b);

    V lshr(V a, V b);

    V ashr(V a, V b);

    V and(V a, V b);

    V or(V a, V b);

    V xor(V a, V b);

    V not(V a);

    V zeroExtend(V a, int extraBits);

    V signExtend(V a, int extraBits);

    /** Bits {@code high..low} (inclusive) of {@code a}. */
    V extract(V a, int high, int low);

    V ite(B condition, V ifTrue, V ifFalse);

    B eq(V a, V b);

    B ult(V a, V b);

    B ule(V a, V b);

    B slt(V a, V b);

    B sle(V a, V b);

    B lnot(B a);

    B land(B a, B b);

    B lor(B a, B b);

    B truth(boolean value);

    /**
     * Whether the signed product of {@code a} and {@code b} ({@code width} bits each) lies outside
     * the signed range of the width, by its definition in {@link CSemantics}; a symbolic algebra
     * may say the same with a primitive of its own that a solver handles better.
     */
    default B signedMulOverflows(V a, V b, int width) {
        return CSemantics.multiplicationOverflows(this, width, a, b);
    }
}
