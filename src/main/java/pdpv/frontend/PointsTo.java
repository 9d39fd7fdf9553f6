package pdpv.frontend;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTCastExpression;
import org.eclipse.cdt.core.dom.ast.IASTConditionalExpression;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTEqualsInitializer;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IParameter;

/**
 * Andersen's inclusion-based points-to analysis (L. O. Andersen, "Program Analysis and
 * Specialization for the C Programming Language", DIKU 1994), flow-insensitive, over a translation
 * unit (its function bodies and its globals' initializers), for its pointer variables (issue #20). The constraints are those of the
 * only pointer assignments PDPV lowers: {@code p = &x} (x in pts(p)), {@code p = q} (pts(q) in
 * pts(p)), {@code p = c ? e1 : e2} (both) and casts to the same type, in initializers and
 * assignments. The solution's elements are bindings: a scalar or struct variable, or a pointer parameter of
 * the function, which stands for the targets its caller passed (resolved when the call is inlined).
 * Null is one more possible value ({@link #mayBeNull}): a null pointer constant assigned, propagated
 * along the same inclusions.
 */
final class PointsTo {
    private final Map<IBinding, Set<IBinding>> base = new HashMap<>();
    private final Map<IBinding, Set<IBinding>> edges = new HashMap<>();
    private final Map<IBinding, Set<IBinding>> solution = new HashMap<>();
    /** The pointer variables a null pointer constant may flow to. */
    private final Set<IBinding> nullable = new java.util.HashSet<>();

    /**
     * Solves the constraints of {@code root} (a translation unit); {@code isPointerVariable} says which
     * bindings are pointer variables (locals, parameters, globals and statics). A binding is one
     * declaration's, so the variables of different functions stay apart.
     */
    static PointsTo of(IASTNode root, java.util.function.Predicate<IBinding> isPointerVariable) {
        PointsTo p = new PointsTo();
        root.accept(new ASTVisitor() {
            {
                shouldVisitExpressions = true;
                shouldVisitDeclarators = true;
            }

            @Override
            public int visit(IASTDeclarator d) {
                IBinding b = d.getName().resolveBinding();
                if (d.getInitializer() instanceof IASTEqualsInitializer eq && eq.getInitializerClause() instanceof IASTExpression e
                        && isPointerVariable.test(b)) {
                    p.flow(e, b, isPointerVariable);
                }
                return PROCESS_CONTINUE;
            }

            @Override
            public int visit(IASTExpression e) {
                if (e instanceof IASTBinaryExpression a && a.getOperator() == IASTBinaryExpression.op_assign
                        && ExpressionLowering.strip(a.getOperand1()) instanceof IASTIdExpression id
                        && isPointerVariable.test(id.getName().resolveBinding())) {
                    p.flow(a.getOperand2(), id.getName().resolveBinding(), isPointerVariable);
                }
                return PROCESS_CONTINUE;
            }
        });
        p.solve();
        return p;
    }

    /** The constraints of assigning {@code e} to the pointer variable {@code to}. */
    private void flow(IASTExpression expression, IBinding to, java.util.function.Predicate<IBinding> isPointerVariable) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (PointerLowering.isNull(e)) {
            nullable.add(to);
            base.computeIfAbsent(to, k -> new LinkedHashSet<>());
        } else if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper
                && ExpressionLowering.strip(u.getOperand()) instanceof IASTIdExpression x) {
            base.computeIfAbsent(to, k -> new LinkedHashSet<>()).add(x.getName().resolveBinding());
        } else if (e instanceof IASTIdExpression q && q.getName().resolveBinding() instanceof IParameter param
                && isPointerVariable.test(param)) {
            base.computeIfAbsent(to, k -> new LinkedHashSet<>()).add(param);
        } else if (e instanceof IASTIdExpression q && isPointerVariable.test(q.getName().resolveBinding())) {
            edges.computeIfAbsent(q.getName().resolveBinding(), k -> new LinkedHashSet<>()).add(to);
            base.computeIfAbsent(q.getName().resolveBinding(), k -> new LinkedHashSet<>());
        } else if (e instanceof IASTConditionalExpression c && c.getPositiveResultExpression() != null) {
            flow(c.getPositiveResultExpression(), to, isPointerVariable);
            flow(c.getNegativeResultExpression(), to, isPointerVariable);
        } else if (e instanceof IASTCastExpression c) {
            flow(c.getOperand(), to, isPointerVariable);
        }
        // anything else is refused where it is lowered, so it adds nothing here
    }

    /** The least solution: every variable's base set, propagated along the edges to a fixpoint. */
    private void solve() {
        base.forEach((k, v) -> solution.put(k, new LinkedHashSet<>(v)));
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Map.Entry<IBinding, Set<IBinding>> edge : edges.entrySet()) {
                Set<IBinding> from = solution.computeIfAbsent(edge.getKey(), k -> new LinkedHashSet<>());
                for (IBinding to : edge.getValue()) {
                    changed |= solution.computeIfAbsent(to, k -> new LinkedHashSet<>()).addAll(from);
                    changed |= nullable.contains(edge.getKey()) && nullable.add(to);
                }
            }
        }
    }

    /**
     * What the pointer variable {@code p} may point to: scalar variables, and pointer parameters
     * for what their callers passed; besides these, p holds what it was passed (a parameter).
     */
    Set<IBinding> of(IBinding p) {
        return solution.getOrDefault(p, Set.of());
    }

    /** Whether the pointer variable {@code p} may be null: assigned a null pointer constant, or a pointer that may be. */
    boolean mayBeNull(IBinding p) {
        return nullable.contains(p);
    }
}
