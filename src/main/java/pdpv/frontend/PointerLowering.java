package pdpv.frontend;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.cdt.core.dom.ast.DOMException;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTCastExpression;
import org.eclipse.cdt.core.dom.ast.IASTConditionalExpression;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFieldReference;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTLiteralExpression;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IParameter;
import org.eclipse.cdt.core.dom.ast.IPointerType;
import org.eclipse.cdt.core.dom.ast.IScope;
import org.eclipse.cdt.core.dom.ast.IType;
import org.eclipse.cdt.core.dom.ast.IVariable;
import pdpv.cfg.Addresses;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Variable;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CType;

/**
 * Lowers pointers to scalar integer variables that the program owns (issue #20): {@code &x},
 * pointer variables, {@code *p} read and written, pointer parameters of inlined callees,
 * {@code p == q}. Each variable whose address is taken gets an id (1, 2, ...); a pointer's value
 * is the id of its target, held by a variable of the id type; its possible targets come from
 * Andersen's analysis ({@link PointsTo}) and a dereference is the choice between them
 * ({@link LValue.Choice}), or the one target itself. A pointer parameter of an inlined callee that
 * the callee does not assign is its argument's pointer, resolved statically. Refused: pointers
 * without initializer, null pointers, pointer arithmetic and ordering, pointers to pointers,
 * globals and statics of pointer type, a pointer's conversion to another type.
 */
final class PointerLowering {
    /** Ids fit the unsigned char id type; 0 is no variable's. */
    private static final int MAX_TARGETS = 255;

    private final LoweringContext ctx;
    private final CType idType;
    private final Map<Variable, Long> ids = new LinkedHashMap<>();
    /** Each pointer variable's C name and targets, for C text of the program's state. */
    private final Map<Variable, Addresses.PointerVariable> pointerVariables = new LinkedHashMap<>();
    private final Map<IASTFunctionDefinition, PointsTo> analyses = new HashMap<>();
    /** For each pointer variable (by binding), the analysis of the function that declares it. */
    private final Map<IBinding, PointsTo> analysisOf = new HashMap<>();

    PointerLowering(LoweringContext ctx) {
        this.ctx = ctx;
        this.idType = ctx.types.semantics().type(CType.Kind.CHAR, false);
    }

    /** Whether {@code type} is a pointer to an integer type. */
    boolean isPointerType(IType type) {
        return TypeResolver.strip(type) instanceof IPointerType p && ctx.types.isInteger(p.getType());
    }

    /**
     * Whether {@code e} is a pointer to a scalar variable: not one into an array (which
     * {@link ArrayLowering} reads), a null pointer constant or a string literal (accepted where
     * nothing reads them, as before pointers were read: {@code __assert_fail}'s strings).
     */
    boolean isPointer(IASTExpression e) {
        return isPointerType(e.getExpressionType()) && !ctx.arrays.pointsIntoArray(e) && !isNull(e) && !isString(e);
    }

    private static boolean isString(IASTExpression e) {
        return ExpressionLowering.strip(e) instanceof IASTLiteralExpression l && l.getKind() == IASTLiteralExpression.lk_string_literal;
    }

