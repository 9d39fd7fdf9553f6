package pdpv.cegar;

import pdpv.cfg.Program;

/**
 * A way of answering CHECK ASSERT for a program (thesis §4.1): the CEGAR loop of §4.3
 * ({@link Verifier}) or the symbolic encoding with an explicit program counter of §4.2.1
 * ({@link SymbolicVerifier}), bounded model checking ({@link BoundedModelChecker}) or several of them at
 * once ({@link Portfolio}). All keep the soundness contract of {@link Verdict}.
 */
public interface ProgramVerifier {
    /** Decides whether an assertion of {@code program} can fail. */
    Verdict verify(Program program);

    /**
     * Stops a running verification from another thread; it answers UNKNOWN with {@code reason} (the
     * first one given) soon.
     */
    void cancel(String reason);

    /**
     * What the last run found beyond its verdict, for the statistics of a {@link Portfolio} (e.g. the
     * bound bounded model checking reached); empty when there is nothing to add.
     */
    default String summary() {
        return "";
    }
}
