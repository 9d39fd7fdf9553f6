package pdpv.cegar;

import java.nio.file.Path;

/**
 * Options of the verification loop. {@code maxInterpreterSteps} bounds each concrete replay from
 * the entry, {@code maxHeadInterpreterSteps} each run from a loop head in the search for a weakly
 * modeled loop (Alg. 4.3); {@code cegar} configures invariant refinement; {@code dumpInstances}, if
 * not null, is a directory that gets every refinement instance as a BTOR2 file ({@link InstanceDump}).
 */
public record VerifierOptions(long maxInterpreterSteps, long maxHeadInterpreterSteps, CegarOptions cegar, Path dumpInstances) {
    public static VerifierOptions defaults() {
        return new VerifierOptions(10_000_000L, 200_000L, CegarOptions.defaults(), null);
    }

    public VerifierOptions withCegar(CegarOptions options) {
        return new VerifierOptions(maxInterpreterSteps, maxHeadInterpreterSteps, options, dumpInstances);
    }

    public VerifierOptions withDumpInstances(Path dir) {
        return new VerifierOptions(maxInterpreterSteps, maxHeadInterpreterSteps, cegar, dir);
    }
}
