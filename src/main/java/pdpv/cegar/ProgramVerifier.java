package pdpv.cegar;

import pdpv.cfg.Program;

/**
 * A way of answering CHECK ASSERT for a program (thesis §4.1): the CEGAR loop of §4.3
 * ({@link Verifier}) or the symbolic encoding with an explicit program counter of §4.2.1
 * ({@link SymbolicVerifier}). Both keep the soundness contract of {@link Verdict}.
 */
public interface ProgramVerifier {
    /** Decides whether an assertion of {@code program} can fail. */
    Verdict verify(Program program);

    /**
     * Stops a running verification from another thread; it answers UNKNOWN with {@code reason} (the
     * first one given) soon.
     */
    void cancel(String reason);
}
