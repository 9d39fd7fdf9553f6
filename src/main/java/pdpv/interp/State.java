package pdpv.interp;

import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import pdpv.cfg.Variable;
import pdpv.semantics.BitVec;

/**
 * A valuation of program variables for the interpreter of thesis §4.3.2. A variable that was
 * never set holds 0. Values are bit-vectors of the variable's type width.
 */
public final class State {
    private final Map<Variable, BitVec> values = new HashMap<>();

    /** A state with the given raw values, each cut to its variable's width. */
    public static State of(Map<Variable, Long> bits) {
        State s = new State();
        bits.forEach((v, b) -> s.set(v, new BitVec(b, v.type().width())));
        return s;
    }

    public BitVec get(Variable v) {
        BitVec value = values.get(v);
        return value != null ? value : BitVec.zero(v.type().width());
    }

    /** Sets {@code v}; fails if the value's width is not the width of v's type. */
    public void set(Variable v, BitVec value) {
        if (value.width() != v.type().width()) {
            throw new IllegalArgumentException(v + ": " + v.type() + " cannot hold " + value);
        }
        values.put(v, value);
    }

    /** The variables set so far with their values as normalized bits, ordered by variable id. */
    public Map<Variable, Long> toBits() {
        Map<Variable, Long> out = new LinkedHashMap<>();
        values.entrySet().stream()
                .sorted(Map.Entry.comparingByKey(Comparator.comparingInt(Variable::id)))
                .forEach(e -> out.put(e.getKey(), e.getValue().bits()));
        return Collections.unmodifiableMap(out);
    }

    /** An immutable copy of the variables set so far, for recognizing a repeated state. */
    Map<Variable, BitVec> snapshot() {
        return Map.copyOf(values);
    }
}
