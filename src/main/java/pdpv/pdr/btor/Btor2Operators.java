package pdpv.pdr.btor;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.Set;

/**
 * The BTOR2 operators as Z3 bit-vector terms. Results of predicates are bit-vectors of width 1
 * (1 = true); division and remainder by zero follow SMT-LIB, as in BTOR2.
 */
final class Btor2Operators {
    static final Set<String> UNARY = Set.of("not", "inc", "dec", "neg", "redand", "redor", "redxor");
    static final Set<String> BINARY = Set.of(
            "iff", "implies", "eq", "neq", "sgt", "sgte", "sge", "slt", "slte", "sle", "ugt", "ugte", "uge",
            "ult", "ulte", "ule", "and", "nand", "nor", "or", "xnor", "xor", "rol", "ror", "sll", "sra",
            "srl", "add", "mul", "sdiv", "udiv", "smod", "srem", "urem", "sub", "concat",
            "saddo", "uaddo", "sdivo", "smulo", "umulo", "ssubo", "usubo");
    private static final Set<String> BOOLEAN_OPERANDS = Set.of("iff", "implies");
    private static final Set<String> PREDICATES = Set.of(
            "iff", "implies", "eq", "neq", "sgt", "sgte", "sge", "slt", "slte", "sle", "ugt", "ugte", "uge",
            "ult", "ulte", "ule", "saddo", "uaddo", "sdivo", "smulo", "umulo", "ssubo", "usubo");

    private final Context ctx;

    Btor2Operators(Context ctx) {
        this.ctx = ctx;
    }

    /** An error message if operands of these widths do not fit {@code op}, else null. */
    static String checkBinary(String op, int left, int right) {
        if (!op.equals("concat") && left != right) {
            return "'" + op + "' needs operands of equal width, found " + left + " and " + right;
        }
        if (BOOLEAN_OPERANDS.contains(op) && left != 1) {
            return "'" + op + "' needs operands of width 1, found " + left;
        }
        return null;
    }

    static int binaryWidth(String op, int left, int right) {
        if (op.equals("concat")) {
            return left + right;
        }
        return PREDICATES.contains(op) ? 1 : left;
    }

    static int unaryWidth(String op, int width) {
        return op.startsWith("red") ? 1 : width;
    }

    BitVecExpr unary(String op, BitVecExpr a) {
        int w = a.getSortSize();
        return switch (op) {
            case "not" -> ctx.mkBVNot(a);
            case "inc" -> ctx.mkBVAdd(a, ctx.mkBV(1, w));
            case "dec" -> ctx.mkBVSub(a, ctx.mkBV(1, w));
            case "neg" -> ctx.mkBVNeg(a);
            case "redand" -> ctx.mkBVRedAND(a);
            case "redor" -> ctx.mkBVRedOR(a);
            case "redxor" -> redxor(a);
            default -> throw new IllegalArgumentException("not a unary operator: " + op);
        };
    }

    BitVecExpr binary(String op, BitVecExpr a, BitVecExpr b) {
        return switch (op) {
            case "and" -> ctx.mkBVAND(a, b);
            case "nand" -> ctx.mkBVNAND(a, b);
            case "nor" -> ctx.mkBVNOR(a, b);
            case "or" -> ctx.mkBVOR(a, b);
            case "xnor", "iff" -> ctx.mkBVXNOR(a, b);
            case "xor" -> ctx.mkBVXOR(a, b);
            case "implies" -> ctx.mkBVOR(ctx.mkBVNot(a), b);
            case "rol" -> ctx.mkBVRotateLeft(a, b);
            case "ror" -> ctx.mkBVRotateRight(a, b);
            case "sll" -> ctx.mkBVSHL(a, b);
            case "sra" -> ctx.mkBVASHR(a, b);
            case "srl" -> ctx.mkBVLSHR(a, b);
            case "add" -> ctx.mkBVAdd(a, b);
            case "sub" -> ctx.mkBVSub(a, b);
            case "mul" -> ctx.mkBVMul(a, b);
            case "sdiv" -> ctx.mkBVSDiv(a, b);
            case "udiv" -> ctx.mkBVUDiv(a, b);
            case "smod" -> ctx.mkBVSMod(a, b);
            case "srem" -> ctx.mkBVSRem(a, b);
            case "urem" -> ctx.mkBVURem(a, b);
            case "concat" -> ctx.mkConcat(a, b);
            default -> bit(predicate(op, a, b));
        };
    }

    private BoolExpr predicate(String op, BitVecExpr a, BitVecExpr b) {
        return switch (op) {
            case "eq" -> ctx.mkEq(a, b);
            case "neq" -> ctx.mkNot(ctx.mkEq(a, b));
            case "sgt" -> ctx.mkBVSGT(a, b);
            case "sgte", "sge" -> ctx.mkBVSGE(a, b);
            case "slt" -> ctx.mkBVSLT(a, b);
            case "slte", "sle" -> ctx.mkBVSLE(a, b);
            case "ugt" -> ctx.mkBVUGT(a, b);
            case "ugte", "uge" -> ctx.mkBVUGE(a, b);
            case "ult" -> ctx.mkBVULT(a, b);
            case "ulte", "ule" -> ctx.mkBVULE(a, b);
            case "uaddo" -> ctx.mkNot(ctx.mkBVAddNoOverflow(a, b, false));
            case "saddo" -> ctx.mkNot(ctx.mkAnd(ctx.mkBVAddNoOverflow(a, b, true), ctx.mkBVAddNoUnderflow(a, b)));
            case "usubo" -> ctx.mkNot(ctx.mkBVSubNoUnderflow(a, b, false));
            case "ssubo" -> ctx.mkNot(ctx.mkAnd(ctx.mkBVSubNoOverflow(a, b), ctx.mkBVSubNoUnderflow(a, b, true)));
            case "umulo" -> ctx.mkNot(ctx.mkBVMulNoOverflow(a, b, false));
            case "smulo" -> ctx.mkNot(ctx.mkAnd(ctx.mkBVMulNoOverflow(a, b, true), ctx.mkBVMulNoUnderflow(a, b)));
            case "sdivo" -> ctx.mkNot(ctx.mkBVSDivNoOverflow(a, b));
            default -> throw new IllegalArgumentException("not a binary operator: " + op);
        };
    }

    BitVecExpr ite(BitVecExpr condition, BitVecExpr then, BitVecExpr otherwise) {
        return (BitVecExpr) ctx.mkITE(isTrue(condition), then, otherwise);
    }

    /** The Boolean reading of a width-1 bit-vector. */
    BoolExpr isTrue(BitVecExpr bit) {
        return ctx.mkEq(bit, ctx.mkBV(1, 1));
    }

    private BitVecExpr bit(BoolExpr b) {
        return (BitVecExpr) ctx.mkITE(b, ctx.mkBV(1, 1), ctx.mkBV(0, 1));
    }

    private BitVecExpr redxor(BitVecExpr a) {
        BitVecExpr acc = ctx.mkExtract(0, 0, a);
        for (int i = 1; i < a.getSortSize(); i++) {
            acc = ctx.mkBVXOR(acc, ctx.mkExtract(i, i, a));
        }
        return acc;
    }
}
