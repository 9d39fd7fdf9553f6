package pdpv.cli;

/** Process exit codes of PDPV (README, "Exit codes"). */
public final class ExitCodes {
    public static final int SAFE = 0;
    public static final int CRASH = 1;
    public static final int UNSAFE = 10;
    public static final int UNKNOWN = 20;
    public static final int BAD_INPUT = 30;
    /** {@code bench}: at least one benchmark got a verdict contradicting its expected one. */
    public static final int WRONG_VERDICT = 40;
    /** An answer of PDPV failed its own re-check (a bug; {@code internal error: FILE: ...} on stderr). */
    public static final int INTERNAL_ERROR = 50;
    /** {@code check-witness}: the witness is rejected (the reason on stdout). */
    public static final int WITNESS_REJECTED = 60;

    private ExitCodes() {
    }
}
