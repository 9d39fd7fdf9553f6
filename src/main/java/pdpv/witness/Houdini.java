package pdpv.witness;

import com.microsoft.z3.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Program;

/**
 * Houdini (Flanagan and Leino, 2001) over candidate loop invariants: drops every candidate that
 * fails initiation or consecution with all surviving candidates assumed, until the rest is
 * inductive as a whole ({@link InvariantCheck#unestablished}). A witness writer uses it to turn
 * one-state projections of two-state certificates, which need not be inductive on their own, into
 * an inductive invariant set, taking candidates from every loop of the program for every loop. A
 * quantified candidate whose check gives up within the candidates' limit is dropped only when
 * nothing else is and a check within the limit of a witness's own checks gives up too (issue #20).
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
            boolean large = false;
            while (true) {
                boolean finalLimit = large;
                InvariantCheck.Unestablished failed = new InvariantCheck(ctx, program, loops, current, budget).unestablished(finalLimit);
                if (failed.isEmpty()) {
                    return current;
                }
                Map<Block, List<Expr>> dropped = new LinkedHashMap<>();
                failed.refuted().forEach((h, bad) -> dropped.computeIfAbsent(h, k -> new ArrayList<>()).addAll(bad));
                failed.undecided().forEach((h, bad) -> bad.stream().filter(c -> finalLimit || !Quantified.in(c))
                        .forEach(c -> dropped.computeIfAbsent(h, k -> new ArrayList<>()).add(c)));
                // only quantified candidates left undecided: checked again, within the limit of a witness's own checks
                large = dropped.isEmpty();
                dropped.forEach((h, bad) -> current.get(h).removeAll(bad));
            }
        }
    }
}
