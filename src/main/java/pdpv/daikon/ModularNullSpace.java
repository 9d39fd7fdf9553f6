package pdpv.daikon;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The null space of a matrix over the rationals, by exact elimination modulo the prime 2^61 − 1
 * and rational reconstruction (the linear algebra of DIG's equality mining, and of Daikon's
 * LinearBinary and LinearTernary): rows are added one by one to a reduced row echelon basis; each
 * null vector comes back as a primitive integer vector. Arithmetic modulo p can only find too many
 * relations (when p divides a minor), never miss one, and reconstruction can fail for huge
 * coefficients (the vector is then left out): callers check every vector on the integer rows.
 */
final class ModularNullSpace {
    static final long P = (1L << 61) - 1;
    private static final BigInteger BIG_P = BigInteger.valueOf(P);
    /** Numerators and denominators up to sqrt(p / 2) are reconstructed uniquely (Wang's bound). */
    private static final BigInteger RECONSTRUCTION_BOUND = BigInteger.valueOf((long) Math.sqrt(P / 2.0));
    private final int columns;
    private final List<long[]> rows = new ArrayList<>();
    private final List<Integer> pivots = new ArrayList<>();

    ModularNullSpace(int columns) {
        this.columns = columns;
    }

    int rank() {
        return rows.size();
    }

    int columns() {
        return columns;
    }

    /** Adds a row of exact integers; true if it raised the rank. */
    boolean add(BigInteger[] row) {
        long[] r = new long[columns];
        for (int j = 0; j < columns; j++) {
            r[j] = row[j].mod(BIG_P).longValue();
        }
        for (int i = 0; i < rows.size(); i++) {
            long f = r[pivots.get(i)];
            if (f != 0) {
                subtractMultiple(r, rows.get(i), f);
            }
        }
        int pivot = -1;
        for (int j = 0; j < columns && pivot < 0; j++) {
            pivot = r[j] != 0 ? j : -1;
        }
        if (pivot < 0) {
            return false;
        }
        long inv = inverse(r[pivot]);
        for (int j = 0; j < columns; j++) {
            r[j] = mul(r[j], inv);
        }
        for (int i = 0; i < rows.size(); i++) {
            long f = rows.get(i)[pivot];
            if (f != 0) {
                subtractMultiple(rows.get(i), r, f);
            }
        }
        rows.add(r);
        pivots.add(pivot);
        return true;
    }

    /** A basis of the null space as primitive integer vectors (first non-zero entry positive); vectors that do not reconstruct are left out. */
    List<BigInteger[]> basis() {
        List<BigInteger[]> out = new ArrayList<>();
        boolean[] isPivot = new boolean[columns];
        pivots.forEach(p -> isPivot[p] = true);
        for (int free = 0; free < columns; free++) {
            if (isPivot[free]) {
                continue;
            }
            BigInteger[] num = new BigInteger[columns];
            BigInteger[] den = new BigInteger[columns];
            java.util.Arrays.fill(num, BigInteger.ZERO);
            java.util.Arrays.fill(den, BigInteger.ONE);
            num[free] = BigInteger.ONE;
            boolean ok = true;
            for (int i = 0; i < rows.size() && ok; i++) {
                long v = rows.get(i)[free];
                if (v != 0) {
                    BigInteger[] q = reconstruct(BigInteger.valueOf(sub(0, v)));
                    ok = q != null;
                    if (ok) {
                        num[pivots.get(i)] = q[0];
                        den[pivots.get(i)] = q[1];
                    }
                }
            }
            if (ok) {
                out.add(primitive(num, den));
            }
        }
        return out;
    }

    /** Whether {@code c} is a null vector of the integer {@code rows} (the modular null space can hold too many, see above). */
    static boolean isNullVector(BigInteger[] c, List<BigInteger[]> rows) {
        for (BigInteger[] r : rows) {
            BigInteger sum = BigInteger.ZERO;
            for (int k = 0; k < c.length; k++) {
                sum = sum.add(c[k].multiply(r[k]));
            }
            if (sum.signum() != 0) {
                return false;
            }
        }
        return true;
    }

    private static BigInteger[] primitive(BigInteger[] num, BigInteger[] den) {
        BigInteger lcm = BigInteger.ONE;
        for (BigInteger d : den) {
            lcm = lcm.divide(lcm.gcd(d)).multiply(d);
        }
        BigInteger[] v = new BigInteger[num.length];
        BigInteger gcd = BigInteger.ZERO;
        for (int j = 0; j < v.length; j++) {
            v[j] = num[j].multiply(lcm.divide(den[j]));
            gcd = gcd.gcd(v[j]);
        }
        int sign = 0;
        for (int j = 0; j < v.length && sign == 0; j++) {
            sign = v[j].signum();
        }
        for (int j = 0; j < v.length; j++) {
            v[j] = v[j].divide(gcd);
            if (sign < 0) {
                v[j] = v[j].negate();
            }
        }
        return v;
    }

    /** a/b with |a|, b ≤ the bound and a ≡ u·b (mod p), or null (Wang's rational reconstruction). */
    private static BigInteger[] reconstruct(BigInteger u) {
        BigInteger r0 = BIG_P;
        BigInteger r1 = u;
        BigInteger t0 = BigInteger.ZERO;
        BigInteger t1 = BigInteger.ONE;
        while (r1.compareTo(RECONSTRUCTION_BOUND) > 0) {
            BigInteger q = r0.divide(r1);
            BigInteger r2 = r0.subtract(q.multiply(r1));
            BigInteger t2 = t0.subtract(q.multiply(t1));
            r0 = r1;
            r1 = r2;
            t0 = t1;
            t1 = t2;
        }
        if (t1.signum() == 0 || t1.abs().compareTo(RECONSTRUCTION_BOUND) > 0 || !r1.gcd(t1).equals(BigInteger.ONE)) {
            return null;
        }
        return t1.signum() < 0 ? new BigInteger[] {r1.negate(), t1.negate()} : new BigInteger[] {r1, t1};
    }

    private static void subtractMultiple(long[] target, long[] row, long f) {
        for (int j = 0; j < target.length; j++) {
            if (row[j] != 0) {
                target[j] = sub(target[j], mul(f, row[j]));
            }
        }
    }

    static long mul(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        long s = (hi << 3) + (lo >>> 61) + (lo & P);
        long r = (s & P) + (s >>> 61);
        return r >= P ? r - P : r;
    }

    private static long sub(long a, long b) {
        long r = a - b;
        return r < 0 ? r + P : r;
    }

    private static long inverse(long a) {
        long result = 1;
        long base = a;
        long e = P - 2;
        while (e > 0) {
            if ((e & 1) == 1) {
                result = mul(result, base);
            }
            base = mul(base, base);
            e >>= 1;
        }
        return result;
    }
}
