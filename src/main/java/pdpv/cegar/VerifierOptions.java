package pdpv.cegar;

/**
 * Options of the verification loop. {@code maxInterpreterSteps} bounds each concrete replay from
 * the entry, {@code maxHeadInterpreterSteps} each run from a loop head in the search for a weakly
 * modeled loop (Alg. 4.3); {@code cegar} configures invariant refinement.
 */
public record VerifierOptions(long maxInterpreterSteps, long maxHeadInterpreterSteps, CegarOptions cegar) {
    public static VerifierOptions defaults() {
        return new VerifierOptions(10_000_000L, 200_000L, CegarOptions.defaults());
    }

    public VerifierOptions withCegar(CegarOptions options) {
        return new VerifierOptions(maxInterpreterSteps, maxHeadInterpreterSteps, options);
    }
}
