package pdpv.interp.abstraction;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import pdpv.cfg.Block;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.domain.AbstractValue;

/**
 * The abstract effect of one basic block (thesis §4.3.3): assignments evaluate abstractly, a havoc
 * makes its target ⊤, an assumption that is abstractly false ends the path, and a branch follows
 * only the edges whose condition can hold, each with the state narrowed by the condition. Arrays are
 * not tracked (their cells read as ⊤), so array assignments and havocs change nothing. An
 * assertion is passed over without narrowing, so the result over-approximates the states whether
 * or not executions stop at failed assertions.
 */
final class BlockTransfer {
    private final AbstractEvaluator evaluator;
    private final ConditionRefiner refiner;

    BlockTransfer(AbstractEvaluator evaluator) {
        this.evaluator = evaluator;
        this.refiner = new ConditionRefiner(evaluator);
    }

    /** The states on the block's outgoing edges that some member of {@code in} can take. */
    Map<Block, AbstractState> successors(Block block, AbstractState in) {
        Optional<AbstractState> end = statements(block, in);
        Map<Block, AbstractState> out = new LinkedHashMap<>();
        if (end.isEmpty()) {
            return out;
        }
        AbstractState s = end.get();
        Terminator t = block.terminator();
        if (t instanceof Terminator.Jump j) {
            out.put(j.target(), s);
        } else if (t instanceof Terminator.Branch b) {
            refiner.assume(b.condition(), true, s).ifPresent(st -> out.put(b.ifTrue(), st));
            refiner.assume(b.condition(), false, s).ifPresent(st -> out.merge(b.ifFalse(), st, AbstractState::join));
        }
        return out;
    }

    private Optional<AbstractState> statements(Block block, AbstractState in) {
        AbstractState s = in;
        for (Stmt stmt : block.statements()) {
            if (stmt instanceof Stmt.Assign a) {
                s = s.with(a.target(), evaluator.evaluate(a.value(), s));
            } else if (stmt instanceof Stmt.Havoc h && !h.target().isArray()) {
                s = s.with(h.target(), AbstractValue.top(h.target().type().width()));
            } else if (stmt instanceof Stmt.Assume a) {
                Optional<AbstractState> narrowed = refiner.assume(a.condition(), true, s);
                if (narrowed.isEmpty()) {
                    return narrowed;
                }
                s = narrowed.get();
            }
        }
        return Optional.of(s);
    }
}
