package pdpv.frontend;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTCaseStatement;
import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTDefaultStatement;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTReturnStatement;
import org.eclipse.cdt.core.dom.ast.IASTForStatement;
import org.eclipse.cdt.core.dom.ast.IASTConditionalExpression;
import org.eclipse.cdt.core.dom.ast.IASTCastExpression;
import org.eclipse.cdt.core.dom.ast.IASTExpressionList;
import org.eclipse.cdt.core.dom.ast.IASTExpressionStatement;
import org.eclipse.cdt.core.dom.ast.IASTFieldReference;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTName;
import org.eclipse.cdt.core.dom.ast.IASTNamedTypeSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTParameterDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTStandardFunctionDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTStatement;
import org.eclipse.cdt.core.dom.ast.IASTSwitchStatement;
import org.eclipse.cdt.core.dom.ast.IASTTranslationUnit;
import org.eclipse.cdt.core.dom.ast.IASTTypeIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IArrayType;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IField;
import org.eclipse.cdt.core.dom.ast.IFunction;
import org.eclipse.cdt.core.dom.ast.IFunctionType;
import org.eclipse.cdt.core.dom.ast.IPointerType;
import org.eclipse.cdt.core.dom.ast.IProblemBinding;
import org.eclipse.cdt.core.dom.ast.ISemanticProblem;
import org.eclipse.cdt.core.dom.ast.IType;
import org.eclipse.cdt.core.dom.ast.ITypedef;
import org.eclipse.cdt.core.dom.ast.IVariable;
import org.eclipse.cdt.core.dom.ast.gnu.IGNUASTCompoundStatementExpression;
import org.eclipse.cdt.core.dom.ast.gnu.c.ICASTKnRFunctionDeclarator;
import org.eclipse.cdt.internal.core.dom.parser.ASTNode;
import org.eclipse.cdt.internal.core.dom.parser.c.CExternalFunction;
import org.eclipse.cdt.internal.core.dom.parser.c.CVisitor;
import pdpv.cfg.SourceLoc;
import pdpv.semantics.CType;

/**
 * The constraints of C11 (the rules whose violation needs a diagnostic, §5.1.1.3) that gcc reports
 * as errors in its default GNU mode and CDT's parser leaves to the compiler, checked over the whole
 * translation unit, functions the entry never calls included, as gcc does: names CDT could not
 * resolve ({@code IProblemBinding}: undeclared identifiers, a parameter declared again in the
 * function's block); assignment and increment of a {@code const} object or of what is no lvalue
 * (§6.5.16, §6.5.2.4); a call of what is no function, or of a function with a prototype in scope
 * with another number of arguments than it has parameters (§6.5.2.2: an argument to a
 * {@code (void)} function among them), a parameter of type void other than a lone {@code (void)};
 * an identifier without linkage declared twice in one scope,
 * a block-scope {@code extern} with an initializer, an object of type void (§6.7); two
 * definitions of one object or function and declarations of one of them with conflicting types
 * (§6.9, §6.2.7); a case label that is not constant and two {@code default} labels in one switch
 * (§6.8.4.2); a failed {@code _Static_assert} (§6.7.10); the address or {@code sizeof} of a
 * bit-field (§6.5.3.2p1, §6.5.3.4p1). What gcc accepts with a warning stays
 * accepted: K&R definitions and {@code ()} declarations (no prototype, so any number of
 * arguments), implicit declarations of undeclared functions, implicit int. All violations are
 * reported together, located at the first.
 */
final class ConstraintCheck {
    private final TypeResolver types;
    private final List<Violation> violations = new ArrayList<>();

    /** A violated constraint: where, and gcc's wording of it. */
    private record Violation(IASTNode node, String message) {
    }

    /**
     * A function declarator that says how many parameters the function has: a prototype (a
     * parameter type list, {@code (void)} included), or the parameter list of a K&R definition,
     * which is no prototype for calls but must agree with one.
     */
    private record Signature(IASTFunctionDeclarator declarator, int parameters, boolean varargs, boolean prototype) {
        int offset() {
            return ConstraintCheck.offset(declarator);
        }

        IASTName name() {
            return TypeResolver.innermost(declarator).getName();
        }
    }

    private ConstraintCheck(TypeResolver types) {
        this.types = types;
    }

