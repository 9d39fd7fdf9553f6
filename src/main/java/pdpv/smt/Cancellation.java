package pdpv.smt;

import com.microsoft.z3.Context;

/**
 * Stops the solvers of one task from another thread. Z3 forgets an interrupt that arrives while no
 * check runs, so {@link #cancel} both interrupts a check of these solvers that is running and marks
 * them all: their later checks answer Unknown without calling Z3. The context is interrupted only
 * while one of these checks runs, so never while its owner closes it; a cancel may therefore be
 * repeated safely, which also catches the rare interrupt that comes just before Z3 starts listening.
 */
public final class Cancellation {
    private final Context ctx;
    private volatile String reason;
    private int checking;

    public Cancellation(Context ctx) {
        this.ctx = ctx;
    }

    /** Cancels; the first reason given is kept. May be called repeatedly and from any thread. */
    public synchronized void cancel(String why) {
        if (reason == null) {
            reason = why;
        }
        if (checking > 0) {
            ctx.interrupt();
        }
    }

    public boolean isCancelled() {
        return reason != null;
    }

    /** The reason given to the first {@link #cancel}, or null while not cancelled. */
    public String reason() {
        return reason;
    }

    /** A check of one of these solvers starts, unless cancelled (then false). */
    synchronized boolean enterCheck() {
        if (reason != null) {
            return false;
        }
        checking++;
        return true;
    }

    synchronized void leaveCheck() {
        checking--;
    }
}
