package pdpv.cegar;

import java.util.List;
import pdpv.cfg.CallSite;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.UndefinedAt;
import pdpv.interp.Trace;
import pdpv.interp.TraceRecorder;

/**
 * The answer of a verification run (soundness contract, design page): SAFE with the loop
 * invariants that prove it, UNSAFE with inputs that replay to a failing assertion (and that run as a
 * {@link Trace}, null for another verdict), or UNKNOWN with a reason.
 */
public record Verdict(
        Kind kind,
        String reason,
        List<InputValue> inputs,
        FailedAssertion failedAssertion,
        Trace trace,
        List<LoopCertificate> invariants,
        VerifierStatistics statistics) {

    public enum Kind {
        SAFE(0), UNSAFE(10), UNKNOWN(20);

        private final int exitCode;

        Kind(int exitCode) {
            this.exitCode = exitCode;
        }

        public int exitCode() {
            return exitCode;
        }

        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * One value the program read, in the order it was read: the variable it went to ({@code null}
     * for a compiler temporary), what produced it (e.g. {@code __VERIFIER_nondet_int()},
     * {@code parameter n}, {@code uninitialized j}), where, and its value.
     */
    public record InputValue(String name, String source, SourceLoc loc, String value) {
    }

    /**
     * The assertion an UNSAFE run violates, and where the run first performed an operation C leaves
     * undefined on its way ({@code undefined}, null if it did not): a signed overflow that wraps, or
     * the violated assertion itself when it is a guard of a kind read as an error; {@code callers}
     * are the inlined calls that led to it, innermost first (see {@link pdpv.cfg.Stmt.Assert}).
     */
    public record FailedAssertion(SourceLoc loc, String text, UndefinedAt undefined, List<CallSite> callers) {
        public FailedAssertion {
            callers = List.copyOf(callers);
        }

        public FailedAssertion(SourceLoc loc, String text) {
            this(loc, text, null, List.of());
        }
    }

    /**
     * A loop's invariant as a C expression over its variables: for the loop encoding over their values
     * at the head and before the loop ({@code \old(x)}), for the symbolic encoding over those at the head.
     * {@code statement} is where the loop's {@code while}/{@code do}/{@code for} begins ({@code head}
     * for a loop built from {@code goto}); {@code atHead} is the invariant over the values at the head
     * alone, as a witness states it; {@code conjectures} are further conditions at the head that
     * might hold (what the invariant implies once its {@code \old} values are known), unchecked.
     */
    public record LoopCertificate(SourceLoc head, String invariant, SourceLoc statement, String atHead,
                                  List<String> conjectures) {
        /** A certificate that is already over the values at the head (no {@code \old}). */
        public LoopCertificate(SourceLoc head, SourceLoc statement, String atHead) {
            this(head, atHead, statement, atHead, List.of());
        }
    }

    public static Verdict safe(List<LoopCertificate> invariants, VerifierStatistics stats) {
        return new Verdict(Kind.SAFE, "no assertion can fail", List.of(), null, null, invariants, stats);
    }

    /** UNSAFE: the {@code inputs} of a run that fails {@code failed}, and the run as {@code trace} ({@link TraceRecorder}). */
    public static Verdict unsafe(List<InputValue> inputs, FailedAssertion failed, Trace trace, VerifierStatistics stats) {
        return new Verdict(Kind.UNSAFE, "assertion fails", inputs, failed, trace, List.of(), stats);
    }

    public static Verdict unknown(String reason, VerifierStatistics stats) {
        return new Verdict(Kind.UNKNOWN, reason, List.of(), null, null, List.of(), stats);
    }
}
