package pdpv.smt;

/**
 * Z3 ran out of memory during a check (its limit, {@link Z3Memory#limit}, or the machine's). Like
 * an {@link OutOfMemoryError} it ends the task, which answers unknown for lack of memory.
 */
public final class SolverOutOfMemory extends RuntimeException {
    public SolverOutOfMemory(String reason) {
        super("Z3: " + reason);
    }
}
