package pdpv.cfg;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The reverse postorder of a depth-first search from the entry (thesis §4.3.1 works on it through
 * dominators and loops): an edge {@code u -> v} is retreating exactly when {@code v} does not come
 * after {@code u}; every other edge goes forward in this order.
 */
public final class ReversePostorder {
    private final List<Block> order;
    private final Map<Block, Integer> index = new HashMap<>();

    private ReversePostorder(List<Block> order) {
        this.order = Collections.unmodifiableList(order);
        for (int i = 0; i < order.size(); i++) {
            index.put(order.get(i), i);
        }
    }

    public static ReversePostorder of(Program p) {
        List<Block> postorder = new ArrayList<>();
        Set<Block> seen = new HashSet<>();
        Deque<Block> stack = new ArrayDeque<>();
        Deque<Integer> nextChild = new ArrayDeque<>();
        stack.push(p.entry());
        nextChild.push(0);
        seen.add(p.entry());
        while (!stack.isEmpty()) {
            Block b = stack.peek();
            int i = nextChild.pop();
            List<Block> succ = b.successors();
            if (i < succ.size()) {
                nextChild.push(i + 1);
                Block s = succ.get(i);
                if (seen.add(s)) {
                    stack.push(s);
                    nextChild.push(0);
                }
            } else {
                stack.pop();
                postorder.add(b);
            }
        }
        Collections.reverse(postorder);
        return new ReversePostorder(postorder);
    }

    /** All blocks of the program, entry first. */
    public List<Block> blocks() {
        return order;
    }

    public int index(Block b) {
        Integer i = index.get(b);
        if (i == null) {
            throw new IllegalArgumentException("B" + b.id() + " is not in the program");
        }
        return i;
    }

    /** True for an edge that does not go forward in this order (self-loops included). */
    public boolean isRetreating(Block from, Block to) {
        return index(to) <= index(from);
    }
}
