package pdpv.cfg;

import java.util.List;
import pdpv.semantics.CType;

/**
 * A program variable of the lowered function. {@code id} is unique in the program and so is
 * {@code name} (inlined locals are renamed, e.g. {@code f::i#2}); {@code sourceName} is what the
 * user wrote, for messages and certificates. A scalar has no {@code dims}; an array (issue #20)
 * has one extent per dimension, outermost first, and {@code type} is its element type: its value
 * is one flat array of {@link #length()} cells, indexed row by row (C's layout), whose index sort
 * is {@link pdpv.semantics.CSemantics#indexType()}.
 */
public record Variable(int id, String name, String sourceName, CType type, Kind kind, List<Long> dims) {
    public enum Kind { GLOBAL, LOCAL, PARAMETER, TEMPORARY }

    public Variable {
        dims = List.copyOf(dims);
        for (long d : dims) {
            if (d < 1) {
                throw new IllegalArgumentException(name + ": array extent " + d);
            }
        }
    }

    /** A scalar variable. */
    public Variable(int id, String name, String sourceName, CType type, Kind kind) {
        this(id, name, sourceName, type, kind, List.of());
    }

    public boolean isArray() {
        return !dims.isEmpty();
    }

    /** The number of cells of an array (the product of its extents); 1 for a scalar. */
    public long length() {
        long n = 1;
        for (long d : dims) {
            n = Math.multiplyExact(n, d);
        }
        return n;
    }

    /** How the cell at flat index {@code flat} of this array is written in C, e.g. {@code a[1][2]}. */
    public String cellName(long flat) {
        return sourceName + subscripts(flat);
    }

    /** The subscripts of the cell at flat index {@code flat} (raw index bits) of this array, e.g. {@code [1][2]}. */
    public String subscripts(long flat) {
        if (Long.compareUnsigned(flat, length()) >= 0) {
            return "[" + Long.toUnsignedString(flat) + "]";
        }
        StringBuilder sb = new StringBuilder();
        long rest = flat;
        long[] subscripts = new long[dims.size()];
        for (int i = dims.size() - 1; i >= 0; i--) {
            subscripts[i] = rest % dims.get(i);
            rest /= dims.get(i);
        }
        for (long s : subscripts) {
            sb.append('[').append(s).append(']');
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return name;
    }
}
