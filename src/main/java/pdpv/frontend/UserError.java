package pdpv.frontend;

import pdpv.cfg.SourceLoc;

/**
 * A problem with the user's input, reported as {@code file:line:col: error: message} (syntax
 * errors, missing files) or {@code file:line: unsupported: what} (constructs PDPV does not model).
 * The CLI turns it into exit code 30; it is never shown as a stack trace.
 */
public final class UserError extends RuntimeException {
    public enum Kind { SYNTAX, UNSUPPORTED, INPUT }

    private final Kind kind;
    private final SourceLoc loc;

    public UserError(Kind kind, SourceLoc loc, String message) {
        super(message);
        this.kind = kind;
        this.loc = loc;
    }

    public Kind kind() {
        return kind;
    }

    public SourceLoc loc() {
        return loc;
    }

    /** The message as the user sees it. */
    public String render() {
        return switch (kind) {
            case SYNTAX, INPUT -> (loc.line() > 0 ? loc.toString() : loc.file()) + ": error: " + getMessage();
            case UNSUPPORTED -> (loc.line() > 0 ? loc.file() + ":" + loc.line() : loc.file()) + ": unsupported: " + getMessage();
        };
    }
}
