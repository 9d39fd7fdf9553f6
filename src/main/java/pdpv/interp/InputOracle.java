package pdpv.interp;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Stmt;
import pdpv.semantics.ArrayValue;

/**
 * Supplies the value of each executed {@link Stmt.Havoc} (a program input or an indeterminate
 * local) to the interpreter of thesis §4.3.2, for instance the values of a counterexample.
 * {@code occurrence} counts the earlier executions of the same havoc statement in the run
 * (0-based). An oracle must be a function of its arguments: asked twice the same question, it
 * gives the same answer. The interpreter cuts the answer to the target's width. The havoc of an
 * array (issue #20) asks {@link #next} once when it runs (the answer is not used: an oracle that
 * follows a sequence of inputs takes the array's place in it then), and {@link #cell} for each cell
 * when the run first reads it.
 */
@FunctionalInterface
public interface InputOracle {
    long next(Stmt.Havoc havoc, int occurrence);

    /**
     * The cell at {@code index} (raw index bits) of the array that the {@code occurrence}-th
     * execution of the array havoc {@code havoc} makes; by default {@link #next}'s answer for it.
     */
    default long cell(Stmt.Havoc havoc, int occurrence, long index) {
        return next(havoc, occurrence);
    }

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
        return fromValues(values, Map.of(), fallback);
    }

    /**
     * As {@link #fromValues(Map, long)}, the cells of occurrence {@code i} of an array havoc taken
     * from element {@code i} of its list in {@code arrays} (all {@code fallback} without one).
     */
    static InputOracle fromValues(Map<Stmt.Havoc, List<Long>> values, Map<Stmt.Havoc, List<ArrayValue>> arrays, long fallback) {
        Map<Stmt.Havoc, List<Long>> copy = new HashMap<>();
        values.forEach((havoc, list) -> copy.put(havoc, List.copyOf(list)));
        Map<Stmt.Havoc, List<ArrayValue>> arrayCopy = new HashMap<>();
        arrays.forEach((havoc, list) -> arrayCopy.put(havoc, List.copyOf(list)));
        return new InputOracle() {
            @Override
            public long next(Stmt.Havoc havoc, int occurrence) {
                List<Long> list = copy.get(havoc);
                return list != null && occurrence < list.size() ? list.get(occurrence) : fallback;
            }

            @Override
            public long cell(Stmt.Havoc havoc, int occurrence, long index) {
                List<ArrayValue> list = arrayCopy.get(havoc);
                return list != null && occurrence < list.size() ? list.get(occurrence).get(index) : fallback;
            }
        };
    }
}
