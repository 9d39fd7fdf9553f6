package pdpv.encode.accel;

import java.util.List;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.Stmt;

/**
 * One way through the body of a loop, from its head back to it: the blocks in order, the head
 * first and a tail last (its edge to the head ends the path). A loop's paths are the unit of
 * acceleration (Kroening, Lewis and Weissenbacher, "Under-approximating loops in C programs for
 * fast counterexample detection", FMSD 2015, §3: an accelerator per path of the loop body).
 */
public record LoopPath(Loop loop, List<Block> blocks) {
    public LoopPath {
        blocks = List.copyOf(blocks);
        if (blocks.isEmpty() || blocks.get(0) != loop.head() || !loop.tails().contains(blocks.get(blocks.size() - 1))) {
            throw new IllegalArgumentException("a loop path runs from the head to a tail");
        }
    }

    /** The block control enters after the {@code i}-th: the next one, the head after the last. */
    public Block next(int i) {
        return i + 1 < blocks.size() ? blocks.get(i + 1) : loop.head();
    }

    /** Whether an input or an indeterminate value is read on the way: such a path has no closed form. */
    public boolean readsInputs() {
        return blocks.stream().flatMap(b -> b.statements().stream()).anyMatch(s -> s instanceof Stmt.Havoc);
    }

    /** Statements and terminators one pass executes, as the interpreter counts its steps. */
    public long steps() {
        return blocks.stream().mapToLong(b -> b.statements().size() + 1L).sum();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(loop + " path");
        blocks.forEach(b -> sb.append(" B").append(b.id()));
        return sb.toString();
    }
}
