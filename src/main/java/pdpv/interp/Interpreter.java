package pdpv.interp;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import pdpv.cfg.Block;
import pdpv.cfg.Variable;
import pdpv.semantics.ArrayValue;
import pdpv.semantics.CSemantics;

/**
 * The concrete interpreter of thesis §4.3.2 ("Counterexample Analysis with Interpretation"): runs
 * the program from a block (the entry for {@code interpretationHitsAssertion(c, B_e)}, a loop
 * header for {@code findWeaklyModeledLoop}, Algorithm 4.3) with initial values and inputs taken
 * from a counterexample, and reports whether an assertion fails. Runs end at a failed assertion or
 * assumption, at a halt, at a provably repeating state (see {@link RepeatDetector}), at the
 * step bound, or soon after its thread is interrupted. The blocks reachable from each start are
 * compiled once ({@link CompiledProgram}) and kept for the next run from there.
 */
public final class Interpreter {
    private final CSemantics semantics;
    private final InterpreterOptions options;
    private final Map<Block, CompiledProgram> compiled = new ConcurrentHashMap<>();
    private final int indexWidth;

    public Interpreter(CSemantics semantics, InterpreterOptions options) {
        this.semantics = semantics;
        this.options = options;
        this.indexWidth = semantics.indexType().width();
    }

    public Interpreter(CSemantics semantics) {
        this(semantics, InterpreterOptions.DEFAULTS);
    }

    /**
     * Runs from the start of {@code start}. Variables in {@code initialValues} start with those
     * values (cut to their width, so -1 and 0xFFFFFFFF mean the same int); all others start at 0.
     * Each executed havoc takes its value from {@code oracle}.
     */
    public Execution run(Block start, Map<Variable, Long> initialValues, InputOracle oracle) {
        return run(start, initialValues, oracle, BlockObserver.NONE);
    }

    /** As {@link #run(Block, Map, InputOracle)}, telling {@code observer} each block entered. */
    public Execution run(Block start, Map<Variable, Long> initialValues, InputOracle oracle, BlockObserver observer) {
        return run(start, initialValues, oracle, observer, options.maxSteps(), () -> false);
    }

    /**
     * As {@link #run(Block, Map, InputOracle)} with a step bound of {@code maxSteps} instead of the
     * options', and stopped (outcome INTERRUPTED) soon after {@code stop} says so, as after an
     * interrupt of its thread: a replay of an accelerated counterexample may take 10^8 iterations.
     */
    public Execution run(Block start, Map<Variable, Long> initialValues, InputOracle oracle, long maxSteps, BooleanSupplier stop) {
        return run(start, initialValues, oracle, BlockObserver.NONE, maxSteps, stop);
    }

    /** As {@link #run(Block, Map, InputOracle)}, the arrays in {@code initialArrays} starting with those values (issue #20). */
    public Execution run(Block start, Map<Variable, Long> initialValues, Map<Variable, ArrayValue> initialArrays,
                         InputOracle oracle) {
        return run(start, initialValues, initialArrays, oracle, BlockObserver.NONE, options.maxSteps(), () -> false);
    }

    private Execution run(Block start, Map<Variable, Long> initialValues, InputOracle oracle, BlockObserver observer,
                          long maxSteps, BooleanSupplier stop) {
        return run(start, initialValues, Map.of(), oracle, observer, maxSteps, stop);
    }

    /**
     * A program without arrays is compiled once per start block and kept; one with arrays is
     * compiled for each run, since its cell reads are bound to that run's state.
     */
    private Execution run(Block start, Map<Variable, Long> initialValues, Map<Variable, ArrayValue> initialArrays,
                          InputOracle oracle, BlockObserver observer, long maxSteps, BooleanSupplier stop) {
        CompiledProgram program = compiled.computeIfAbsent(start, b -> CompiledProgram.compile(semantics, b));
        if (program.hasArrays()) {
            program = CompiledProgram.compile(semantics, start);
        }
        State state = program.newState(initialValues, indexWidth);
        state.setArrays(initialArrays);
        return new Run(program, options.withMaxSteps(maxSteps), state, oracle, observer, stop).execute();
    }
}
