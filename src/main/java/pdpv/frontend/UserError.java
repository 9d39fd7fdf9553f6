package pdpv.frontend;

import java.util.List;
import pdpv.cfg.SourceLoc;

/**
 * A problem with the user's input, reported as {@code file:line:col: error: message} (syntax
 * errors, missing files) or {@code file:line:col: unsupported: what} (constructs PDPV does not
 * model; the column is left out where it is unknown).
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

    /** How many errors {@link #combined} lists; the first one gives the error's location. */
    private static final int MAX_REPORTED = 10;

    /** One error for several (in source order): located at the first, whose message lists the others. */
    static UserError combined(List<UserError> errors) {
        UserError first = errors.get(0);
        StringBuilder message = new StringBuilder(first.getMessage());
        for (UserError e : errors.subList(1, Math.min(errors.size(), MAX_REPORTED))) {
            message.append('\n').append(e.render());
        }
        if (errors.size() > MAX_REPORTED) {
            message.append("\n(").append(errors.size() - MAX_REPORTED).append(" more problems)");
        }
        return new UserError(first.kind(), first.loc(), message.toString());
    }

    /** The message as the user sees it. */
    public String render() {
        return switch (kind) {
            case SYNTAX, INPUT -> (loc.line() > 0 ? loc.toString() : loc.file()) + ": error: " + getMessage();
            case UNSUPPORTED -> (loc.line() > 0 ? loc.toString() : loc.file()) + ": unsupported: " + getMessage();
        };
    }
}
