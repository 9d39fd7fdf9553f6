package pdpv.interp;

import java.util.HashMap;
import java.util.Map;
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
    private final int elementWidth;
    private final int indexWidth;
    private final LongUnaryOperator source;
    private final Map<Long, Long> cells;

    private ArrayCells(int elementWidth, int indexWidth, LongUnaryOperator source, Map<Long, Long> cells) {
        this.elementWidth = elementWidth;
        this.indexWidth = indexWidth;
        this.source = source;
        this.cells = cells;
    }

    /** An array whose unwritten cells come from {@code source} (raw index bits to raw element bits). */
    static ArrayCells from(int elementWidth, int indexWidth, LongUnaryOperator source) {
        return new ArrayCells(elementWidth, indexWidth, source, new HashMap<>());
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
        }
        return new BitVec(v, elementWidth);
    }

    void set(BitVec index, BitVec value) {
        cells.put(index.bits(), value.bits());
    }

    /** An independent copy with the same cells. */
    ArrayCells copy() {
        return new ArrayCells(elementWidth, indexWidth, source, new HashMap<>(cells));
    }

    /** The number of cells read or written so far. */
    int known() {
        return cells.size();
    }

    /** What identifies the array's contents for recognizing a repeated state: its source and known cells. */
    Object snapshot() {
        return Map.entry(source, Map.copyOf(cells));
    }
}
