package pdpv.encode;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import pdpv.cfg.Loop;
import pdpv.cfg.Variable;
import pdpv.semantics.ArrayValue;

/**
 * A loop head on a counterexample path (thesis §4.3.2): the values of all variables just before and
 * just after its invariant LI_l, the c_b and c_e of Algorithm 4.5: the scalars as raw normalized
 * bits, the arrays (issue #20) apart, as their whole values.
 */
public record LoopVisit(Loop loop, Map<Variable, Long> before, Map<Variable, Long> after,
                        Map<Variable, ArrayValue> arraysBefore, Map<Variable, ArrayValue> arraysAfter) {
    public LoopVisit {
        before = Collections.unmodifiableMap(new LinkedHashMap<>(before));
        after = Collections.unmodifiableMap(new LinkedHashMap<>(after));
        arraysBefore = Collections.unmodifiableMap(new LinkedHashMap<>(arraysBefore));
        arraysAfter = Collections.unmodifiableMap(new LinkedHashMap<>(arraysAfter));
    }

    /** A visit of a loop whose program has no arrays. */
    public LoopVisit(Loop loop, Map<Variable, Long> before, Map<Variable, Long> after) {
        this(loop, before, after, Map.of(), Map.of());
    }
}
