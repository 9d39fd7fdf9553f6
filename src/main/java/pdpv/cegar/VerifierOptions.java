package pdpv.cegar;

/** Options of the verification loop. {@code maxInterpreterSteps} bounds each concrete replay. */
public record VerifierOptions(long maxInterpreterSteps) {
    public static VerifierOptions defaults() {
        return new VerifierOptions(10_000_000L);
    }
}
