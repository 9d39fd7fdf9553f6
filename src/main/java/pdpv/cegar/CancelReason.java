package pdpv.cegar;

/**
 * Why a verification was stopped from another thread (timeout, memory limit, cancel): the first
 * reason given wins, later ones are ignored. Its answer is UNKNOWN with that reason (design page,
 * soundness contract).
 */
final class CancelReason {
    private volatile String reason;

    /** Records {@code why} unless a reason was given before. */
    synchronized void set(String why) {
        if (reason == null) {
            reason = why;
        }
    }

    boolean isSet() {
        return reason != null;
    }

    /** The first reason given, or null while not cancelled. */
    String get() {
        return reason;
    }
}
