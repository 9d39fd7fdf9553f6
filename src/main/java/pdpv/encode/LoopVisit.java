package pdpv.encode;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import pdpv.cfg.Loop;
import pdpv.cfg.Variable;

/**
 * A loop head on a counterexample path (thesis §4.3.2): the values of all variables just before and
 * just after its invariant LI_l, the c_b and c_e of Algorithm 4.5, as raw normalized bits.
 */
public record LoopVisit(Loop loop, Map<Variable, Long> before, Map<Variable, Long> after) {
    public LoopVisit {
        before = Collections.unmodifiableMap(new LinkedHashMap<>(before));
        after = Collections.unmodifiableMap(new LinkedHashMap<>(after));
    }
}
