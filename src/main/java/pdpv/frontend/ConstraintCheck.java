package pdpv.frontend;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTName;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTParameterDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTStandardFunctionDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTTranslationUnit;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IFunction;
import org.eclipse.cdt.core.dom.ast.IProblemBinding;
import org.eclipse.cdt.core.dom.ast.ISemanticProblem;
import org.eclipse.cdt.core.dom.ast.IVariable;
import org.eclipse.cdt.internal.core.dom.parser.ASTNode;

/**
 * The constraints of C11 (the rules whose violation needs a diagnostic, §5.1.1.3) that gcc reports
 * as errors in its default GNU mode and CDT's parser leaves to the compiler, checked over the whole
 * translation unit, functions the entry never calls included, as gcc does: names CDT could not
 * resolve ({@code IProblemBinding}: undeclared identifiers, a parameter declared again in the
 * function's block), assignment and increment of a {@code const} object (§6.5.16, §6.5.2.4), an
 * identifier without linkage declared twice in one scope (§6.7p3), two definitions of one object or
 * function (§6.9p5), and a call of a function with a prototype in scope with another number of
 * arguments than the prototype has parameters (§6.5.2.2p2; an argument to a {@code (void)}
 * function among them). What gcc accepts with a warning stays accepted: K&R definitions and
 * {@code ()} declarations (no prototype, so any number of arguments), implicit declarations of
 * undeclared functions, implicit int. All violations are reported together, located at the first.
 */
final class ConstraintCheck {
    private final List<Violation> violations = new ArrayList<>();

    /** A violated constraint: where, and gcc's wording of it. */
    private record Violation(IASTNode node, String message) {
    }

    /** A prototype of a function: where it is declared, how many parameters it has, whether it ends in {@code ...}. */
    private record Prototype(int offset, int parameters, boolean varargs) {
    }

    private ConstraintCheck() {
    }

    /** Throws one {@link UserError} of kind SYNTAX listing every violated constraint, if there is one. */
    static void check(IASTTranslationUnit tu, SourceLocator locator) {
        ConstraintCheck c = new ConstraintCheck();
        c.uses(tu);
        c.declarations(tu);
        if (!c.violations.isEmpty()) {
            c.violations.sort(Comparator.comparingInt(v -> offset(v.node())));
            throw UserError.combined(c.violations.stream()
                    .map(v -> new UserError(UserError.Kind.SYNTAX, locator.loc(v.node()), v.message())).toList());
        }
    }

    /** Two definitions of one function or file-scope object; an identifier without linkage declared twice in a block. */
    private void declarations(IASTTranslationUnit tu) {
        Set<String> functions = new HashSet<>();
        Set<IBinding> initialized = new HashSet<>();
        for (IASTDeclaration d : tu.getDeclarations()) {
            if (d instanceof IASTFunctionDefinition f) {
                IASTName name = TypeResolver.innermost(f.getDeclarator()).getName();
                if (!functions.add(name.toString())) {
                    violations.add(new Violation(name, "redefinition of '" + name + "'"));
                }
            } else if (d instanceof IASTSimpleDeclaration sd) {
                for (IASTDeclarator declarator : sd.getDeclarators()) {
                    IASTName name = TypeResolver.innermost(declarator).getName();
                    if (declarator.getInitializer() != null && name.resolveBinding() instanceof IVariable v
                            && !initialized.add(v)) {
                        violations.add(new Violation(name, "redefinition of '" + name + "'"));
                    }
                }
            }
        }
        Map<IBinding, Boolean> blockScope = new HashMap<>();
        tu.accept(new ASTVisitor() {
            {
                shouldVisitDeclarations = true;
            }

            @Override
            public int visit(IASTDeclaration d) {
                if (d.getParent() instanceof IASTTranslationUnit || !(d instanceof IASTSimpleDeclaration sd)) {
                    return PROCESS_CONTINUE;
                }
                int storage = sd.getDeclSpecifier().getStorageClass();
                if (storage == IASTDeclSpecifier.sc_typedef) {
                    return PROCESS_CONTINUE;
                }
                boolean extern = storage == IASTDeclSpecifier.sc_extern;
                for (IASTDeclarator declarator : sd.getDeclarators()) {
                    IASTName name = TypeResolver.innermost(declarator).getName();
                    if (!(name.resolveBinding() instanceof IVariable v)) {
                        continue;
                    }
                    Boolean before = blockScope.put(v, extern);
                    if (before != null && !(before && extern)) {
                        violations.add(new Violation(name, "redeclaration of '" + name + "' in the same scope"));
                    }
                }
                return PROCESS_CONTINUE;
            }
        });
    }

