package pdpv.semantics;

import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A concrete array value, the meaning of a C array in the SMT theory of arrays: a total function
 * from index bit-vectors to element bit-vectors, given as the cells that differ from a default
 * ({@code fill}). Indices are raw index bits (normalized to {@code indexWidth}, so -1 is the largest
 * index), cells raw element bits. Immutable; {@link #store} makes a copy.
 */
public record ArrayValue(int elementWidth, int indexWidth, long fill, NavigableMap<Long, Long> cells) {
    public ArrayValue {
        long elementMask = BitVec.mask(elementWidth);
        long indexMask = BitVec.mask(indexWidth);
        fill &= elementMask;
        NavigableMap<Long, Long> copy = new TreeMap<>(Long::compareUnsigned);
        for (Map.Entry<Long, Long> e : cells.entrySet()) {
            long v = e.getValue() & elementMask;
            if (v != fill) {
                copy.put(e.getKey() & indexMask, v);
            }
        }
        cells = Collections.unmodifiableNavigableMap(copy);
    }

    /** The array whose every cell holds {@code fill}. */
    public static ArrayValue filled(long fill, int elementWidth, int indexWidth) {
        return new ArrayValue(elementWidth, indexWidth, fill, new TreeMap<>());
    }

    /** The cell at {@code index} (raw bits), as raw element bits. */
    public long get(long index) {
        Long v = cells.get(index & BitVec.mask(indexWidth));
        return v != null ? v : fill;
    }

    /** This array with the cell at {@code index} holding {@code value}. */
    public ArrayValue store(long index, long value) {
        NavigableMap<Long, Long> copy = new TreeMap<>(cells);
        copy.put(index & BitVec.mask(indexWidth), value);
        return new ArrayValue(elementWidth, indexWidth, fill, copy);
    }

    @Override
    public String toString() {
        return "{" + cells + " else " + fill + "}";
    }
}