    /** Throws one {@link UserError} of kind SYNTAX listing every violated constraint, if there is one. */
    static void check(IASTTranslationUnit tu, SourceLocator locator, TypeResolver types) {
        ConstraintCheck c = new ConstraintCheck(types);
        c.uses(tu);
        c.declarations(tu);
        if (!c.violations.isEmpty()) {
            c.violations.sort(Comparator.comparingInt(v -> offset(v.node())));
            throw UserError.combined(c.violations.stream()
                    .map(v -> new UserError(UserError.Kind.SYNTAX, locator.loc(v.node()), v.message())).toList());
        }
    }

    /**
     * Unresolved names, writes to const objects and to what is no lvalue, calls, case labels. Runs
     * first: CDT resolves a name on first request, and only in source order does a parameter's
     * redeclaration in the function's block resolve to a problem rather than to a new variable.
     */
    private void uses(IASTTranslationUnit tu) {
        Map<IBinding, List<Signature>> signatures = signatures(tu);
        for (List<Signature> all : signatures.values()) {
            Signature first = all.stream().filter(Signature::prototype).findFirst().orElse(null);
            for (Signature other : all) {
                if (first != null && other != first && (other.parameters() != first.parameters() || other.varargs() != first.varargs())) {
                    violations.add(new Violation(other.name(), "conflicting types for '" + other.name() + "'"));
                }
            }
        }
        tu.accept(new ASTVisitor() {
            {
                shouldVisitNames = true;
                shouldVisitExpressions = true;
                shouldVisitStatements = true;
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
                    written(b.getOperand1(), "assignment of", "left operand of assignment");
                } else if (e instanceof IASTUnaryExpression u && Operators.isIncrement(u.getOperator())) {
                    boolean increment = u.getOperator() == IASTUnaryExpression.op_prefixIncr
                            || u.getOperator() == IASTUnaryExpression.op_postFixIncr;
                    written(u.getOperand(), increment ? "increment of" : "decrement of", increment ? "increment operand" : "decrement operand");
                } else if (e instanceof IASTFunctionCallExpression call) {
                    call(call, signatures);
                } else if (e instanceof IASTUnaryExpression u && isBitField(u.getOperand())) {
                    if (u.getOperator() == IASTUnaryExpression.op_amper) {
                        violations.add(new Violation(u, "cannot take address of bit-field '" + bitFieldName(u.getOperand()) + "'"));
                    } else if (u.getOperator() == IASTUnaryExpression.op_sizeof) {
                        violations.add(new Violation(u, "'sizeof' applied to a bit-field"));
                    }
                }
                if (isVoid(e) && !valueIgnored(e)) {
                    violations.add(new Violation(e, "void value not ignored as it ought to be"));
                }
                return PROCESS_CONTINUE;
            }

            @Override
            public int visit(IASTStatement s) {
                if (s instanceof IASTCaseStatement c && !isConstant(c.getExpression())) {
                    violations.add(new Violation(c, "case label does not reduce to an integer constant"));
                } else if (s instanceof IASTSwitchStatement sw) {
                    defaults(sw);
                }
                return PROCESS_CONTINUE;
            }
        });
    }

    /**
     * Whether {@code e} has type void: a call of a void function (not of an undeclared one, whose
     * type is int as gcc reads C89's implicit declaration; CDT gives it none), a cast to void, a
     * statement expression, and a comma or conditional expression of those.
     */
    private boolean isVoid(IASTExpression e) {
        IASTExpression x = ExpressionLowering.strip(e);
        if (x instanceof IASTFunctionCallExpression call) {
            return !(ExpressionLowering.strip(call.getFunctionNameExpression()) instanceof IASTIdExpression id
                    && id.getName().resolveBinding() instanceof CExternalFunction) && types.isVoid(x.getExpressionType());
        }
        if (x instanceof IASTExpressionList list) {
            IASTExpression[] parts = list.getExpressions();
            return isVoid(parts[parts.length - 1]);
        }
        if (x instanceof IASTConditionalExpression c && c.getPositiveResultExpression() != null) {
            return isVoid(c.getPositiveResultExpression()) || isVoid(c.getNegativeResultExpression());
        }
        // only these have a type of their own that can be void; CDT types an operator void when an operand is
        return (x instanceof IASTCastExpression || x instanceof IGNUASTCompoundStatementExpression) && types.isVoid(x.getExpressionType());
    }

    /**
     * Whether the value of {@code e} is not used: a statement, a cast to void, an operand of
     * {@code ,} or an arm of {@code ?:} (that expression is then void itself, and checked), the
     * clauses of {@code for} besides its condition, or what a void function returns.
     */
    private boolean valueIgnored(IASTExpression e) {
        IASTNode parent = e.getParent();
        if (parent instanceof IASTExpressionStatement || parent instanceof IASTExpressionList) {
            return true;
        }
        if (parent instanceof IASTCastExpression c) {
            return types.isVoid(c.getExpressionType());
        }
        if (parent instanceof IASTConditionalExpression c) {
            return e != c.getLogicalConditionExpression();
        }
        if (parent instanceof IASTUnaryExpression u) {
            return u.getOperator() == IASTUnaryExpression.op_bracketedPrimary;
        }
        if (parent instanceof IASTForStatement f) {
            return e != f.getConditionExpression();
        }
        if (parent instanceof IASTReturnStatement) {
            for (IASTNode n = parent; n != null; n = n.getParent()) {
                if (n instanceof IASTFunctionDefinition f) {
                    return TypeResolver.innermost(f.getDeclarator()).getName().resolveBinding() instanceof IFunction function
                            && types.isVoid(function.getType().getReturnType());
                }
            }
        }
        return false;
    }

    /** Whether {@code e} designates a bit-field member ({@code x.a}, {@code p->a}), which has no address (§6.5.3.2p1, §6.5.3.4p1). */
    private static boolean isBitField(IASTExpression e) {
        return ExpressionLowering.strip(e) instanceof IASTFieldReference r
                && r.getFieldName().resolveBinding() instanceof IField f && TypeResolver.isBitField(f);
    }

    private static String bitFieldName(IASTExpression e) {
        return ((IASTFieldReference) ExpressionLowering.strip(e)).getFieldName().toString();
    }

    /** The target of an assignment or increment must be a modifiable lvalue. */
    private void written(IASTExpression target, String what, String operand) {
        IASTExpression t = ExpressionLowering.strip(target);
        if (t instanceof IASTIdExpression id) {
            IBinding b = id.getName().resolveBinding();
            if (b instanceof IVariable v && TypeResolver.isConst(v.getType())) {
                violations.add(new Violation(target, what + " read-only variable '" + id.getName() + "'"));
            } else if (!(b instanceof IVariable) && !(b instanceof IProblemBinding)) {
                violations.add(new Violation(target, "lvalue required as " + operand));
            }
        } else if (!(t instanceof IASTArraySubscriptExpression || t instanceof IASTFieldReference
                || t instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_star)) {
            violations.add(new Violation(target, "lvalue required as " + operand));
        } else if (TypeResolver.isConst(t.getExpressionType())) {
            // a cell of a const array, a member of a const struct, what a pointer to const points to
            violations.add(new Violation(target, what + " read-only location '" + SourceLocator.text(t) + "'"));
        }
    }

    /** A call must call a function (or a pointer to one), with as many arguments as its prototype in scope says. */
    private void call(IASTFunctionCallExpression call, Map<IBinding, List<Signature>> signatures) {
        if (!(ExpressionLowering.strip(call.getFunctionNameExpression()) instanceof IASTIdExpression id)) {
            return;
        }
        IBinding callee = id.getName().resolveBinding();
        if (callee instanceof IVariable v && !isFunctionOrPointerToOne(v.getType())) {
            violations.add(new Violation(call, "called object '" + id.getName() + "' is not a function"));
            return;
        }
        Signature p = signatures.getOrDefault(callee, List.of()).stream()
                .filter(s -> s.prototype() && s.offset() < offset(call)).findFirst().orElse(null);
        if (p == null) {
            return;
        }
        int given = call.getArguments().length;
        if (given < p.parameters()) {
            violations.add(new Violation(call, "too few arguments to function '" + id.getName() + "'"));
        } else if (given > p.parameters() && !p.varargs()) {
            violations.add(new Violation(call, "too many arguments to function '" + id.getName() + "'"));
        }
    }

    private static boolean isFunctionOrPointerToOne(IType type) {
        IType t = TypeResolver.strip(type);
        return t instanceof IFunctionType || t instanceof IPointerType p && TypeResolver.strip(p.getType()) instanceof IFunctionType;
    }

    /** An integer constant expression reads no variable and calls nothing (operands of sizeof are not evaluated). */
    private static boolean isConstant(IASTExpression e) {
        boolean[] constant = {true};
        e.accept(new ASTVisitor() {
            {
                shouldVisitExpressions = true;
            }

            @Override
            public int visit(IASTExpression x) {
                if (x instanceof IASTTypeIdExpression || x instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_sizeof) {
                    return PROCESS_SKIP;
                }
                if (x instanceof IASTFunctionCallExpression || SideEffects.has(x)
                        || x instanceof IASTIdExpression id && id.getName().resolveBinding() instanceof IVariable) {
                    constant[0] = false;
                    return PROCESS_ABORT;
                }
                return PROCESS_CONTINUE;
            }
        });
        return constant[0];
    }

    /** At most one {@code default} label in a switch (those of nested switches are theirs). */
    private void defaults(IASTSwitchStatement sw) {
        int[] count = {0};
        sw.getBody().accept(new ASTVisitor() {
            {
                shouldVisitStatements = true;
            }

            @Override
            public int visit(IASTStatement s) {
                if (s instanceof IASTSwitchStatement) {
                    return PROCESS_SKIP;
                }
                if (s instanceof IASTDefaultStatement && ++count[0] == 2) {
                    violations.add(new Violation(s, "multiple default labels in one switch"));
                }
                return PROCESS_CONTINUE;
            }
        });
    }

    /**
     * The signatures of every function, in source order. A parameter of type void other than a
     * lone {@code (void)} is a violation.
     */
    private Map<IBinding, List<Signature>> signatures(IASTTranslationUnit tu) {
        Map<IBinding, List<Signature>> out = new HashMap<>();
        tu.accept(new ASTVisitor() {
            {
                shouldVisitDeclarators = true;
            }

            @Override
            public int visit(IASTDeclarator declarator) {
                if (!(declarator instanceof IASTFunctionDeclarator f)
                        || !(TypeResolver.innermost(f).getName().resolveBinding() instanceof IFunction function)) {
                    return PROCESS_CONTINUE;
                }
                boolean definition = f.getParent() instanceof IASTFunctionDefinition;
                Signature signature = null;
                if (f instanceof ICASTKnRFunctionDeclarator knr) {
                    signature = definition ? new Signature(f, knr.getParameterNames().length, false, false) : null;
                } else if (f instanceof IASTStandardFunctionDeclarator std && std.getParameters().length > 0) {
                    IASTParameterDeclaration[] ps = std.getParameters();
                    if (isIdentifierList(std)) {
                        signature = definition ? new Signature(f, ps.length, false, false) : null;
                    } else {
                        int count = ps.length == 1 && isVoid(ps[0]) ? 0 : ps.length;
                        voidParameters(ps, count);
                        signature = new Signature(f, count, std.takesVarArgs(), true);
                    }
                }
                if (signature != null) {
                    out.computeIfAbsent(function, k -> new ArrayList<>()).add(signature);
                }
                return PROCESS_CONTINUE;
            }
        });
        return out;
    }

    private void voidParameters(IASTParameterDeclaration[] ps, int count) {
        for (IASTParameterDeclaration p : ps) {
            if (count > 0 && p.getDeclSpecifier() instanceof IASTSimpleDeclSpecifier v
                    && v.getType() == IASTSimpleDeclSpecifier.t_void && p.getDeclarator().getPointerOperators().length == 0
                    && !(p.getDeclarator() instanceof IASTFunctionDeclarator)) {
                violations.add(new Violation(p, "parameter of type void ('void' must be the only parameter, unnamed)"));
            }
        }
    }

    /**
     * A K&R identifier list in a declaration, {@code int f(a, b);}, no prototype: CDT reads each
     * name as a parameter without type, or as the type of an unnamed one although no typedef of
     * that name is declared.
     */
    private static boolean isIdentifierList(IASTStandardFunctionDeclarator f) {
        for (IASTParameterDeclaration p : f.getParameters()) {
            if (p.getDeclSpecifier().getRawSignature().isBlank()
                    || p.getDeclSpecifier() instanceof IASTNamedTypeSpecifier n && !(n.getName().resolveBinding() instanceof ITypedef)) {
                return true;
            }
        }
        return false;
    }

    /** The parameter list {@code (void)}: a lone unnamed parameter of type void. */
    private static boolean isVoid(IASTParameterDeclaration p) {
        return p.getDeclSpecifier() instanceof IASTSimpleDeclSpecifier s && s.getType() == IASTSimpleDeclSpecifier.t_void
                && p.getDeclarator().getPointerOperators().length == 0 && p.getDeclarator().getName().toString().isEmpty();
    }

    /**
     * Redefinitions and conflicting types at file scope; objects of type void, block-scope
     * redeclarations and initialized {@code extern}s; failed static assertions.
     */
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
        Map<IBinding, IType> declaredTypes = new LinkedHashMap<>();
        tu.accept(new ASTVisitor() {
            {
                shouldVisitDeclarations = true;
            }

            @Override
            public int visit(IASTDeclaration d) {
                IASTFunctionDeclarator definition = d instanceof IASTFunctionDefinition f ? f.getDeclarator() : null;
                if (definition != null) {
                    conflicting(definition, declaredTypes);
                }
                if (!(d instanceof IASTSimpleDeclaration sd)) {
                    return PROCESS_CONTINUE;
                }
                int storage = sd.getDeclSpecifier().getStorageClass();
                boolean fileScope = d.getParent() instanceof IASTTranslationUnit;
                boolean extern = storage == IASTDeclSpecifier.sc_extern;
                for (IASTDeclarator declarator : sd.getDeclarators()) {
                    IASTName name = TypeResolver.innermost(declarator).getName();
                    if (storage == IASTDeclSpecifier.sc_typedef) {
                        staticAssertion(sd, declarator);
                        continue;
                    }
                    conflicting(declarator, declaredTypes);
                    if (!(name.resolveBinding() instanceof IVariable v)) {
                        continue;
                    }
                    if (!extern && types.isVoid(v.getType())) {
                        violations.add(new Violation(name, "variable '" + name + "' declared void"));
                    }
                    if (fileScope) {
                        continue;
                    }
                    if (extern && declarator.getInitializer() != null) {
                        violations.add(new Violation(name, "'" + name + "' has both 'extern' and initializer"));
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
     * A declaration of a function or object that an earlier one declared with another type: another
     * integer type, void against non-void, or prototypes with other parameter counts. Types PDPV
     * does not model (pointers, arrays...) are left to the compiler.
     */
    private void conflicting(IASTDeclarator declarator, Map<IBinding, IType> declared) {
        IASTName name = TypeResolver.innermost(declarator).getName();
        IBinding binding = name.resolveBinding();
        if (!(binding instanceof IFunction || binding instanceof IVariable) || binding instanceof IProblemBinding) {
            return;
        }
        IType type = CVisitor.createType(declarator);
        IType before = declared.putIfAbsent(binding, type);
        if (before == null || compatible(before, type)) {
            return;
        }
        violations.add(new Violation(name, "conflicting types for '" + name + "'"));
    }

    private boolean compatible(IType a, IType b) {
        if (a instanceof IFunctionType fa && b instanceof IFunctionType fb) {
            return compatible(fa.getReturnType(), fb.getReturnType());
        }
        if (types.isVoid(a) || types.isVoid(b)) {
            return types.isVoid(a) == types.isVoid(b);
        }
        if (types.isInteger(a) && types.isInteger(b)) {
            SourceLoc nowhere = SourceLoc.UNKNOWN;
            CType x = types.resolve(a, nowhere);
            CType y = types.resolve(b, nowhere);
            return x.equals(y);
        }
        return true;
    }

    /** A {@code _Static_assert} (a typedef of {@link CdtParser#STATIC_ASSERT}) whose condition is 0. */
    private void staticAssertion(IASTSimpleDeclaration sd, IASTDeclarator declarator) {
        if (TypeResolver.innermost(declarator).getName().toString().equals(CdtParser.STATIC_ASSERT)
                && CVisitor.createType(declarator) instanceof IArrayType array && array.getSize() != null
                && array.getSize().numberValue() != null && array.getSize().numberValue().longValue() < 0) {
            violations.add(new Violation(sd, "static assertion failed: " + SourceLocator.text(sd)));
        }
    }

    /** A node's place in the translation unit as parsed, headers included where they were included. */
    private static int offset(IASTNode node) {
        return node instanceof ASTNode a ? a.getOffset() : 0;
    }
}
