package pdpv.interp;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.UndefinedAt;
import pdpv.cfg.Variable;
import pdpv.interp.CompiledProgram.CompiledBlock;
import pdpv.interp.CompiledProgram.Statement;
import pdpv.interp.Execution.Outcome;
import pdpv.semantics.BitVec;

/**
 * One interpretation run of thesis §4.3.2 over a {@link CompiledProgram}: the mutable bookkeeping
 * behind {@link Interpreter#run}. The state lives in the slots of a {@link State}; the path is a
 * ring of the latest block ids; havocs count their occurrences in an array. Steps are counted per
 * statement and terminator as before, a block's at once when the bound is not near.
 */
final class Run {
    /** Block entries between two looks at the thread's interrupt flag. */
    private static final long INTERRUPT_CHECK_PERIOD = 1024;
    private final CompiledProgram program;
    private final InterpreterOptions options;
    private final State state;
    private final long[] v;
    private final boolean[] set;
    private final InputOracle oracle;
    private final RepeatDetector repeats;
    private final BlockObserver observer;
    private final BooleanSupplier stop;
    /** Whether the observer is told each statement ({@link BlockObserver#watchesStatements()}). */
    private final boolean watchStatements;
    private final int[] occurrences;
    private final List<InputEvent> inputs = new ArrayList<>();
    private final List<CellGroup> cellGroups = new ArrayList<>();
    private final int[] path;
    private int pathEnd;
    /** The slots set so far: they are never unset, so the count tells two states of the run apart as the flags do. */
    private int setCount;
    private long inputsRead;
    private long blocksEntered;
    private long steps;
    private Stmt.Assert failedAssertion;
    private UndefinedAt firstUndefined;

    Run(CompiledProgram program, InterpreterOptions options, State state, InputOracle oracle, BlockObserver observer,
        BooleanSupplier stop) {
        this.stop = stop;
        this.program = program;
        this.options = options;
        this.state = state;
        this.v = state.values;
        this.set = state.set;
        this.oracle = oracle;
        this.repeats = new RepeatDetector(options.maxRememberedStates(), state.size());
        this.observer = observer == BlockObserver.NONE ? null : observer;
        this.watchStatements = observer.watchesStatements();
        this.occurrences = new int[program.havocs.size()];
        this.path = new int[options.maxPathLength()];
        for (boolean b : set) {
            setCount += b ? 1 : 0;
        }
    }

    Execution execute() {
        CompiledBlock[] blocks = program.blocks;
        long maxSteps = options.maxSteps();
        int current = 0;
        while (true) {
            CompiledBlock block = blocks[current];
            enter(block);
            if (blocksEntered % INTERRUPT_CHECK_PERIOD == 0 && (Thread.currentThread().isInterrupted() || stop.getAsBoolean())) {
                return finish(Outcome.INTERRUPTED);
            }
            if (block.checkpoint && entersAgain(current)) {
                return finish(Outcome.REPEATED_STATE);
            }
            Statement[] statements = block.statements;
            boolean bulk = steps + statements.length + 1 <= maxSteps;
            for (int i = 0; i < statements.length; i++) {
                Statement s = statements[i];
                if (!bulk && !takeStep(maxSteps)) {
                    return finish(Outcome.STEP_LIMIT);
                }
                boolean goOn = execute(s);
                if (watchStatements) {
                    observer.executed(s.source, state);
                }
                if (!goOn) {
                    steps += bulk ? i + 1 : 0;
                    return finish(s.kind == Statement.ASSERT ? Outcome.ASSERTION_FAILED : Outcome.ASSUMPTION_FAILED);
                }
            }
            if (bulk) {
                steps += statements.length + 1;
            } else if (!takeStep(maxSteps)) {
                return finish(Outcome.STEP_LIMIT);
            }
            if (block.branch != null) {
                if (firstUndefined == null && block.branchUndefined != null) {
                    noteUndefined(block.branchUndefined, ((Terminator.Branch) block.block.terminator()).loc());
                }
                current = block.branch.test(v) ? block.ifTrue : block.ifFalse;
            } else if (block.ifTrue >= 0) {
                current = block.ifTrue;
            } else {
                return finish(Outcome.HALTED);
            }
        }
    }

    /**
     * Whether the run provably diverges entering block {@code current}: with arrays, their known
     * cells are part of the state (and repetition is not looked for when they know too many).
     */
    private boolean entersAgain(int current) {
        if (!program.hasArrays()) {
            return repeats.entersAgain(current, v, setCount, null);
        }
        Object cells = state.arraysSnapshot();
        return cells != null && repeats.entersAgain(current, v, setCount, cells);
    }

