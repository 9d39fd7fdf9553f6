package pdpv.frontend;

import java.util.List;
import pdpv.cfg.Expr;
import pdpv.cfg.Variable;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CType;

/**
 * An array that an expression designates (issue #20): the array variable {@code array} seen from
 * the flat {@code offset} (of the index type) on, with the extents {@code dims}: the variable
 * itself, a row of it ({@code a[i]} of {@code int a[3][4]}), or what an inlined callee's array
 * parameter ({@code int *p}, {@code int p[]}, {@code int p[][4]}) was passed. A first extent of 0
 * is unknown (a parameter's).
 */
record ArrayView(Variable array, Expr offset, List<Long> dims) {
    ArrayView {
        dims = List.copyOf(dims);
    }

    /** The variable as a whole. */
    static ArrayView of(Variable array, Typing typing) {
        return new ArrayView(array, new Expr.Const(typing.indexType(), 0), array.dims());
    }

    /** Cells between one element of the outermost dimension and the next. */
    long stride() {
        long s = 1;
        for (long d : dims.subList(1, dims.size())) {
            s = Math.multiplyExact(s, d);
        }
        return s;
    }

    /**
     * The element at {@code index} (of the index type): a cell, or a row when more dimensions
     * remain. The flat index is computed modulo 2^w (unsigned): it is PDPV's layout, not C
     * arithmetic, so it has no overflow of its own; a subscript out of its extent is the access's
     * fault.
     */
    Object subscript(Expr index, Typing typing) {
        Expr scaled = stride() == 1 ? index
                : flat(typing, BinaryOp.MUL, index, new Expr.Const(typing.indexType(), stride()));
        Expr at = isZero(offset) ? scaled : isZero(scaled) ? offset : flat(typing, BinaryOp.ADD, offset, scaled);
        if (dims.size() == 1) {
            return new LValue.Cell(array, at);
        }
        return new ArrayView(array, at, dims.subList(1, dims.size()));
    }

    /**
     * This array seen from element {@code index} of its outermost dimension on, that extent unknown:
     * what {@code a + k} and {@code &a[k]} point to.
     */
    ArrayView from(Expr index, Typing typing) {
        List<Long> unknown = new java.util.ArrayList<>(dims);
        unknown.set(0, 0L);
        Object moved = new ArrayView(array, offset, unknown).subscript(index, typing);
        if (moved instanceof LValue.Cell c) {
            return new ArrayView(c.array(), c.index(), List.of(0L));
        }
        return new ArrayView(array, ((ArrayView) moved).offset(), unknown);
    }

    private static Expr flat(Typing typing, BinaryOp op, Expr a, Expr b) {
        if (a instanceof Expr.Const x && b instanceof Expr.Const y) {
            long bits = op == BinaryOp.MUL ? x.bits() * y.bits() : x.bits() + y.bits();
            return new Expr.Const(typing.indexType(), bits);
        }
        CType unsigned = typing.unsignedIndexType();
        return typing.convert(typing.binary(op, typing.convert(a, unsigned), typing.convert(b, unsigned)), typing.indexType());
    }

    private static boolean isZero(Expr e) {
        return e instanceof Expr.Const c && c.bits() == 0;
    }
}
