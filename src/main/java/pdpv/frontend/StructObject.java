package pdpv.frontend;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.cdt.core.dom.ast.ICompositeType;
import pdpv.cfg.Variable;

/**
 * A struct object flattened into variables (issue #20): each member is a scalar or array
 * {@link Variable} named {@code s.f}, a nested struct object, a nested {@link StructArray}, or a
 * union (or array of unions: {@link UnionLowering.UnionObject}); in
 * declaration order. An element of an array of structs has cells ({@link LValue.Cell}) and rows
 * ({@link ArrayView}) of the array's member arrays as its members instead of variables. A struct
 * member of a union lies in the union's bytes {@code bytes} (null for any other struct): its
 * members are the bytes of an integer ({@link LValue.Bytes}), of an array of integers
 * ({@link UnionLowering.ByteArray}), of a nested struct or union, at their offsets.
 */
record StructObject(ICompositeType type, String name, Map<String, Object> members, ArrayView bytes) {
    StructObject {
        members = new LinkedHashMap<>(members);
    }

    /** A struct of its own variables (or of an array of structs' cells and rows), in no union's bytes. */
    StructObject(ICompositeType type, String name, Map<String, Object> members) {
        this(type, name, members, null);
    }

    /** The variables of every member (an element's: the arrays holding it), nested structs' included, in declaration order. */
    List<Variable> leaves() {
        List<Variable> out = new ArrayList<>();
        for (Object m : members.values()) {
            if (m instanceof StructObject s) {
                out.addAll(s.leaves());
            } else if (m instanceof StructArray a) {
                out.addAll(a.leaves());
            } else if (m instanceof UnionLowering.UnionObject u) {
                out.add(u.variable());
            } else if (m instanceof LValue.Cell c) {
                out.add(c.array());
            } else if (m instanceof LValue.Bytes b) {
                out.add(b.bytes());
            } else if (m instanceof UnionLowering.ByteArray b) {
                out.add(b.bytes());
            } else if (m instanceof ArrayView row) {
                out.add(row.array());
            } else if (m instanceof LValue.Choice c) {
                out.addAll(c.targets());
            } else if (m instanceof StructLowering.Unresolved u) {
                out.addAll(u.leaves());
            } else {
                out.add((Variable) m);
            }
        }
        return out;
    }
}
