package pdpv.interp;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongUnaryOperator;
import pdpv.semantics.ArrayValue;
import pdpv.semantics.BitVec;

/**
 * The value of one array variable in a run of the interpreter (issue #20): the cells written so
 * far, and for every other cell a source (the constant of C's zero initialization, an array value
 * given at the start, or the input oracle of the havoc that made the array, asked once per cell
 * when the run first reads it). Like the SMT arrays it models, it has a cell at every index.
 */
final class ArrayCells {
    /** The source of {@link #stamp}s, unique across all arrays of all runs. */
    private static final AtomicLong STAMPS = new AtomicLong();
    private final int elementWidth;
    private final int indexWidth;
    private final LongUnaryOperator source;
    private final Map<Long, Long> cells;
    /**
     * Names the contents: a fresh number whenever a cell becomes known or changes, kept by a copy;
     * so two arrays with the same stamp have the same source and known cells.
     */
    private long stamp;

    private ArrayCells(int elementWidth, int indexWidth, LongUnaryOperator source, Map<Long, Long> cells, long stamp) {
        this.elementWidth = elementWidth;
        this.indexWidth = indexWidth;
        this.source = source;
        this.cells = cells;
        this.stamp = stamp;
    }

    /** An array whose unwritten cells come from {@code source} (raw index bits to raw element bits). */
    static ArrayCells from(int elementWidth, int indexWidth, LongUnaryOperator source) {
        return new ArrayCells(elementWidth, indexWidth, source, new HashMap<>(), STAMPS.incrementAndGet());
    }

    /** The concrete array {@code value}. */
    static ArrayCells of(ArrayValue value) {
        return from(value.elementWidth(), value.indexWidth(), value::get);
    }

    int elementWidth() {
        return elementWidth;
    }

    int indexWidth() {
        return indexWidth;
    }

    /** The cell at {@code index}; a cell read from the source is remembered, so the source is asked once. */
    BitVec get(BitVec index) {
        long i = index.bits();
        Long v = cells.get(i);
        if (v == null) {
            v = source.applyAsLong(i) & BitVec.mask(elementWidth);
            cells.put(i, v);
            stamp = STAMPS.incrementAndGet();
        }
        return new BitVec(v, elementWidth);
    }

    void set(BitVec index, BitVec value) {
        Long old = cells.put(index.bits(), value.bits());
        if (old == null || old != value.bits()) {
            stamp = STAMPS.incrementAndGet();
        }
    }

    /** An independent copy with the same cells. */
    ArrayCells copy() {
        return new ArrayCells(elementWidth, indexWidth, source, new HashMap<>(cells), stamp);
    }

    /** The number of cells read or written so far. */
    int known() {
        return cells.size();
    }

    /**
     * What identifies the array's contents for recognizing a repeated state: its stamp, equal only
     * for the same source and known cells (equal contents reached by other writes look different,
     * so a repetition may be missed, never claimed wrongly). Constant time: a copy of the cells at
     * every loop head made a loop that fills n cells cost n² (most of the tests' budget at 5,000).
     */
    Object snapshot() {
        return stamp;
    }
}
