package pdpv.encode.accel;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Loop;
import pdpv.cfg.Variable;
import pdpv.encode.BlockSummary;
import pdpv.encode.ExprEncoder;
import pdpv.smt.Cancellation;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/**
 * A loop as a sequence of accelerated phases: its runs are π_1^{N_1} π_2^{N_2} ... π_m^{N_m}, each
 * π_j an accelerated path taken N_j times in a row. This is how flat loops are summarized
 * exactly (FLATA, Bozga, Iosif and Konečný, "Fast acceleration of ultimately periodic relations",
 * CAV 2010; LoAT chains accelerated transitions the same way): the order of the phases is a
 * topological order of the graph in which π_j follows π_i when a pass along π_i can be followed
 * by one along π_j (an SMT check over all states); a loop whose graph has a cycle between two
 * paths has no such summary. The loop {@code if (x < 5000) x++; else x += 4;} under
 * {@code while (x < 80000000)} has two phases, x++ then x += 4.
 *
 * <p>The summary S(x_b, x_e, N) relates the values before the loop to those at its head after
 * N_1 + ... + N_m iterations; each phase's condition is its accelerator's exact one where it has
 * one, else the necessary one. Whether S over-approximates every run of the loop is not claimed
 * here: it holds when S is inductive with the {@link #successors} as witnesses (one more pass in
 * some phase), which the CEGAR loop's certificate checker proves before S enters F, and proves
 * again before a SAFE answer.
 */
public final class PhaseSummary {
    private final Loop loop;
    private final List<PathAccelerator> phases;

    private PhaseSummary(Loop loop, List<PathAccelerator> phases) {
        this.loop = loop;
        this.phases = List.copyOf(phases);
    }

