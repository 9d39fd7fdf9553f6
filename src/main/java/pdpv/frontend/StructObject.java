package pdpv.frontend;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.cdt.core.dom.ast.ICompositeType;
import pdpv.cfg.Variable;

/**
 * A struct object flattened into variables (issue #20): each member is a scalar or array
 * {@link Variable} named {@code s.f}, or a nested struct object; in declaration order.
 */
record StructObject(ICompositeType type, String name, Map<String, Object> members) {
    StructObject {
        members = new LinkedHashMap<>(members);
    }

    /** The variables of every member, nested structs' included, in declaration order. */
    List<Variable> leaves() {
        List<Variable> out = new ArrayList<>();
        for (Object m : members.values()) {
            if (m instanceof StructObject s) {
                out.addAll(s.leaves());
            } else {
                out.add((Variable) m);
            }
        }
        return out;
    }
}
