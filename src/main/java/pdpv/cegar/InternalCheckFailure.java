package pdpv.cegar;

/**
 * An answer of PDPV's own engines that failed its independent re-check (soundness contract, design
 * page): a PDR invariant or trace that its checker refutes, a certificate {@link CertificateChecker}
 * rejects. It is a bug of PDPV, reported as an internal error, never as an UNKNOWN verdict.
 */
public final class InternalCheckFailure extends RuntimeException {
    public InternalCheckFailure(String message) {
        super(message);
    }
}
