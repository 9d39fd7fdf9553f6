package pdpv.pdr;

/** Thrown inside the engine when the time budget is spent or the solver gives up; check answers Unknown. */
final class PdrInterrupted extends RuntimeException {
    PdrInterrupted(String reason) {
        super(reason);
    }
}
