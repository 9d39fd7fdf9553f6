package pdpv.cfg;

/** A position in the user's source file (1-based line and column; column 0 when unknown). */
public record SourceLoc(String file, int line, int column) {
    public static final SourceLoc UNKNOWN = new SourceLoc("<unknown>", 0, 0);

    @Override
    public String toString() {
        return column > 0 ? file + ":" + line + ":" + column : file + ":" + line;
    }
}
