package pdpv.interp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.UndefinedAt;
import pdpv.interp.Execution.Outcome;
import pdpv.semantics.BitVec;

/** One interpretation run of thesis §4.3.2: the mutable bookkeeping behind {@link Interpreter#run}. */
final class Run {
    /** Block entries between two looks at the thread's interrupt flag. */
    private static final long INTERRUPT_CHECK_PERIOD = 1024;
    private final Evaluator evaluator;
    private final InterpreterOptions options;
    private final Block start;
    private final State state;
    private final InputOracle oracle;
    private final RepeatDetector repeats;
    private final BlockObserver observer;
    private final boolean statements;
    private final Map<Stmt.Havoc, Integer> occurrences = new IdentityHashMap<>();
    private final List<InputEvent> inputs = new ArrayList<>();
    private final Deque<Integer> path = new ArrayDeque<>();
    private long inputsRead;
    private long blocksEntered;
    private long steps;
    private Stmt.Assert failedAssertion;
    private UndefinedAt firstUndefined;

    Run(Evaluator evaluator, InterpreterOptions options, Block start, State state, InputOracle oracle, BlockObserver observer) {
        this.evaluator = evaluator;
        this.options = options;
        this.start = start;
        this.state = state;
        this.oracle = oracle;
        this.repeats = new RepeatDetector(start, options.maxRememberedStates());
        this.observer = observer;
        this.statements = observer.watchesStatements();
    }

    Execution execute() {
        Block block = start;
        while (true) {
            enter(block);
            if (blocksEntered % INTERRUPT_CHECK_PERIOD == 0 && Thread.currentThread().isInterrupted()) {
                return finish(Outcome.INTERRUPTED);
            }
            if (repeats.entersAgain(block, state)) {
                return finish(Outcome.REPEATED_STATE);
            }
            for (Stmt s : block.statements()) {
                if (!takeStep()) {
                    return finish(Outcome.STEP_LIMIT);
                }
                Outcome stop = execute(s);
                if (statements) {
                    observer.executed(s, state);
                }
                if (stop != null) {
                    return finish(stop);
                }
            }
            if (!takeStep()) {
                return finish(Outcome.STEP_LIMIT);
            }
            block = successor(block);
            if (block == null) {
                return finish(Outcome.HALTED);
            }
        }
    }

    private void enter(Block block) {
        blocksEntered++;
        observer.entered(block, state);
        if (options.maxPathLength() == 0) {
            return;
        }
        if (path.size() == options.maxPathLength()) {
            path.removeFirst();
        }
        path.addLast(block.id());
    }

    private boolean takeStep() {
        if (steps >= options.maxSteps()) {
            return false;
        }
        steps++;
        return true;
    }

    /** Executes one statement; returns the outcome if the run stops here, else null. */
    private Outcome execute(Stmt s) {
        if (s instanceof Stmt.Assign a) {
            noteUndefined(a.value(), a.loc());
            state.set(a.target(), evaluator.evaluate(a.value(), state));
        } else if (s instanceof Stmt.Havoc h) {
            havoc(h);
        } else if (s instanceof Stmt.Assume a) {
            noteUndefined(a.condition(), a.loc());
            if (!evaluator.isTrue(a.condition(), state)) {
                return Outcome.ASSUMPTION_FAILED;
            }
        } else {
            Stmt.Assert a = (Stmt.Assert) s;
            noteUndefined(a.condition(), a.loc());
            if (!evaluator.isTrue(a.condition(), state)) {
                failedAssertion = a;
                return Outcome.ASSERTION_FAILED;
            }
        }
        return null;
    }

    private void havoc(Stmt.Havoc h) {
        int occurrence = occurrences.merge(h, 1, Math::addExact) - 1;
        BitVec value = new BitVec(oracle.next(h, occurrence), h.target().type().width());
        state.set(h.target(), value);
        inputsRead++;
        if (inputs.size() < options.maxRecordedInputs()) {
            inputs.add(new InputEvent(h, occurrence, value.bits()));
        }
        repeats.inputRead();
    }

    /** The next block, or null when the block halts. */
    private Block successor(Block block) {
        Terminator t = block.terminator();
        if (t instanceof Terminator.Jump j) {
            return j.target();
        }
        if (t instanceof Terminator.Branch b) {
            noteUndefined(b.condition(), b.loc());
            return evaluator.isTrue(b.condition(), state) ? b.ifTrue() : b.ifFalse();
        }
        if (t instanceof Terminator.Halt) {
            return null;
        }
        throw new IllegalStateException("B" + block.id() + " has no terminator");
    }

    /** Remembers where the run first performed an operation that SMT-LIB defines and C does not. */
    private void noteUndefined(Expr e, SourceLoc loc) {
        if (firstUndefined == null) {
            evaluator.definedOnlyBySmtlib(e, state).ifPresent(kind -> firstUndefined = new UndefinedAt(kind, loc));
        }
    }

    private Execution finish(Outcome outcome) {
        return new Execution(outcome, failedAssertion, inputs, inputsRead, state.toBits(), steps,
                new ArrayList<>(path), blocksEntered, firstUndefined);
    }
}
