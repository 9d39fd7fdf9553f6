package pdpv.pdr.btor;

/**
 * A BTOR2 model that cannot be read: a syntax or sort error, or a construct PDPV does not model
 * (arrays, liveness). Rendered as {@code FILE:N: error: message} or {@code FILE:N: unsupported: what}.
 */
public final class Btor2Exception extends Exception {
    private final int line;
    private final boolean unsupported;

    private Btor2Exception(int line, String message, boolean unsupported) {
        super(message);
        this.line = line;
        this.unsupported = unsupported;
    }

    /** A malformed model: bad syntax, an undefined or ill-sorted reference. */
    public static Btor2Exception error(int line, String message) {
        return new Btor2Exception(line, message, false);
    }

    /** A well-formed construct outside what the reader models. */
    public static Btor2Exception unsupported(int line, String what) {
        return new Btor2Exception(line, what, true);
    }

    /** The 1-based line of the model the problem is on. */
    public int line() {
        return line;
    }

    public boolean isUnsupported() {
        return unsupported;
    }

    /** The message as the user sees it, for the model read from {@code file}. */
    public String render(String file) {
        return file + ":" + line + (unsupported ? ": unsupported: " : ": error: ") + getMessage();
    }
}
