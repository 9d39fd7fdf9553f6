package pdpv.frontend;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.cdt.core.dom.ast.IASTFileLocation;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import pdpv.cfg.SourceLoc;

/**
 * Turns CDT nodes into {@link SourceLoc}s of the user's file. Line markers of preprocessed files
 * ({@code # 12 "file.c"} and {@code #line 12 "file.c"}) are applied here, since CDT reports physical
 * lines; the column is the node's offset within its line of the source text.
 */
final class SourceLocator {
    private static final Pattern MARKER = Pattern.compile("^\\s*#\\s*(?:line\\s+)?(\\d+)(?:\\s+\"((?:[^\"\\\\]|\\\\.)*)\")?.*$");

    /** A line marker on physical line {@code physicalLine}: the next line is {@code line} of {@code file}. */
    private record Marker(int physicalLine, int line, String file) {
    }

    private final String fileName;
    private final String source;
    private final List<Marker> markers = new ArrayList<>();
    /** The text of each user header the preprocessor read (by the path CDT names it with). */
    private final Map<String, String> headers = new HashMap<>();

    SourceLocator(String fileName, String source) {
        this.fileName = fileName;
        this.source = source;
        String[] lines = source.split("\n", -1);
        String file = fileName;
        for (int i = 0; i < lines.length; i++) {
            Matcher m = MARKER.matcher(lines[i]);
            if (m.matches()) {
                if (m.group(2) != null) {
                    file = m.group(2);
                }
                markers.add(new Marker(i + 1, Integer.parseInt(m.group(1)), file));
            }
        }
    }

    String fileName() {
        return fileName;
    }

    /** A header read from disk: its nodes are located in its own text, by its path. */
    void addHeader(String path, String text) {
        headers.put(path, text);
    }

    SourceLoc loc(IASTNode node) {
        IASTFileLocation location = node.getFileLocation();
        if (location == null) {
            return new SourceLoc(fileName, 0, 0);
        }
        String file = location.getFileName();
        if (file != null && file.startsWith(BuiltinHeaders.INCLUDE_DIR)) {
            return new SourceLoc(file, location.getStartingLineNumber(), 0);
        }
        if (file != null && headers.containsKey(file)) {
            return new SourceLoc(file, location.getStartingLineNumber(), column(headers.get(file), location.getNodeOffset()));
        }
        return at(location.getStartingLineNumber(), location.getNodeOffset());
    }

    /** The location of a node's last character (e.g. the closing brace of a function body). */
    SourceLoc end(IASTNode node) {
        IASTFileLocation location = node.getFileLocation();
        if (location == null || location.getFileName() != null && location.getFileName().startsWith(BuiltinHeaders.INCLUDE_DIR)) {
            return loc(node);
        }
        String header = location.getFileName() == null ? null : headers.get(location.getFileName());
        if (header != null) {
            return new SourceLoc(location.getFileName(), location.getEndingLineNumber(),
                    column(header, location.getNodeOffset() + Math.max(0, location.getNodeLength() - 1)));
        }
        return at(location.getEndingLineNumber(), location.getNodeOffset() + Math.max(0, location.getNodeLength() - 1));
    }

    /** The user-visible location of physical line {@code line}, offset {@code offset} of the main file. */
    SourceLoc at(int line, int offset) {
        int column = column(source, offset);
        Marker last = lastMarkerBefore(line);
        if (last == null) {
            return new SourceLoc(fileName, line, column);
        }
        return new SourceLoc(last.file(), last.line() + line - last.physicalLine() - 1, column);
    }

    /** The 1-based column of {@code offset} in {@code text}, 0 if it is outside. */
    private static int column(String text, int offset) {
        return offset >= 0 && offset <= text.length() ? offset - text.lastIndexOf('\n', offset - 1) : 0;
    }

    /** The last marker on a physical line before {@code line} (markers are sorted), or null. */
    private Marker lastMarkerBefore(int line) {
        int lo = 0;
        int hi = markers.size() - 1;
        Marker found = null;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (markers.get(mid).physicalLine() < line) {
                found = markers.get(mid);
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /** The source text of a node as the user wrote it. */
    static String text(IASTNode node) {
        return node.getRawSignature();
    }
}
