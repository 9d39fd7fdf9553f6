package pdpv.cegar;

import java.nio.file.Path;
import pdpv.daikon.TestOptions;
import pdpv.encode.accel.AccelerationOptions;

/**
 * Options of the verification loop. {@code maxInterpreterSteps} bounds each concrete replay from
 * the entry (raised by the passes of the accelerated loops a counterexample takes), {@code
 * maxHeadInterpreterSteps} each run from a loop head in the search for a weakly modeled loop (Alg.
 * 4.3); {@code cegar} configures invariant refinement; {@code tests} the tests run before it
 * (thesis Algorithm 6.1, none when its count is 0), whose loop-head samples give the likely
 * invariants that seed LI_l when {@code cegar.candidates()} is on; {@code invariants} the text of
 * Daikon's printed invariants for the program's loops (verify --invariants, thesis §6.3), empty for
 * none, which seed LI_l with the mined ones, checked alike (§6.1); {@code dumpInstances}, if not
 * null, is a directory that gets every refinement instance as a BTOR2 file ({@link InstanceDump});
 * {@code progress} hears what the run is doing ({@code --progress}); {@code acceleration} which
 * loops get phase summaries in F ({@link LoopSummaries}); {@code summaryProofs} whether a SAFE answer
 * may rest on them (off when the answer must come with loop invariants alone, for a witness: then
 * they only find bugs).
 */
public record VerifierOptions(long maxInterpreterSteps, long maxHeadInterpreterSteps, CegarOptions cegar, TestOptions tests,
                              String invariants, Path dumpInstances, Progress progress, AccelerationOptions acceleration,
                              boolean summaryProofs) {
    public VerifierOptions(long maxInterpreterSteps, long maxHeadInterpreterSteps, CegarOptions cegar, TestOptions tests) {
        this(maxInterpreterSteps, maxHeadInterpreterSteps, cegar, tests, "", null, Progress.NONE, AccelerationOptions.defaults(),
                true);
    }

    public static VerifierOptions defaults() {
        return new VerifierOptions(10_000_000L, 200_000L, CegarOptions.defaults(), TestOptions.defaults());
    }

    public VerifierOptions withCegar(CegarOptions options) {
        return new VerifierOptions(maxInterpreterSteps, maxHeadInterpreterSteps, options, tests, invariants, dumpInstances, progress,
                acceleration, summaryProofs);
    }

    public VerifierOptions withTests(TestOptions options) {
        return new VerifierOptions(maxInterpreterSteps, maxHeadInterpreterSteps, cegar, options, invariants, dumpInstances, progress,
                acceleration, summaryProofs);
    }

    /** With Daikon's printed invariants {@code text} (see the record's description). */
    public VerifierOptions withInvariants(String text) {
        return new VerifierOptions(maxInterpreterSteps, maxHeadInterpreterSteps, cegar, tests, text, dumpInstances, progress,
                acceleration, summaryProofs);
    }

    public VerifierOptions withProgress(Progress p) {
        return new VerifierOptions(maxInterpreterSteps, maxHeadInterpreterSteps, cegar, tests, invariants, dumpInstances, p,
                acceleration, summaryProofs);
    }

    public VerifierOptions withDumpInstances(Path dir) {
        return new VerifierOptions(maxInterpreterSteps, maxHeadInterpreterSteps, cegar, tests, invariants, dir, progress,
                acceleration, summaryProofs);
    }

    /** With loop summaries as {@code options} say; {@code proofs}: may a SAFE answer rest on them. */
    public VerifierOptions withAcceleration(AccelerationOptions options, boolean proofs) {
        return new VerifierOptions(maxInterpreterSteps, maxHeadInterpreterSteps, cegar, tests, invariants, dumpInstances, progress,
                options, proofs);
    }
}
