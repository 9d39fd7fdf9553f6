package pdpv.encode;

import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Model;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;

/**
 * The formula of bounded model checking: F of thesis §4.3.1 built by the same passification
 * ({@link ProgramEncoding}) over the {@link LoopUnwinding} of the program instead of its loop-cut
 * DAG, so that no loop invariant is involved. {@link #violation()} is satisfiable exactly when an
 * assertion fails on a path that takes each back edge at most k times per loop entry;
 * {@link #unwinding()} exactly when some path (with every assertion before holding) would take a back
 * edge once more. When the latter is unsatisfiable the unrolling covers every execution, and an
 * unsatisfiable violation is a proof.
 */
public final class UnrolledEncoding {
    private final LoopUnwinding unwinding;
    private final ProgramEncoding encoding;
    private final BoolExpr unwindingReached;
    private final Context ctx;

    private UnrolledEncoding(Context ctx, LoopUnwinding unwinding, ProgramEncoding encoding, BoolExpr unwindingReached) {
        this.ctx = ctx;
        this.unwinding = unwinding;
        this.encoding = encoding;
        this.unwindingReached = unwindingReached;
    }

    /** Null when the unrolling to {@code bound} needs more than {@code maxBlocks} blocks. */
    public static UnrolledEncoding build(Context ctx, Program p, LoopForest loops, int bound, int maxBlocks) {
        return build(ctx, p, loops, bound, maxBlocks, Map.of(), 0);
    }

    /**
     * As {@link #build(Context, Program, LoopForest, int, int)}, with each loop's {@code summaries}
     * (its accelerated paths) before the first {@code acceleratedCopies} copies of its head per
     * entry ({@link LoopUnwinding}).
     */
    public static UnrolledEncoding build(Context ctx, Program p, LoopForest loops, int bound, int maxBlocks,
                                         Map<Loop, List<BlockSummary>> summaries, int acceleratedCopies) {
        LoopUnwinding u = LoopUnwinding.of(p, loops, bound, maxBlocks, summaries, acceleratedCopies);
        if (u == null) {
            return null;
        }
        Program unrolled = u.program();
        ProgramEncoding e = ProgramEncoding.build(ctx, unrolled, LoopForest.of(unrolled), true, u.summaries());
        BoolExpr reached = ctx.mkFalse();
        if (!u.exact()) {
            List<BoolExpr> conjuncts = new ArrayList<>(e.dag().clauses());
            conjuncts.add(e.dag().block(unrolled.entry()).blockVar());
            conjuncts.add(e.dag().block(u.unwinding()).blockVar());
            reached = ctx.mkAnd(conjuncts.toArray(new BoolExpr[0]));
        }
        return new UnrolledEncoding(ctx, u, e, reached);
    }

    /** Some assertion fails within the unrolling. */
    public BoolExpr violation() {
        return encoding.formula();
    }

    /** Some path, every assertion on it holding, takes a back edge once more than the unrolling has. */
    public BoolExpr unwinding() {
        return unwindingReached;
    }

    /** True when the program has no loop to cut, so that {@link #unwinding()} is false. */
    public boolean exact() {
        return unwinding.exact();
    }

    /** The number of summarized blocks (accelerated paths) in the unrolling. */
    public int summaries() {
        return unwinding.summaries().size();
    }

    /**
     * The passes a model of {@link #violation()} takes through summarized blocks on its failing
     * path, and the steps the interpreter needs to replay the path: each block's statements and
     * terminator, each summarized block's passes times the steps of one.
     */
    public Replay replay(Model m) {
        long passes = 0;
        long longest = 0;
        long steps = 0;
        for (Block b : encoding.decode(m).path()) {
            BlockSummary s = unwinding.summaries().get(b);
            if (s == null) {
                steps += b.statements().size() + 1;
                continue;
            }
            java.math.BigInteger count = ((BitVecNum) m.eval(encoding.dag().counts().get(b), true)).getBigInteger();
            long n = count.bitLength() > 62 ? Long.MAX_VALUE : count.longValue();
            passes = addSaturated(passes, n);
            longest = Math.max(longest, n);
            steps = addSaturated(steps, multiplySaturated(n, s.stepsPerPass()));
        }
        return new Replay(passes, longest, steps);
    }

    /**
     * What replaying a model takes: the passes through summaries, the most any one of them took,
     * and the interpreter's steps (saturated at Long.MAX_VALUE).
     */
    public record Replay(long acceleratedPasses, long longestSummary, long steps) {
    }

    private static long addSaturated(long a, long b) {
        long r = a + b;
        return a >= 0 && b >= 0 && r < 0 ? Long.MAX_VALUE : r;
    }

    private static long multiplySaturated(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    /** The number of blocks of the unrolled program. */
    public int blocks() {
        return unwinding.program().blocks().size();
    }

    /**
     * The inputs of a model of {@link #violation()}: for each havoc of the original program, its
     * values along the failing path in the order the path executes it (an {@code InputOracle}'s
     * occurrences).
     */
    public HavocValues inputs(Model m) {
        HavocValues values = new HavocValues();
        int indexWidth = unwinding.program().semantics().indexType().width();
        for (Block b : encoding.decode(m).path()) {
            for (HavocVariant h : encoding.dag().block(b).havocs()) {
                Variable v = h.havoc().target();
                if (v.isArray()) {
                    values.add(h.havoc(), ArrayModel.read(ctx, m, h.variant(), v.type().width(), indexWidth, v.length()));
                } else {
                    values.add(h.havoc(), CounterexampleDecoder.value(m, h.variant()));
                }
            }
        }
        return values;
    }
}
