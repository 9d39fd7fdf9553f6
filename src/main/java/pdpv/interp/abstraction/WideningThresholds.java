package pdpv.interp.abstraction;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Loop;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.domain.Bits;
import pdpv.domain.Thresholds;

/**
 * Widening with thresholds for the loop-head fixpoints of thesis §4.3.3: a widened interval bound
 * stops at the next constant c - 1, c or c + 1 of a comparison with constant c in the loop (by
 * width, signed reading) before it jumps to the extreme value, so {@code while (x < 2) x++}
 * keeps {@code x ≤ 2}. The thresholds are finite, so widening still terminates.
 */
final class WideningThresholds implements Thresholds {

    private final Map<Integer, TreeSet<Long>> byWidth = new HashMap<>();

    private WideningThresholds() {
    }

    /** The thresholds from the comparisons in the body of {@code loop}. */
    static WideningThresholds of(Loop loop) {
        WideningThresholds t = new WideningThresholds();
        for (Block b : loop.body()) {
            for (Stmt s : b.statements()) {
                if (s instanceof Stmt.Assign a) {
                    t.collect(a.value());
                } else if (s instanceof Stmt.Assume a) {
                    t.collect(a.condition());
                }
            }
            if (b.terminator() instanceof Terminator.Branch br) {
                t.collect(br.condition());
            }
        }
        return t;
    }

    private void collect(Expr e) {
        if (e instanceof Expr.Binary b) {
            if (b.op().isComparison()) {
                addConstant(b.left());
                addConstant(b.right());
            }
            collect(b.left());
            collect(b.right());
        } else if (e instanceof Expr.Unary u) {
            collect(u.operand());
        } else if (e instanceof Expr.Undefined o) {
            collect(o.left());
            collect(o.right());
        } else if (e instanceof Expr.Cast c) {
            collect(c.operand());
        } else if (e instanceof Expr.Ite i) {
            collect(i.condition());
            collect(i.ifTrue());
            collect(i.ifFalse());
        }
    }

    private void addConstant(Expr e) {
        if (e instanceof Expr.Const c) {
            int w = c.type().width();
            long v = Bits.signed(c.bits(), w);
            TreeSet<Long> set = byWidth.computeIfAbsent(w, k -> new TreeSet<>());
            set.add(v);
            if (v > Bits.minSigned(w)) {
                set.add(v - 1);
            }
            if (v < Bits.maxSigned(w)) {
                set.add(v + 1);
            }
        }
    }

    @Override
    public long above(int width, long v) {
        TreeSet<Long> set = byWidth.get(width);
        Long t = set == null ? null : set.ceiling(v);
        return t != null ? t : Bits.maxSigned(width);
    }

    @Override
    public long below(int width, long v) {
        TreeSet<Long> set = byWidth.get(width);
        Long t = set == null ? null : set.floor(v);
        return t != null ? t : Bits.minSigned(width);
    }
}
