package pdpv.smt;

import com.microsoft.z3.Context;
import com.microsoft.z3.Z3Exception;

/**
 * Stops the solvers of one task from another thread. Z3 forgets an interrupt that arrives while no
 * check runs, so {@link #cancel} both interrupts the check running in the {@link Context} and marks
 * every solver created with this object: their later checks answer Unknown without calling Z3.
 * A cancel that comes after the task has closed its context does nothing.
 */
public final class Cancellation {
    private final Context ctx;
    private volatile String reason;

    public Cancellation(Context ctx) {
        this.ctx = ctx;
    }

    /** Cancels; the first reason given is kept. May be called repeatedly and from any thread. */
    public void cancel(String why) {
        synchronized (this) {
            if (reason == null) {
                reason = why;
            }
        }
        try {
            ctx.interrupt();
        } catch (Z3Exception closed) {
            // the task has ended and closed its context: there is no check left to interrupt
        }
    }

    public boolean isCancelled() {
        return reason != null;
    }

    /** The reason given to the first {@link #cancel}, or null while not cancelled. */
    public String reason() {
        return reason;
    }
}
