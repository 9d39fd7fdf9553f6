package pdpv.witness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.SourceLoc;

/**
 * Where a call ends in the source text: format 2.0 places a {@code function_return} waypoint at
 * the closing parenthesis of the call whose result it constrains. Lines and columns are 1-based,
 * as in {@link SourceLoc} and in the format. A location in another file than the program's (a
 * header read through {@code -I}) is looked up in that file's text, read from disk; any other
 * location (a line marker's file of a preprocessed {@code .i} file that is not there) in the program's.
 */
final class CallSites {
    private final String mainFile;
    private final List<String> mainLines;
    private final Map<String, List<String>> headers = new HashMap<>();

    CallSites(String mainFile, String mainSource) {
        this.mainFile = mainFile;
        this.mainLines = mainSource.lines().toList();
    }

    /** The file whose text holds {@code loc}: its own file if that is another file on disk, else the program's. */
    String fileOf(SourceLoc loc) {
        return lines(loc.file()) == mainLines ? mainFile : loc.file();
    }

    /** Whether two file names name the same file for a witness: the same name, or the same last component. */
    static boolean sameFile(String a, String b) {
        Path pa = Path.of(a).getFileName();
        Path pb = Path.of(b).getFileName();
        return a.equals(b) || pa != null && pa.equals(pb);
    }

    private List<String> lines(String file) {
        if (file.equals(mainFile)) {
            return mainLines;
        }
        return headers.computeIfAbsent(file, f -> {
            try {
                Path p = Path.of(f);
                return Files.isRegularFile(p) ? Files.readString(p, StandardCharsets.ISO_8859_1).lines().toList() : mainLines;
            } catch (IOException | RuntimeException e) {
                return mainLines;
            }
        });
    }

    /** The closing parenthesis of the call that starts at {@code start}, or null if there is none. */
    SourceLoc closingParenthesis(SourceLoc start) {
        List<String> lines = lines(start.file());
        String file = fileOf(start);
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
                    return new SourceLoc(file, line, i + 1);
                }
            }
        }
        return null;
    }
}
