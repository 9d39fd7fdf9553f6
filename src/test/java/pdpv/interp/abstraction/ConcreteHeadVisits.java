package pdpv.interp.abstraction;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;
import pdpv.interp.Evaluator;
import pdpv.interp.State;
import pdpv.semantics.BitVec;
import pdpv.semantics.CSemantics;

/**
 * Concrete runs of a loop from its head (as {@code findWeaklyModeledLoop}, thesis §4.3.2) with the interpreter's {@link Evaluator} and
 * {@link State}, recording the state at every visit of the head (the first visit included) until
 * the run leaves the body, stops at an assumption or assertion, or the bounds are reached. Havocs
 * take random values.
 */
final class ConcreteHeadVisits {
    private final Evaluator evaluator;
    private final Random random;

    ConcreteHeadVisits(CSemantics semantics, Random random) {
        this.evaluator = new Evaluator(semantics);
        this.random = random;
    }

    List<Map<Variable, Long>> run(Loop loop, Map<Variable, Long> start, int maxVisits, int maxSteps) {
        List<Map<Variable, Long>> visits = new ArrayList<>();
        State state = State.of(start);
        Block block = loop.head();
        for (int steps = 0; steps < maxSteps && visits.size() < maxVisits; steps++) {
            if (block == loop.head()) {
                visits.add(state.toBits());
            }
            if (!executes(block, state)) {
                break;
            }
            block = next(block, state);
            if (block == null || !loop.body().contains(block)) {
                break;
            }
        }
        return visits;
    }

    private boolean executes(Block block, State state) {
        for (Stmt s : block.statements()) {
            if (s instanceof Stmt.Assign a) {
                state.set(a.target(), evaluator.evaluate(a.value(), state));
            } else if (s instanceof Stmt.Havoc h) {
                state.set(h.target(), new BitVec(random.nextLong(), h.target().type().width()));
            } else if (s instanceof Stmt.Assume a && !evaluator.isTrue(a.condition(), state)) {
                return false;
            } else if (s instanceof Stmt.Assert a && !evaluator.isTrue(a.condition(), state)) {
                return false;
            }
        }
        return true;
    }

    private Block next(Block block, State state) {
        Terminator t = block.terminator();
        if (t instanceof Terminator.Jump j) {
            return j.target();
        }
        if (t instanceof Terminator.Branch b) {
            return evaluator.isTrue(b.condition(), state) ? b.ifTrue() : b.ifFalse();
        }
        return null;
    }
}