    private void enter(CompiledBlock block) {
        blocksEntered++;
        if (observer != null) {
            observer.entered(block.block, state);
        }
        if (path.length == 0) {
            return;
        }
        path[pathEnd] = block.id;
        pathEnd = pathEnd + 1 == path.length ? 0 : pathEnd + 1;
    }

    private boolean takeStep(long maxSteps) {
        if (steps >= maxSteps) {
            return false;
        }
        steps++;
        return true;
    }

    /** Executes one statement; false if the run stops here (a failed assertion or assumption). */
    private boolean execute(Statement s) {
        if (firstUndefined == null && s.undefined != null) {
            noteUndefined(s.undefined, s.source.loc());
        }
        switch (s.kind) {
            case Statement.ASSIGN -> {
                v[s.target] = s.value.eval(v);
                markSet(s.target);
                return true;
            }
            case Statement.HAVOC -> {
                havoc(s);
                return true;
            }
            case Statement.ARRAY_ASSIGN -> {
                assign(s);
                return true;
            }
            case Statement.ASSUME -> {
                return s.condition.test(v);
            }
            default -> {
                if (s.condition.test(v)) {
                    return true;
                }
                failedAssertion = (Stmt.Assert) s.source;
                return false;
            }
        }
    }

    /**
     * An array assignment: the stores' indices and values are evaluated in the state before it,
     * then written in order into the target (in place when the stores start from the target itself).
     */
    private void assign(Statement s) {
        Stmt.ArrayAssign a = (Stmt.ArrayAssign) s.source;
        CompiledProgram.ArrayStore[] stores = s.stores;
        long[] indices = new long[stores.length];
        long[] values = new long[stores.length];
        for (int i = 0; i < stores.length; i++) {
            CompiledProgram.ArrayStore st = stores[i];
            if (firstUndefined == null && st.storeUndefined() != null) {
                noteUndefined(st.storeUndefined(), a.loc());
            }
            if (firstUndefined == null && st.valueUndefined() != null) {
                noteUndefined(st.valueUndefined(), a.loc());
            }
            indices[i] = st.index().eval(v);
            values[i] = st.value().eval(v);
        }
        ArrayCells target;
        if (s.baseArray != null) {
            target = state.array(s.baseArray).copy();
        } else if (s.baseFill != null) {
            long fill = s.baseFill;
            target = ArrayCells.from(a.target().type().width(), state.array(a.target()).indexWidth(), i -> fill);
        } else {
            target = state.array(a.target());
        }
        int elementWidth = a.target().type().width();
        for (int i = stores.length - 1; i >= 0; i--) {
            target.set(new BitVec(indices[i], stores[i].index().width), new BitVec(values[i], elementWidth));
        }
        state.setArray(a.target(), target);
    }

    private void havoc(Statement s) {
        Stmt.Havoc h = (Stmt.Havoc) s.source;
        int occurrence = occurrences[s.havoc]++;
        if (occurrence < 0) {
            throw new ArithmeticException("integer overflow");
        }
        if (h.target().isArray()) {
            Variable array = h.target();
            oracle.next(h, occurrence);
            CellGroup group = new CellGroup(h, occurrence, inputs.size());
            cellGroups.add(group);
            state.setArray(array, ArrayCells.from(array.type().width(), state.array(array).indexWidth(),
                    index -> cellInput(group, index)));
            return;
        }
        long value = oracle.next(h, occurrence) & s.targetMask;
        v[s.target] = value;
        markSet(s.target);
        inputsRead++;
        if (inputs.size() < options.maxRecordedInputs()) {
            inputs.add(new InputEvent(h, occurrence, value));
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

    /**
     * Remembers where the run first performed an operation that SMT-LIB defines and C does not: the
     * first of {@code guards} (in evaluation order) that is violated, if any.
     */
    private void noteUndefined(CompiledProgram.UndefinedCheck[] guards, SourceLoc loc) {
        for (CompiledProgram.UndefinedCheck g : guards) {
            if (g.violated().test(v)) {
                firstUndefined = new UndefinedAt(g.kind(), loc);
                return;
            }
        }
    }

    private void markSet(int slot) {
        if (!set[slot]) {
            set[slot] = true;
            setCount++;
        }
    }

    private Execution finish(Outcome outcome) {
        return new Execution(outcome, failedAssertion, inputs, inputsRead, state.toBits(), steps, path(), blocksEntered,
                firstUndefined);
    }

    /** The latest block ids entered, oldest first. */
    private List<Integer> path() {
        int n = (int) Math.min(blocksEntered, path.length);
        List<Integer> out = new ArrayList<>(n);
        int startAt = Math.floorMod(pathEnd - n, Math.max(1, path.length));
        for (int i = 0; i < n; i++) {
            out.add(path[(startAt + i) % path.length]);
        }
        return out;
    }
}
