package pdpv.pdr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.DecompositionSolver;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;
import java.util.stream.IntStream;
import org.apache.commons.math3.util.ArithmeticUtils;

/**
 * RESHAPE (Alg. 3.2): for each corner of a polytope and each set of k nearby guide polytopes, the
 * hyperplane through the corner and the guides' corners (integral coefficients) is substituted for a
 * neighbouring boundary of the corner; the substitution is kept if the polytope stays a valid lemma.
 * When no guide helps, each corner tries the sums of two of its unary neighbouring boundaries on
 * different variables: such a sum passes through the corner, and substituted for one of the two it
 * only enlarges the polytope. It relates two variables (x − y ≤ c, x + y ≤ c) without a guide, where
 * guides that would give the same hyperplane need not exist: a loop {@code while (x < n) x++} is
 * blocked by boxes along x = n, and the other polytopes of the cover may only relate x to the count
 * of iterations. With an empty cover only these sums are tried.
 * Finding corners solves a linear system per choice of rows, which can be many: the budget is
 * checked for each.
 */
final class Reshaper {
    private static final int GUIDE_CORNERS = 2;
    private final Encoding enc;
    private final PdrOptions options;
    private final PdrStatistics stats;
    private final Budget budget;

    Reshaper(Encoding enc, PdrOptions options, PdrStatistics stats, Budget budget) {
        this.enc = enc;
        this.options = options;
        this.stats = stats;
        this.budget = budget;
    }

    /** A corner: the point and the indices of the rows tight at it (its neighbour boundaries). */
    record Corner(double[] point, int[] rows) {
    }

    Optional<Polytope> reshape(Polytope p, List<Aru> cover, CoreQuery valid) {
        List<Corner> corners = corners(p);
        if (corners.isEmpty()) {
            return Optional.empty();
        }
        List<List<Corner>> guides = nearestGuides(p, corners, cover);
        for (Corner c : corners) {
            for (List<List<Corner>> set : guideSets(guides, options.guides())) {
                budget.check();
                Optional<Polytope> result = substitute(p, c, set, valid);
                if (result.isPresent()) {
                    return result;
                }
            }
        }
        for (Corner c : corners) {
            Optional<Polytope> result = substituteSum(p, c, valid);
            if (result.isPresent()) {
                return result;
            }
        }
        return Optional.empty();
    }

    private Optional<Polytope> substitute(Polytope p, Corner c, List<List<Corner>> guideSet, CoreQuery valid) {
        List<double[]> points = new ArrayList<>();
        for (List<Corner> guide : guideSet) {
            guide.stream().min(Comparator.comparingDouble(g -> distance(g.point(), c.point())))
                    .ifPresent(g -> points.add(g.point()));
        }
        Optional<long[]> normal = findHyperplane(c.point(), points, c, p);
        if (normal.isEmpty()) {
            return Optional.empty();
        }
        long[] a = normal.get();
        double bound = 0;
        for (int i = 0; i < a.length; i++) {
            bound += a[i] * c.point()[i];
        }
        long rounded = Math.round(Math.floor(bound + 1e-9));
        Polytope.Row h = new Polytope.Row(a, Math.max(enc.minBound() + 1, Math.min(enc.maxBound(), rounded)));
        return substitute(p, h, c.rows(), valid);
    }

