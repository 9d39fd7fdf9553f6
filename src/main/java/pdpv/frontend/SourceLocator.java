package pdpv.frontend;

import java.util.HashMap;
import java.util.Map;
import org.eclipse.cdt.core.dom.ast.IASTFileLocation;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import pdpv.cfg.SourceLoc;

/**
 * Turns CDT nodes into {@link SourceLoc}s of the file PDPV was given: the line is the physical
 * line of that file, as CDT reports it, also in a preprocessed file whose line markers
 * ({@code # 12 "file.c"}) name lines of another file (witnesses name the file they were written
 * for and validators read its lines); the column is the node's offset within its line.
 */
final class SourceLocator {
    private final String fileName;
    private final String source;
    /** The text of each user header the preprocessor read (by the path CDT names it with). */
    private final Map<String, String> headers = new HashMap<>();

    SourceLocator(String fileName, String source) {
        this.fileName = fileName;
        this.source = source;
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

    /** Line {@code line}, offset {@code offset} of the main file. */
    private SourceLoc at(int line, int offset) {
        return new SourceLoc(fileName, line, column(source, offset));
    }

    /** The 1-based column of {@code offset} in {@code text}, 0 if it is outside. */
    private static int column(String text, int offset) {
        return offset >= 0 && offset <= text.length() ? offset - text.lastIndexOf('\n', offset - 1) : 0;
    }

    /** The source text of a node as the user wrote it. */
    static String text(IASTNode node) {
        return node.getRawSignature();
    }
}
