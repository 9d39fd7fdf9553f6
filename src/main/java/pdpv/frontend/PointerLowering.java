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
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTLiteralExpression;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IFunction;
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
    /** The pointer results of the callees being inlined that return pointers to variables, by their frames. */
    private final Map<FunctionFrame, Result> results = new HashMap<>();
    /** The value of the last call whose pointer result to variables was inlined. */
    private Pointer lastResult;
    /** The binding of each pointer variable declared, so that a pointer to it can read its targets. */
    private final Map<Variable, IBinding> bindings = new HashMap<>();

    PointerLowering(LoweringContext ctx) {
        this.ctx = ctx;
        this.idType = ctx.types.semantics().type(CType.Kind.CHAR, false);
    }

    /**
     * Whether {@code type} is a pointer to an integer type, to a struct (issue #20: a struct
     * variable's id stands for it) or to a pointer to an integer type ({@link #isPointerToPointer}).
     */
    boolean isPointerType(IType type) {
        return TypeResolver.strip(type) instanceof IPointerType p
                && (ctx.types.isInteger(p.getType()) || StructLowering.isStruct(p.getType()) || isPointerToPointer(type));
    }

    /**
     * Whether {@code type} is a pointer to a pointer to an integer type ({@code int **}): its targets
     * are pointer variables, whose address is taken and which have ids as integer variables do.
     */
    boolean isPointerToPointer(IType type) {
        return TypeResolver.strip(type) instanceof IPointerType p && TypeResolver.strip(p.getType()) instanceof IPointerType q
                && ctx.types.isInteger(q.getType());
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
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper && isPointerToPointer(u.getExpressionType())) {
            return new Pointer(idOf(addressedPointer(u), loc), List.of(addressedPointer(u)), false);
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_star) {
            return loaded(u);
        }
        if (e instanceof IASTFunctionCallExpression call && returnsVariables(call)) {
            lastResult = null;
            ctx.calls.call(call, false);
            Pointer result = lastResult;
            lastResult = null;
            return result;
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

    /** The pointer variable whose address {@code &p} takes: a local or global one to integer variables. */
    private Variable addressedPointer(IASTUnaryExpression amper) {
        IASTExpression operand = ExpressionLowering.strip(amper.getOperand());
        Variable p = operand instanceof IASTIdExpression id ? variable(id.getName().resolveBinding()) : null;
        if (p == null) {
            throw unsupported("address of the pointer " + SourceLocator.text(operand) + " (PDPV takes the address of pointer variables"
                    + " to integer variables, not of a pointer into an array, a pointer parameter or a pointer read through another:"
                    + " a pointer to a pointer into an array is not read)", amper);
        }
        return p;
    }

    /**
     * The value of {@code *pp} for a pointer to a pointer pp (or a pointer parameter standing for
     * one): the id the pointer variable it designates holds, the targets of all the pointer variables
     * pp may point to, null if any of them may be or if pp may be; a read of an indeterminate one is
     * checked as a direct read is.
     */
    private Pointer loaded(IASTUnaryExpression star) {
        SourceLoc loc = ctx.loc(star);
        Set<Variable> out = new LinkedHashSet<>();
        boolean mayBeNull = false;
        boolean indeterminate = false;
        LValue pointers = pointerVariables(star);
        List<Variable> variables = pointers instanceof LValue.Choice c ? c.targets() : List.of(((LValue.Scalar) pointers).variable());
        for (Variable v : variables) {
            IBinding b = bindings.get(v);
            Pointer all = pointed(b, new Expr.VarRef(v), b.getName(), loc);
            out.addAll(all.targets());
            mayBeNull |= all.mayBeNull();
            indeterminate |= uninitialized.contains(b);
        }
        Expr read = indeterminate ? UbGuards.uninitializedRead(pointers.read(), INDETERMINATE, ctx.typing.intType()) : pointers.read();
        // pp may be null: *pp then reads 0 after its check, and a dereference of *pp reads *pp (and that check) through its own
        mayBeNull |= pointers instanceof LValue.Choice c && c.mayBeNull();
        return new Pointer(read, new ArrayList<>(out), mayBeNull);
    }

    /**
     * The pointer variable {@code *pp} designates for a pointer to a pointer pp: its one possible
     * target, or the choice between them. pp is a variable or a parameter, which the points-to
     * analysis follows ({@link PointsTo}); its targets are pointer variables to the type pp's pointee points to.
     */
    private LValue pointerVariables(IASTUnaryExpression star) {
        IASTExpression pp = ExpressionLowering.strip(star.getOperand());
        if (!(pp instanceof IASTIdExpression) || !isPointerToPointer(pp.getExpressionType())) {
            throw unsupported("pointer expression " + SourceLocator.text(star) + " (PDPV reads *pp of a pointer variable or parameter pp"
                    + " to pointers to integers)", star);
        }
        Pointer p = value(pp);
        CType type = pointee(((IPointerType) TypeResolver.strip(pp.getExpressionType())).getType());
        for (Variable t : p.targets()) {
            IBinding b = bindings.get(t);
            if (!(b instanceof IVariable v) || !isPointerType(v.getType()) || StructLowering.isStructPointer(v.getType())
                    || isPointerToPointer(v.getType()) || !pointee(v.getType()).equals(type)) {
                throw unsupported("pointer conversion: " + SourceLocator.text(pp) + " may point to " + t.sourceName().replace(" (pointer)", "")
                        + " but is a pointer to a pointer to " + type, star);
            }
        }
        return choice(p, idType, ctx.loc(star));
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
        if (isPointerToPointer(star.getOperand().getExpressionType())) {
            throw unsupported("use of the pointer " + SourceLocator.text(star) + " as an integer", star);
        }
        Pointer p = value(star.getOperand());
        CType type = pointee(star.getOperand().getExpressionType());
        for (Variable t : p.targets()) {
            if (!t.type().equals(type)) {
                throw unsupported("pointer conversion: " + SourceLocator.text(star.getOperand()) + " may point to " + t.sourceName()
                        + " (" + t.type() + ") but is a pointer to " + type, star);
            }
        }
        return choice(p, type, ctx.loc(star));
    }

    /**
     * What the pointer {@code p} to objects of {@code type} designates: its one possible target, or
     * the choice between them (also for one target when p's id is read through a pointer, {@code
     * **pp}, so that the checks of that read stay where C evaluates it).
     */
    private LValue choice(Pointer p, CType type, SourceLoc loc) {
        if (p.targets().size() == 1 && !p.mayBeNull() && (p.id() instanceof Expr.Const || p.id() instanceof Expr.VarRef)) {
            return new LValue.Scalar(p.targets().get(0));
        }
        List<Expr> targetIds = new ArrayList<>();
        for (Variable t : p.targets()) {
            targetIds.add(idOf(t, loc));
        }
        return new LValue.Choice(p.id(), p.targets(), targetIds, type, p.mayBeNull());
    }

    /**
     * The variables an inlined callee that is passed {@code p} can write through it: its targets
     * (a struct's members) and, for a pointer to pointers, the targets of those pointers.
     */
    Set<Variable> writable(Pointer p, SourceLoc loc) {
        Set<Variable> out = new LinkedHashSet<>();
        for (Variable t : p.targets()) {
            StructObject s = structOf(t);
            out.addAll(s != null ? s.leaves() : List.of(t));
            IBinding b = bindings.get(t);
            if (b != null) {
                out.addAll(pointed(b, new Expr.VarRef(t), b.getName(), loc).targets());
            }
        }
        return out;
    }

    /** The type of the objects a pointer of {@code type} points to: an integer type, or a pointer's id type for a pointer to a pointer. */
    CType targetType(IType type, SourceLoc loc) {
        return isPointerToPointer(type) ? idType : ctx.types.resolve(((IPointerType) TypeResolver.strip(type)).getType(), loc);
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
        bindings.put(p, binding);
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
        if (binding instanceof IVariable v && isPointerToPointer(v.getType())) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "global or static pointer to a pointer " + name
                    + " (PDPV reads local pointers to pointers and pointer-to-pointer parameters)");
        }
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
        bindings.put(p, binding);
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
        if (binding instanceof IVariable v && (StructLowering.isStructPointer(v.getType()) || isPointerToPointer(v.getType()))) {
            // a pointer to structs or to pointers has no C text yet: a witness reading p == &s would need the struct's type by
            // name, one reading pp == &p the pointer variable's C name where the IR names its id
            return;
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

    /** The pointer result of an inlined callee to variables: its id variable, and the targets and nullness of what it returns. */
    private static final class Result {
        final String function;
        final Variable id;
        final Set<Variable> targets = new LinkedHashSet<>();
        boolean mayBeNull;

        Result(String function, Variable id) {
            this.function = function;
            this.id = id;
        }
    }

    /** Whether the call {@code call} is of a function that returns pointers to variables ({@link #returnsVariables(IFunction, IASTNode)}). */
    boolean returnsVariables(IASTFunctionCallExpression call) {
        return ExpressionLowering.strip(call.getFunctionNameExpression()) instanceof IASTIdExpression id
                && id.getName().resolveBinding() instanceof IFunction f && returnsVariables(f, call);
    }

    /**
     * Whether {@code f} returns pointers to integer variables: its result is a pointer to an integer
     * type and, by the points-to analysis, what it returns may point to variables (a function that
     * returns pointers into an array, or only null, is {@link ArrayPointerLowering}'s).
     */
    boolean returnsVariables(IFunction f, IASTNode node) {
        IType result = f.getType().getReturnType();
        return TypeResolver.strip(result) instanceof IPointerType p && ctx.types.isInteger(p.getType())
                && !analysis(node).returns(f).isEmpty();
    }

    /**
     * Starts the pointer result to variables of the callee {@code function} inlined in {@code frame}:
     * indeterminate until a {@code return} assigns it (a run that leaves the callee without one and
     * uses the result reads an indeterminate pointer, which is checked).
     */
    void startResult(FunctionFrame frame, String function, SourceLoc loc) {
        Variable id = ctx.ir.variable(function + "::result", function + "() (pointer)", idType, Variable.Kind.TEMPORARY);
        ctx.ir.assign(id, new Expr.Const(idType, INDETERMINATE), loc);
        results.put(frame, new Result(function, id));
    }

    /** Whether the callee of {@code frame} returns a pointer to variables. */
    boolean returnsPointer(FunctionFrame frame) {
        return results.containsKey(frame);
    }

    /** {@code return e;} in a callee whose result is a pointer to variables; the address of its own local would dangle: refused. */
    void returned(FunctionFrame frame, IASTExpression e, SourceLoc loc) {
        Result r = results.get(frame);
        Pointer p = value(e);
        for (Variable t : p.targets()) {
            StructObject s = structOf(t);
            if (frame.locals().containsValue(t) || frame.pointerVariables().containsValue(t) || s != null && frame.structs().containsValue(s)) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "return of " + SourceLocator.text(e) + ", which may point to "
                        + t.sourceName().replace(" (pointer)", "") + ", a local of " + r.function + " (it dangles when " + r.function + " returns)");
            }
        }
        ctx.ir.assign(r.id, p.id(), loc);
        r.targets.addAll(p.targets());
        r.mayBeNull |= p.mayBeNull();
    }

    /** Ends the pointer result to variables of the callee inlined in {@code frame}: the value its call has. */
    void endResult(FunctionFrame frame) {
        Result r = results.remove(frame);
        Expr read = UbGuards.uninitializedRead(new Expr.VarRef(r.id), INDETERMINATE, ctx.typing.intType());
        lastResult = new Pointer(read, new ArrayList<>(r.targets), r.mayBeNull);
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

    /** {@code p = e} for a local pointer variable {@code p}, or {@code *pp = e} through a pointer to a pointer; the value is not wanted. */
    void assign(IASTBinaryExpression b) {
        if (ExpressionLowering.strip(b.getOperand1()) instanceof IASTUnaryExpression star) {
            store(star, b);
            return;
        }
        IASTIdExpression id = (IASTIdExpression) ExpressionLowering.strip(b.getOperand1());
        Variable p = variable(id.getName().resolveBinding());
        if (p == null) {
            throw unsupported("assignment to the pointer " + id.getName() + " (PDPV assigns pointers that are local, global or"
                    + " static variables)", b);
        }
        ctx.ir.assign(p, value(b.getOperand2()).id(), ctx.loc(b));
    }

    /**
     * {@code *pp = e}: the pointer variable {@code *pp} designates assigned e's id. (A variable of
     * an inlined callee stored in a caller's pointer this way is refused where the call resolves what
     * the pointers it is passed may point to, {@link #writable}: the callee's variable is not live there.)
     */
    private void store(IASTUnaryExpression star, IASTBinaryExpression b) {
        SourceLoc loc = ctx.loc(b);
        LValue to = pointerVariables(star);
        if (SideEffects.has(b.getOperand2())) {
            to = to.frozen(ctx.ir, loc);
        }
        to.write(ctx.ir, value(b.getOperand2()).id(), loc);
    }

    /** Whether {@code b} assigns a pointer variable of the function, or one through a pointer to a pointer ({@code *pp = e}). */
    boolean isPointerAssignment(IASTBinaryExpression b) {
        IASTExpression left = ExpressionLowering.strip(b.getOperand1());
        return b.getOperator() == IASTBinaryExpression.op_assign && isPointer(b.getOperand1()) && (left instanceof IASTIdExpression
                || left instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_star);
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
            mayBeNull |= resolve(b, name, loc, out, new java.util.HashSet<>());
        }
        if (out.isEmpty() && !mayBeNull) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "pointer " + name + " whose targets PDPV cannot resolve (a pointer"
                    + " variable points to integer variables, &x)");
        }
        return new Pointer(id, new ArrayList<>(out), mayBeNull);
    }

    /**
     * Adds to {@code out} the variables the target {@code b} of the pointer {@code name} stands for
     * in the calls being inlined: a variable (or a struct's stand-in) of a function on the stack or
     * a global one; a pointer parameter, what it was passed there or, once its call has returned,
     * what any call passed it (the points-to analysis's solution for it). Returns whether b stands
     * for null too. A variable of a function that has returned is refused.
     */
    private boolean resolve(IBinding b, String name, SourceLoc loc, Set<Variable> out, Set<IBinding> seen) {
        for (FunctionFrame f : ctx.frames) {
            Pointer passed = f.pointers().get(b);
            if (passed != null) {
                out.addAll(passed.targets());
                return passed.mayBeNull();
            }
            Variable v = f.structs().containsKey(b) ? standIn(f.structs().get(b))
                    : f.locals().containsKey(b) ? f.locals().get(b) : f.pointerVariables().get(b);
            if (v != null) {
                out.add(v);
                return false;
            }
        }
        Variable global = ctx.globalStructs.containsKey(b) ? standIn(ctx.globalStructs.get(b))
                : ctx.globals.containsKey(b) ? ctx.globals.get(b) : staticPointers.get(b);
        if (global != null) {
            out.add(global);
            return false;
        }
        if (b instanceof IParameter && (!analysis.of(b).isEmpty() || analysis.mayBeNull(b))) {
            if (!seen.add(b)) {
                return false; // a cycle through parameters (choose(p, q) whose result p holds): what it adds is added where it started
            }
            boolean mayBeNull = analysis.mayBeNull(b);
            for (IBinding passed : analysis.of(b)) {
                mayBeNull |= resolve(passed, name, loc, out, seen);
            }
            return mayBeNull;
        }
        throw new UserError(UserError.Kind.UNSUPPORTED, loc, "use of the pointer " + name + " where " + b.getName()
                + ", which it may point to, is not declared yet or is a local of a function that has returned (it could dangle)");
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
                        && java.util.Objects.equals(x.getOwner(), p.getOwner()) && !enclosing.contains(x.getScope())) {
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
