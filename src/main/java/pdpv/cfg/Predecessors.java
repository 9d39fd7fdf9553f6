package pdpv.cfg;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The predecessor lists of a program's blocks (the reverse edges of its CFG, thesis §4.3.1). */
public final class Predecessors {
    private final Map<Block, List<Block>> preds = new HashMap<>();

    private Predecessors(Program p) {
        for (Block b : p.blocks()) {
            preds.put(b, new ArrayList<>());
        }
        for (Block b : p.blocks()) {
            for (Block s : b.successors()) {
                preds.get(s).add(b);
            }
        }
    }

    public static Predecessors of(Program p) {
        return new Predecessors(p);
    }

    /** The predecessors of {@code b} in program block order. */
    public List<Block> of(Block b) {
        List<Block> list = preds.get(b);
        if (list == null) {
            throw new IllegalArgumentException("B" + b.id() + " is not in the program");
        }
        return List.copyOf(list);
    }
}