    /** SUBSTITUTE(p, h, b) for each of the neighbour boundaries b in turn, keeping the first valid one. */
    private Optional<Polytope> substitute(Polytope p, Polytope.Row h, int[] neighbours, CoreQuery valid) {
        if (p.rows().contains(h)) {
            return Optional.empty();
        }
        for (int neighbour : neighbours) {
            stats.reshapesTried++;
            Polytope candidate = p.withRow(neighbour, h);
            if (valid.core(candidate) != null) {
                stats.reshapesSucceeded++;
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** The sums of two unary neighbour boundaries of corner c (on two variables), each substituted for either addend. */
    private Optional<Polytope> substituteSum(Polytope p, Corner c, CoreQuery valid) {
        int[] tight = Arrays.stream(c.rows()).filter(r -> p.rows().get(r).arity() == 1).toArray();
        for (int i = 0; i < tight.length; i++) {
            for (int j = i + 1; j < tight.length; j++) {
                Optional<Polytope.Row> sum = Polytope.Row.sum(p.rows().get(tight[i]), p.rows().get(tight[j]));
                if (sum.isPresent() && sum.get().arity() == 2 && sum.get().fitsWithoutOverflow(enc)) {
                    Polytope.Row h = sum.get();
                    Optional<Polytope> result = substitute(p, h, new int[] {tight[i], tight[j]}, valid);
                    if (result.isPresent()) {
                        return result;
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * FINDHYPERPLANE: integral normal a, zero outside k+1 variables, with a·(g − c) = 0 for every
     * guide corner g, oriented so that the polytope's inside near c satisfies a·x ≤ a·c.
     */
    Optional<long[]> findHyperplane(double[] c, List<double[]> guides, Corner corner, Polytope p) {
        int n = c.length;
        int k = guides.size();
        int[] vars = mostChangingVars(c, guides, k + 1);
        if (vars.length < k + 1) {
            return Optional.empty();
        }
        double[][] diffs = new double[Math.max(k, 1)][k + 1];
        for (int j = 0; j < k; j++) {
            for (int i = 0; i < vars.length; i++) {
                diffs[j][i] = guides.get(j)[vars[i]] - c[vars[i]];
            }
        }
        double[] nullVector = nullSpaceVector(new Array2DRowRealMatrix(diffs));
        long[] integral = integral(nullVector);
        if (integral == null) {
            return Optional.empty();
        }
        long[] a = new long[n];
        for (int i = 0; i < vars.length; i++) {
            a[vars[i]] = integral[i];
        }
        double inward = 0;
        for (int r : corner.rows()) {
            long[] coeffs = p.rows().get(r).coeffs();
            for (int i = 0; i < n; i++) {
                inward -= a[i] * (double) coeffs[i];
            }
        }
        if (Math.abs(inward) < 1e-9) {
            return Optional.empty();
        }
        if (inward > 0) {
            for (int i = 0; i < n; i++) {
                a[i] = -a[i];
            }
        }
        return Optional.of(a);
    }

    private static int[] mostChangingVars(double[] c, List<double[]> guides, int count) {
        Integer[] order = new Integer[c.length];
        double[] change = new double[c.length];
        for (int i = 0; i < c.length; i++) {
            order[i] = i;
            for (double[] g : guides) {
                change[i] += Math.abs(g[i] - c[i]);
            }
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> -change[i]));
        return Arrays.stream(order).limit(count).filter(i -> change[i] > 0).mapToInt(Integer::intValue).sorted().toArray();
    }

    private static double[] nullSpaceVector(RealMatrix m) {
        RealMatrix square = new Array2DRowRealMatrix(m.getColumnDimension(), m.getColumnDimension());
        square.setSubMatrix(m.getData(), 0, 0);
        RealMatrix v = new SingularValueDecomposition(square).getV();
        return v.getColumn(v.getColumnDimension() - 1);
    }

    /** Scales a direction to small coprime integers, or null if none with coefficients up to 64. */
    static long[] integral(double[] v) {
        double smallest = Arrays.stream(v).map(Math::abs).filter(x -> x > 1e-9).min().orElse(0);
        if (smallest == 0) {
            return null;
        }
        for (int mult = 1; mult <= 64; mult++) {
            long[] r = new long[v.length];
            boolean ok = true;
            for (int i = 0; i < v.length && ok; i++) {
                double scaled = v[i] / smallest * mult;
                r[i] = Math.round(scaled);
                ok = Math.abs(scaled - r[i]) < 1e-6 && Math.abs(r[i]) <= 64;
            }
            if (ok) {
                long g = 0;
                for (long x : r) {
                    g = ArithmeticUtils.gcd(g, Math.abs(x));
                }
                for (int i = 0; i < r.length; i++) {
                    r[i] /= g;
                }
                return r;
            }
        }
        return null;
    }

    private List<List<Corner>> nearestGuides(Polytope p, List<Corner> corners, List<Aru> cover) {
        List<List<Corner>> guides = new ArrayList<>();
        for (Aru aru : cover) {
            if (aru instanceof Polytope g && !g.equals(p)) {
                List<Corner> gc = corners(g);
                if (!gc.isEmpty()) {
                    guides.add(gc);
                }
            }
        }
        guides.sort(Comparator.comparingDouble(g -> setDistance(g, corners)));
        List<List<Corner>> nearest = new ArrayList<>();
        for (List<Corner> g : guides.subList(0, Math.min(options.guideCandidates(), guides.size()))) {
            List<Corner> sorted = new ArrayList<>(g);
            sorted.sort(Comparator.comparingDouble(x -> setDistance(List.of(x), corners)));
            nearest.add(sorted.subList(0, Math.min(GUIDE_CORNERS, sorted.size())));
        }
        return nearest;
    }

    /** The promising sets: all combinations of k of the nearest guides. */
    private static List<List<List<Corner>>> guideSets(List<List<Corner>> guides, int k) {
        List<List<List<Corner>>> sets = new ArrayList<>();
        combine(guides, k, 0, new ArrayList<>(), sets);
        return sets;
    }

    private static void combine(List<List<Corner>> items, int k, int from, List<List<Corner>> chosen,
            List<List<List<Corner>>> out) {
        if (chosen.size() == k) {
            out.add(List.copyOf(chosen));
            return;
        }
        for (int i = from; i < items.size(); i++) {
            chosen.add(items.get(i));
            combine(items, k, i + 1, chosen, out);
            chosen.remove(chosen.size() - 1);
        }
    }

    private static double setDistance(List<Corner> a, List<Corner> b) {
        double best = Double.MAX_VALUE;
        for (Corner x : a) {
            for (Corner y : b) {
                best = Math.min(best, distance(x.point(), y.point()));
            }
        }
        return best;
    }

    private static double distance(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return Math.sqrt(s);
    }

    /** Vertices of the polytope in the subspace of the variables it constrains (others are 0). */
    List<Corner> corners(Polytope p) {
        int n = enc.size();
        int[] support = IntStream.range(0, n)
                .filter(v -> p.rows().stream().anyMatch(r -> r.coeffs()[v] != 0)).toArray();
        int d = support.length;
        List<Corner> corners = new ArrayList<>();
        if (d == 0 || p.rows().size() < d) {
            return corners;
        }
        int[] choice = IntStream.range(0, d).toArray();
        do {
            budget.check();
            double[][] m = new double[d][d];
            double[] b = new double[d];
            for (int i = 0; i < d; i++) {
                Polytope.Row row = p.rows().get(choice[i]);
                for (int j = 0; j < d; j++) {
                    m[i][j] = row.coeffs()[support[j]];
                }
                b[i] = row.bound();
            }
            DecompositionSolver s = new LUDecomposition(new Array2DRowRealMatrix(m)).getSolver();
            if (s.isNonSingular()) {
                double[] sol = s.solve(new ArrayRealVector(b)).toArray();
                double[] point = new double[n];
                for (int j = 0; j < d; j++) {
                    point[support[j]] = sol[j];
                }
                if (inside(p, point)) {
                    corners.add(new Corner(point, choice.clone()));
                }
            }
        } while (nextSubset(choice, p.rows().size()));
        return corners;
    }

    private static boolean inside(Polytope p, double[] point) {
        for (Polytope.Row r : p.rows()) {
            double lhs = 0;
            for (int i = 0; i < point.length; i++) {
                lhs += r.coeffs()[i] * point[i];
            }
            if (lhs > r.bound() + 1e-6 * Math.max(1, Math.abs(r.bound()))) {
                return false;
            }
        }
        return true;
    }

    /** Advances an increasing choice of indices below n to the next one in lexicographic order; false after the last. */
    private static boolean nextSubset(int[] choice, int n) {
        int k = choice.length;
        int i = k - 1;
        while (i >= 0 && choice[i] == n - k + i) {
            i--;
        }
        if (i < 0) {
            return false;
        }
        choice[i]++;
        for (int j = i + 1; j < k; j++) {
            choice[j] = choice[j - 1] + 1;
        }
        return true;
    }
}
