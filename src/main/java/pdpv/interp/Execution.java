package pdpv.interp;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Stmt;
import pdpv.cfg.UndefinedAt;
import pdpv.cfg.Variable;

/**
 * The record of one interpretation run (thesis §4.3.2, {@code interpretationHitsAssertion}).
 *
 * @param outcome         how the run ended
 * @param failedAssertion the violated assertion when the outcome is ASSERTION_FAILED, else null
 * @param inputs          the input events in the order they happened (at most
 *                        {@link InterpreterOptions#maxRecordedInputs()}, the earliest ones)
 * @param inputsRead      the number of input events, recorded or not
 * @param finalState      every variable given initially or written, as normalized bits, ordered by
 *                        variable id; variables not listed hold 0
 * @param steps           statements and terminators executed
 * @param path            ids of the entered blocks in order (at most
 *                        {@link InterpreterOptions#maxPathLength()}, the latest ones)
 * @param blocksEntered   the number of block entries, listed in {@code path} or not
 * @param firstUndefined  where the run first performed an operation whose undefined behaviour is
 *                        read as SMT-LIB's (a signed overflow that wraps, a division by zero under
 *                        {@code --div-by-zero smtlib}...), and of which kind, or null
 */
public record Execution(Outcome outcome, Stmt.Assert failedAssertion, List<InputEvent> inputs, long inputsRead,
                        Map<Variable, Long> finalState, long steps, List<Integer> path, long blocksEntered,
                        UndefinedAt firstUndefined) {

    /** How a run ended. Only ASSERTION_FAILED says an assertion fails; STEP_LIMIT and INTERRUPTED leave it open. */
    public enum Outcome {
        /** An assertion's condition was zero: a real counterexample. */
        ASSERTION_FAILED,
        /** A {@code Halt} terminator ended the run without error. */
        HALTED,
        /** An assumption's condition was zero: the run is not an execution of the program. */
        ASSUMPTION_FAILED,
        /** The run provably diverges without failing an assertion: it entered a block twice in
         * the same state without reading an input in between, so it repeats forever. */
        REPEATED_STATE,
        /** The step bound was reached: whether an assertion would fail later is unknown. */
        STEP_LIMIT,
        /** The run's thread was interrupted (its task was cancelled): whether an assertion would fail later is unknown. */
        INTERRUPTED
    }

    public Execution {
        if ((outcome == Outcome.ASSERTION_FAILED) != (failedAssertion != null)) {
            throw new IllegalArgumentException(outcome + " with failed assertion " + failedAssertion);
        }
        inputs = List.copyOf(inputs);
        finalState = Collections.unmodifiableMap(new LinkedHashMap<>(finalState));
        path = List.copyOf(path);
    }

    /** Whether the run violated an assertion (the thesis's {@code interpretationHitsAssertion}). */
    public boolean hitsAssertion() {
        return outcome == Outcome.ASSERTION_FAILED;
    }

    public boolean pathTruncated() {
        return blocksEntered > path.size();
    }

    public boolean inputsTruncated() {
        return inputsRead > inputs.size();
    }
}
