package pdpv.interp.abstraction;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import pdpv.cfg.Variable;
import pdpv.domain.AbstractValue;

/**
 * A generalized spurious counterexample c = {c_b, c_e} of a loop (thesis §4.3.3, Algorithm 4.5):
 * value sets for the variables of R_l before the loop ({@code before}) and for the variables of
 * U_l at the loop head ({@code after}). No execution that enters the loop head with values in
 * {@code before} reaches the head again with values in {@code after}.
 */
public record GeneralizedCounterexample(Map<Variable, AbstractValue> before, Map<Variable, AbstractValue> after) {

    public GeneralizedCounterexample {
        before = Collections.unmodifiableMap(new LinkedHashMap<>(before));
        after = Collections.unmodifiableMap(new LinkedHashMap<>(after));
    }

    /** Whether the concrete pair (before-values, after-values) lies in the generalized sets; a
     * variable missing from a concrete map is taken as 0, as by {@link pdpv.interp.State}. */
    public boolean admits(Map<Variable, Long> beforeValues, Map<Variable, Long> afterValues) {
        return allContain(before, beforeValues) && allContain(after, afterValues);
    }

    private static boolean allContain(Map<Variable, AbstractValue> sets, Map<Variable, Long> values) {
        for (Map.Entry<Variable, AbstractValue> e : sets.entrySet()) {
            if (!e.getValue().contains(values.getOrDefault(e.getKey(), 0L))) {
                return false;
            }
        }
        return true;
    }

    /** The thesis's notation, e.g. {@code c = {c_b = {x ≥ 0, i = ⊤}, c_e = {x ≤ -1, i = ⊤}}}. */
    @Override
    public String toString() {
        return "c = {c_b = " + describe(before) + ", c_e = " + describe(after) + "}";
    }

    private static String describe(Map<Variable, AbstractValue> sets) {
        StringJoiner j = new StringJoiner(", ", "{", "}");
        sets.forEach((v, x) -> j.add(x.describe(v.name(), v.type().signed())));
        return j.toString();
    }
}
