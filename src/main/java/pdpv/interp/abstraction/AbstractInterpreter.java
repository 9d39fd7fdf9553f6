package pdpv.interp.abstraction;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.Variable;
import pdpv.domain.AbstractValue;
import pdpv.semantics.CSemantics;

/**
 * {@code abstractInterpret(l, c_b)} of thesis §4.3.3 (Algorithm 4.5, lines 1 and 11): abstract
 * interpretation of a loop from its head with given start values until a fixpoint at the head.
 * Blocks of the body are iterated in reverse postorder with a worklist; edges leaving the body end
 * the path. Nested loops are interpreted too, with their own fixpoints: every loop head in the
 * body (the loop's and its nested loops') joins its incoming states for the first
 * {@code wideningDelay} times and widens (with thresholds, see {@link WideningThresholds}) after
 * that, so the iteration terminates quickly.
 */
public final class AbstractInterpreter {
    /** Joins at a loop head before widening starts. */
    public static final int DEFAULT_WIDENING_DELAY = 3;

    private final BlockTransfer transfer;
    private final int wideningDelay;

    public AbstractInterpreter(CSemantics semantics, int wideningDelay) {
        if (wideningDelay < 0) {
            throw new IllegalArgumentException("widening delay " + wideningDelay);
        }
        this.transfer = new BlockTransfer(new AbstractEvaluator(semantics));
        this.wideningDelay = wideningDelay;
    }

    public AbstractInterpreter(CSemantics semantics) {
        this(semantics, DEFAULT_WIDENING_DELAY);
    }

    /**
     * An over-approximation of the values each variable can have at the head of {@code loop}
     * after zero or more iterations, starting at the head with values in {@code start} (a
     * variable missing from {@code start} may start with any value). The result maps every
     * variable of R_l and of {@code start}.
     */
    public Map<Variable, AbstractValue> headState(Loop loop, Map<Variable, AbstractValue> start) {
        AbstractState head = fixpoint(loop, AbstractState.of(start));
        Set<Variable> variables = new LinkedHashSet<>(loop.referenced());
        variables.addAll(start.keySet());
        Map<Variable, AbstractValue> result = new LinkedHashMap<>();
        for (Variable v : variables) {
            result.put(v, head.get(v));
        }
        return result;
    }

    private AbstractState fixpoint(Loop loop, AbstractState start) {
        Map<Block, Integer> order = new HashMap<>();
        for (Block b : loop.body()) {
            order.put(b, order.size());
        }
        Set<Block> heads = heads(loop);
        WideningThresholds thresholds = WideningThresholds.of(loop);
        Map<Block, AbstractState> in = new HashMap<>();
        Map<Block, Integer> merges = new HashMap<>();
        TreeSet<Block> work = new TreeSet<>(Comparator.comparing(order::get));
        in.put(loop.head(), start);
        work.add(loop.head());
        while (!work.isEmpty()) {
            Block b = work.pollFirst();
            transfer.successors(b, in.get(b)).forEach((next, state) -> {
                if (!order.containsKey(next)) {
                    return;
                }
                AbstractState old = in.get(next);
                boolean widen = heads.contains(next) && merges.merge(next, 1, Integer::sum) > wideningDelay;
                AbstractState merged = state;
                if (old != null) {
                    merged = widen ? old.widen(old.join(state), thresholds) : old.join(state);
                }
                if (!merged.equals(old)) {
                    in.put(next, merged);
                    work.add(next);
                }
            });
        }
        return in.get(loop.head());
    }

    /** The heads of {@code loop} and of all loops nested in it. */
    private static Set<Block> heads(Loop loop) {
        Set<Block> heads = new HashSet<>();
        Deque<Loop> todo = new ArrayDeque<>();
        todo.add(loop);
        while (!todo.isEmpty()) {
            Loop l = todo.poll();
            heads.add(l.head());
            todo.addAll(l.children());
        }
        return heads;
    }
}
