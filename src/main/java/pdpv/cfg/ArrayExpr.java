package pdpv.cfg;

import pdpv.semantics.CType;

/**
 * The value of a whole array (issue #20), in the SMT theory of arrays: the current value of an
 * array variable, an array whose every cell holds one constant (C's zero initialization), or an
 * array with one cell replaced. Only {@link Stmt.ArrayAssign} assigns it; single cells are read by
 * {@link Expr.Select}.
 */
public sealed interface ArrayExpr {
    /** The element type of the array. */
    CType elementType();

    /** The current value of the array variable {@code array}. */
    record Whole(Variable array) implements ArrayExpr {
        public Whole {
            if (!array.isArray()) {
                throw new IllegalArgumentException(array + " is not an array");
            }
        }

        @Override
        public CType elementType() {
            return array.type();
        }

        @Override
        public String toString() {
            return array.name();
        }
    }

    /** The array whose every cell holds {@code bits} of {@code elementType}. */
    record Filled(CType elementType, long bits) implements ArrayExpr {
        public Filled {
            bits = elementType.normalize(bits);
        }

        @Override
        public String toString() {
            return "{" + elementType.format(bits) + ", ...}";
        }
    }

    /** {@code base} with the cell at {@code index} (of the index type) holding {@code value}. */
    record Store(ArrayExpr base, Expr index, Expr value) implements ArrayExpr {
        public Store {
            if (!value.type().equals(base.elementType())) {
                throw new IllegalArgumentException("store of " + value.type() + " into an array of " + base.elementType());
            }
        }

        @Override
        public CType elementType() {
            return base.elementType();
        }

        @Override
        public String toString() {
            return base + "[" + index + " := " + value + "]";
        }
    }
}
