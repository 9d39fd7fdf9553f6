package pdpv.encode;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.semantics.ArrayValue;

/**
 * A satisfying assignment of F read back as a DAG path (thesis §4.3.2, counterexample c): the
 * violated assertion, the blocks from the entry to its block, the values of the havocs on the path
 * (in path order; those of arrays, issue #20, apart as whole arrays), the initial values of the
 * scalar variables, and the loop heads visited with the values around their invariants. Values are
 * raw bits normalized to each variable's width.
 */
public record Counterexample(
        Stmt.Assert violated,
        List<Block> path,
        Map<Stmt.Havoc, Long> havocValues,
        Map<Stmt.Havoc, ArrayValue> arrayHavocValues,
        Map<Variable, Long> entryState,
        List<LoopVisit> loopVisits) {

    public Counterexample {
        path = List.copyOf(path);
        havocValues = Collections.unmodifiableMap(new LinkedHashMap<>(havocValues));
        arrayHavocValues = Collections.unmodifiableMap(new LinkedHashMap<>(arrayHavocValues));
        entryState = Collections.unmodifiableMap(new LinkedHashMap<>(entryState));
        loopVisits = List.copyOf(loopVisits);
    }
}
