package pdpv.pdr.btor;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.math.BigInteger;

/** The BTOR2 constants and operators over bit vectors; Boolean results are 1-bit vectors. */
final class Btor2Operators {
    private Btor2Operators() {
    }

    static BitVecExpr apply(Btor2Reader r, String op, String[] t) {
        Context ctx = r.ctx();
        if (t.length < 3) {
            throw new Btor2Exception(r.line(), "malformed '" + op + "'");
        }
        int w = r.width(t[2]);
        return switch (op) {
            case "const" -> ctx.mkBV(new BigInteger(t[3], 2).toString(), w);
            case "constd" -> ctx.mkBV(new BigInteger(t[3]).mod(BigInteger.TWO.pow(w)).toString(), w);
            case "consth" -> ctx.mkBV(new BigInteger(t[3], 16).toString(), w);
            case "zero" -> ctx.mkBV(0, w);
            case "one" -> ctx.mkBV(1, w);
            case "ones" -> ctx.mkBVNot(ctx.mkBV(0, w));
            case "not" -> ctx.mkBVNot(r.arg(t[3]));
            case "neg" -> ctx.mkBVNeg(r.arg(t[3]));
            case "inc" -> ctx.mkBVAdd(r.arg(t[3]), ctx.mkBV(1, w));
            case "dec" -> ctx.mkBVSub(r.arg(t[3]), ctx.mkBV(1, w));
            case "redand" -> bit(ctx, ctx.mkEq(r.arg(t[3]), ctx.mkBVNot(ctx.mkBV(0, width(r.arg(t[3]))))));
            case "redor" -> bit(ctx, ctx.mkNot(ctx.mkEq(r.arg(t[3]), ctx.mkBV(0, width(r.arg(t[3]))))));
            case "redxor" -> redxor(ctx, r.arg(t[3]));
            case "sext" -> ctx.mkSignExt((int) r.number(t[4]), r.arg(t[3]));
            case "uext" -> ctx.mkZeroExt((int) r.number(t[4]), r.arg(t[3]));
            case "slice" -> ctx.mkExtract((int) r.number(t[4]), (int) r.number(t[5]), r.arg(t[3]));
            case "ite" -> (BitVecExpr) ctx.mkITE(r.isTrue(r.arg(t[3])), r.arg(t[4]), r.arg(t[5]));
            default -> binary(r, ctx, op, r.arg(t[3]), r.arg(t[4]));
        };
    }

    private static BitVecExpr binary(Btor2Reader r, Context ctx, String op, BitVecExpr a, BitVecExpr b) {
        return switch (op) {
            case "and" -> ctx.mkBVAND(a, b);
            case "or" -> ctx.mkBVOR(a, b);
            case "xor" -> ctx.mkBVXOR(a, b);
            case "nand" -> ctx.mkBVNAND(a, b);
            case "nor" -> ctx.mkBVNOR(a, b);
            case "xnor" -> ctx.mkBVXNOR(a, b);
            case "iff", "eq" -> bit(ctx, ctx.mkEq(a, b));
            case "neq" -> bit(ctx, ctx.mkNot(ctx.mkEq(a, b)));
            case "implies" -> ctx.mkBVOR(ctx.mkBVNot(a), b);
            case "sgt" -> bit(ctx, ctx.mkBVSGT(a, b));
            case "sgte" -> bit(ctx, ctx.mkBVSGE(a, b));
            case "slt" -> bit(ctx, ctx.mkBVSLT(a, b));
            case "slte" -> bit(ctx, ctx.mkBVSLE(a, b));
            case "ugt" -> bit(ctx, ctx.mkBVUGT(a, b));
            case "ugte" -> bit(ctx, ctx.mkBVUGE(a, b));
            case "ult" -> bit(ctx, ctx.mkBVULT(a, b));
            case "ulte" -> bit(ctx, ctx.mkBVULE(a, b));
            case "add" -> ctx.mkBVAdd(a, b);
            case "sub" -> ctx.mkBVSub(a, b);
            case "mul" -> ctx.mkBVMul(a, b);
            case "udiv" -> ctx.mkBVUDiv(a, b);
            case "sdiv" -> ctx.mkBVSDiv(a, b);
            case "urem" -> ctx.mkBVURem(a, b);
            case "srem" -> ctx.mkBVSRem(a, b);
            case "smod" -> ctx.mkBVSMod(a, b);
            case "sll" -> ctx.mkBVSHL(a, b);
            case "srl" -> ctx.mkBVLSHR(a, b);
            case "sra" -> ctx.mkBVASHR(a, b);
            case "rol" -> ctx.mkBVRotateLeft(a, b);
            case "ror" -> ctx.mkBVRotateRight(a, b);
            case "concat" -> ctx.mkConcat(a, b);
            default -> throw new Btor2Exception(r.line(), "operator '" + op + "' is not supported");
        };
    }

    private static BitVecExpr bit(Context ctx, BoolExpr cond) {
        return (BitVecExpr) ctx.mkITE(cond, ctx.mkBV(1, 1), ctx.mkBV(0, 1));
    }

    private static int width(BitVecExpr e) {
        return e.getSortSize();
    }

    private static BitVecExpr redxor(Context ctx, BitVecExpr a) {
        BitVecExpr acc = ctx.mkExtract(0, 0, a);
        for (int i = 1; i < a.getSortSize(); i++) {
            acc = ctx.mkBVXOR(acc, ctx.mkExtract(i, i, a));
        }
        return acc;
    }
}
