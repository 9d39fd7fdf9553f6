package pdpv.witness;

import com.microsoft.z3.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Program;

/**
 * Houdini (Flanagan and Leino, 2001) over candidate loop invariants: drops every candidate that
 * fails initiation or consecution with all surviving candidates assumed, until the rest is
 * inductive as a whole ({@link InvariantCheck#unestablished}). A witness writer uses it to turn
 * one-state projections of two-state certificates, which need not be inductive on their own, into
 * an inductive invariant set, taking candidates from every loop of the program for every loop.
 */
final class Houdini {
    private Houdini() {
    }

    /** The largest inductive subset of {@code candidates}, keyed by loop head, each in its given order. */
    static Map<Block, List<Expr>> inductive(Program program, LoopHeads loops, Map<Block, List<Expr>> candidates) {
        return inductive(program, loops, candidates, PlainBudget.NONE);
    }

    /** The same, its checks stopping with {@link PlainBudget.Spent} once {@code budget} is spent. */
    static Map<Block, List<Expr>> inductive(Program program, LoopHeads loops, Map<Block, List<Expr>> candidates,
                                            PlainBudget budget) {
        Map<Block, List<Expr>> current = new LinkedHashMap<>();
        candidates.forEach((h, list) -> current.put(h, new ArrayList<>(list)));
        try (Context ctx = new Context()) {
            while (true) {
                Map<Block, Set<Expr>> failed = new InvariantCheck(ctx, program, loops, current, budget).unestablished();
                if (failed.isEmpty()) {
                    return current;
                }
                failed.forEach((h, bad) -> current.get(h).removeAll(bad));
            }
        }
    }
}
