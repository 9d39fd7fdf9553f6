package pdpv.daikon;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.Expr;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Variable;

/**
 * Candidate loop invariants that need no test: an accumulator bounded by its counter's progress.
 * For a variable x whose change {@code x' - x} in one pass through the loop's body lies in a range
 * [lo, hi] that its term shows (the type range of a narrower value it adds, {@code s += v} with
 * {@code v} an {@code unsigned char} gives [0, 255]; a constant; the union over the branches of an
 * if-then-else), and a counter i that every pass changes by the same constant c ≠ 0, after k passes
 * {@code i - \old(i) == k·c} and, as long as x does not wrap around, {@code x - \old(x)} lies in
 * [k·lo, k·hi]; so the two-state candidates
 * {@code |c|·(x - \old(x)) <= hi·sgn(c)·(i - \old(i))} and {@code |c|·(x - \old(x)) >= lo·sgn(c)·(i - \old(i))}.
 * They compare over the integers ({@link Invariant.Compare}), so where x wraps around the lower one
 * is false rather than vacuous, and a wrap-around that the loop allows makes Houdini drop it; the
 * upper one holds even then, as a wrap-around makes x smaller. The change of x is read from its
 * term as interval arithmetic over the integers on the bit-vector operations that do not wrap in
 * that range (additions, products by a constant, extensions, if-then-else); any other operation,
 * or a sum whose range leaves the width's signed range, gives no candidate. A variable that every
 * pass changes by one constant is a {@link ConservedSums} matter, not bounded here. Like every
 * candidate these are checked by their users (Houdini, then the certificate).
 */
public final class BoundedIncrements {
    private BoundedIncrements() {
    }

    /**
     * The candidates for the pass {@code end := next} over the variables of {@code end} (each
     * variable's term at the head): for each accumulator x with a change in a range [lo, hi],
     * lo < hi, and each counter i ≠ x with a constant change c ≠ 0, the upper and the lower bound.
     * Temporaries, arrays and variables without a next-state term of their width are left out.
     */
    public static List<Invariant> of(Map<Variable, Expr<?>> end, Map<Variable, Expr<?>> next) {
        Map<Variable, BigInteger[]> changes = new LinkedHashMap<>();
        for (Map.Entry<Variable, Expr<?>> e : end.entrySet()) {
            Variable v = e.getKey();
            if (v.kind() != Variable.Kind.TEMPORARY && !v.isArray() && e.getValue() instanceof BitVecExpr b
                    && next.get(v) instanceof BitVecExpr n && n.getSortSize() == b.getSortSize()) {
                BigInteger[] r = change(b, n);
                if (r != null) {
                    changes.put(v, r);
                }
            }
        }
        List<Invariant> out = new ArrayList<>();
        for (Map.Entry<Variable, BigInteger[]> acc : changes.entrySet()) {
            BigInteger lo = acc.getValue()[0];
            BigInteger hi = acc.getValue()[1];
            if (lo.equals(hi)) {
                continue;
            }
            for (Map.Entry<Variable, BigInteger[]> counter : changes.entrySet()) {
                BigInteger c = counter.getValue()[0];
                if (counter.getKey() == acc.getKey() || !c.equals(counter.getValue()[1]) || c.signum() == 0) {
                    continue;
                }
                Polynomial dx = progress(acc.getKey()).times(c.abs());
                Polynomial di = progress(counter.getKey()).times(c.signum());
                out.add(new Invariant.Compare(dx, Invariant.Op.LE, di.times(hi)));
                out.add(new Invariant.Compare(dx, Invariant.Op.GE, di.times(lo)));
            }
        }
        return out;
    }

    /** {@code v - \old(v)}. */
    private static Polynomial progress(Variable v) {
        return Polynomial.of(new Term(v, false)).minus(Polynomial.of(new Term(v, true)));
    }

