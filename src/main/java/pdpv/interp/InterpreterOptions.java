package pdpv.interp;

/**
 * Resource bounds of the interpreter of thesis §4.3.2.
 *
 * @param maxSteps            statements and terminators executed before a run stops with
 *                            {@link Execution.Outcome#STEP_LIMIT}
 * @param maxRememberedStates (block, state) pairs kept for recognizing a repeated state; when
 *                            full, the set is emptied and filling starts again
 * @param maxPathLength       entered block ids kept in {@link Execution#path()} (the latest ones)
 * @param maxRecordedInputs   input events kept in {@link Execution#inputs()} (the earliest ones)
 */
public record InterpreterOptions(long maxSteps, int maxRememberedStates, int maxPathLength, int maxRecordedInputs) {
    public static final InterpreterOptions DEFAULTS = new InterpreterOptions(10_000_000L, 20_000, 10_000, 100_000);

    public InterpreterOptions {
        if (maxSteps < 1 || maxRememberedStates < 1 || maxPathLength < 0 || maxRecordedInputs < 0) {
            throw new IllegalArgumentException("maxSteps and maxRememberedStates must be positive, the other bounds not negative");
        }
    }

    public InterpreterOptions withMaxSteps(long steps) {
        return new InterpreterOptions(steps, maxRememberedStates, maxPathLength, maxRecordedInputs);
    }
}
