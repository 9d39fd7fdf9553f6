package pdpv.cfg;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * All natural loops of a program and their nesting (thesis §4.3.1, the loops Algorithm 4.1 cuts):
 * a back edge is an edge T -> H where H dominates T; back edges with the same head form one loop.
 * A reducible CFG is required: a retreating edge that is not a back edge is rejected.
 */
public final class LoopForest {
    private final Dominators dominators;
    private final Map<Block, Loop> byHead = new LinkedHashMap<>();
    private final List<Loop> loops;

    private LoopForest(Program p) {
        this.dominators = Dominators.of(p);
        ReversePostorder rpo = dominators.reversePostorder();
        Predecessors preds = Predecessors.of(p);
        Map<Block, Set<Block>> tailsByHead = new LinkedHashMap<>();
        for (Block from : rpo.blocks()) {
            for (Block to : from.successors()) {
                if (!rpo.isRetreating(from, to)) {
                    continue;
                }
                if (!dominators.dominates(to, from)) {
                    throw new IllegalArgumentException("irreducible control flow: edge B" + from.id()
                            + " -> B" + to.id() + " enters a cycle that B" + to.id() + " does not dominate");
                }
                tailsByHead.computeIfAbsent(to, h -> new LinkedHashSet<>()).add(from);
            }
        }
        List<Block> heads = new ArrayList<>(tailsByHead.keySet());
        heads.sort((a, b) -> Integer.compare(rpo.index(a), rpo.index(b)));
        for (Block head : heads) {
            Set<Block> tails = tailsByHead.get(head);
            byHead.put(head, new Loop(head, tails, naturalBody(head, tails, preds, rpo)));
        }
        this.loops = List.copyOf(byHead.values());
        for (Loop inner : loops) {
            Loop parent = null;
            for (Loop outer : loops) {
                if (outer != inner && outer.body().contains(inner.head())
                        && (parent == null || outer.body().size() < parent.body().size())) {
                    parent = outer;
                }
            }
            if (parent != null) {
                inner.setParent(parent);
            }
        }
    }

    /** Computes the loops of {@code p}; throws IllegalArgumentException if its CFG is irreducible. */
    public static LoopForest of(Program p) {
        return new LoopForest(p);
    }

    private static Set<Block> naturalBody(Block head, Set<Block> tails, Predecessors preds, ReversePostorder rpo) {
        Set<Block> body = new LinkedHashSet<>();
        body.add(head);
        Deque<Block> work = new ArrayDeque<>();
        for (Block t : tails) {
            if (body.add(t)) {
                work.add(t);
            }
        }
        while (!work.isEmpty()) {
            for (Block pred : preds.of(work.poll())) {
                if (body.add(pred)) {
                    work.add(pred);
                }
            }
        }
        List<Block> ordered = new ArrayList<>(body);
        ordered.sort((a, b) -> Integer.compare(rpo.index(a), rpo.index(b)));
        return new LinkedHashSet<>(ordered);
    }

    public Dominators dominators() {
        return dominators;
    }

    /** All loops, ordered by their heads in reverse postorder (an outer loop before its inner ones). */
    public List<Loop> loops() {
        return loops;
    }

    /** The loops not nested in any other loop. */
    public List<Loop> topLevel() {
        List<Loop> top = new ArrayList<>();
        for (Loop l : loops) {
            if (l.parent() == null) {
                top.add(l);
            }
        }
        return Collections.unmodifiableList(top);
    }

    /** The loop headed by {@code head}, or null if it heads none. */
    public Loop loopAt(Block head) {
        return byHead.get(head);
    }

    /** True if {@code from -> to} is an edge of the CFG and a back edge of a loop. */
    public boolean isBackEdge(Block from, Block to) {
        Loop l = byHead.get(to);
        return l != null && l.tails().contains(from);
    }

    /** The innermost loop whose body contains {@code b}, or null. */
    public Loop innermostLoopOf(Block b) {
        Loop best = null;
        for (Loop l : loops) {
            if (l.body().contains(b) && (best == null || l.body().size() < best.body().size())) {
                best = l;
            }
        }
        return best;
    }
}
