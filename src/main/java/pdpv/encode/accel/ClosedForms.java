package pdpv.encode.accel;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Closed forms of polynomial sequences modulo 2^w by Newton's forward differences: a sequence with
 * Δ^{d+1} x = 0 (every polynomial of degree d in the iteration count, e.g. the translations
 * {@code x += c}, degree 1, and {@code x += i} with {@code i++}, degree 2) satisfies
 * x_{s+m} = Σ_{k=0}^{d} C(m, k)·Δ^k x_s in every commutative ring, so modulo 2^w too, where the
 * binomial coefficients are taken modulo 2^w. C(m, k) mod 2^w is computed in w + e bits, e the
 * power of 2 in k!: the product m(m-1)...(m-k+1) modulo 2^(w+e), shifted right by e, times the
 * inverse of k!'s odd part modulo 2^w (exact, as k! divides the product). The iteration count
 * is a 64-bit vector.
 */
final class ClosedForms {
    /** The width of an iteration count. */
    static final int COUNT_WIDTH = 64;

    private ClosedForms() {
    }

    /** Δ^k x_s for k = 0..values.size()-1, from {@code values} = x_s, x_{s+1}, ... (each of width w). */
    static List<BitVecExpr> differences(Context ctx, List<BitVecExpr> values) {
        List<BitVecExpr> out = new ArrayList<>();
        for (int k = 0; k < values.size(); k++) {
            out.add(difference(ctx, values, k));
        }
        return out;
    }

    /** Δ^k x_s = Σ_j (-1)^(k-j) C(k, j) x_{s+j}, from values x_s..x_{s+k}. */
    static BitVecExpr difference(Context ctx, List<BitVecExpr> values, int k) {
        int w = values.get(0).getSortSize();
        BitVecExpr sum = ctx.mkBV(0, w);
        for (int j = 0; j <= k; j++) {
            BigInteger c = binomial(k, j);
            BitVecExpr term = mul(ctx, values.get(j), c, w);
            sum = (k - j) % 2 == 0 ? ctx.mkBVAdd(sum, term) : ctx.mkBVSub(sum, term);
        }
        return sum;
    }

    /** x_{s+m} = Σ_k C(m, k)·Δ^k x_s for the 64-bit count {@code m}, given the differences. */
    static BitVecExpr newton(Context ctx, List<BitVecExpr> differences, BitVecExpr m) {
        int w = differences.get(0).getSortSize();
        BitVecExpr sum = differences.get(0);
        for (int k = 1; k < differences.size(); k++) {
            sum = ctx.mkBVAdd(sum, ctx.mkBVMul(binomial(ctx, m, k, w), differences.get(k)));
        }
        return sum;
    }

    /** C(m, k) modulo 2^w for the 64-bit count {@code m}. */
    static BitVecExpr binomial(Context ctx, BitVecExpr m, int k, int w) {
        if (k == 0) {
            return ctx.mkBV(1, w);
        }
        BigInteger factorial = BigInteger.ONE;
        for (int i = 2; i <= k; i++) {
            factorial = factorial.multiply(BigInteger.valueOf(i));
        }
        int e = factorial.getLowestSetBit();
        BigInteger odd = factorial.shiftRight(e);
        int wide = w + e;
        BitVecExpr mw = resize(ctx, m, wide);
        BitVecExpr product = mw;
        for (int i = 1; i < k; i++) {
            product = ctx.mkBVMul(product, ctx.mkBVSub(mw, ctx.mkBV(i, wide)));
        }
        BitVecExpr shifted = e == 0 ? product : ctx.mkExtract(wide - 1, e, product);
        BigInteger inverse = odd.modInverse(BigInteger.ONE.shiftLeft(w));
        return inverse.equals(BigInteger.ONE) ? shifted : mul(ctx, shifted, inverse, w);
    }

    /** The low {@code width} bits of the unsigned {@code x}, zero-extended if it is narrower. */
    static BitVecExpr resize(Context ctx, BitVecExpr x, int width) {
        int from = x.getSortSize();
        if (from == width) {
            return x;
        }
        return from > width ? ctx.mkExtract(width - 1, 0, x) : ctx.mkZeroExt(width - from, x);
    }

    /** {@code x · c} modulo 2^w. */
    static BitVecExpr mul(Context ctx, BitVecExpr x, BigInteger c, int w) {
        BigInteger r = c.mod(BigInteger.ONE.shiftLeft(w));
        if (r.equals(BigInteger.ONE)) {
            return x;
        }
        return ctx.mkBVMul(x, ctx.mkBV(r.toString(), w));
    }

    /** Whether the integer {@code wide} (of width w + extra, two's complement) is a value of a w-bit type. */
    static BoolExpr fits(Context ctx, BitVecExpr wide, int w, boolean signed) {
        int k = wide.getSortSize();
        if (signed) {
            return ctx.mkEq(ctx.mkSignExt(k - w, ctx.mkExtract(w - 1, 0, wide)), wide);
        }
        return ctx.mkEq(ctx.mkExtract(k - 1, w, wide), ctx.mkBV(0, k - w));
    }

    /** The value of the w-bit {@code x} as an integer of width {@code k}: sign- or zero-extended. */
    static BitVecExpr widen(Context ctx, BitVecExpr x, int k, boolean signed) {
        int w = x.getSortSize();
        return signed ? ctx.mkSignExt(k - w, x) : ctx.mkZeroExt(k - w, x);
    }

    private static BigInteger binomial(int n, int k) {
        BigInteger r = BigInteger.ONE;
        for (int i = 0; i < k; i++) {
            r = r.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
        }
        return r;
    }
}
