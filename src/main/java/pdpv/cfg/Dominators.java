package pdpv.cfg;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The dominator tree of a program's blocks from the entry (thesis §4.3.1: B1 dominates B2 if every
 * path from the entry to B2 passes through B1), computed by the iterative algorithm of Cooper,
 * Harvey and Kennedy over the reverse postorder.
 */
public final class Dominators {
    private final ReversePostorder rpo;
    private final Map<Block, Block> idom = new HashMap<>();

    private Dominators(Program p) {
        this.rpo = ReversePostorder.of(p);
        Predecessors preds = Predecessors.of(p);
        Block entry = p.entry();
        idom.put(entry, entry);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Block b : rpo.blocks()) {
                if (b == entry) {
                    continue;
                }
                Block candidate = null;
                for (Block pred : preds.of(b)) {
                    if (idom.containsKey(pred)) {
                        candidate = candidate == null ? pred : intersect(pred, candidate);
                    }
                }
                if (candidate != idom.get(b)) {
                    idom.put(b, candidate);
                    changed = true;
                }
            }
        }
    }

    public static Dominators of(Program p) {
        return new Dominators(p);
    }

    private Block intersect(Block a, Block b) {
        Block x = a;
        Block y = b;
        while (x != y) {
            while (rpo.index(x) > rpo.index(y)) {
                x = idom.get(x);
            }
            while (rpo.index(y) > rpo.index(x)) {
                y = idom.get(y);
            }
        }
        return x;
    }

    /** The immediate dominator of {@code b}; null for the entry. */
    public Block immediateDominator(Block b) {
        Block d = idom.get(b);
        if (d == null) {
            throw new IllegalArgumentException("B" + b.id() + " is not in the program");
        }
        return d == b ? null : d;
    }

    /** True if every path from the entry to {@code b} passes through {@code a} (reflexive). */
    public boolean dominates(Block a, Block b) {
        for (Block x = b; x != null; x = immediateDominator(x)) {
            if (x == a) {
                return true;
            }
        }
        return false;
    }

    /** The reverse postorder the dominators were computed over. */
    public ReversePostorder reversePostorder() {
        return rpo;
    }

    /** All dominators of {@code b}, from {@code b} up to the entry. */
    public List<Block> dominatorsOf(Block b) {
        List<Block> list = new ArrayList<>();
        for (Block x = b; x != null; x = immediateDominator(x)) {
            list.add(x);
        }
        return List.copyOf(list);
    }
}
