package pdpv.cfg;

/**
 * Where the definition of a C function lies in the source, from the first character of its
 * declaration to its closing brace: what tells which function a witness location is in (format
 * 2.0's {@code location.function}), since the lowered program has every call inlined.
 */
public record FunctionSpan(String name, SourceLoc start, SourceLoc end) {
    /** Whether {@code loc} lies within this definition (by line alone when {@code loc} has no column). */
    public boolean contains(SourceLoc loc) {
        if (!loc.file().equals(start.file())) {
            return false;
        }
        boolean afterStart = loc.line() > start.line() || loc.line() == start.line() && (loc.column() == 0 || loc.column() >= start.column());
        boolean beforeEnd = loc.line() < end.line() || loc.line() == end.line() && (loc.column() == 0 || loc.column() <= end.column());
        return afterStart && beforeEnd;
    }
}