    /**
     * The range [lo, hi] over the integers of {@code after - before} read as a signed value of their
     * width, where the term of {@code after} is {@code before} plus a term whose range
     * {@link #range} shows (in either order of the addition), or {@code before} itself; null otherwise.
     */
    static BigInteger[] change(BitVecExpr before, BitVecExpr after) {
        if (after.equals(before)) {
            return new BigInteger[] {BigInteger.ZERO, BigInteger.ZERO};
        }
        if (after.isITE()) {
            BigInteger[] a = change(before, (BitVecExpr) after.getArgs()[1]);
            BigInteger[] b = a == null ? null : change(before, (BitVecExpr) after.getArgs()[2]);
            return b == null ? null : new BigInteger[] {a[0].min(b[0]), a[1].max(b[1])};
        }
        if (!after.isBVAdd()) {
            return null;
        }
        Expr<?>[] args = after.getArgs();
        int self = -1;
        for (int k = 0; k < args.length && self < 0; k++) {
            if (args[k].equals(before)) {
                self = k;
            }
        }
        if (self < 0) {
            return null;
        }
        BigInteger[] sum = {BigInteger.ZERO, BigInteger.ZERO};
        for (int k = 0; k < args.length && sum != null; k++) {
            if (k != self) {
                BigInteger[] r = range((BitVecExpr) args[k]);
                sum = r == null ? null : new BigInteger[] {sum[0].add(r[0]), sum[1].add(r[1])};
            }
        }
        return sum == null || !fits(sum, before.getSortSize()) ? null : sum;
    }

    /**
     * The range over the integers of {@code e} read as a signed value of its width, by interval
     * arithmetic: a numeral, a zero or sign extension (the range of its operand's type), a sum or a
     * product by a numeral that stays within the width's signed range, an if-then-else (the union);
     * null for anything else.
     */
    static BigInteger[] range(BitVecExpr e) {
        int w = e.getSortSize();
        if (e instanceof BitVecNum n) {
            BigInteger v = n.getBigInteger();
            BigInteger s = v.testBit(w - 1) ? v.subtract(BigInteger.ONE.shiftLeft(w)) : v;
            return new BigInteger[] {s, s};
        }
        if (!e.isApp()) {
            return null;
        }
        Expr<?>[] args = e.getArgs();
        BigInteger[] r = switch (e.getFuncDecl().getDeclKind()) {
            case Z3_OP_ZERO_EXT -> new BigInteger[] {BigInteger.ZERO, BigInteger.ONE.shiftLeft(width(args[0])).subtract(BigInteger.ONE)};
            case Z3_OP_SIGN_EXT -> new BigInteger[] {BigInteger.ONE.shiftLeft(width(args[0]) - 1).negate(),
                BigInteger.ONE.shiftLeft(width(args[0]) - 1).subtract(BigInteger.ONE)};
            case Z3_OP_CONCAT -> args.length == 2 && args[0] instanceof BitVecNum z && z.getBigInteger().signum() == 0
                    ? new BigInteger[] {BigInteger.ZERO, BigInteger.ONE.shiftLeft(width(args[1])).subtract(BigInteger.ONE)} : null;
            case Z3_OP_ITE -> union(range((BitVecExpr) args[1]), range((BitVecExpr) args[2]));
            case Z3_OP_BADD -> {
                BigInteger[] sum = {BigInteger.ZERO, BigInteger.ZERO};
                for (Expr<?> a : args) {
                    BigInteger[] ra = range((BitVecExpr) a);
                    if (ra == null) {
                        yield null;
                    }
                    sum = new BigInteger[] {sum[0].add(ra[0]), sum[1].add(ra[1])};
                }
                yield sum;
            }
            case Z3_OP_BMUL -> {
                if (args.length != 2 || !(args[0] instanceof BitVecNum)) {
                    yield null;
                }
                BigInteger[] c = range((BitVecExpr) args[0]);
                BigInteger[] x = range((BitVecExpr) args[1]);
                yield x == null ? null : new BigInteger[] {c[0].multiply(x[0]).min(c[0].multiply(x[1])),
                    c[0].multiply(x[0]).max(c[0].multiply(x[1]))};
            }
            default -> null;
        };
        return r != null && fits(r, w) ? r : null;
    }

    private static BigInteger[] union(BigInteger[] a, BigInteger[] b) {
        return a == null || b == null ? null : new BigInteger[] {a[0].min(b[0]), a[1].max(b[1])};
    }

    /** Whether [lo, hi] lies within the signed range of width w, where the bit-vector operations above do not wrap. */
    private static boolean fits(BigInteger[] r, int w) {
        return r[0].compareTo(BigInteger.ONE.shiftLeft(w - 1).negate()) >= 0
                && r[1].compareTo(BigInteger.ONE.shiftLeft(w - 1)) < 0;
    }

    private static int width(Expr<?> e) {
        return ((BitVecExpr) e).getSortSize();
    }
}
