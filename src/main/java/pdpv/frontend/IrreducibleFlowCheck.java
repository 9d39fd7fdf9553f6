package pdpv.frontend;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Block;
import pdpv.cfg.SourceLoc;

/**
 * Rejects irreducible control flow (loops with more than one entry, which only {@code goto} can
 * make): a retreating edge of a depth-first search whose target does not dominate its source.
 * Dominators are computed by the simple iterative data-flow algorithm. The error names the line
 * of a {@code goto} that enters the offending loop from outside.
 */
final class IrreducibleFlowCheck {
    private final List<Block> blocks;
    private final Map<Block, Integer> index = new HashMap<>();
    private final List<List<Integer>> predecessors = new ArrayList<>();

    private IrreducibleFlowCheck(Block entry) {
        blocks = reachable(entry);
        for (int i = 0; i < blocks.size(); i++) {
            index.put(blocks.get(i), i);
            predecessors.add(new ArrayList<>());
        }
        for (int i = 0; i < blocks.size(); i++) {
            for (Block s : blocks.get(i).successors()) {
                predecessors.get(index.get(s)).add(i);
            }
        }
    }

    /** Checks the graph reachable from {@code entry}; {@code file} locates the error when no goto is found. */
    static void check(Block entry, List<IrBuilder.GotoEdge> gotos, String file) {
        new IrreducibleFlowCheck(entry).run(gotos, file);
    }

    private static List<Block> reachable(Block entry) {
        List<Block> order = new ArrayList<>(List.of(entry));
        Set<Block> seen = new HashSet<>(order);
        for (int i = 0; i < order.size(); i++) {
            for (Block s : order.get(i).successors()) {
                if (seen.add(s)) {
                    order.add(s);
                }
            }
        }
        return order;
    }

    private void run(List<IrBuilder.GotoEdge> gotos, String file) {
        BitSet[] dominators = dominators();
        int n = blocks.size();
        int[] state = new int[n];
        Deque<int[]> stack = new ArrayDeque<>();
        stack.push(new int[] {0, 0});
        state[0] = 1;
        while (!stack.isEmpty()) {
            int[] top = stack.peek();
            List<Block> successors = blocks.get(top[0]).successors();
            if (top[1] == successors.size()) {
                state[top[0]] = 2;
                stack.pop();
                continue;
            }
            int s = index.get(successors.get(top[1]++));
            if (state[s] == 0) {
                state[s] = 1;
                stack.push(new int[] {s, 0});
            } else if (state[s] == 1 && !dominators[top[0]].get(s)) {
                throw new UserError(UserError.Kind.UNSUPPORTED, location(top[0], s, gotos, file), "irreducible goto");
            }
        }
    }

    /** dom(entry) = {entry}; dom(b) = {b} ∪ ⋂ dom(p) over the predecessors p of b. */
    private BitSet[] dominators() {
        int n = blocks.size();
        BitSet[] dom = new BitSet[n];
        for (int i = 0; i < n; i++) {
            dom[i] = new BitSet(n);
            if (i == 0) {
                dom[i].set(0);
            } else {
                dom[i].set(0, n);
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 1; i < n; i++) {
                BitSet d = new BitSet(n);
                d.set(0, n);
                for (int p : predecessors.get(i)) {
                    d.and(dom[p]);
                }
                d.set(i);
                if (!d.equals(dom[i])) {
                    dom[i] = d;
                    changed = true;
                }
            }
        }
        return dom;
    }

    /** The line of a goto entering the cycle through {@code source -> target} from outside it. */
    private SourceLoc location(int source, int target, List<IrBuilder.GotoEdge> gotos, String file) {
        BitSet cycle = reachableFrom(target);
        cycle.and(reaching(source));
        List<IrBuilder.GotoEdge> candidates = new ArrayList<>();
        for (IrBuilder.GotoEdge g : gotos) {
            Integer to = index.get(g.to());
            Integer from = index.get(g.from());
            if (to != null && from != null && cycle.get(to) && !cycle.get(from)) {
                candidates.add(g);
            }
        }
        if (candidates.isEmpty()) {
            for (IrBuilder.GotoEdge g : gotos) {
                Integer to = index.get(g.to());
                if (to != null && cycle.get(to)) {
                    candidates.add(g);
                }
            }
        }
        return candidates.stream().map(IrBuilder.GotoEdge::loc).min(Comparator.comparingInt(SourceLoc::line))
                .orElse(new SourceLoc(file, 0, 0));
    }

    private BitSet reachableFrom(int start) {
        BitSet seen = new BitSet();
        Deque<Integer> work = new ArrayDeque<>(List.of(start));
        seen.set(start);
        while (!work.isEmpty()) {
            for (Block s : blocks.get(work.pop()).successors()) {
                int i = index.get(s);
                if (!seen.get(i)) {
                    seen.set(i);
                    work.push(i);
                }
            }
        }
        return seen;
    }

    private BitSet reaching(int end) {
        BitSet seen = new BitSet();
        Deque<Integer> work = new ArrayDeque<>(List.of(end));
        seen.set(end);
        while (!work.isEmpty()) {
            for (int p : predecessors.get(work.pop())) {
                if (!seen.get(p)) {
                    seen.set(p);
                    work.push(p);
                }
            }
        }
        return seen;
    }
}
