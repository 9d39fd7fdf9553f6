package pdpv.interp.abstraction;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import pdpv.cfg.Variable;
import pdpv.domain.AbstractValue;
import pdpv.domain.Lattice;

/**
 * An abstract program state of the abstract interpretation of thesis §4.3.3: a value set per
 * variable; a variable without an entry is ⊤. Immutable; ⊤ entries are dropped so that equal
 * states compare equal.
 */
final class AbstractState {
    private final Map<Variable, AbstractValue> values;

    private AbstractState(Map<Variable, AbstractValue> values) {
        this.values = values;
    }

    static AbstractState of(Map<Variable, AbstractValue> given) {
        Map<Variable, AbstractValue> values = new HashMap<>();
        given.forEach((v, x) -> {
            if (x.width() != v.type().width()) {
                throw new IllegalArgumentException(v + ": " + v.type() + " cannot hold a " + x.width() + "-bit value");
            }
            if (!x.isTop()) {
                values.put(v, x);
            }
        });
        return new AbstractState(values);
    }

    AbstractValue get(Variable v) {
        AbstractValue x = values.get(v);
        return x != null ? x : AbstractValue.top(v.type().width());
    }

    AbstractState with(Variable v, AbstractValue x) {
        Map<Variable, AbstractValue> copy = new HashMap<>(values);
        copy.put(v, x);
        return of(copy);
    }

    AbstractState join(AbstractState other) {
        Map<Variable, AbstractValue> joined = new HashMap<>();
        values.forEach((v, x) -> {
            AbstractValue y = other.values.get(v);
            if (y != null) {
                joined.put(v, AbstractValue.join(x, y));
            }
        });
        return of(joined);
    }

    /** The widening of this state by {@code next}, variable by variable. */
    AbstractState widen(AbstractState next, WideningThresholds thresholds) {
        Map<Variable, AbstractValue> widened = new HashMap<>();
        values.forEach((v, x) -> {
            AbstractValue y = next.values.get(v);
            if (y != null) {
                widened.put(v, Lattice.widen(x, y, thresholds));
            }
        });
        return of(widened);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AbstractState s && values.equals(s.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(values);
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
