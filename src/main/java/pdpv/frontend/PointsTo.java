package pdpv.frontend;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTCastExpression;
import org.eclipse.cdt.core.dom.ast.IASTConditionalExpression;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTEqualsInitializer;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTReturnStatement;
import org.eclipse.cdt.core.dom.ast.IASTStatement;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IFunction;
import org.eclipse.cdt.core.dom.ast.IParameter;
import org.eclipse.cdt.core.dom.ast.IPointerType;

/**
 * Andersen's inclusion-based points-to analysis (L. O. Andersen, "Program Analysis and
 * Specialization for the C Programming Language", DIKU 1994), flow-insensitive, over a translation
 * unit (its function bodies and its globals' initializers), for its pointer variables (issue #20). The constraints are those of the
 * only pointer assignments PDPV lowers: {@code p = &x} (x in pts(p)), {@code p = q} (pts(q) in
 * pts(p)), {@code p = c ? e1 : e2} (both) and casts to the same type, in initializers and
 * assignments; through a pointer to a pointer, the complex constraints {@code p = *pp} (pts(t) in
 * pts(p) for each t in pts(pp)) and {@code *pp = e} (e's values in pts(t) for each t in pts(pp));
 * a call's arguments, which flow to the callee's pointer parameters, and a function's returned
 * pointers, which flow to its calls ({@link #returns}). The solution's elements
 * are bindings: a scalar, pointer or struct variable, or a pointer parameter of the function, which
 * stands for the targets its caller passed (resolved when the call is inlined, or, once the call
 * has returned, by what every call passed it: {@link #of} of the parameter). Null is one more
 * possible value ({@link #mayBeNull}): a null pointer constant assigned, propagated along the same
 * inclusions.
 */
final class PointsTo {
    /** The right-hand side of {@code *pp = e}: a node of its own, whose values flow to what pp points to. */
    private record Store(IASTExpression target) {
    }

    private final java.util.function.Predicate<IBinding> isPointerVariable;
    private final Map<Object, Set<IBinding>> base = new HashMap<>();
    private final Map<Object, Set<Object>> edges = new HashMap<>();
    private final Map<Object, Set<IBinding>> solution = new HashMap<>();
    /** The nodes a null pointer constant may flow to. */
    private final Set<Object> nullable = new HashSet<>();
    /** {@code to = *pp}: by pp, the nodes loaded into. */
    private final Map<IBinding, Set<Object>> loads = new HashMap<>();
    /** {@code *pp = e}: by pp, the nodes of the values stored. */
    private final Map<IBinding, Set<Object>> stores = new HashMap<>();

    private PointsTo(java.util.function.Predicate<IBinding> isPointerVariable) {
        this.isPointerVariable = isPointerVariable;
    }

    /**
     * Solves the constraints of {@code root} (a translation unit); {@code isPointerVariable} says which
     * bindings are pointer variables (locals, parameters, globals and statics). A binding is one
     * declaration's, so the variables of different functions stay apart.
     */
    static PointsTo of(IASTNode root, java.util.function.Predicate<IBinding> isPointerVariable) {
        PointsTo p = new PointsTo(isPointerVariable);
        root.accept(new ASTVisitor() {
            {
                shouldVisitExpressions = true;
                shouldVisitDeclarators = true;
                shouldVisitStatements = true;
            }

            @Override
            public int visit(IASTStatement s) {
                if (s instanceof IASTReturnStatement r && r.getReturnValue() != null) {
                    IASTNode n = r;
                    while (n != null && !(n instanceof IASTFunctionDefinition)) {
                        n = n.getParent();
                    }
                    if (n instanceof IASTFunctionDefinition d
                            && TypeResolver.innermost(d.getDeclarator()).getName().resolveBinding() instanceof IFunction f
                            && TypeResolver.strip(f.getType().getReturnType()) instanceof IPointerType) {
                        p.flow(r.getReturnValue(), f);
                    }
                }
                return PROCESS_CONTINUE;
            }

            @Override
            public int visit(IASTDeclarator d) {
                IBinding b = d.getName().resolveBinding();
                if (d.getInitializer() instanceof IASTEqualsInitializer eq && eq.getInitializerClause() instanceof IASTExpression e
                        && isPointerVariable.test(b)) {
                    p.flow(e, b);
                }
                return PROCESS_CONTINUE;
            }

            @Override
            public int visit(IASTExpression e) {
                if (e instanceof IASTBinaryExpression a && a.getOperator() == IASTBinaryExpression.op_assign) {
                    IASTExpression left = ExpressionLowering.strip(a.getOperand1());
                    if (left instanceof IASTIdExpression id && isPointerVariable.test(id.getName().resolveBinding())) {
                        p.flow(a.getOperand2(), id.getName().resolveBinding());
                    } else if (p.through(left) != null && TypeResolver.strip(left.getExpressionType()) instanceof IPointerType) {
                        Store node = new Store(left);
                        p.stores.computeIfAbsent(p.through(left), k -> new LinkedHashSet<>()).add(node);
                        p.flow(a.getOperand2(), node);
                    }
                } else if (e instanceof IASTFunctionCallExpression c) {
                    p.call(c);
                }
                return PROCESS_CONTINUE;
            }
        });
        p.solve();
        return p;
    }

