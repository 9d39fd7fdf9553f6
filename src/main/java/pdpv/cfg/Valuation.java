package pdpv.cfg;

import java.util.function.Function;

/**
 * What an expression's variables hold, over a value domain {@code V}: the value of each scalar
 * variable and of each cell of an array variable ({@link Expr.Select}).
 */
public interface Valuation<V> {
    V scalar(Variable v);

    /** The cell at {@code index} of the array variable {@code array}. */
    V cell(Variable array, V index);

    /** A valuation of scalars only: reading an array's cell is an error. */
    static <V> Valuation<V> scalars(Function<Variable, V> values) {
        return new Valuation<>() {
            @Override
            public V scalar(Variable v) {
                return values.apply(v);
            }

            @Override
            public V cell(Variable array, V index) {
                throw new IllegalArgumentException("no value for the cells of the array " + array);
            }
        };
    }
}
