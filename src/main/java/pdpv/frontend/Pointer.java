package pdpv.frontend;

import java.util.List;
import pdpv.cfg.Expr;
import pdpv.cfg.Variable;

/**
 * The value of a pointer to scalar variables (issue #20): {@code id}, an expression of the
 * target-id type whose value is the {@link PointerLowering#idOf id} of the variable pointed to, and
 * {@code targets}, the variables it may point to (by the points-to analysis, {@link PointsTo}).
 * Every pointer PDPV accepts points to one of its targets: it is initialized with an address and
 * only ever assigned addresses, so no target set is empty and no id is 0 or stale.
 */
record Pointer(Expr id, List<Variable> targets) {
    Pointer {
        targets = List.copyOf(targets);
    }
}
