package pdpv.cegar;

import java.nio.file.Path;
import pdpv.daikon.TestOptions;

/**
 * Options of the verification loop. {@code maxInterpreterSteps} bounds each concrete replay from
 * the entry, {@code maxHeadInterpreterSteps} each run from a loop head in the search for a weakly
 * modeled loop (Alg. 4.3); {@code cegar} configures invariant refinement; {@code tests} the tests
 * run before it (thesis Algorithm 6.1, none when its count is 0), whose loop-head samples give the
 * likely invariants that seed LI_l when {@code cegar.candidates()} is on; {@code invariants} the
 * text of Daikon's printed invariants for the program's loops (verify --invariants, thesis §6.3),
 * empty for none, which seed LI_l with the mined ones, checked alike (§6.1); {@code dumpInstances},
 * if not null, is a directory that gets every refinement instance as a BTOR2 file ({@link InstanceDump});
 * {@code progress} hears what the run is doing ({@code --progress}).
 */
public record VerifierOptions(long maxInterpreterSteps, long maxHeadInterpreterSteps, CegarOptions cegar, TestOptions tests,
                              String invariants, Path dumpInstances, Progress progress) {
    public VerifierOptions(long maxInterpreterSteps, long maxHeadInterpreterSteps, CegarOptions cegar, TestOptions tests) {
        this(maxInterpreterSteps, maxHeadInterpreterSteps, cegar, tests, "", null, Progress.NONE);
    }

    public static VerifierOptions defaults() {
        return new VerifierOptions(10_000_000L, 200_000L, CegarOptions.defaults(), TestOptions.defaults());
    }

    public VerifierOptions withCegar(CegarOptions options) {
        return new VerifierOptions(maxInterpreterSteps, maxHeadInterpreterSteps, options, tests, invariants, dumpInstances, progress);
    }

    public VerifierOptions withTests(TestOptions options) {
        return new VerifierOptions(maxInterpreterSteps, maxHeadInterpreterSteps, cegar, options, invariants, dumpInstances, progress);
    }

    /** With Daikon's printed invariants {@code text} (see the record's description). */
    public VerifierOptions withInvariants(String text) {
        return new VerifierOptions(maxInterpreterSteps, maxHeadInterpreterSteps, cegar, tests, text, dumpInstances, progress);
    }

    public VerifierOptions withProgress(Progress p) {
        return new VerifierOptions(maxInterpreterSteps, maxHeadInterpreterSteps, cegar, tests, invariants, dumpInstances, p);
    }

    public VerifierOptions withDumpInstances(Path dir) {
        return new VerifierOptions(maxInterpreterSteps, maxHeadInterpreterSteps, cegar, tests, invariants, dir, progress);
    }
}
