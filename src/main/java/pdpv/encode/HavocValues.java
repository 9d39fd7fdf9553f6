package pdpv.encode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Stmt;
import pdpv.semantics.ArrayValue;

/**
 * The values the havocs of one run take, per havoc statement in the order the run executes it
 * (an input oracle's occurrences): raw bits for scalars, whole arrays for arrays (issue #20).
 * Built by appending, in run order.
 */
public record HavocValues(Map<Stmt.Havoc, List<Long>> scalars, Map<Stmt.Havoc, List<ArrayValue>> arrays) {
    public HavocValues() {
        this(new LinkedHashMap<>(), new LinkedHashMap<>());
    }

    /** The next occurrence of the scalar havoc {@code h} takes {@code value}. */
    public void add(Stmt.Havoc h, long value) {
        scalars.computeIfAbsent(h, k -> new ArrayList<>()).add(value);
    }

    /** The next occurrence of the array havoc {@code h} takes {@code value}. */
    public void add(Stmt.Havoc h, ArrayValue value) {
        arrays.computeIfAbsent(h, k -> new ArrayList<>()).add(value);
    }
}
