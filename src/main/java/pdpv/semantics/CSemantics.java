package pdpv.semantics;

/**
 * The meaning of C's integer operations (C11 §6.3, §6.5) in two's complement, over any
 * {@link BitVectorAlgebra}. Type rules (promotion, usual arithmetic conversions) and evaluation
 * rules live here and nowhere else.
 */
public final class CSemantics {
    private final DataModel model;
    private final UbReadings readings;

    public CSemantics(DataModel model, UbReadings readings) {
        this.model = model;
        this.readings = readings;
    }

    /** Every operation has SMT-LIB's meaning, signed overflow wraps (the thesis's reading). */
    public CSemantics(DataModel model) {
        this(model, UbReadings.smtlib());
    }

    public DataModel model() {
        return model;
    }

    /** What each kind of undefined behaviour means for the program typed under these semantics. */
    public UbReadings readings() {
        return readings;
    }

    public CType type(CType.Kind kind, boolean signed) {
        return CType.of(kind, signed, model);
    }

    public CType intType() {
        return type(CType.Kind.INT, true);
    }

    /**
     * The type array indices are computed in: {@code ptrdiff_t}, the signed integer type as wide as
     * a pointer ({@code long} under both data models). A subscript is converted to it, as C's
     * pointer arithmetic reads its integer operand, and its width is the index sort of every array.
     */
    public CType indexType() {
        return type(CType.Kind.LONG, true);
    }

    /**
     * Integer promotion (§6.3.1.1): types of rank below int become int (all their values fit), and
     * so does a bit-field narrower than int, unsigned ones too (all their values fit; gcc's reading).
     */
    public CType promote(CType t) {
        if (t.kind().rank() < CType.Kind.INT.rank() || t.width() < intType().width()) {
            return intType();
        }
        return t;
    }

    /** Usual arithmetic conversions (§6.3.1.8) of two operand types, after promotion. */
    public CType usualArithmetic(CType a, CType b) {
        CType x = promote(a);
        CType y = promote(b);
        if (x.equals(y)) {
            return x;
        }
        if (x.signed() == y.signed()) {
            return x.kind().rank() >= y.kind().rank() ? x : y;
        }
        CType unsigned = x.signed() ? y : x;
        CType signed = x.signed() ? x : y;
        if (unsigned.kind().rank() >= signed.kind().rank()) {
            return unsigned;
        }
        if (signed.width() > unsigned.width()) {
            return signed;
        }
        return type(signed.kind(), false);
    }

    /** Conversion of a value of type {@code from} to type {@code to} (§6.3.1.2, §6.3.1.3):
     * to _Bool compares with zero; otherwise truncate, or extend by the source's signedness. */
    public <V, B> V convert(BitVectorAlgebra<V, B> alg, V value, CType from, CType to) {
        if (to.isBool()) {
            if (from.isBool()) {
                return value;
            }
            B isZero = alg.eq(value, alg.constant(0, from.width()));
            return alg.ite(isZero, alg.constant(0, 1), alg.constant(1, 1));
        }
        if (to.width() == from.width()) {
            return value;
        }
        if (to.width() < from.width()) {
            return alg.extract(value, to.width() - 1, 0);
        }
        int extra = to.width() - from.width();
        return from.signed() ? alg.signExtend(value, extra) : alg.zeroExtend(value, extra);
    }

    /** An arithmetic or bitwise operator on two operands of type {@code t}, yielding type t. */
    public <V, B> V arithmetic(BitVectorAlgebra<V, B> alg, BinaryOp op, CType t, V a, V b) {
        return switch (op) {
            case ADD -> alg.add(a, b);
            case SUB -> alg.sub(a, b);
            case MUL -> alg.mul(a, b);
            case DIV -> t.signed() ? alg.sdiv(a, b) : alg.udiv(a, b);
            case REM -> t.signed() ? alg.srem(a, b) : alg.urem(a, b);
            case SHL -> alg.shl(a, b);
            case SHR -> t.signed() ? alg.ashr(a, b) : alg.lshr(a, b);
            case AND -> alg.and(a, b);
            case OR -> alg.or(a, b);
            case XOR -> alg.xor(a, b);
            default -> throw new IllegalArgumentException(op + " is a comparison");
        };
    }

