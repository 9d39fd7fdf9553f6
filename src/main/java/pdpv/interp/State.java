package pdpv.interp;

import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import pdpv.cfg.Variable;
import pdpv.semantics.ArrayValue;
import pdpv.semantics.BitVec;

/**
 * A valuation of program variables for the interpreter of thesis §4.3.2. A scalar that was never
 * set holds 0, and so does every cell of an array (issue #20) that was never set. Values are
 * bit-vectors of the variable's type width.
 */
public final class State {
    /** Most known array cells a state may have for {@link #snapshot()} to copy them. */
    private static final int MAX_SNAPSHOT_CELLS = 4096;
    private final Map<Variable, BitVec> values = new HashMap<>();
    private final Map<Variable, ArrayCells> arrays = new HashMap<>();
    private final int indexWidth;

    State(int indexWidth) {
        this.indexWidth = indexWidth;
    }

    /** A state with the given raw values, each cut to its variable's width. */
    public static State of(Map<Variable, Long> bits) {
        return of(bits, Map.of(), 64);
    }

    /** A state with the given raw scalar values and array values. */
    static State of(Map<Variable, Long> bits, Map<Variable, ArrayValue> arrayValues, int indexWidth) {
        State s = new State(indexWidth);
        bits.forEach((v, b) -> s.set(v, new BitVec(b, v.type().width())));
        arrayValues.forEach((v, a) -> s.setArray(v, ArrayCells.of(a)));
        return s;
    }

    public BitVec get(Variable v) {
        if (v.isArray()) {
            throw new IllegalArgumentException(v + " is an array");
        }
        BitVec value = values.get(v);
        return value != null ? value : BitVec.zero(v.type().width());
    }

    /** Sets {@code v}; fails if the value's width is not the width of v's type. */
    public void set(Variable v, BitVec value) {
        if (v.isArray() || value.width() != v.type().width()) {
            throw new IllegalArgumentException(v + ": " + v.type() + " cannot hold " + value);
        }
        values.put(v, value);
    }

    /** The cell at {@code index} of the array {@code v}. */
    public BitVec cell(Variable v, BitVec index) {
        return array(v).get(index);
    }

    /** The array {@code v}'s value (all zero if never set). */
    ArrayCells array(Variable v) {
        if (!v.isArray()) {
            throw new IllegalArgumentException(v + " is not an array");
        }
        return arrays.computeIfAbsent(v, x -> ArrayCells.from(x.type().width(), indexWidth, i -> 0));
    }

    void setArray(Variable v, ArrayCells value) {
        if (!v.isArray() || value.elementWidth() != v.type().width()) {
            throw new IllegalArgumentException(v + " cannot hold an array of " + value.elementWidth() + "-bit cells");
        }
        arrays.put(v, value);
    }

    /** The scalar variables set so far with their values as normalized bits, ordered by variable id. */
    public Map<Variable, Long> toBits() {
        Map<Variable, Long> out = new LinkedHashMap<>();
        values.entrySet().stream()
                .sorted(Map.Entry.comparingByKey(Comparator.comparingInt(Variable::id)))
                .forEach(e -> out.put(e.getKey(), e.getValue().bits()));
        return Collections.unmodifiableMap(out);
    }

    /**
     * An immutable copy of the variables set so far, for recognizing a repeated state; null when
     * its arrays know too many cells to copy at every check.
     */
    Object snapshot() {
        if (arrays.isEmpty()) {
            return Map.copyOf(values);
        }
        int cells = 0;
        Map<Variable, Object> copy = new HashMap<>(values);
        for (Map.Entry<Variable, ArrayCells> a : arrays.entrySet()) {
            cells += a.getValue().known();
            if (cells > MAX_SNAPSHOT_CELLS) {
                return null;
            }
            copy.put(a.getKey(), a.getValue().snapshot());
        }
        return copy;
    }
}
