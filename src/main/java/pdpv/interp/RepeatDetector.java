package pdpv.interp;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import pdpv.cfg.Block;

/**
 * Recognizes a diverging interpretation run, the thesis's bail-out on "the same program state is
 * visited a second time" (§4.3.2, "Counterexample Analysis with Interpretation"), made sound for
 * runs that read inputs.
 *
 * <p>The rule: a run diverges when it enters the same block twice with the same state and has
 * executed no havoc in between. What a run does from a block entry on depends only on the block,
 * the state and the answers the oracle will give; with no havoc in between, no answer was consumed
 * and the occurrence counters are unchanged, so the run repeats the same segment forever, and that
 * segment failed no assertion. With a havoc in between, the oracle is asked at later occurrences
 * and may answer differently, so no conclusion is drawn: every havoc forgets all remembered pairs.
 *
 * <p>Pairs are remembered only at the targets of retreating edges of a depth-first search from the
 * start block. Every cycle of the graph contains such an edge, so a diverging run enters one of
 * these blocks again and again and its repetition is seen there (unless its arrays know more cells
 * than a state copy may hold: then repetition is not looked for). At most {@code capacity} pairs
 * are kept; when the set is full it is emptied, so a repetition is still seen once one period of
 * the run fits into the set.
 */
final class RepeatDetector {
    private record Entry(Block block, Object state) {
    }

    private final Set<Block> checkpoints;
    private final int capacity;
    private final Set<Entry> seen = new HashSet<>();

    RepeatDetector(Block start, int capacity) {
        this.checkpoints = retreatingTargets(start);
        this.capacity = capacity;
    }

    /** Notes that the run enters {@code block} in {@code state}; true if it provably diverges. */
    boolean entersAgain(Block block, State state) {
        if (!checkpoints.contains(block)) {
            return false;
        }
        Object snapshot = state.snapshot();
        if (snapshot == null) {
            return false;
        }
        Entry entry = new Entry(block, snapshot);
        if (seen.contains(entry)) {
            return true;
        }
        if (seen.size() >= capacity) {
            seen.clear();
        }
        seen.add(entry);
        return false;
    }

    /** Notes that the run read an input: earlier pairs no longer prove anything. */
    void inputRead() {
        seen.clear();
    }

    /** Targets of the edges that lead back to a block on the depth-first search stack. */
    private static Set<Block> retreatingTargets(Block start) {
        Set<Block> targets = new HashSet<>();
        Set<Block> visited = new HashSet<>();
        Set<Block> onStack = new HashSet<>();
        Deque<Iterator<Block>> successors = new ArrayDeque<>();
        Deque<Block> stack = new ArrayDeque<>();
        visited.add(start);
        onStack.add(start);
        stack.push(start);
        successors.push(successorsOf(start).iterator());
        while (!stack.isEmpty()) {
            Iterator<Block> next = successors.peek();
            if (!next.hasNext()) {
                onStack.remove(stack.pop());
                successors.pop();
                continue;
            }
            Block s = next.next();
            if (onStack.contains(s)) {
                targets.add(s);
            } else if (visited.add(s)) {
                onStack.add(s);
                stack.push(s);
                successors.push(successorsOf(s).iterator());
            }
        }
        return targets;
    }

    private static List<Block> successorsOf(Block b) {
        if (!b.hasTerminator()) {
            throw new IllegalStateException("B" + b.id() + " has no terminator");
        }
        return b.successors();
    }
}
