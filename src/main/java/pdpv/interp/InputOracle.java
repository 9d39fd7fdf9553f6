package pdpv.interp;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Stmt;

/**
 * Supplies the value of each executed {@link Stmt.Havoc} (a program input or an indeterminate
 * local) to the interpreter of thesis §4.3.2, for instance the values of a counterexample.
 * {@code occurrence} counts the earlier executions of the same havoc statement in the run
 * (0-based). An oracle must be a function of its arguments: asked twice the same question, it
 * gives the same answer. The interpreter cuts the answer to the target's width.
 */
@FunctionalInterface
public interface InputOracle {
    long next(Stmt.Havoc havoc, int occurrence);

    /** Every input is {@code value}. */
    static InputOracle constant(long value) {
        return (havoc, occurrence) -> value;
    }

    /**
     * Occurrence {@code i} of a havoc takes element {@code i} of its list in {@code values};
     * a havoc without a list, and occurrences past the end of its list, take {@code fallback}.
     * Havocs are looked up with {@link Stmt.Havoc#equals}. The lists are copied.
     */
    static InputOracle fromValues(Map<Stmt.Havoc, List<Long>> values, long fallback) {
        Map<Stmt.Havoc, List<Long>> copy = new HashMap<>();
        values.forEach((havoc, list) -> copy.put(havoc, List.copyOf(list)));
        return (havoc, occurrence) -> {
            List<Long> list = copy.get(havoc);
            return list != null && occurrence < list.size() ? list.get(occurrence) : fallback;
        };
    }
}
