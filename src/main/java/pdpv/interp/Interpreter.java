package pdpv.interp;

import java.util.Map;
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
 * step bound, or soon after its thread is interrupted.
 */
public final class Interpreter {
    private final Evaluator evaluator;
    private final InterpreterOptions options;
    private final int indexWidth;

    public Interpreter(CSemantics semantics, InterpreterOptions options) {
        this.evaluator = new Evaluator(semantics);
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
        return run(start, initialValues, Map.of(), oracle, observer);
    }

    /** As {@link #run(Block, Map, InputOracle)}, the arrays in {@code initialArrays} starting with those values (issue #20). */
    public Execution run(Block start, Map<Variable, Long> initialValues, Map<Variable, ArrayValue> initialArrays,
                         InputOracle oracle) {
        return run(start, initialValues, initialArrays, oracle, BlockObserver.NONE);
    }

    private Execution run(Block start, Map<Variable, Long> initialValues, Map<Variable, ArrayValue> initialArrays,
                          InputOracle oracle, BlockObserver observer) {
        State state = State.of(initialValues, initialArrays, indexWidth);
        return new Run(evaluator, options, start, state, oracle, observer).execute();
    }
}
