package pdpv.cfg;

import pdpv.semantics.CType;

/**
 * A program variable of the lowered function. {@code id} is unique in the program and so is
 * {@code name} (inlined locals are renamed, e.g. {@code f::i#2}); {@code sourceName} is what the
 * user wrote, for messages and certificates.
 */
public record Variable(int id, String name, String sourceName, CType type, Kind kind) {
    public enum Kind { GLOBAL, LOCAL, PARAMETER, TEMPORARY }

    @Override
    public String toString() {
        return name;
    }
}