    /**
     * Whether {@code a op b} on operands of type {@code t} has undefined behaviour of {@code kind}:
     * the one definition the encoder, the interpreters and the guards the front end inserts share
     * (C11 §6.5p5, §6.5.5, §6.5.7). The amount {@code b} of a shift comes converted to the promoted
     * left type; the front end converts a wider amount so that an amount out of range stays out of
     * range ({@code pdpv.frontend.Typing#binary}).
     */
    public <V, B> B undefined(BitVectorAlgebra<V, B> alg, UndefinedBehaviour kind, BinaryOp op, CType t, V a, V b) {
        if (kind.ofSubscripts()) {
            // read as unsigned, a negative index is at least 2^(w-1), beyond every array's cells
            return alg.lnot(alg.ult(a, b));
        }
        if (kind.ofPointers()) {
            return alg.eq(a, b);
        }
        if (!kind.concerns(op, t)) {
            return alg.truth(false);
        }
        int w = t.width();
        return switch (kind) {
            case SIGNED_OVERFLOW -> overflows(alg, op, t, a, b);
            case DIVISION_BY_ZERO -> alg.eq(b, alg.constant(0, w));
            // read as unsigned, a negative amount is at least 2^(w-1) >= w
            case SHIFT -> alg.lnot(alg.ult(b, alg.constant(w, w)));
            case ARRAY_BOUNDS, NULL_DEREFERENCE, UNINITIALIZED_POINTER -> throw new AssertionError("handled above");
        };
    }

    /**
     * Whether {@code a op b} on operands of type {@code t} has undefined behaviour of {@code kind}
     * for some {@code a} when {@code b} is the constant {@code bits}: false lets the front end leave
     * out a guard that always holds ({@code x / 2}, {@code x << 3}, {@code x + 0}).
     */
    public boolean canBeUndefined(UndefinedBehaviour kind, BinaryOp op, CType t, long bits) {
        if (!kind.concerns(op, t)) {
            return false;
        }
        long b = t.normalize(bits);
        return switch (kind) {
            case ARRAY_BOUNDS, NULL_DEREFERENCE, UNINITIALIZED_POINTER -> false;
            case DIVISION_BY_ZERO, SHIFT -> {
                ConcreteAlgebra c = new ConcreteAlgebra();
                yield undefined(c, kind, op, t, new BitVec(0, t.width()), new BitVec(b, t.width()));
            }
            case SIGNED_OVERFLOW -> switch (op) {
                case ADD, SUB -> b != 0;
                case MUL -> b != 0 && b != 1;
                case DIV, REM -> t.toLong(b) == -1;
                default -> true;
            };
        };
    }

    /**
     * Whether signed {@code a op b} overflows: {@code + - *} when the mathematical result leaves the
     * type's range, {@code / %} for {@code MIN / -1}, {@code <<} (by an amount in range, below the
     * width) when the left operand is negative or its shifted value is not representable
     * (C11 §6.5.7p4). Unary minus is {@code 0 - a}.
     */
    private static <V, B> B overflows(BitVectorAlgebra<V, B> alg, BinaryOp op, CType t, V a, V b) {
        int w = t.width();
        V zero = alg.constant(0, w);
        return switch (op) {
            case ADD -> {
                V r = alg.add(a, b);
                yield alg.slt(alg.and(alg.xor(a, r), alg.xor(b, r)), zero);
            }
            case SUB -> {
                V r = alg.sub(a, b);
                yield alg.slt(alg.and(alg.xor(a, b), alg.xor(a, r)), zero);
            }
            case MUL -> alg.signedMulOverflows(a, b, w);
            case DIV, REM -> alg.land(alg.eq(a, alg.constant(t.minBits(), w)), alg.eq(b, alg.constant(-1, w)));
            case SHL -> {
                B inRange = alg.ult(b, alg.constant(w, w));
                V dropped = alg.lshr(a, alg.sub(alg.constant(w - 1, w), b));
                yield alg.land(inRange, alg.lor(alg.slt(a, zero), alg.lnot(alg.eq(dropped, zero))));
            }
            default -> alg.truth(false);
        };
    }

