package pdpv.interp;

import pdpv.cfg.Block;

/**
 * Watches an interpretation run (thesis §4.3.2) block by block, for instance to record the values
 * at loop heads that test generation (thesis Algorithm 6.1) turns into traces. It is told each
 * block as the run enters it, before the block's statements, with the state at that point; it
 * reads the state and never changes it.
 */
@FunctionalInterface
public interface BlockObserver {
    /** Watches nothing. */
    BlockObserver NONE = (block, state) -> { };

    void entered(Block block, State state);
}