    private Expr idOf(Variable v, SourceLoc loc) {
        Long id = ids.get(v);
        if (id == null) {
            if (ids.size() >= MAX_TARGETS) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "more than " + MAX_TARGETS + " variables whose address is taken");
            }
            id = (long) ids.size() + 1;
            ids.put(v, id);
        }
        return new Expr.Const(idType, id);
    }

    /** The value of the pointer expression {@code e}, its side effects emitted. */
    Pointer value(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        SourceLoc loc = ctx.loc(e);
        if (ctx.arrays.pointsIntoArray(e)) {
            throw unsupported("pointer " + SourceLocator.text(e) + " into an array where a pointer to variables is expected"
                    + " (a pointer variable points either to variables or into one array)", e);
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper
                && ExpressionLowering.strip(u.getOperand()) instanceof IASTFieldReference r) {
            if (!(ctx.structs.member(r) instanceof Variable v) || v.isArray()) {
                throw unsupported("address of " + SourceLocator.text(r) + ", which is no integer member", e);
            }
            return new Pointer(idOf(v, loc), List.of(v));
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper) {
            if (!(ExpressionLowering.strip(u.getOperand()) instanceof IASTIdExpression x)
                    || !(x.getName().resolveBinding() instanceof IVariable xv) || !ctx.types.isInteger(xv.getType())) {
                throw unsupported("address of " + SourceLocator.text(u.getOperand()) + " (PDPV takes the address of integer variables"
                        + " and array cells)", e);
            }
            Variable v = ctx.variable(x.getName().resolveBinding(), x.getName().toString(), loc);
            return new Pointer(idOf(v, loc), List.of(v));
        }
        if (e instanceof IASTIdExpression id) {
            IBinding b = id.getName().resolveBinding();
            Pointer passed = ctx.frame().pointers().get(b);
            if (passed != null) {
                return passed;
            }
            Variable p = ctx.frame().pointerVariables().get(b);
            if (p == null) {
                throw unsupported("use of the pointer " + id.getName() + " (PDPV reads pointers that are local variables or"
                        + " parameters of called functions)", e);
            }
            return new Pointer(new Expr.VarRef(p), targets(b, id.getName().toString(), loc));
        }
        if (e instanceof IASTConditionalExpression c && c.getPositiveResultExpression() != null
                && !SideEffects.has(c.getPositiveResultExpression()) && !SideEffects.has(c.getNegativeResultExpression())) {
            Expr cond = ctx.expressions.value(c.getLogicalConditionExpression());
            Pointer a = value(c.getPositiveResultExpression());
            Pointer b = value(c.getNegativeResultExpression());
            Set<Variable> both = new LinkedHashSet<>(a.targets());
            both.addAll(b.targets());
            return new Pointer(new Expr.Ite(cond, a.id(), b.id(), idType), new ArrayList<>(both));
        }
        if (e instanceof IASTCastExpression c && isPointerType(c.getOperand().getExpressionType())
                && pointee(c.getExpressionType()).equals(pointee(c.getOperand().getExpressionType()))) {
            return value(c.getOperand());
        }
        if (isNull(e)) {
            throw unsupported("null pointer " + SourceLocator.text(e) + " (PDPV models pointers to variables only)", e);
        }
        if (e instanceof IASTCastExpression) {
            throw unsupported("pointer cast " + SourceLocator.text(e), e);
        }
        throw unsupported("pointer expression " + SourceLocator.text(e)
                + " (PDPV reads &x, pointer variables and c ? p : q; no pointer arithmetic)", e);
    }

    private CType pointee(IType pointer) {
        return ctx.types.resolve(((IPointerType) TypeResolver.strip(pointer)).getType(), null);
    }

    /** The object {@code *p} designates: its one possible target, or the choice between them. */
    LValue dereference(IASTUnaryExpression star) {
        Pointer p = value(star.getOperand());
        CType type = pointee(star.getOperand().getExpressionType());
        for (Variable t : p.targets()) {
            if (!t.type().equals(type)) {
                throw unsupported("pointer conversion: " + SourceLocator.text(star.getOperand()) + " may point to " + t.sourceName()
                        + " (" + t.type() + ") but is a pointer to " + type, star);
            }
        }
        if (p.targets().size() == 1) {
            return new LValue.Scalar(p.targets().get(0));
        }
        List<Expr> targetIds = new ArrayList<>();
        for (Variable t : p.targets()) {
            targetIds.add(idOf(t, ctx.loc(star)));
        }
        return new LValue.Choice(p.id(), p.targets(), targetIds);
    }

    /** The declaration of the local pointer variable {@code binding}, which must be initialized with an address. */
    void declare(IVariable binding, String name, IASTExpression init, IASTNode declarator, SourceLoc loc) {
        if (init == null) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "pointer " + name + " declared without initializer"
                    + " (PDPV needs every pointer to point to a variable or into an array from its declaration on)");
        }
        IASTFunctionDefinition definition = enclosing(declarator);
        PointsTo analysis = analyses.computeIfAbsent(definition,
                d -> PointsTo.of(d, b -> b instanceof IVariable v && isPointerType(v.getType())));
        analysisOf.put(binding, analysis);
        checkLifetimes(binding, analysis, loc);
        Variable p = ctx.ir.variable(ctx.frame().prefix() + name, name + " (pointer)", idType, Variable.Kind.TEMPORARY);
        ctx.ir.assign(p, value(init).id(), loc);
        ctx.frame().pointerVariables().put(binding, p);
        try {
            pointerVariables.put(p, new Addresses.PointerVariable(name, targets(binding, name, loc)));
        } catch (UserError notYet) {
            // a target declared after the pointer: this pointer has no C text (its uses are checked where they are)
        }
    }

    /** The ids of the variables whose address was taken and the pointer variables declared, so far. */
    Addresses addresses() {
        return new Addresses(ids, pointerVariables);
    }

    /** {@code p = e} for a local pointer variable {@code p}; the value is not wanted. */
    void assign(IASTBinaryExpression b) {
        IASTIdExpression id = (IASTIdExpression) ExpressionLowering.strip(b.getOperand1());
        Variable p = ctx.frame().pointerVariables().get(id.getName().resolveBinding());
        if (p == null) {
            throw unsupported("assignment to the pointer " + id.getName() + " (PDPV assigns pointers that are local variables)", b);
        }
        ctx.ir.assign(p, value(b.getOperand2()).id(), ctx.loc(b));
    }

    /** Whether {@code b} assigns a pointer variable of the function (not through it). */
    boolean isPointerAssignment(IASTBinaryExpression b) {
        return b.getOperator() == IASTBinaryExpression.op_assign && ExpressionLowering.strip(b.getOperand1()) instanceof IASTIdExpression
                && isPointer(b.getOperand1());
    }

    /** {@code a == b} or {@code a != b} where one operand is a pointer: its ids compared (a null constant is no id). */
    Expr compare(IASTBinaryExpression b) {
        BinaryOp op = b.getOperator() == IASTBinaryExpression.op_equals ? BinaryOp.EQ : BinaryOp.NE;
        Expr left = isNull(b.getOperand1()) ? new Expr.Const(idType, 0) : value(b.getOperand1()).id();
        Expr right = isNull(b.getOperand2()) ? new Expr.Const(idType, 0) : value(b.getOperand2()).id();
        return new Expr.Binary(op, left, right, ctx.typing.intType());
    }

    /** A null pointer constant: 0, possibly cast to a pointer type (NULL). */
    static boolean isNull(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        while (e instanceof IASTCastExpression c) {
            e = ExpressionLowering.strip(c.getOperand());
        }
        return e instanceof IASTLiteralExpression l && l.getKind() == IASTLiteralExpression.lk_integer_constant
                && String.valueOf(l.getValue()).matches("0+[uUlL]*");
    }

    /**
     * The variables the pointer variable {@code p} may point to, in this activation: its
     * points-to set, a parameter in it standing for what that parameter was passed.
     */
    private List<Variable> targets(IBinding p, String name, SourceLoc loc) {
        Set<Variable> out = new LinkedHashSet<>();
        for (IBinding b : analysisOf.get(p).of(p)) {
            Pointer passed = ctx.frame().pointers().get(b);
            if (passed != null) {
                out.addAll(passed.targets());
            } else if (b instanceof IParameter || !ctx.frame().locals().containsKey(b) && !ctx.globals.containsKey(b)) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "use of the pointer " + name + " where " + b.getName()
                        + ", which it may point to, is not declared yet");
            } else {
                out.add(ctx.variable(b, b.getName(), loc));
            }
        }
        if (out.isEmpty()) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "pointer " + name + " whose targets PDPV cannot resolve (a pointer"
                    + " variable points to integer variables, &x)");
        }
        return new ArrayList<>(out);
    }

    /**
     * Every local variable {@code p} may point to lives as long as {@code p}: its scope encloses
     * p's (a pointer to a variable of an inner block would dangle when the block ends).
     */
    private void checkLifetimes(IVariable p, PointsTo analysis, SourceLoc loc) {
        try {
            Set<IScope> enclosing = new java.util.HashSet<>();
            for (IScope s = p.getScope(); s != null; s = s.getParent()) {
                enclosing.add(s);
            }
            for (IBinding b : analysis.of(p)) {
                if (b instanceof IVariable x && !(b instanceof IParameter && ctx.frame().pointers().containsKey(b))
                        && !enclosing.contains(x.getScope())) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "pointer " + p.getName() + " to " + x.getName()
                            + ", which is declared in an inner block (it could dangle)");
                }
            }
        } catch (DOMException ex) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "pointer " + p.getName() + " whose scope cannot be resolved");
        }
    }

    private static IASTFunctionDefinition enclosing(IASTNode node) {
        IASTNode n = node;
        while (!(n instanceof IASTFunctionDefinition)) {
            n = n.getParent();
        }
        return (IASTFunctionDefinition) n;
    }

    private UserError unsupported(String what, IASTExpression e) {
        return new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(e), what);
    }
}
