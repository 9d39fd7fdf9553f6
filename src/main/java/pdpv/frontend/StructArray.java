package pdpv.frontend;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.cdt.core.dom.ast.ICompositeType;
import pdpv.cfg.Expr;
import pdpv.cfg.Variable;

/**
 * An array of structs flattened as a struct of arrays (issue #20): each scalar member is one array
 * variable over the elements ({@code ps.x[k]} holds {@code ps[k].x}), an array member one array
 * whose rows are the elements' arrays ({@code ps.a[k*n + j]} holds {@code ps[k].a[j]}), a struct
 * member a nested struct array, a union member one array of bytes whose rows are the elements'
 * unions ({@link UnionLowering.UnionObject}). Each member is seen as an {@link ArrayView} whose leading extents
 * are {@code dims}, the array's own; a subscript takes the same element of every member, so that
 * assignment and initialization by value are stores into each member's array and an index out of
 * bounds is a plain array's. A first extent of 0 is unknown (what a callee's {@code struct P *p}
 * was passed).
 */
record StructArray(ICompositeType type, String name, Map<String, Object> members, List<Long> dims) {
    StructArray {
        members = new LinkedHashMap<>(members);
        dims = List.copyOf(dims);
    }

    /**
     * Element {@code index} (of the index type, evaluated: a constant or a temporary): a struct
     * object whose members are cells and rows of this array's members, or a struct array of one
     * dimension less.
     */
    Object subscript(Expr index, String text, Typing typing) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> m : members.entrySet()) {
            Object v = m.getValue();
            out.put(m.getKey(), v instanceof StructArray inner ? inner.subscript(index, text, typing)
                    : v instanceof UnionLowering.UnionObject u ? u.subscript(index, text + "." + m.getKey(), typing)
                    : ((ArrayView) v).subscript(index, typing));
        }
        if (dims.size() == 1) {
            return new StructObject(type, text, out);
        }
        return new StructArray(type, text, out, dims.subList(1, dims.size()));
    }

    /** This array seen from element {@code index} on, its extent unknown ({@code &ps[k]}, {@code ps + k}). */
    StructArray from(Expr index, String text, Typing typing) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> m : members.entrySet()) {
            Object v = m.getValue();
            out.put(m.getKey(), v instanceof StructArray inner ? inner.from(index, text, typing)
                    : v instanceof UnionLowering.UnionObject u ? u.from(index, text + "." + m.getKey(), typing)
                    : ((ArrayView) v).from(index, typing));
        }
        List<Long> d = new ArrayList<>(dims);
        d.set(0, 0L);
        return new StructArray(type, text, out, d);
    }

    /** The array variables of every member, nested structs' included, in declaration order. */
    List<Variable> leaves() {
        List<Variable> out = new ArrayList<>();
        for (Object m : members.values()) {
            if (m instanceof StructArray s) {
                out.addAll(s.leaves());
            } else if (m instanceof UnionLowering.UnionObject u) {
                out.add(u.variable());
            } else {
                out.add(((ArrayView) m).array());
            }
        }
        return out;
    }
}