    /**
     * The phases of {@code loop} from its accelerators in {@code acceleration}, ordered by the
     * follow graph (each edge an SMT check in {@code exprs}' context within {@code resources} units,
     * stopped by {@code cancellation}; one that gives up counts as an edge); null when the loop has
     * no accelerator or the graph a cycle.
     */
    public static PhaseSummary of(Loop loop, LoopAcceleration acceleration, ExprEncoder exprs, SmtStatistics stats,
                                  Cancellation cancellation, long resources) {
        List<PathAccelerator> accelerators = acceleration.accelerators(loop);
        if (accelerators.isEmpty()) {
            return null;
        }
        Context ctx = exprs.algebra().context();
        int m = accelerators.size();
        boolean[][] follows = new boolean[m][m];
        Map<Variable, BitVecExpr> start = new LinkedHashMap<>();
        for (Variable v : loop.referenced()) {
            start.put(v, (BitVecExpr) ctx.mkFreshConst(v.name(), ctx.mkBitVecSort(v.type().width())));
        }
        List<PathTransition> passes = new ArrayList<>();
        for (PathAccelerator a : accelerators) {
            passes.add(PathTransition.of(exprs, a.path(), start));
        }
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                if (i == j) {
                    continue;
                }
                PathTransition then = PathTransition.of(exprs, accelerators.get(j).path(), passes.get(i).end());
                SmtSolver s = new SmtSolver(ctx, stats, cancellation);
                s.add(passes.get(i).condition(ctx), then.condition(ctx));
                follows[i][j] = !(s.checkWithinResources(resources, List.of()) instanceof SmtResult.Unsat);
            }
        }
        List<PathAccelerator> order = new ArrayList<>();
        boolean[] placed = new boolean[m];
        while (order.size() < m) {
            int next = -1;
            for (int j = 0; j < m && next < 0; j++) {
                if (placed[j]) {
                    continue;
                }
                boolean ready = true;
                for (int i = 0; i < m; i++) {
                    ready &= placed[i] || i == j || !follows[i][j];
                }
                next = ready ? j : -1;
            }
            if (next < 0) {
                return null;
            }
            placed[next] = true;
            order.add(accelerators.get(next));
        }
        return new PhaseSummary(loop, order);
    }

    public Loop loop() {
        return loop;
    }

    /** The phases in the order they run. */
    public List<PathAccelerator> phases() {
        return phases;
    }

    /**
     * S(before, after, counts): from the values {@code before} of the loop's variables R_l, N_j
     * passes in phase j (the 64-bit {@code counts}, one per phase) end in {@code after}, the
     * values of U_l at the head.
     */
    public BoolExpr encode(ExprEncoder exprs, Map<Variable, ? extends Expr<?>> beforeVariants,
                           Map<Variable, ? extends Expr<?>> afterVariants, List<BitVecExpr> counts) {
        Context ctx = exprs.algebra().context();
        Map<Variable, BitVecExpr> before = BlockSummary.scalars(beforeVariants);
        Map<Variable, BitVecExpr> after = BlockSummary.scalars(afterVariants);
        List<BoolExpr> conjuncts = new ArrayList<>();
        Map<Variable, BitVecExpr> mid = new LinkedHashMap<>();
        loop.referenced().forEach(v -> mid.put(v, before.get(v)));
        for (int j = 0; j < phases.size(); j++) {
            PathAccelerator a = phases.get(j);
            PathAccelerator.Segment seg = a.encode(exprs, mid, counts.get(j));
            conjuncts.add(a.exact() ? seg.sufficient() : seg.necessary());
            mid.putAll(seg.exit());
        }
        for (Variable v : loop.updated()) {
            conjuncts.add(ctx.mkEq(after.get(v), mid.get(v)));
        }
        return PathAccelerator.and(ctx, conjuncts);
    }

    /** The counts of one more pass, in each phase in turn: the witnesses of S's inductiveness. */
    public List<List<BitVecExpr>> successors(Context ctx, List<BitVecExpr> counts) {
        List<List<BitVecExpr>> out = new ArrayList<>();
        for (int j = 0; j < counts.size(); j++) {
            List<BitVecExpr> next = new ArrayList<>(counts);
            next.set(j, ctx.mkBVAdd(counts.get(j), ctx.mkBV(1, ClosedForms.COUNT_WIDTH)));
            out.add(next);
        }
        return out;
    }

    /** Fresh 64-bit counts, one per phase, named after {@code prefix}. */
    public List<BitVecExpr> freshCounts(Context ctx, String prefix) {
        List<BitVecExpr> out = new ArrayList<>();
        for (int j = 0; j < phases.size(); j++) {
            out.add((BitVecExpr) ctx.mkFreshConst(prefix + j, ctx.mkBitVecSort(ClosedForms.COUNT_WIDTH)));
        }
        return out;
    }

    /** The counts of no pass at all. */
    public List<BitVecExpr> zeroCounts(Context ctx) {
        List<BitVecExpr> out = new ArrayList<>();
        for (int j = 0; j < phases.size(); j++) {
            out.add(ctx.mkBV(0, ClosedForms.COUNT_WIDTH));
        }
        return out;
    }

    /**
     * The summary for the user, in C's words: each phase as its updates in one pass, repeated N_j
     * times, e.g. {@code (x += 1)^N1 (x += 4)^N2}; a step that is not a constant reads {@code x += ...}
     * (degree 1) or {@code x: degree d}, a variable set to the same value every pass {@code x = ...}.
     */
    public String describe(ExprEncoder exprs) {
        Context ctx = exprs.algebra().context();
        Map<Variable, BitVecExpr> start = new LinkedHashMap<>();
        for (Variable v : loop.referenced()) {
            start.put(v, (BitVecExpr) ctx.mkFreshConst(v.name(), ctx.mkBitVecSort(v.type().width())));
        }
        StringBuilder sb = new StringBuilder();
        for (int j = 0; j < phases.size(); j++) {
            PathAccelerator a = phases.get(j);
            Map<Variable, BitVecExpr> end = PathTransition.of(exprs, a.path(), start).end();
            List<String> updates = new ArrayList<>();
            a.degrees().forEach((v, d) -> updates.add(update(ctx, v, d, start.get(v), end.get(v))));
            sb.append(j == 0 ? "" : " ").append('(').append(updates.isEmpty() ? "no update" : String.join(", ", updates))
                    .append(")^N").append(j + 1);
        }
        return sb.toString();
    }

    private static String update(Context ctx, Variable v, int degree, BitVecExpr before, BitVecExpr after) {
        String name = v.sourceName() != null ? v.sourceName() : v.name();
        if (degree == 1) {
            com.microsoft.z3.Expr<?> step = ctx.mkBVSub(after, before).simplify();
            if (step instanceof com.microsoft.z3.BitVecNum k) {
                long signed = v.type().toLong(k.getBigInteger().longValue());
                return signed < 0 && v.type().signed() || k.getBigInteger().testBit(v.type().width() - 1) && signed < 0
                        ? name + " -= " + Long.toUnsignedString(-signed) : name + " += " + v.type().format(k.getBigInteger().longValue());
            }
            return name + " += ...";
        }
        return degree == 0 ? name + " = ..." : name + ": degree " + degree;
    }

    @Override
    public String toString() {
        return loop + " in " + phases.size() + " phases " + phases;
    }
}
