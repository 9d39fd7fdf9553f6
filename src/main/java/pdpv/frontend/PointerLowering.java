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
import pdpv.cfg.UbGuards;
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
 * the callee does not assign is its argument's pointer, resolved statically. Null is the id 0: a
 * dereference of a pointer that may be null is checked ({@link LValue.Choice}, read as
 * {@code --array-bounds} says). Global and {@code static} pointer variables point to global and
 * static variables. A local pointer variable to structs is read the same way: a struct variable's id
 * stands for the whole struct ({@link #structOf}), and {@link StructLowering} makes {@code p->f} the
 * choice between the targets' members; so are global and static pointers to global and static
 * structs. Refused: pointer arithmetic and ordering, pointers to pointers, a pointer's conversion
 * to another type.
 */
final class PointerLowering {
    /** Ids fit the unsigned char id type; 0 is null's and 255 an indeterminate pointer's ({@link #INDETERMINATE}). */
    private static final int MAX_TARGETS = 254;
    /** The id a local pointer declared without initializer holds until it is assigned: no variable's, not null's. */
    static final long INDETERMINATE = 255;

    private final LoweringContext ctx;
    private final CType idType;
    private final Map<Variable, Long> ids = new LinkedHashMap<>();
    /** Each pointer variable's C name and targets, for C text of the program's state. */
    private final Map<Variable, Addresses.PointerVariable> pointerVariables = new LinkedHashMap<>();
    /** Andersen's analysis of the translation unit: its functions' bodies and its globals' initializers. */
    private PointsTo analysis;
    /** The global and static pointer variables declared without initializer, null until assigned. */
    private final Set<IBinding> zeroInitialized = new java.util.HashSet<>();
    /** The local pointer variables declared without initializer: every read of one is checked. */
    private final Set<IBinding> uninitialized = new java.util.HashSet<>();
    /** Global and {@code static} pointer variables (issue #20), by the binding of their declaration. */
    private final Map<IBinding, Variable> staticPointers = new HashMap<>();
    /** The struct variables whose address is taken (issue #20), each with the stand-in that keys its id. */
    private final Map<StructObject, Variable> structIds = new java.util.IdentityHashMap<>();

    PointerLowering(LoweringContext ctx) {
        this.ctx = ctx;
        this.idType = ctx.types.semantics().type(CType.Kind.CHAR, false);
    }

    /** Whether {@code type} is a pointer to an integer type or to a struct (issue #20: a struct variable's id stands for it). */
    boolean isPointerType(IType type) {
        return TypeResolver.strip(type) instanceof IPointerType p && (ctx.types.isInteger(p.getType()) || StructLowering.isStruct(p.getType()));
    }

    /**
     * Whether {@code e} is a pointer to a scalar variable: not one into an array (which
     * {@link ArrayLowering} reads), a null pointer constant or a string literal (accepted where
     * nothing reads them, as before pointers were read: {@code __assert_fail}'s strings).
     */
    boolean isPointer(IASTExpression e) {
        if (StructLowering.isStructPointer(e.getExpressionType())) {
            return isStructPointer(e);
        }
        return isPointerType(e.getExpressionType()) && !ctx.arrays.pointsIntoArray(e) && !isNull(e) && !isString(e) && !isNot(e);
    }

    /**
     * Whether the pointer to a struct {@code e} is one this class reads (issue #20): a pointer
     * variable to structs, {@code &s} of a struct variable, {@code c ? p : q} of such pointers or null
     * and a cast to its own type; not a callee's parameter that was passed a struct or an array of
     * structs ({@link StructLowering} reads those).
     */
    private boolean isStructPointer(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (e instanceof IASTIdExpression id) {
            IBinding b = id.getName().resolveBinding();
            return ctx.frame().pointers().containsKey(b) || variable(b) != null;
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper) {
            return struct(u.getOperand()) != null;
        }
        if (e instanceof IASTConditionalExpression c && c.getPositiveResultExpression() != null) {
            IASTExpression a = c.getPositiveResultExpression();
            IASTExpression b = c.getNegativeResultExpression();
            return isStructPointer(a) && (isStructPointer(b) || isNull(b)) || isNull(a) && isStructPointer(b);
        }
        return e instanceof IASTCastExpression c && StructLowering.isStructPointer(c.getOperand().getExpressionType())
                && isStructPointer(c.getOperand());
    }

    /** The struct variable {@code e} names (a local, a parameter's copy, a global or static one), or null. */
    private StructObject struct(IASTExpression e) {
        if (!(ExpressionLowering.strip(e) instanceof IASTIdExpression id)) {
            return null;
        }
        IBinding b = id.getName().resolveBinding();
        StructObject s = ctx.frame().structs().get(b);
        return s != null ? s : ctx.globalStructs.get(b);
    }

    /**
     * The variable whose id stands for the struct {@code s} (issue #20): no variable of the program,
     * only the key of s's id in {@link #addresses()}, named as s is.
     */
    private Variable standIn(StructObject s) {
        return structIds.computeIfAbsent(s, k -> new Variable(-1 - structIds.size(), "&" + k.name(), k.name(), idType, Variable.Kind.LOCAL));
    }

    /** The struct whose id {@code standIn} stands for, or null if it stands for a scalar variable. */
    StructObject structOf(Variable standIn) {
        for (Map.Entry<StructObject, Variable> e : structIds.entrySet()) {
            if (e.getValue().equals(standIn)) {
                return e.getKey();
            }
        }
        return null;
    }

    /** The id of the variable (or the struct's stand-in) {@code v}, given it now if it has none. */
    Expr id(Variable v, SourceLoc loc) {
        return idOf(v, loc);
    }

    /** {@code !p}, an int, which CDT types as its pointer operand. */
    private static boolean isNot(IASTExpression e) {
        return ExpressionLowering.strip(e) instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_not;
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
        if ((StructLowering.isStructPointer(e.getExpressionType()) || StructLowering.isStructArray(e.getExpressionType()))
                && !isStructPointer(e) && !isNull(e)) {
            throw unsupported("pointer " + SourceLocator.text(e) + " to a struct that is no struct variable, or into an array of structs,"
                    + " where a pointer variable to structs is expected (PDPV reads &s of a struct variable s, pointer variables to"
                    + " structs and null)", e);
        }
        if (ctx.arrays.pointsIntoArray(e)) {
            throw unsupported("pointer " + SourceLocator.text(e) + " into an array where a pointer to variables is expected"
                    + " (a pointer variable points either to variables or into one array)", e);
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper
                && ExpressionLowering.strip(u.getOperand()) instanceof IASTFieldReference r) {
            if (!(ctx.structs.member(r) instanceof Variable v) || v.isArray()) {
                throw unsupported("address of " + SourceLocator.text(r) + ", which is no integer member", e);
            }
            return new Pointer(idOf(v, loc), List.of(v), false);
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper && struct(u.getOperand()) != null) {
            Variable s = standIn(struct(u.getOperand()));
            return new Pointer(idOf(s, loc), List.of(s), false);
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper) {
            if (!(ExpressionLowering.strip(u.getOperand()) instanceof IASTIdExpression x)
                    || !(x.getName().resolveBinding() instanceof IVariable xv) || !ctx.types.isInteger(xv.getType())) {
                throw unsupported("address of " + SourceLocator.text(u.getOperand()) + " (PDPV takes the address of integer variables"
                        + " and array cells)", e);
            }
            Variable v = ctx.variable(x.getName().resolveBinding(), x.getName().toString(), loc);
            return new Pointer(idOf(v, loc), List.of(v), false);
        }
        if (e instanceof IASTIdExpression id) {
            IBinding b = id.getName().resolveBinding();
            Pointer passed = ctx.frame().pointers().get(b);
            if (passed != null) {
                return passed;
            }
            Variable p = variable(b);
            if (p == null && ctx.unusable.containsKey(b)) {
                throw unsupported(ctx.unusable.get(b), e);
            }
            if (p == null) {
                throw unsupported("use of the pointer " + id.getName() + " (PDPV reads pointers that are local, global or static"
                        + " variables or parameters of called functions)", e);
            }
            Expr read = uninitialized.contains(b) ? UbGuards.uninitializedRead(new Expr.VarRef(p), INDETERMINATE, ctx.typing.intType())
                    : new Expr.VarRef(p);
            return pointed(b, read, id.getName().toString(), loc);
        }
        if (e instanceof IASTConditionalExpression c && c.getPositiveResultExpression() != null
                && !SideEffects.has(c.getPositiveResultExpression()) && !SideEffects.has(c.getNegativeResultExpression())) {
            Expr cond = ctx.expressions.value(c.getLogicalConditionExpression());
            Pointer a = value(c.getPositiveResultExpression());
            Pointer b = value(c.getNegativeResultExpression());
            Set<Variable> both = new LinkedHashSet<>(a.targets());
            both.addAll(b.targets());
            return new Pointer(new Expr.Ite(cond, a.id(), b.id(), idType), new ArrayList<>(both), a.mayBeNull() || b.mayBeNull());
        }
        if (e instanceof IASTCastExpression c && isPointerType(c.getOperand().getExpressionType()) && samePointee(c)) {
            return value(c.getOperand());
        }
        if (isNull(e)) {
            return new Pointer(new Expr.Const(idType, 0), List.of(), true);
        }
        if (e instanceof IASTCastExpression) {
            throw unsupported("pointer cast " + SourceLocator.text(e), e);
        }
        throw unsupported("pointer expression " + SourceLocator.text(e)
                + " (PDPV reads &x, pointer variables and c ? p : q; no pointer arithmetic)", e);
    }

    /** Whether the cast {@code c} converts a pointer to a pointer of its own pointee type. */
    private boolean samePointee(IASTCastExpression c) {
        if (!(TypeResolver.strip(c.getExpressionType()) instanceof IPointerType toPointer)) {
            return false;
        }
        IType to = toPointer.getType();
        IType from = ((IPointerType) TypeResolver.strip(c.getOperand().getExpressionType())).getType();
        if (StructLowering.isStruct(to) || StructLowering.isStruct(from)) {
            return StructLowering.isStruct(to) && StructLowering.isStruct(from) && TypeResolver.strip(to).isSameType(TypeResolver.strip(from));
        }
        return pointee(c.getExpressionType()).equals(pointee(c.getOperand().getExpressionType()));
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
        if (p.targets().size() == 1 && !p.mayBeNull()) {
            return new LValue.Scalar(p.targets().get(0));
        }
        List<Expr> targetIds = new ArrayList<>();
        for (Variable t : p.targets()) {
            targetIds.add(idOf(t, ctx.loc(star)));
        }
        return new LValue.Choice(p.id(), p.targets(), targetIds, type, p.mayBeNull());
    }

    /**
     * The declaration of the local pointer variable {@code binding}: initialized with an address or
     * null, or without initializer indeterminate ({@link #INDETERMINATE}) until assigned, and every
     * read of it checked (C11 §6.3.2.1p2: its address is never taken, so such a read is undefined).
     */
    void declare(IVariable binding, String name, IASTExpression init, IASTNode declarator, SourceLoc loc) {
        checkLifetimes(binding, analysis(declarator), loc);
        Variable p = ctx.ir.variable(ctx.frame().prefix() + name, name + " (pointer)", idType, Variable.Kind.TEMPORARY);
        if (init == null) {
            uninitialized.add(binding);
            ctx.ir.assign(p, new Expr.Const(idType, INDETERMINATE), loc);
        } else {
            ctx.ir.assign(p, value(init).id(), loc);
        }
        ctx.frame().pointerVariables().put(binding, p);
        describe(binding, p, name, loc);
    }

    /**
     * The declaration of a global or {@code static} pointer variable {@code binding} (issue #20),
     * once: initialized before the entry runs, to null without initializer (C11 §6.7.9p10, also under
     * {@code --nondet-globals}: an input pointer would be an address the function cannot name) or to
     * the constant address {@code init} of a global or static variable. Its IR name is {@code prefix}
     * (the function's, {@code f::}, for a static local) and its name.
     */
    void declareStatic(IBinding binding, String name, IASTExpression init, IASTNode declarator, String prefix, SourceLoc loc) {
        if (staticPointers.containsKey(binding)) {
            return;
        }
        analysis(declarator);
        if (init != null && ctx.arrays.pointsIntoArray(init)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "global or static pointer " + name + " into an array"
                    + " (PDPV reads global and static pointers to variables; write a local pointer into the array)");
        }
        Expr id = init == null ? new Expr.Const(idType, 0) : value(init).id();
        if (init == null) {
            zeroInitialized.add(binding);
        }
        if (!(id instanceof Expr.Const)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "non-constant initializer of the static pointer " + name);
        }
        Variable p = ctx.ir.variable(prefix + name, name + " (pointer)", idType, Variable.Kind.GLOBAL);
        staticPointers.put(binding, p);
        ctx.ir.addToPrologue(new pdpv.cfg.Stmt.Assign(p, id, loc));
        describe(binding, p, name, loc);
    }

    /** The variable of the pointer {@code b} in the current function: a local (or parameter's) or a global or static one; null if none. */
    private Variable variable(IBinding b) {
        Variable p = ctx.frame().pointerVariables().get(b);
        return p != null ? p : staticPointers.get(b);
    }

    /** Records the C name and targets of the pointer variable {@code p}, for C text of the program's state. */
    private void describe(IBinding binding, Variable p, String name, SourceLoc loc) {
        if (binding instanceof IVariable v && StructLowering.isStructPointer(v.getType())) {
            return; // a pointer to structs has no C text yet: a witness reading p == &s would need the struct's type by name
        }
        try {
            Pointer all = pointed(binding, new Expr.VarRef(p), name, loc);
            pointerVariables.put(p, new Addresses.PointerVariable(name, all.targets(), all.mayBeNull()));
        } catch (UserError notYet) {
            // a target declared after the pointer: this pointer has no C text (its uses are checked where they are)
        }
    }

    /** The points-to analysis of the translation unit of {@code node}, solved once. */
    private PointsTo analysis(IASTNode node) {
        if (analysis == null) {
            analysis = PointsTo.of(node.getTranslationUnit(), b -> b instanceof IVariable v && isPointerType(v.getType()));
        }
        return analysis;
    }

    /** The type of a pointer's id (and of a pointer into an array's state, {@link ArrayPointerLowering}). */
    CType idType() {
        return idType;
    }

    /** Whether the points-to analysis finds that a null pointer may flow to the pointer variable {@code binding}. */
    boolean mayBeNull(IBinding binding, IASTNode declarator) {
        return analysis(declarator).mayBeNull(binding);
    }

    /** The ids of the variables whose address was taken and the pointer variables declared, so far. */
    Addresses addresses() {
        return new Addresses(ids, pointerVariables);
    }

    /** {@code p = e} for a local pointer variable {@code p}; the value is not wanted. */
    void assign(IASTBinaryExpression b) {
        IASTIdExpression id = (IASTIdExpression) ExpressionLowering.strip(b.getOperand1());
        Variable p = variable(id.getName().resolveBinding());
        if (p == null) {
            throw unsupported("assignment to the pointer " + id.getName() + " (PDPV assigns pointers that are local, global or"
                    + " static variables)", b);
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

    /** {@code e != 0} for the pointer {@code e}, as C tests a pointer in a condition: int 1 when it is not null. */
    Expr notNull(IASTExpression e) {
        return new Expr.Binary(BinaryOp.NE, value(e).id(), new Expr.Const(idType, 0), ctx.typing.intType());
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
     * The pointer variable {@code p}, whose id {@code id} holds, in this activation: its targets are
     * its points-to set, a parameter in it standing for what that parameter was passed, and it may
     * be null when null may flow to it, or was passed to such a parameter.
     */
    private Pointer pointed(IBinding p, Expr id, String name, SourceLoc loc) {
        Set<Variable> out = new LinkedHashSet<>();
        // a pointer that may be indeterminate is dereferenced through the checked choice, which reads it (and checks that read)
        boolean mayBeNull = analysis.mayBeNull(p) || uninitialized.contains(p) || zeroInitialized.contains(p);
        boolean isStatic = staticPointers.containsKey(p);
        for (IBinding b : analysis.of(p)) {
            if (isStatic && !ctx.globals.containsKey(b) && !ctx.globalStructs.containsKey(b)) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "global or static pointer " + name + " to " + b.getName()
                        + ", which is no global or static integer or struct variable declared before (a global pointer to a local"
                        + " could dangle)");
            }
            Pointer passed = ctx.frame().pointers().get(b);
            StructObject struct = ctx.frame().structs().containsKey(b) ? ctx.frame().structs().get(b) : ctx.globalStructs.get(b);
            if (passed != null) {
                out.addAll(passed.targets());
                mayBeNull |= passed.mayBeNull();
            } else if (struct != null) {
                out.add(standIn(struct));
            } else if (b instanceof IParameter || !ctx.frame().locals().containsKey(b) && !ctx.globals.containsKey(b)) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "use of the pointer " + name + " where " + b.getName()
                        + ", which it may point to, is not declared yet");
            } else {
                out.add(ctx.variable(b, b.getName(), loc));
            }
        }
        if (out.isEmpty() && !mayBeNull) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "pointer " + name + " whose targets PDPV cannot resolve (a pointer"
                    + " variable points to integer variables, &x)");
        }
        return new Pointer(id, new ArrayList<>(out), mayBeNull);
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

    private UserError unsupported(String what, IASTExpression e) {
        return new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(e), what);
    }
}
