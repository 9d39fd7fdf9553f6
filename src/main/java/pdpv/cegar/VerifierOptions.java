package pdpv.cegar;

/**
 * Options of the verification loop. {@code maxInterpreterSteps} bounds each concrete replay;
 * {@code cegar} configures invariant refinement.
 */
public record VerifierOptions(long maxInterpreterSteps, CegarOptions cegar) {
    public static VerifierOptions defaults() {
        return new VerifierOptions(10_000_000L, CegarOptions.defaults());
    }

    public VerifierOptions withCegar(CegarOptions options) {
        return new VerifierOptions(maxInterpreterSteps, options);
    }
}
