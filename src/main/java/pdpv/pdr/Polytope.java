package pdpv.pdr;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * A polytope Ax ≤ b over the state variables read as signed integers (§3.2.2), evaluated in
 * {@link Encoding#polytopeWidth()} bits so that constraints mean what their geometry says. Expands
 * by relaxing bounds (binary search) and changes shape by reshape (Alg. 3.2).
 */
public record Polytope(List<Row> rows) implements Aru {

    /** One inequality Σ coeffs[i]·x_i ≤ bound. */
    public record Row(long[] coeffs, long bound) {
        public Row {
            coeffs = coeffs.clone();
        }

        public Row withBound(long newBound) {
            return new Row(coeffs, newBound);
        }

        /**
         * The row a + b: it holds wherever both hold, and is tight wherever both are. Empty when a
         * coefficient or the bound leaves a {@code long}.
         */
        public static Optional<Row> sum(Row a, Row b) {
            long[] c = new long[a.coeffs.length];
            try {
                for (int i = 0; i < c.length; i++) {
                    c[i] = Math.addExact(a.coeffs[i], b.coeffs[i]);
                }
                return Optional.of(new Row(c, Math.addExact(a.bound, b.bound)));
            } catch (ArithmeticException overflow) {
                return Optional.empty();
            }
        }

        /** The left-hand side at a point, wrapped to the polytope width like the Z3 encoding (exact at any width). */
        public BigInteger lhs(long[] point, Encoding enc) {
            BigInteger sum = BigInteger.ZERO;
            for (int i = 0; i < coeffs.length; i++) {
                if (coeffs[i] != 0) {
                    sum = sum.add(BigInteger.valueOf(coeffs[i]).multiply(BigInteger.valueOf(Encoding.signed(point[i], enc.widths()[i]))));
                }
            }
            return wrap(sum, enc.polytopeWidth());
        }

        /** Whether the point satisfies the row; in {@code long} arithmetic while it is exact, as it is for narrow variables. */
        public boolean holdsAt(long[] point, Encoding enc) {
            long sum = 0;
            try {
                for (int i = 0; i < coeffs.length; i++) {
                    sum = Math.addExact(sum, Math.multiplyExact(coeffs[i], Encoding.signed(point[i], enc.widths()[i])));
                }
            } catch (ArithmeticException overflow) {
                return lhs(point, enc).compareTo(BigInteger.valueOf(bound)) <= 0;
            }
            int width = enc.polytopeWidth();
            long wrapped = width >= 64 ? sum : Encoding.signed(sum & ((1L << width) - 1), width);
            return wrapped <= bound;
        }

        /** The largest value the left-hand side takes over the whole state space (no overflow). */
        public BigInteger maxLhs(Encoding enc) {
            BigInteger max = BigInteger.ZERO;
            for (int i = 0; i < coeffs.length; i++) {
                long extreme = coeffs[i] >= 0 ? enc.maxSigned(i) : enc.minSigned(i);
                max = max.add(BigInteger.valueOf(coeffs[i]).multiply(BigInteger.valueOf(extreme)));
            }
            return max;
        }

        /** The smallest value the left-hand side takes over the whole state space (no overflow). */
        public BigInteger minLhs(Encoding enc) {
            BigInteger min = BigInteger.ZERO;
            for (int i = 0; i < coeffs.length; i++) {
                long extreme = coeffs[i] >= 0 ? enc.minSigned(i) : enc.maxSigned(i);
                min = min.add(BigInteger.valueOf(coeffs[i]).multiply(BigInteger.valueOf(extreme)));
            }
            return min;
        }

        /**
         * Whether the left-hand side and the bound stay within the polytope width everywhere in the
         * state space, so that the row means what its geometry says (§3.2.2).
         */
        public boolean fitsWithoutOverflow(Encoding enc) {
            BigInteger limit = BigInteger.ONE.shiftLeft(enc.polytopeWidth() - 1);
            BigInteger b = BigInteger.valueOf(bound);
            return maxLhs(enc).compareTo(limit) < 0 && minLhs(enc).compareTo(limit.negate()) >= 0
                    && b.compareTo(limit) < 0 && b.compareTo(limit.negate()) >= 0;
        }

        public int arity() {
            return (int) Arrays.stream(coeffs).filter(c -> c != 0).count();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Row r && r.bound == bound && Arrays.equals(r.coeffs, coeffs);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(coeffs) * 31 + Long.hashCode(bound);
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < coeffs.length; i++) {
                if (coeffs[i] != 0) {
                    sb.append(coeffs[i] >= 0 && sb.length() > 0 ? "+" : "").append(coeffs[i]).append("*x").append(i);
                }
            }
            return sb + "<=" + bound;
        }
    }

    public Polytope {
        rows = List.copyOf(rows);
    }

    /** The value modulo 2^width read in two's complement. */
    static BigInteger wrap(BigInteger value, int width) {
        BigInteger modulus = BigInteger.ONE.shiftLeft(width);
        BigInteger r = value.mod(modulus);
        return r.testBit(width - 1) ? r.subtract(modulus) : r;
    }

    /**
     * The point as the unary system (3.1): x_i ≤ c_i and −x_i ≤ −c_i. For the least value of a
     * 64-bit variable, −x_i ≤ 2^63 holds everywhere and its bound is no {@code long}; x_i ≤ c_i alone
     * pins x_i, and negating c_i would have made the row −x_i ≤ −2^63, which no state satisfies.
     */
    public static Polytope ofPoint(long[] point, Encoding enc) {
        List<Row> rows = new ArrayList<>();
        for (int v = 0; v < point.length; v++) {
            long value = Encoding.signed(point[v], enc.widths()[v]);
            rows.add(new Row(unit(point.length, v, 1), value));
            if (value != Long.MIN_VALUE) {
                rows.add(new Row(unit(point.length, v, -1), -value));
            }
        }
        return new Polytope(rows);
    }

    static long[] unit(int n, int var, long coeff) {
        long[] c = new long[n];
        c[var] = coeff;
        return c;
    }

    @Override
    public List<BoolExpr> parts(Encoding enc, List<BitVecExpr> vars) {
        return rows.stream().map(r -> rowFormula(r, enc, vars)).toList();
    }

    static BoolExpr rowFormula(Row row, Encoding enc, List<BitVecExpr> vars) {
        Context ctx = enc.ctx();
        int width = enc.polytopeWidth();
        BitVecExpr sum = null;
        for (int i = 0; i < row.coeffs().length; i++) {
            long a = row.coeffs()[i];
            if (a == 0) {
                continue;
            }
            BitVecExpr x = ctx.mkSignExt(width - enc.widths()[i], vars.get(i));
            BitVecExpr term = a == 1 ? x : a == -1 ? ctx.mkBVNeg(x) : ctx.mkBVMul(ctx.mkBV(a, width), x);
            sum = sum == null ? term : ctx.mkBVAdd(sum, term);
        }
        BitVecNum bound = ctx.mkBV(row.bound(), width);
        return sum == null ? ctx.mkBool(0 <= row.bound()) : ctx.mkBVSLE(sum, bound);
    }

    @Override
    public Polytope keep(BitSet keep) {
        List<Row> kept = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if (keep.get(i)) {
                kept.add(rows.get(i));
            }
        }
        return new Polytope(kept);
    }

    public Polytope withRow(int index, Row row) {
        List<Row> copy = new ArrayList<>(rows);
        copy.set(index, row);
        return new Polytope(copy);
    }

    public Polytope without(int index) {
        List<Row> copy = new ArrayList<>(rows);
        copy.remove(index);
        return new Polytope(copy);
    }

    @Override
    public int partCount() {
        return rows.size();
    }

    @Override
    public boolean contains(long[] point, Encoding enc) {
        return rows.stream().allMatch(r -> r.holdsAt(point, enc));
    }

    /** Lower and upper bound of each variable implied by the unary rows (domain bounds otherwise). */
    public long[][] box(Encoding enc) {
        int n = enc.size();
        long[][] box = new long[n][];
        for (int v = 0; v < n; v++) {
            box[v] = new long[] {enc.minSigned(v), enc.maxSigned(v)};
        }
        for (Row r : rows) {
            if (r.arity() != 1) {
                continue;
            }
            for (int v = 0; v < n; v++) {
                long a = r.coeffs()[v];
                if (a > 0) {
                    box[v][1] = Math.min(box[v][1], Math.floorDiv(r.bound(), a));
                } else if (a < 0) {
                    box[v][0] = Math.max(box[v][0], -Math.floorDiv(r.bound(), -a));
                }
            }
        }
        return box;
    }

    @Override
    public double log2Volume(Encoding enc) {
        double log = 0;
        for (long[] range : box(enc)) {
            log += Math.log(Math.max(0, (double) range[1] - (double) range[0] + 1)) / Math.log(2);
        }
        return log;
    }

    @Override
    public String toString() {
        return "polytope" + rows;
    }
}