    /** The pointer variable {@code pp} of {@code *pp}, or null for any other expression. */
    private IBinding through(IASTExpression e) {
        return e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_star
                && ExpressionLowering.strip(u.getOperand()) instanceof IASTIdExpression id && isPointerVariable.test(id.getName().resolveBinding())
                ? id.getName().resolveBinding() : null;
    }

    /** The constraints of a call of a function by name: each argument flows to its pointer parameter. */
    private void call(IASTFunctionCallExpression c) {
        if (!(ExpressionLowering.strip(c.getFunctionNameExpression()) instanceof IASTIdExpression name)
                || !(name.getName().resolveBinding() instanceof IFunction f)) {
            return; // a call through a function pointer is refused where it is lowered
        }
        IParameter[] params = f.getParameters();
        IASTInitializerClause[] args = c.getArguments();
        for (int i = 0; i < Math.min(params.length, args.length); i++) {
            if (isPointerVariable.test(params[i]) && args[i] instanceof IASTExpression arg) {
                flow(arg, params[i]);
            }
        }
    }

    /** The constraints of assigning {@code e} to the node {@code to}: a pointer variable or a stored value. */
    private void flow(IASTExpression expression, Object to) {
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
        } else if (e instanceof IASTFunctionCallExpression call && ExpressionLowering.strip(call.getFunctionNameExpression())
                instanceof IASTIdExpression name && name.getName().resolveBinding() instanceof IFunction f) {
            edges.computeIfAbsent(f, k -> new LinkedHashSet<>()).add(to);
            base.computeIfAbsent(f, k -> new LinkedHashSet<>());
        } else if (through(e) != null) {
            loads.computeIfAbsent(through(e), k -> new LinkedHashSet<>()).add(to);
            base.computeIfAbsent(to, k -> new LinkedHashSet<>());
        } else if (e instanceof IASTConditionalExpression c && c.getPositiveResultExpression() != null) {
            flow(c.getPositiveResultExpression(), to);
            flow(c.getNegativeResultExpression(), to);
        } else if (e instanceof IASTCastExpression c) {
            flow(c.getOperand(), to);
        }
        // anything else is refused where it is lowered, so it adds nothing here
    }

    /**
     * The least solution: every node's base set, propagated along the edges, with the edges of the
     * loads and stores through each pointer to a pointer added as its targets grow, to a fixpoint.
     */
    private void solve() {
        base.forEach((k, v) -> solution.put(k, new LinkedHashSet<>(v)));
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Map.Entry<IBinding, Set<Object>> load : loads.entrySet()) {
                for (IBinding t : targets(load.getKey())) {
                    changed |= edges.computeIfAbsent(t, k -> new LinkedHashSet<>()).addAll(load.getValue());
                }
            }
            for (Map.Entry<IBinding, Set<Object>> store : stores.entrySet()) {
                for (IBinding t : targets(store.getKey())) {
                    for (Object node : store.getValue()) {
                        changed |= edges.computeIfAbsent(node, k -> new LinkedHashSet<>()).add(t);
                    }
                }
            }
            for (Map.Entry<Object, Set<Object>> edge : edges.entrySet()) {
                Set<IBinding> from = solution.computeIfAbsent(edge.getKey(), k -> new LinkedHashSet<>());
                for (Object to : edge.getValue()) {
                    changed |= solution.computeIfAbsent(to, k -> new LinkedHashSet<>()).addAll(from);
                    changed |= nullable.contains(edge.getKey()) && nullable.add(to);
                }
            }
        }
    }

    /** What {@code pp} may point to, a pointer parameter among them standing for what every call passed it. */
    private List<IBinding> targets(IBinding pp) {
        Set<IBinding> out = new LinkedHashSet<>();
        Set<IBinding> seen = new HashSet<>();
        List<IBinding> work = new ArrayList<>(solution.getOrDefault(pp, Set.of()));
        while (!work.isEmpty()) {
            IBinding b = work.remove(work.size() - 1);
            if (!seen.add(b)) {
                continue;
            }
            if (b instanceof IParameter param && isPointerVariable.test(param)) {
                work.addAll(solution.getOrDefault(param, Set.of()));
            } else {
                out.add(b);
            }
        }
        return new ArrayList<>(out);
    }

    /**
     * What the pointer variable {@code p} may point to: scalar and pointer variables, and pointer
     * parameters for what their callers passed; besides these, p holds what it was passed (a
     * parameter: what every call passed it).
     */
    Set<IBinding> of(IBinding p) {
        return solution.getOrDefault(p, Set.of());
    }

    /** What the pointers the function {@code f} returns may point to, a pointer parameter among them standing for what every call passed it. */
    List<IBinding> returns(IFunction f) {
        return targets(f);
    }

    /** Whether the pointer variable {@code p} may be null: assigned a null pointer constant, or a pointer that may be. */
    boolean mayBeNull(IBinding p) {
        return nullable.contains(p);
    }
}
