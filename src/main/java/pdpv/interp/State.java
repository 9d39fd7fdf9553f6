package pdpv.interp;

import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Variable;
import pdpv.semantics.ArrayValue;
import pdpv.semantics.BitVec;

/**
 * A valuation of program variables for the interpreter of thesis §4.3.2. A scalar that was never
 * set holds 0, and so does every cell of an array (issue #20) that was never set. Values are
 * bit-vectors of the variable's type width; a scalar's are held as normalized bits in one slot per
 * variable: a run's compiled program ({@link CompiledProgram}) reads and writes the slots of its
 * variables directly, without a map or an allocation per statement. Arrays are kept by variable.
 */
public final class State {
    private final Map<Variable, Integer> slots;
    private Variable[] variables;
    /** The value of each slot, as normalized bits. */
    long[] values;
    /** Whether each slot was set (given initially or written); only set variables are reported. */
    boolean[] set;
    private final Map<Variable, ArrayCells> arrays = new HashMap<>();
    private final int indexWidth;

    public State() {
        this(new HashMap<>(), List.of(), 64);
    }

    /** A state whose first slots are {@code layout}'s variables, in order, none set yet. */
    State(Map<Variable, Integer> layout, List<Variable> ordered, int indexWidth) {
        this.slots = new HashMap<>(layout);
        this.variables = ordered.toArray(new Variable[0]);
        this.values = new long[Math.max(4, variables.length)];
        this.set = new boolean[values.length];
        this.indexWidth = indexWidth;
    }

    /** A state with the given raw values, each cut to its variable's width. */
    public static State of(Map<Variable, Long> bits) {
        State s = new State();
        bits.forEach((v, b) -> s.set(v, new BitVec(b, v.type().width())));
        return s;
    }

    public BitVec get(Variable v) {
        if (v.isArray()) {
            throw new IllegalArgumentException(v + " is an array");
        }
        Integer slot = slots.get(v);
        return new BitVec(slot == null ? 0 : values[slot], v.type().width());
    }

    /** Sets {@code v}; fails if the value's width is not the width of v's type. */
    public void set(Variable v, BitVec value) {
        if (v.isArray() || value.width() != v.type().width()) {
            throw new IllegalArgumentException(v + ": " + v.type() + " cannot hold " + value);
        }
        int slot = slotOf(v);
        values[slot] = value.bits();
        set[slot] = true;
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

    /** Sets the arrays of {@code arrayValues} to those values. */
    void setArrays(Map<Variable, ArrayValue> arrayValues) {
        arrayValues.forEach((v, a) -> setArray(v, ArrayCells.of(a)));
    }

    /** The scalar variables set so far with their values as normalized bits, ordered by variable id. */
    public Map<Variable, Long> toBits() {
        Map<Variable, Long> out = new LinkedHashMap<>();
        Integer[] order = new Integer[slots.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingInt(i -> variables[i].id()));
        for (int i : order) {
            if (set[i]) {
                out.put(variables[i], values[i]);
            }
        }
        return Collections.unmodifiableMap(out);
    }

    /**
     * What names the arrays' contents ({@link ArrayCells#snapshot}, one per array), for recognizing
     * a repeated state together with the slots; an empty map if there are none.
     */
    Object arraysSnapshot() {
        if (arrays.isEmpty()) {
            return Map.of();
        }
        Map<Variable, Object> copy = new HashMap<>();
        for (Map.Entry<Variable, ArrayCells> a : arrays.entrySet()) {
            copy.put(a.getKey(), a.getValue().snapshot());
        }
        return copy;
    }

    /** The number of slots in use. */
    int size() {
        return slots.size();
    }

    /** The slot of {@code v}, added (unset, 0) if it has none yet. */
    private int slotOf(Variable v) {
        Integer slot = slots.get(v);
        if (slot != null) {
            return slot;
        }
        int s = slots.size();
        slots.put(v, s);
        if (s == values.length) {
            values = Arrays.copyOf(values, 2 * s);
            set = Arrays.copyOf(set, 2 * s);
        }
        if (s == variables.length) {
            variables = Arrays.copyOf(variables, Math.max(4, 2 * s));
        }
        variables[s] = v;
        return s;
    }
}
