package pdpv.cli;

/** Process exit codes of PDPV (README, "Exit codes"). */
public final class ExitCodes {
    public static final int SAFE = 0;
    public static final int CRASH = 1;
    public static final int UNSAFE = 10;
    public static final int UNKNOWN = 20;
    public static final int BAD_INPUT = 30;

    private ExitCodes() {
    }
}
