package pdpv.frontend;

import java.util.List;
import pdpv.cfg.Expr;
import pdpv.cfg.Variable;

/**
 * The value of a pointer to scalar variables (issue #20): {@code id}, an expression of the
 * target-id type whose value is the {@link PointerLowering#idOf id} of the variable pointed to, and
 * {@code targets}, the variables it may point to (by the points-to analysis, {@link PointsTo}), and
 * whether it may be null instead ({@code mayBeNull}: the id 0, no variable's). Every pointer PDPV
 * accepts is initialized, with an address or null, and only ever assigned addresses or null, so its
 * id is 0 or one of its targets', never stale; a pointer that is never null has a target.
 */
record Pointer(Expr id, List<Variable> targets, boolean mayBeNull) {
    Pointer {
        targets = List.copyOf(targets);
    }
}