    /**
     * Unresolved names, writes to const objects, calls with the wrong number of arguments. Runs
     * first: CDT resolves a name on first request, and only in source order does a parameter's
     * redeclaration in the function's block resolve to a problem rather than to a new variable.
     */
    private void uses(IASTTranslationUnit tu) {
        Map<IBinding, List<Prototype>> prototypes = prototypes(tu);
        tu.accept(new ASTVisitor() {
            {
                shouldVisitNames = true;
                shouldVisitExpressions = true;
            }

            @Override
            public int visit(IASTName name) {
                if (name.resolveBinding() instanceof IProblemBinding p) {
                    violations.add(new Violation(name, switch (p.getID()) {
                        case ISemanticProblem.BINDING_NOT_FOUND -> "'" + name + "' undeclared";
                        case ISemanticProblem.BINDING_INVALID_REDECLARATION, ISemanticProblem.BINDING_INVALID_REDEFINITION ->
                                "redeclaration of '" + name + "'";
                        case ISemanticProblem.BINDING_LABEL_STATEMENT_NOT_FOUND -> "label '" + name + "' used but not defined";
                        default -> p.getMessage();
                    }));
                }
                return PROCESS_CONTINUE;
            }

            @Override
            public int visit(IASTExpression e) {
                if (e instanceof IASTBinaryExpression b && Operators.isAssignment(b.getOperator())) {
                    readOnly(b.getOperand1(), "assignment of");
                } else if (e instanceof IASTUnaryExpression u) {
                    switch (u.getOperator()) {
                        case IASTUnaryExpression.op_prefixIncr, IASTUnaryExpression.op_postFixIncr -> readOnly(u.getOperand(), "increment of");
                        case IASTUnaryExpression.op_prefixDecr, IASTUnaryExpression.op_postFixDecr -> readOnly(u.getOperand(), "decrement of");
                        default -> { }
                    }
                } else if (e instanceof IASTFunctionCallExpression call) {
                    arguments(call, prototypes);
                }
                return PROCESS_CONTINUE;
            }
        });
    }

    private void readOnly(IASTExpression target, String what) {
        if (ExpressionLowering.strip(target) instanceof IASTIdExpression id && id.getName().resolveBinding() instanceof IVariable v
                && TypeResolver.isConst(v.getType())) {
            violations.add(new Violation(target, what + " read-only variable '" + id.getName() + "'"));
        }
    }

    private void arguments(IASTFunctionCallExpression call, Map<IBinding, List<Prototype>> prototypes) {
        if (!(ExpressionLowering.strip(call.getFunctionNameExpression()) instanceof IASTIdExpression id)) {
            return;
        }
        List<Prototype> known = prototypes.getOrDefault(id.getName().resolveBinding(), List.of());
        if (known.isEmpty() || known.get(0).offset() > offset(call)) {
            return;
        }
        Prototype p = known.get(0);
        int given = call.getArguments().length;
        if (given < p.parameters()) {
            violations.add(new Violation(call, "too few arguments to function '" + id.getName() + "'"));
        } else if (given > p.parameters() && !p.varargs()) {
            violations.add(new Violation(call, "too many arguments to function '" + id.getName() + "'"));
        }
    }

    /** Every prototype of every function, in source order: declarators with a parameter type list ({@code (void)} included). */
    private static Map<IBinding, List<Prototype>> prototypes(IASTTranslationUnit tu) {
        Map<IBinding, List<Prototype>> out = new HashMap<>();
        tu.accept(new ASTVisitor() {
            {
                shouldVisitDeclarators = true;
            }

            @Override
            public int visit(IASTDeclarator declarator) {
                if (declarator instanceof IASTStandardFunctionDeclarator f && f.getParameters().length > 0
                        && TypeResolver.innermost(f).getName().resolveBinding() instanceof IFunction function) {
                    IASTParameterDeclaration[] ps = f.getParameters();
                    int count = ps.length == 1 && isVoid(ps[0]) ? 0 : ps.length;
                    out.computeIfAbsent(function, k -> new ArrayList<>()).add(new Prototype(offset(f), count, f.takesVarArgs()));
                }
                return PROCESS_CONTINUE;
            }
        });
        return out;
    }

    /** The parameter list {@code (void)}: a lone unnamed parameter of type void. */
    private static boolean isVoid(IASTParameterDeclaration p) {
        return p.getDeclSpecifier() instanceof IASTSimpleDeclSpecifier s && s.getType() == IASTSimpleDeclSpecifier.t_void
                && p.getDeclarator().getPointerOperators().length == 0 && p.getDeclarator().getName().toString().isEmpty();
    }

    /** A node's place in the translation unit as parsed, headers included where they were included. */
    private static int offset(IASTNode node) {
        return node instanceof ASTNode a ? a.getOffset() : 0;
    }
}
