package pdpv.semantics;

import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A concrete array value, the meaning of a C array in the SMT theory of arrays: a total function
 * from index bit-vectors to element bit-vectors, given as the cells that differ from a default
 * ({@code fill}). Indices are raw index bits (normalized to {@code indexWidth}, so -1 is the largest
 * index), cells raw element bits. Immutable. {@link #store} does not copy the cells: it puts the
 * written cell in front of this value, and a value with {@link #MAX_WRITES} such cells in front of
 * its copied map is copied with them, so a loop that fills n cells costs n·(n/MAX_WRITES) map
 * operations instead of n² (a fill of 5,000 cells took most of the tests' time budget), and a read
 * looks at no more than MAX_WRITES written cells before the map.
 */
public final class ArrayValue {
    /** How many written cells a value keeps in front of its map before it copies them in: a read's cost against a store's. */
    static final int MAX_WRITES = 64;

    private final int elementWidth;
    private final int indexWidth;
    private final long fill;
    /** The cells that differ from {@code fill}, before the writes in front of them; unmodifiable, unsigned order. */
    private final NavigableMap<Long, Long> base;
    /** The last cell written in front of {@code base}, or null; {@code previous} holds the older ones. */
    private final Write last;
    private final int writes;
    private volatile NavigableMap<Long, Long> cells;

    private record Write(long index, long value, Write previous) {
    }

    public ArrayValue(int elementWidth, int indexWidth, long fill, NavigableMap<Long, Long> cells) {
        this.elementWidth = elementWidth;
        this.indexWidth = indexWidth;
        long elementMask = BitVec.mask(elementWidth);
        long indexMask = BitVec.mask(indexWidth);
        this.fill = fill & elementMask;
        NavigableMap<Long, Long> copy = new TreeMap<>(Long::compareUnsigned);
        for (Map.Entry<Long, Long> e : cells.entrySet()) {
            long v = e.getValue() & elementMask;
            if (v != this.fill) {
                copy.put(e.getKey() & indexMask, v);
            }
        }
        this.base = Collections.unmodifiableNavigableMap(copy);
        this.last = null;
        this.writes = 0;
        this.cells = this.base;
    }

    private ArrayValue(ArrayValue of, Write last, int writes) {
        this.elementWidth = of.elementWidth;
        this.indexWidth = of.indexWidth;
        this.fill = of.fill;
        this.base = of.base;
        this.last = last;
        this.writes = writes;
    }

    /** The array whose every cell holds {@code fill}. */
    public static ArrayValue filled(long fill, int elementWidth, int indexWidth) {
        return new ArrayValue(elementWidth, indexWidth, fill, new TreeMap<>());
    }

    public int elementWidth() {
        return elementWidth;
    }

    public int indexWidth() {
        return indexWidth;
    }

    public long fill() {
        return fill;
    }

    /** The cells that differ from {@link #fill}, by unsigned index; unmodifiable. */
    public NavigableMap<Long, Long> cells() {
        NavigableMap<Long, Long> c = cells;
        if (c == null) {
            c = new ArrayValue(elementWidth, indexWidth, fill, merged()).base;
            cells = c;
        }
        return c;
    }

    /** The cell at {@code index} (raw bits), as raw element bits. */
    public long get(long index) {
        long i = index & BitVec.mask(indexWidth);
        for (Write w = last; w != null; w = w.previous()) {
            if (w.index() == i) {
                return w.value();
            }
        }
        Long v = base.get(i);
        return v != null ? v : fill;
    }

    /** This array with the cell at {@code index} holding {@code value}. */
    public ArrayValue store(long index, long value) {
        Write w = new Write(index & BitVec.mask(indexWidth), value & BitVec.mask(elementWidth), last);
        if (writes + 1 < MAX_WRITES) {
            return new ArrayValue(this, w, writes + 1);
        }
        NavigableMap<Long, Long> m = merged();
        m.put(w.index(), w.value());
        return new ArrayValue(elementWidth, indexWidth, fill, m);
    }

    /** {@code base} with the writes in front of it applied, oldest first, in a new map. */
    private NavigableMap<Long, Long> merged() {
        NavigableMap<Long, Long> m = new TreeMap<>(base);
        Write[] order = new Write[writes];
        int k = writes;
        for (Write w = last; w != null; w = w.previous()) {
            order[--k] = w;
        }
        for (Write w : order) {
            m.put(w.index(), w.value());
        }
        return m;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ArrayValue a && a.elementWidth == elementWidth && a.indexWidth == indexWidth && a.fill == fill
                && a.cells().equals(cells());
    }

    @Override
    public int hashCode() {
        return Objects.hash(elementWidth, indexWidth, fill, cells());
    }

    @Override
    public String toString() {
        return "{" + cells() + " else " + fill + "}";
    }
}
