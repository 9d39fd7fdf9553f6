package pdpv.frontend;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import pdpv.cfg.Block;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Terminator;

/**
 * Removes the empty blocks that lowering leaves behind (loop heads of {@code continue}, labels,
 * joins): every edge into a block without statements that only jumps on is redirected to the
 * block where the jumps end. The entry block is kept.
 */
final class JumpThreading {
    private JumpThreading() {
    }

    static void thread(Block entry) {
        Set<Block> seen = new HashSet<>();
        Deque<Block> work = new ArrayDeque<>();
        work.push(entry);
        seen.add(entry);
        while (!work.isEmpty()) {
            Block b = work.pop();
            Terminator t = b.terminator();
            if (t instanceof Terminator.Jump j) {
                b.setTerminator(new Terminator.Jump(forward(j.target())));
            } else if (t instanceof Terminator.Branch br) {
                b.setTerminator(new Terminator.Branch(br.condition(), forward(br.ifTrue()), forward(br.ifFalse()), br.loc()));
            }
            for (Block s : b.successors()) {
                if (seen.add(s)) {
                    work.push(s);
                }
            }
        }
    }

    /**
     * The first block on the chain of empty jumping blocks from {@code b} that does something; it
     * inherits the loop statement of a skipped block (the head of {@code for (;;)}) if it has none.
     */
    private static Block forward(Block b) {
        Set<Block> chain = new HashSet<>();
        Block x = b;
        SourceLoc loop = null;
        while (x.statements().isEmpty() && x.terminator() instanceof Terminator.Jump j && chain.add(x)) {
            loop = loop != null ? loop : x.loopStatement();
            x = j.target();
        }
        if (loop != null && x.loopStatement() == null) {
            x.setLoopStatement(loop);
        }
        return x;
    }
}
