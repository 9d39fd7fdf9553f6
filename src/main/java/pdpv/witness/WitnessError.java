package pdpv.witness;

/** A witness file that is not a format 2.0 witness this validator reads: bad input, not a rejection. */
public final class WitnessError extends RuntimeException {
    public WitnessError(String message) {
        super(message);
    }
}
