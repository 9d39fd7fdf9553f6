package pdpv.cfg;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the program's pointers stand for (issue #20), for those who write its state as C: the id of
 * each variable whose address is taken ({@code ids}, 1, 2, ...: a pointer variable's value is its
 * target's id) and, for each pointer variable, the name the user wrote and the variables it may
 * point to. A pointer is an id variable in the IR; only C text needs {@code &x} and {@code *p}.
 */
public record Addresses(Map<Variable, Long> ids, Map<Variable, PointerVariable> pointers) {
    /** A pointer variable's C name, its possible targets (by the points-to analysis) and whether it may be null (id 0, C's {@code 0}). */
    public record PointerVariable(String name, List<Variable> targets, boolean mayBeNull) {
        public PointerVariable {
            targets = List.copyOf(targets);
        }
    }

    public static final Addresses NONE = new Addresses(Map.of(), Map.of());

    public Addresses {
        ids = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(ids));
        pointers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(pointers));
    }

    /** The variable whose address has the id {@code id}, or null. */
    public Variable target(long id) {
        for (Map.Entry<Variable, Long> e : ids.entrySet()) {
            if (e.getValue() == id) {
                return e.getKey();
            }
        }
        return null;
    }
}
