package pdpv.interp;

import pdpv.cfg.Block;
import pdpv.cfg.Stmt;

/**
 * Watches an interpretation run (thesis §4.3.2) block by block, for instance to record the values
 * at loop heads that test generation (thesis Algorithm 6.1) turns into traces. It is told each
 * block as the run enters it, before the block's statements, with the state at that point; an
 * observer that {@link #watchesStatements() watches statements} is also told each statement after
 * it ran (the failing assertion included), to record a run step by step ({@link TraceRecorder}). It
 * reads the state and never changes it.
 */
@FunctionalInterface
public interface BlockObserver {
    /** Watches nothing. */
    BlockObserver NONE = (block, state) -> { };

    void entered(Block block, State state);

    /** Told after {@code statement} ran, with the state after it; only if {@link #watchesStatements()}. */
    default void executed(Stmt statement, State state) {
    }

    /** Whether the run tells this observer each statement; a run asks once, so that watching blocks alone costs nothing more. */
    default boolean watchesStatements() {
        return false;
    }
}
