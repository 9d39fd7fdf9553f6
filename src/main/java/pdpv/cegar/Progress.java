package pdpv.cegar;

/**
 * Where a verification run tells what it is doing while it runs (issue 21, {@code --progress}):
 * each phase (tests, mining, the engines, each refinement of a loop, each PDR frame, each bound of
 * bounded model checking), one short message at a time. The messages are for a person watching; the
 * run is the same without them.
 */
@FunctionalInterface
public interface Progress {
    /** Tells nobody. */
    Progress NONE = message -> { };

    /** Tells that the run is now doing {@code message}; callable from any thread. */
    void report(String message);

    /** This progress with each message prefixed by {@code name}, for one engine of a portfolio. */
    default Progress named(String name) {
        return this == NONE ? NONE : message -> report(name + ": " + message);
    }
}
