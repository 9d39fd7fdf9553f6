package pdpv.witness;

import java.util.List;
import pdpv.cfg.SourceLoc;

/**
 * Where a call ends in the source text: format 2.0 places a {@code function_return} waypoint at
 * the closing parenthesis of the call whose result it constrains. Lines and columns are 1-based,
 * as in {@link SourceLoc} and in the format.
 */
final class CallSites {
    private final List<String> lines;

    CallSites(String source) {
        this.lines = source.lines().toList();
    }

    /** The closing parenthesis of the call that starts at {@code start}, or null if there is none. */
    SourceLoc closingParenthesis(SourceLoc start) {
        int depth = 0;
        boolean opened = false;
        char quote = 0;
        for (int line = start.line(); line >= 1 && line <= lines.size(); line++) {
            String text = lines.get(line - 1);
            int from = line == start.line() ? Math.max(0, start.column() - 1) : 0;
            for (int i = from; i < text.length(); i++) {
                char c = text.charAt(i);
                if (quote != 0) {
                    if (c == '\\') {
                        i++;
                    } else if (c == quote) {
                        quote = 0;
                    }
                } else if (c == '"' || c == '\'') {
                    quote = c;
                } else if (c == '(') {
                    depth++;
                    opened = true;
                } else if (c == ')' && opened && --depth == 0) {
                    return new SourceLoc(start.file(), line, i + 1);
                }
            }
        }
        return null;
    }
}
