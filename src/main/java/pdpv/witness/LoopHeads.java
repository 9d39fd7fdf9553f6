package pdpv.witness;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import pdpv.cfg.Block;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;

/**
 * The validator's own view of the loops: the targets of the back edges of a depth-first search from
 * the entry (in the reducible graphs the front end admits, exactly the natural loops' heads), each
 * with its body, and the source location a witness names it by: where its iteration statement
 * begins, or else its first condition or statement.
 */
final class LoopHeads {
    private final Map<Block, Set<Block>> bodies = new LinkedHashMap<>();

    LoopHeads(Program program) {
        Map<Block, List<Block>> preds = new LinkedHashMap<>();
        Set<Block> onStack = new HashSet<>();
        Set<Block> done = new HashSet<>();
        Map<Block, Set<Block>> tails = new LinkedHashMap<>();
        Deque<Block> stack = new ArrayDeque<>();
        Deque<Integer> next = new ArrayDeque<>();
        stack.push(program.entry());
        next.push(0);
        onStack.add(program.entry());
        while (!stack.isEmpty()) {
            Block b = stack.peek();
            int i = next.pop();
            List<Block> succ = b.successors();
            if (i < succ.size()) {
                next.push(i + 1);
                Block s = succ.get(i);
                preds.computeIfAbsent(s, k -> new ArrayList<>()).add(b);
                if (onStack.contains(s)) {
                    tails.computeIfAbsent(s, k -> new LinkedHashSet<>()).add(b);
                } else if (!done.contains(s)) {
                    stack.push(s);
                    next.push(0);
                    onStack.add(s);
                }
            } else {
                stack.pop();
                onStack.remove(b);
                done.add(b);
            }
        }
        tails.forEach((head, ts) -> {
            Set<Block> body = new LinkedHashSet<>();
            body.add(head);
            Deque<Block> work = new ArrayDeque<>(ts);
            while (!work.isEmpty()) {
                Block b = work.pop();
                if (body.add(b)) {
                    work.addAll(preds.getOrDefault(b, List.of()));
                }
            }
            bodies.put(head, body);
        });
    }

    Set<Block> heads() {
        return bodies.keySet();
    }

    Set<Block> body(Block head) {
        return bodies.get(head);
    }

    /**
     * Every head a witness names by {@code line} and {@code column} (1-based): one per inlined copy
     * of a function's loop; empty if none.
     */
    List<Block> all(int line, int column) {
        List<Block> out = new ArrayList<>();
        for (Block h : bodies.keySet()) {
            if (matches(h.loopStatement(), line, column)) {
                out.add(h);
            }
        }
        if (out.isEmpty()) {
            for (Block h : bodies.keySet()) {
                if (matches(fallback(h), line, column)) {
                    out.add(h);
                }
            }
        }
        return out;
    }

    /** The head a witness names by {@code line} and {@code column} (1-based), or null. */
    Block at(int line, int column) {
        for (Block h : bodies.keySet()) {
            if (matches(h.loopStatement(), line, column)) {
                return h;
            }
        }
        for (Block h : bodies.keySet()) {
            if (matches(fallback(h), line, column)) {
                return h;
            }
        }
        return null;
    }

    /** Where a loop without an iteration statement (built from {@code goto}) is named. */
    static SourceLoc fallback(Block head) {
        if (head.terminator() instanceof Terminator.Branch b) {
            return b.loc();
        }
        List<Stmt> s = head.statements();
        return s.isEmpty() ? null : s.get(0).loc();
    }

    private static boolean matches(SourceLoc loc, int line, int column) {
        return loc != null && loc.line() == line && Objects.equals(loc.column(), column);
    }
}
