package pdpv.pdr;

import java.time.Duration;
import pdpv.smt.Cancellation;

/**
 * The limits of one {@link PdrEngine#check}: its time budget and the engine's cancellation. The
 * engine's solver checks answer Unknown by themselves once cancelled; the loops that may run long
 * between two of them (expansion by simulation, the corners of reshape, the main loop) call
 * {@link #check}.
 */
final class Budget {
    private final Cancellation cancellation;
    private long deadline;

    Budget(Cancellation cancellation) {
        this.cancellation = cancellation;
    }

    /** Starts the clock of a check. */
    void start(Duration timeout) {
        deadline = System.nanoTime() + timeout.toNanos();
    }

    /** Throws {@link PdrInterrupted} when the engine is cancelled or the time is up. */
    void check() {
        if (cancellation.isCancelled()) {
            throw new PdrInterrupted(cancellation.reason());
        }
        if (System.nanoTime() - deadline > 0) {
            throw new PdrInterrupted("timeout");
        }
    }
}
