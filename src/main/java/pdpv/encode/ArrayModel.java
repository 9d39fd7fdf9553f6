package pdpv.encode;

import com.microsoft.z3.ArrayExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.FuncInterp;
import com.microsoft.z3.Model;
import com.microsoft.z3.enumerations.Z3_decl_kind;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.TreeMap;
import pdpv.semantics.ArrayValue;

/**
 * Reads the value a Z3 model gives an array term (issue #20) as a concrete {@link ArrayValue}:
 * Z3 writes it as a constant array, a chain of stores over one, {@code as-array} of a function
 * whose interpretation lists the cells and an else value, or a {@code lambda} over the index (an
 * array equal to a stored one except on a range, as Z3's model of a quantified cell invariant
 * gives): that one is read cell by cell over the array's {@code length} cells, the only ones a
 * run reads (an access out of bounds is a violation or the end of the run, never a read).
 */
public final class ArrayModel {
    private ArrayModel() {
    }

    /**
     * The value of {@code array} (an array of {@code length} cells of {@code elementWidth} bits,
     * {@code indexWidth}-bit indices) in {@code m}.
     */
    public static ArrayValue read(Context ctx, Model m, Expr<?> array, int elementWidth, int indexWidth, long length) {
        Expr<?> e = m.eval(array, true);
        Deque<long[]> stores = new ArrayDeque<>();
        while (e.isApp() && e.getFuncDecl().getDeclKind() == Z3_decl_kind.Z3_OP_STORE) {
            Expr<?>[] args = e.getArgs();
            stores.push(new long[] {bits(args[1]), bits(args[2])});
            e = args[0];
        }
        ArrayValue base = base(m, e, elementWidth, indexWidth);
        if (base == null) {
            return cellByCell(ctx, m, array, elementWidth, indexWidth, length);
        }
        TreeMap<Long, Long> cells = new TreeMap<>(base.cells());
        while (!stores.isEmpty()) {
            long[] s = stores.pop();
            cells.put(s[0], s[1]);
        }
        return new ArrayValue(elementWidth, indexWidth, base.fill(), cells);
    }

    /** The value of a constant array or {@code as-array} term {@code e}; null for any other (a {@code lambda}). */
    private static ArrayValue base(Model m, Expr<?> e, int elementWidth, int indexWidth) {
        Z3_decl_kind kind = e.isApp() ? e.getFuncDecl().getDeclKind() : null;
        if (kind == Z3_decl_kind.Z3_OP_CONST_ARRAY) {
            return ArrayValue.filled(bits(e.getArgs()[0]), elementWidth, indexWidth);
        }
        if (kind == Z3_decl_kind.Z3_OP_AS_ARRAY) {
            FuncDecl<?> f = e.getFuncDecl().getParameters()[0].getFuncDecl();
            FuncInterp<?> interp = m.getFuncInterp(f);
            TreeMap<Long, Long> cells = new TreeMap<>();
            long fill = 0;
            if (interp != null) {
                for (FuncInterp.Entry<?> entry : interp.getEntries()) {
                    cells.put(bits(entry.getArgs()[0]), bits(entry.getValue()));
                }
                fill = bits(interp.getElse());
            }
            return new ArrayValue(elementWidth, indexWidth, fill, cells);
        }
        return null;
    }

    /** The cells 0..length-1 of {@code array} read one by one in {@code m}; the fill is its value at index {@code length} (or 0). */
    @SuppressWarnings("unchecked")
    static ArrayValue cellByCell(Context ctx, Model m, Expr<?> array, int elementWidth, int indexWidth, long length) {
        ArrayExpr<BitVecSort, ?> a = (ArrayExpr<BitVecSort, ?>) array;
        boolean beyond = indexWidth >= 64 || Long.compareUnsigned(length, 1L << indexWidth) < 0;
        long fill = beyond ? bits(m.eval(ctx.mkSelect(a, ctx.mkBV(length, indexWidth)), true)) : 0;
        TreeMap<Long, Long> cells = new TreeMap<>();
        for (long i = 0; i < length; i++) {
            long v = bits(m.eval(ctx.mkSelect(a, ctx.mkBV(i, indexWidth)), true));
            if (v != fill) {
                cells.put(i, v);
            }
        }
        return new ArrayValue(elementWidth, indexWidth, fill, cells);
    }

    private static long bits(Expr<?> e) {
        if (!(e instanceof BitVecNum n)) {
            throw new IllegalArgumentException("cannot read the array cell " + e + " of the model");
        }
        return n.getBigInteger().longValue();
    }
}
