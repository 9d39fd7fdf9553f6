package pdpv.interp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.ArrayExpr;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.UndefinedAt;
import pdpv.cfg.Variable;
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
    private final List<CellGroup> cellGroups = new ArrayList<>();
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
        } else if (s instanceof Stmt.ArrayAssign a) {
            assign(a);
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

    /**
     * An array assignment: the stores' indices and values are evaluated in the state before it,
     * then written in order into the target (in place when the stores start from the target itself).
     */
    private void assign(Stmt.ArrayAssign a) {
        List<BitVec[]> stores = new ArrayList<>();
        ArrayExpr base = a.value();
        while (base instanceof ArrayExpr.Store st) {
            if (firstUndefined == null) {
                evaluator.storeDefinedOnlyBySmtlib(a.target(), st.index(), state)
                        .ifPresent(kind -> firstUndefined = new UndefinedAt(kind, a.loc()));
            }
            noteUndefined(st.value(), a.loc());
            stores.add(new BitVec[] {evaluator.evaluate(st.index(), state), evaluator.evaluate(st.value(), state)});
            base = st.base();
        }
        ArrayCells target;
        if (base instanceof ArrayExpr.Whole w && w.array() == a.target()) {
            target = state.array(a.target());
        } else if (base instanceof ArrayExpr.Whole w) {
            target = state.array(w.array()).copy();
        } else {
            long fill = ((ArrayExpr.Filled) base).bits();
            target = ArrayCells.from(a.target().type().width(), state.array(a.target()).indexWidth(), i -> fill);
        }
        for (int i = stores.size() - 1; i >= 0; i--) {
            target.set(stores.get(i)[0], stores.get(i)[1]);
        }
        state.setArray(a.target(), target);
    }

    private void havoc(Stmt.Havoc h) {
        int occurrence = occurrences.merge(h, 1, Math::addExact) - 1;
        if (h.target().isArray()) {
            Variable v = h.target();
            oracle.next(h, occurrence);
            CellGroup group = new CellGroup(h, occurrence, inputs.size());
            cellGroups.add(group);
            state.setArray(v, ArrayCells.from(v.type().width(), state.array(v).indexWidth(), index -> cellInput(group, index)));
            return;
        }
        BitVec value = new BitVec(oracle.next(h, occurrence), h.target().type().width());
        state.set(h.target(), value);
        inputsRead++;
        if (inputs.size() < options.maxRecordedInputs()) {
            inputs.add(new InputEvent(h, occurrence, value.bits()));
        }
        repeats.inputRead();
    }

    /**
     * The first read of a cell of the array that one execution of an array havoc made: an input,
     * recorded with the other cells of that execution where the havoc ran, in the order of their
     * indices (a harness or witness gives them there, as the array's initial contents).
     */
    private long cellInput(CellGroup group, long index) {
        Stmt.Havoc h = group.havoc;
        long value = new BitVec(oracle.cell(h, group.occurrence, index), h.target().type().width()).bits();
        inputsRead++;
        if (inputs.size() < options.maxRecordedInputs()) {
            int at = group.start;
            while (at < group.start + group.size && Long.compareUnsigned(inputs.get(at).index(), index) < 0) {
                at++;
            }
            inputs.add(at, new InputEvent(h, group.occurrence, value, index));
            group.size++;
            for (CellGroup later : cellGroups) {
                if (later != group && later.start >= at) {
                    later.start++;
                }
            }
        }
        repeats.inputRead();
        return value;
    }

    /** Where the cells one execution of an array havoc gives are recorded among the inputs. */
    private static final class CellGroup {
        private final Stmt.Havoc havoc;
        private final int occurrence;
        private int start;
        private int size;

        CellGroup(Stmt.Havoc havoc, int occurrence, int start) {
            this.havoc = havoc;
            this.occurrence = occurrence;
            this.start = start;
        }
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