    /** Signed {@code a * b} overflows: exactly in double width up to 32 bits; above, the product
     * divided back by {@code a} differs from {@code b} (or it is {@code -1 * MIN}). */
    static <V, B> B multiplicationOverflows(BitVectorAlgebra<V, B> alg, int w, V a, V b) {
        if (2 * w <= 64) {
            V wide = alg.mul(alg.signExtend(a, w), alg.signExtend(b, w));
            V narrow = alg.signExtend(alg.extract(wide, w - 1, 0), w);
            return alg.lnot(alg.eq(wide, narrow));
        }
        V zero = alg.constant(0, w);
        V minusOne = alg.constant(-1, w);
        V min = alg.constant(1L << (w - 1), w);
        B minusOneTimesMin = alg.land(alg.eq(a, minusOne), alg.eq(b, min));
        B divisionDiffers = alg.land(alg.lnot(alg.eq(a, zero)), alg.lnot(alg.eq(alg.sdiv(alg.mul(a, b), a), b)));
        return alg.lor(minusOneTimesMin, divisionDiffers);
    }

    /** A comparison of two operands of type {@code t}, as a truth value. */
    public <V, B> B compare(BitVectorAlgebra<V, B> alg, BinaryOp op, CType t, V a, V b) {
        boolean s = t.signed();
        return switch (op) {
            case EQ -> alg.eq(a, b);
            case NE -> alg.lnot(alg.eq(a, b));
            case LT -> s ? alg.slt(a, b) : alg.ult(a, b);
            case LE -> s ? alg.sle(a, b) : alg.ule(a, b);
            case GT -> s ? alg.slt(b, a) : alg.ult(b, a);
            case GE -> s ? alg.sle(b, a) : alg.ule(b, a);
            default -> throw new IllegalArgumentException(op + " is not a comparison");
        };
    }

    /** Any binary operator: arithmetic yields type {@code operandType}, comparisons int 0/1. */
    public <V, B> V binary(BitVectorAlgebra<V, B> alg, BinaryOp op, CType operandType, V a, V b) {
        if (op.isComparison()) {
            return fromTruth(alg, compare(alg, op, operandType, a, b));
        }
        return arithmetic(alg, op, operandType, a, b);
    }

    /** A unary operator on an operand of type {@code t} (already promoted for - and ~). */
    public <V, B> V unary(BitVectorAlgebra<V, B> alg, UnaryOp op, CType t, V a) {
        return switch (op) {
            case NEG -> alg.neg(a);
            case BIT_NOT -> alg.not(a);
            case LOG_NOT -> fromTruth(alg, isZero(alg, t, a));
        };
    }

    /** The truth value C gives a scalar in a condition: nonzero is true. */
    public <V, B> B isTrue(BitVectorAlgebra<V, B> alg, CType t, V a) {
        return alg.lnot(isZero(alg, t, a));
    }

    private <V, B> B isZero(BitVectorAlgebra<V, B> alg, CType t, V a) {
        return alg.eq(a, alg.constant(0, t.width()));
    }

    /** A truth value as C's int 0 or 1. */
    public <V, B> V fromTruth(BitVectorAlgebra<V, B> alg, B truth) {
        int w = intType().width();
        return alg.ite(truth, alg.constant(1, w), alg.constant(0, w));
    }
}
