package pdpv.frontend;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTEqualsInitializer;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFieldReference;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTInitializer;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTInitializerList;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IArrayType;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.ICompositeType;
import org.eclipse.cdt.core.dom.ast.IField;
import org.eclipse.cdt.core.dom.ast.IPointerType;
import org.eclipse.cdt.core.dom.ast.IType;
import org.eclipse.cdt.core.dom.ast.c.ICASTArrayDesignator;
import org.eclipse.cdt.core.dom.ast.c.ICASTDesignatedInitializer;
import org.eclipse.cdt.core.dom.ast.c.ICASTDesignator;
import org.eclipse.cdt.core.dom.ast.c.ICASTFieldDesignator;
import org.eclipse.cdt.core.dom.ast.c.ICArrayType;
import pdpv.cfg.ArrayExpr;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.semantics.CType;

/**
 * Lowers structs (issue #20) by flattening: a struct object is one variable per member, named
 * {@code s.f} ({@link StructObject}), so that the CFG, the encodings, PDR, the interpreter, the
 * witnesses and the harness see scalars and arrays only. Members are integers, arrays of integers
 * and nested structs; member access {@code s.f}, {@code s.a[i]}, {@code s.in.g}; assignment and
 * initialization by value (a brace list with {@code .f =} designators, the members not named 0,
 * or another struct); struct parameters and results of inlined callees (copies); a pointer to a
 * struct passed to an inlined callee's parameter ({@code &s}), read by {@code p->f} and
 * {@code (*p).f}. Arrays of structs are a struct of arrays ({@link StructArray}): {@code ps[k].x},
 * {@code ps[k].a[j]}, {@code ps[k] = q}, brace-list initializers, and {@code ps}, {@code &ps[k]} or
 * {@code ps + k} passed to a callee's {@code struct P *p} or {@code struct P p[]}, read as
 * {@code p[i].x} and {@code p->x}. A bit-field member is a variable of its width
 * ({@link TypeResolver#memberType}): a store truncates to it, a read extends from it; an unnamed
 * one is padding. Members of other types are refused.
 */
final class StructLowering {
    private final LoweringContext ctx;

    StructLowering(LoweringContext ctx) {
        this.ctx = ctx;
    }

    /** Whether {@code type} is a struct (a union is not: it is refused where it is declared). */
    static boolean isStruct(IType type) {
        return TypeResolver.strip(type) instanceof ICompositeType c && c.getKey() == ICompositeType.k_struct;
    }

    /** Whether {@code type} is an array (of one or more dimensions) of structs. */
    static boolean isStructArray(IType type) {
        IType t = TypeResolver.strip(type);
        if (!(t instanceof IArrayType)) {
            return false;
        }
        while (t instanceof IArrayType a) {
            t = TypeResolver.strip(a.getType());
        }
        return isStruct(t);
    }

    /** The extents of an array of structs (0: unknown, from its initializer) and its struct type. */
    static List<Long> extents(IType type, SourceLoc loc) {
        List<Long> dims = new ArrayList<>();
        IType t = TypeResolver.strip(type);
        while (t instanceof IArrayType a) {
            Number n = a.getSize() == null ? null : a.getSize().numberValue();
            if (a.getSize() != null && n == null || a instanceof ICArrayType c && c.isVariableLength()) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "variable-length array");
            }
            if (n != null && n.longValue() < 1) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "array of " + n.longValue() + " elements");
            }
            dims.add(n == null ? 0 : n.longValue());
            t = TypeResolver.strip(a.getType());
        }
        return dims;
    }

    static ICompositeType elementType(IType type) {
        IType t = TypeResolver.strip(type);
        while (t instanceof IArrayType a) {
            t = TypeResolver.strip(a.getType());
        }
        return (ICompositeType) t;
    }

    /**
     * A fresh array of structs of {@code type} (issue #20), one array variable per scalar or array
     * member; an unknown first extent is the initializer's {@code init}.
     */
    StructArray createArray(IType type, IASTInitializer init, String base, String sourceName, Variable.Kind kind, SourceLoc loc) {
        List<Long> dims = extents(type, loc);
        if (dims.get(0) == 0) {
            long n = init instanceof IASTEqualsInitializer eq && eq.getInitializerClause() instanceof IASTInitializerList l ? extent(l) : 0;
            if (n == 0) {
                throw new UserError(UserError.Kind.SYNTAX, loc, "array size missing in '" + sourceName + "'");
            }
            dims.set(0, n);
        }
        return createArray(elementType(type), dims, base, sourceName, kind, loc);
    }

    private StructArray createArray(ICompositeType c, List<Long> dims, String base, String sourceName, Variable.Kind kind, SourceLoc loc) {
        Map<String, Object> members = new LinkedHashMap<>();
        for (IField f : c.getFields()) {
            String name = f.getName();
            IType t = f.getType();
            if (name.isEmpty() && TypeResolver.isBitField(f)) {
                continue; // padding
            }
            if (UnionLowering.isUnion(t) || UnionLowering.isUnionArray(t)) {
                if (UnionLowering.isUnionArray(t) && extents(t, loc).contains(0L)) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "flexible array member " + name + " of struct " + c.getName());
                }
                members.put(name, ctx.unions.create(t, dims, null, base + "." + name, sourceName + "." + name, kind, loc));
            } else if (isStruct(t)) {
                members.put(name, createArray((ICompositeType) TypeResolver.strip(t), dims, base + "." + name, sourceName + "." + name, kind, loc));
            } else if (isStructArray(t)) {
                List<Long> inner = new ArrayList<>(dims);
                inner.addAll(extents(t, loc));
                if (inner.contains(0L)) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "flexible array member " + name + " of struct " + c.getName());
                }
                members.put(name, createArray(elementType(t), inner, base + "." + name, sourceName + "." + name, kind, loc));
            } else if (ctx.types.isIntegerArray(t) || ctx.types.isInteger(t)) {
                TypeResolver.Shape shape = ctx.types.isInteger(t) ? new TypeResolver.Shape(ctx.types.memberType(f, c, loc), List.of())
                        : ctx.types.shape(t, loc);
                if (shape.dims().contains(0L)) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "flexible array member " + name + " of struct " + c.getName());
                }
                List<Long> cells = new ArrayList<>(dims);
                cells.addAll(shape.dims());
                Variable v = ctx.ir.variable(base + "." + name, sourceName + "." + name, shape.element(), kind, cells);
                members.put(name, ArrayView.of(v, ctx.typing));
            } else {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "member " + name + " of struct " + c.getName() + " of type " + t
                        + " (PDPV reads members of integer, array of integer, struct and union type)");
            }
        }
        return new StructArray(c, sourceName, members, dims);
    }

    /** The number of elements a brace list initializes (C11 §6.7.9p22: the greatest index given, plus one). */
    long extent(IASTInitializerList list) {
        long i = 0;
        long n = 0;
        for (IASTInitializerClause c : list.getClauses()) {
            if (c instanceof ICASTDesignatedInitializer d && d.getDesignators()[0] instanceof ICASTArrayDesignator a
                    && ctx.expressions.value(a.getSubscriptExpression()) instanceof Expr.Const k) {
                i = k.type().toLong(k.bits());
            }
            i++;
            n = Math.max(n, i);
        }
        return n;
    }

    /** Whether {@code type} is a pointer to a struct. */
    static boolean isStructPointer(IType type) {
        return TypeResolver.strip(type) instanceof IPointerType p && isStruct(p.getType());
    }

    /** A fresh struct object of {@code type}: one variable per member, {@code base.f}, of {@code kind}. */
    StructObject create(IType type, String base, String sourceName, Variable.Kind kind, SourceLoc loc) {
        ICompositeType c = (ICompositeType) TypeResolver.strip(type);
        Map<String, Object> members = new LinkedHashMap<>();
        for (IField f : c.getFields()) {
            String name = f.getName();
            IType t = f.getType();
            if (name.isEmpty() && TypeResolver.isBitField(f)) {
                continue; // padding
            }
            if (UnionLowering.isUnion(t) || UnionLowering.isUnionArray(t)) {
                if (UnionLowering.isUnionArray(t) && extents(t, loc).contains(0L)) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "flexible array member " + name + " of struct " + c.getName());
                }
                members.put(name, ctx.unions.create(t, List.of(), null, base + "." + name, sourceName + "." + name, kind, loc));
            } else if (isStruct(t)) {
                members.put(name, create(t, base + "." + name, sourceName + "." + name, kind, loc));
            } else if (isStructArray(t)) {
                List<Long> dims = extents(t, loc);
                if (dims.contains(0L)) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "flexible array member " + name + " of struct " + c.getName());
                }
                members.put(name, createArray(elementType(t), dims, base + "." + name, sourceName + "." + name, kind, loc));
            } else if (ctx.types.isIntegerArray(t)) {
                TypeResolver.Shape shape = ctx.types.shape(t, loc);
                if (shape.dims().contains(0L)) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "flexible array member " + name + " of struct " + c.getName());
                }
                members.put(name, ctx.ir.variable(base + "." + name, sourceName + "." + name, shape.element(), kind, shape.dims()));
            } else if (ctx.types.isInteger(t)) {
                members.put(name, ctx.ir.variable(base + "." + name, sourceName + "." + name, ctx.types.memberType(f, c, loc), kind));
            } else {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "member " + name + " of struct " + c.getName() + " of type " + t
                        + " (PDPV reads members of integer, array of integer, struct and union type)");
            }
        }
        return new StructObject(c, sourceName, members);
    }

    /** The struct object {@code e} designates, its side effects (a call's) emitted. */
    StructObject object(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (e instanceof IASTIdExpression id) {
            IBinding b = id.getName().resolveBinding();
            StructObject s = ctx.frame().structs().get(b);
            if (s == null) {
                s = ctx.globalStructs.get(b);
            }
            if (s == null && ctx.unusable.containsKey(b)) {
                throw unsupported(ctx.unusable.get(b), e);
            }
            if (s == null) {
                throw unsupported("use of the struct " + id.getName() + " (PDPV reads struct variables and parameters"
                        + " of the program's functions, global and static ones)", e);
            }
            return s;
        }
        if (e instanceof IASTFieldReference r && UnionLowering.isMember(r)) {
            return ctx.unions.structMember(r);
        }
        if (e instanceof IASTFieldReference r && member(r) instanceof StructObject s) {
            return s;
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_star) {
            return pointee(u.getOperand());
        }
        if (e instanceof IASTArraySubscriptExpression a && element(a) instanceof StructObject s) {
            return s;
        }
        if (e instanceof IASTFunctionCallExpression call) {
            StructObject s = ctx.calls.structCall(call);
            if (s == null) {
                throw unsupported("struct value of " + SourceLocator.text(e) + " (a function without a body)", e);
            }
            return s;
        }
        throw unsupported("struct expression " + SourceLocator.text(e), e);
    }

    /**
     * The array of structs {@code e} designates, or null if it designates none: a variable, a
     * callee's parameter that was passed one, a row of one, a member.
     */
    StructArray array(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (e instanceof IASTIdExpression id) {
            IBinding b = id.getName().resolveBinding();
            StructArray a = ctx.frame().structArrays().get(b);
            if (a == null) {
                a = ctx.globalStructArrays.get(b);
            }
            if (a == null && ctx.unusable.containsKey(b) && isStructArray(id.getExpressionType())) {
                throw unsupported(ctx.unusable.get(b), e);
            }
            return a;
        }
        if (e instanceof IASTArraySubscriptExpression s && isStructArray(s.getExpressionType())) {
            return element(s) instanceof StructArray row ? row : null;
        }
        if (e instanceof IASTFieldReference r && isStructArray(r.getExpressionType())) {
            return member(r) instanceof StructArray a ? a : null;
        }
        return null;
    }

    /** {@code a[i]} of an array of structs: an element (a struct object) or a row; an index with a side effect is evaluated once, now. */
    private Object element(IASTArraySubscriptExpression s) {
        IASTExpression array = s.getArrayExpression();
        IASTExpression subscript = (IASTExpression) s.getArgument();
        if (array(array) == null && array(subscript) != null) {
            IASTExpression t = array; // i[ps]
            array = subscript;
            subscript = t;
        }
        StructArray a = array(array);
        if (a == null) {
            a = pointer(array);
        }
        if (a == null) {
            throw unsupported("subscript of " + SourceLocator.text(array) + ", which is not an array of structs PDPV models", s);
        }
        return a.subscript(elementIndex(subscript, s), SourceLocator.text(s), ctx.typing);
    }

    /**
     * The index of an element of an array of structs or unions, held in a temporary when the
     * subscript has side effects: the copy of a whole element reads its members after the other
     * side's effects.
     */
    Expr elementIndex(IASTExpression subscript, IASTNode at) {
        Expr index = ctx.typing.convert(ctx.expressions.value(subscript), ctx.typing.indexType());
        if (SideEffects.has(subscript) && !(index instanceof Expr.Const)) {
            Variable t = ctx.ir.temporary("index", index.type());
            ctx.ir.assign(t, index, ctx.loc(at));
            index = new Expr.VarRef(t);
        }
        return index;
    }

    /**
     * The array of structs a pointer-valued expression points into, from where it points: an array
     * of structs (decayed), {@code &ps[k]}, {@code ps + k}, {@code k + ps}, a callee's parameter
     * that was passed one; null if {@code e} is none of these.
     */
    StructArray pointer(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        Expr zero = new Expr.Const(ctx.typing.indexType(), 0);
        StructArray passed = e instanceof IASTIdExpression id ? ctx.frame().structArrays().get(id.getName().resolveBinding()) : null;
        if (passed != null) {
            return passed.dims().get(0) == 0 ? passed : passed.from(zero, passed.name(), ctx.typing);
        }
        if (isStructArray(e.getExpressionType())) {
            StructArray a = array(e);
            return a == null ? null : a.from(zero, a.name(), ctx.typing);
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper
                && ExpressionLowering.strip(u.getOperand()) instanceof IASTArraySubscriptExpression s && isStruct(s.getExpressionType())) {
            StructArray a = pointer(s.getArrayExpression());
            if (a == null) {
                return null;
            }
            Expr k = ctx.typing.convert(ctx.expressions.value((IASTExpression) s.getArgument()), ctx.typing.indexType());
            return a.from(k, SourceLocator.text(e), ctx.typing);
        }
        if (e instanceof IASTBinaryExpression b && b.getOperator() == IASTBinaryExpression.op_plus) {
            boolean left = isStructPointer(b.getOperand1().getExpressionType()) || isStructArray(b.getOperand1().getExpressionType());
            StructArray a = pointer(left ? b.getOperand1() : b.getOperand2());
            if (a == null) {
                return null;
            }
            Expr k = ctx.typing.convert(ctx.expressions.value(left ? b.getOperand2() : b.getOperand1()), ctx.typing.indexType());
            return a.from(k, SourceLocator.text(e), ctx.typing);
        }
        if (ctx.structArrayPointers.intoArray(e)) {
            return ctx.structArrayPointers.view(e); // p++, p - k, c ? p : q
        }
        return null;
    }

    /**
     * The struct a pointer to a struct designates: {@code &s}, a pointer parameter of an inlined
     * callee, or a pointer variable to structs (issue #20), which designates the one struct it points
     * to, or else the choice between its targets ({@link #chosen}).
     */
    StructObject pointee(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper
                && !(ExpressionLowering.strip(u.getOperand()) instanceof IASTArraySubscriptExpression)) {
            return object(u.getOperand());
        }
        if (e instanceof IASTIdExpression id) {
            StructObject s = ctx.frame().structPointers().get(id.getName().resolveBinding());
            if (s != null) {
                return s;
            }
            if (ctx.unusable.containsKey(id.getName().resolveBinding())) {
                throw unsupported(ctx.unusable.get(id.getName().resolveBinding()), e); // a global pointer PDPV does not read, with why
            }
        }
        if (ctx.pointers.isPointer(e)) {
            return chosen(e);
        }
        StructArray a = pointer(e);
        if (a != null && a.subscript(new Expr.Const(ctx.typing.indexType(), 0), "*" + SourceLocator.text(e), ctx.typing)
                instanceof StructObject first) {
            return first;
        }
        throw unsupported("pointer to a struct " + SourceLocator.text(e) + " (PDPV reads &s and pointer parameters of called"
                + " functions that were passed one)", e);
    }

    /**
     * The struct the pointer to structs {@code e} points to (issue #20): its one target when it
     * cannot be null, else a struct whose integer members are the choice between the targets' members
     * ({@link LValue.Choice}, selected by the pointer's id, checked where it may be null) and whose
     * struct members are such choices again. Its array and union members are refused where they are
     * used ({@link Unresolved}), but for a cell of an array member of one dimension ({@link #chosenCell}).
     */
    private StructObject chosen(IASTExpression e) {
        SourceLoc loc = ctx.loc(e);
        Pointer p = ctx.pointers.value(e);
        List<StructObject> targets = new ArrayList<>();
        List<Expr> ids = new ArrayList<>();
        for (Variable t : p.targets()) {
            StructObject s = ctx.pointers.structOf(t);
            if (s == null) {
                throw unsupported("pointer conversion: " + SourceLocator.text(e) + " may point to " + t.sourceName() + ", which is no struct", e);
            }
            targets.add(s);
            ids.add(ctx.pointers.id(t, loc));
        }
        ICompositeType type = (ICompositeType) TypeResolver.strip(((IPointerType) TypeResolver.strip(e.getExpressionType())).getType());
        for (StructObject s : targets) {
            if (!s.type().isSameType(type)) {
                throw unsupported("pointer conversion: " + SourceLocator.text(e) + " may point to " + s.name() + " (struct "
                        + s.type().getName() + ") but is a pointer to struct " + type.getName(), e);
            }
        }
        if (targets.size() == 1 && !p.mayBeNull()) {
            return targets.get(0);
        }
        Expr selector = p.id();
        if (!(selector instanceof Expr.Const || selector instanceof Expr.VarRef)) {
            // what p points to is read once, here, as C reads it: a callee passed the choice cannot move it
            Variable t = ctx.ir.temporary("pointer", selector.type());
            ctx.ir.assign(t, selector, loc);
            selector = new Expr.VarRef(t);
        }
        return choice(type, "*" + SourceLocator.text(e), selector, targets, ids, p.mayBeNull(), loc);
    }

    private StructObject choice(ICompositeType c, String name, Expr selector, List<StructObject> targets, List<Expr> ids, boolean mayBeNull,
                                SourceLoc loc) {
        Map<String, Object> members = new LinkedHashMap<>();
        for (IField f : c.getFields()) {
            String m = f.getName();
            if (m.isEmpty() && TypeResolver.isBitField(f)) {
                continue; // padding
            }
            List<Object> parts = targets.stream().map(t -> t.members().get(m)).toList();
            if (isStruct(f.getType()) && parts.stream().allMatch(StructObject.class::isInstance)) {
                List<StructObject> inner = parts.stream().map(StructObject.class::cast).toList();
                members.put(m, choice((ICompositeType) TypeResolver.strip(f.getType()), name + "." + m, selector, inner, ids, mayBeNull, loc));
            } else if (ctx.types.isInteger(f.getType()) && parts.stream().allMatch(x -> x instanceof Variable v && !v.isArray())) {
                List<Variable> vars = parts.stream().map(Variable.class::cast).toList();
                CType type = vars.isEmpty() ? ctx.types.memberType(f, c, loc) : vars.get(0).type();
                members.put(m, new LValue.Choice(selector, vars, ids, type, mayBeNull));
            } else {
                List<Variable> leaves = new ArrayList<>();
                targets.forEach(t -> leaves.addAll(new StructObject(t.type(), t.name(), Map.of(m, t.members().get(m))).leaves()));
                boolean cells = !parts.isEmpty() && parts.stream().allMatch(x -> x instanceof Variable v && v.isArray() && v.dims().size() == 1
                        && v.dims().equals(((Variable) parts.get(0)).dims()) && v.type().equals(((Variable) parts.get(0)).type()));
                members.put(m, new Unresolved("member " + m + " of " + name + ", an array or union member of a struct that the pointer may"
                        + " not point to alone (PDPV reads integer and struct members, and cells of array members, through a pointer"
                        + " that may point to several structs or be null)", leaves,
                        cells ? new LValue.Choice(selector, parts.stream().map(Variable.class::cast).toList(), ids,
                                ((Variable) parts.get(0)).type(), mayBeNull) : null));
            }
        }
        return new StructObject(c, name, members);
    }

    /**
     * A member of the choice between several structs ({@link #chosen}) that PDPV does not read:
     * refused, as {@code what}, where it is used; {@code leaves} are the targets' variables it stands for.
     */
    record Unresolved(String what, List<Variable> leaves, LValue.Choice arrays) {
    }

    /**
     * {@code p->a[i]} or {@code (*p).a[i]} of an array member (of one dimension) through a pointer
     * that may point to several structs or be null (issue #20): the choice between the targets'
     * cells ({@link LValue.CellChoice}); null for any other subscript. The owner is evaluated here
     * only when it has no side effects (a subscript that is no such choice evaluates it again).
     */
    LValue chosenCell(IASTArraySubscriptExpression s) {
        if (!(ExpressionLowering.strip(s.getArrayExpression()) instanceof IASTFieldReference r) || UnionLowering.isMember(r)
                || SideEffects.has(r.getFieldOwner()) || SideEffects.has((IASTExpression) s.getArgument())) {
            return null;
        }
        IASTExpression owner = ExpressionLowering.strip(r.getFieldOwner());
        IASTExpression pointer = r.isPointerDereference() ? owner
                : owner instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_star ? u.getOperand() : null;
        if (pointer == null || !ctx.pointers.isPointer(pointer)) {
            return null;
        }
        StructObject target = pointee(pointer);
        if (!(target.members().get(r.getFieldName().toString()) instanceof Unresolved u) || u.arrays() == null) {
            return null;
        }
        LValue.Choice c = u.arrays();
        Expr index = ctx.typing.convert(ctx.expressions.value((IASTExpression) s.getArgument()), ctx.typing.indexType());
        return new LValue.CellChoice(c.selector(), c.targets(), c.ids(), index, c.type(), c.mayBeNull());
    }

    /** The member {@code r} designates: a variable (scalar or array) or a nested struct object. */
    Object member(IASTFieldReference r) {
        StructObject owner = r.isPointerDereference() ? pointee(r.getFieldOwner()) : object(r.getFieldOwner());
        Object m = owner.members().get(r.getFieldName().toString());
        if (m == null) {
            throw new UserError(UserError.Kind.SYNTAX, ctx.loc(r), "no member named '" + r.getFieldName() + "'");
        }
        if (m instanceof Unresolved u) {
            throw unsupported(u.what(), r);
        }
        return m;
    }

    /** {@code to = from}, member by member. */
    void copy(StructObject to, StructObject from, SourceLoc loc) {
        if (!to.type().isSameType(from.type())) {
            throw new UserError(UserError.Kind.SYNTAX, loc, "incompatible struct types in assignment");
        }
        List<Object> a = slots(to.members().values());
        List<Object> b = slots(from.members().values());
        for (Object slot : java.util.stream.Stream.concat(a.stream(), b.stream()).toList()) {
            if (slot instanceof Unresolved u) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "struct copy through the " + u.what());
            }
        }
        if (a.equals(b)) {
            return;
        }
        if (to.bytes() != null || from.bytes() != null) {
            // a struct in a union's bytes: copied cell by cell, each side's cells in declaration order
            a = cells(a);
            b = cells(b);
        }
        if (to.bytes() != null) {
            // the bytes of its padding take unspecified values (C11 §6.2.6.1p6)
            ctx.unions.havocBytes(to.bytes(), ctx.unions.padding(to.type(), loc), "padding of " + to.name(), loc);
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i) instanceof LValue x) {
                x.write(ctx.ir, ((LValue) b.get(i)).read(), loc);
            } else {
                copyCells((ArrayView) a.get(i), (ArrayView) b.get(i), loc);
            }
        }
    }

    /** {@code slots} with each array and row ({@link ArrayView}) replaced by its cells, in order. */
    private List<Object> cells(List<Object> slots) {
        List<Object> out = new ArrayList<>();
        for (Object slot : slots) {
            if (slot instanceof ArrayView v) {
                for (long c = 0; c < cells(v); c++) {
                    out.add(flat(v).subscript(new Expr.Const(ctx.typing.indexType(), c), ctx.typing));
                }
            } else {
                out.add(slot);
            }
        }
        return out;
    }

    /**
     * The objects a struct's members occupy, in order: scalars and cells ({@link LValue}), and
     * arrays and rows ({@link ArrayView}); an array in a union's bytes as its cells ({@link LValue.Bytes}).
     */
    private List<Object> slots(Iterable<Object> members) {
        List<Object> out = new ArrayList<>();
        for (Object m : members) {
            if (m instanceof StructObject s) {
                out.addAll(slots(s.members().values()));
            } else if (m instanceof StructArray s) {
                out.addAll(slots(s.members().values()));
            } else if (m instanceof UnionLowering.UnionObject u) {
                out.add(u.bytes());
            } else if (m instanceof UnionLowering.ByteArray b) {
                int size = LValue.Bytes.size(b.shape().element());
                long n = cells(new ArrayView(b.bytes(), b.offset(), b.shape().dims()));
                for (long c = 0; c < n; c++) {
                    out.add(byteCell(b, c * size));
                }
            } else if (m instanceof Variable v) {
                out.add(v.isArray() ? ArrayView.of(v, ctx.typing) : new LValue.Scalar(v));
            } else {
                out.add(m);
            }
        }
        return out;
    }

    /** The cell of {@code b} whose first byte is {@code offset} bytes after {@code b}'s first. */
    private LValue.Bytes byteCell(UnionLowering.ByteArray b, long offset) {
        Expr at = b.offset() instanceof Expr.Const c ? new Expr.Const(ctx.typing.indexType(), c.bits() + offset)
                : ctx.typing.convert(ctx.typing.binary(pdpv.semantics.BinaryOp.ADD, ctx.typing.convert(b.offset(), ctx.typing.unsignedIndexType()),
                        new Expr.Const(ctx.typing.unsignedIndexType(), offset)), ctx.typing.indexType());
        return new LValue.Bytes(b.bytes(), at, b.shape().element(), ctx.typing, b.name(), b.loc());
    }

    /** Makes the variables {@code leaves} of a local struct indeterminate, the bytes of its {@code unions} as a union's. */
    private void havoc(List<Variable> leaves, List<UnionLowering.UnionObject> unions, SourceLoc loc) {
        List<Variable> bytes = unions.stream().map(UnionLowering.UnionObject::variable).toList();
        for (Variable v : leaves) {
            if (bytes.contains(v)) {
                ctx.unions.havoc(unions.get(bytes.indexOf(v)), loc);
            } else {
                ctx.ir.havoc(v, Stmt.Havoc.Reason.UNINITIALIZED, "uninitialized " + v.sourceName(), loc);
            }
        }
    }

    /** The unions (and arrays of them) among {@code members}, nested structs' included. */
    private static List<UnionLowering.UnionObject> unions(Iterable<Object> members) {
        List<UnionLowering.UnionObject> out = new ArrayList<>();
        for (Object m : members) {
            if (m instanceof UnionLowering.UnionObject u) {
                out.add(u);
            } else if (m instanceof StructArray s) {
                out.addAll(unions(s.members().values()));
            } else if (m instanceof StructObject s) {
                out.addAll(unions(s.members().values()));
            }
        }
        return out;
    }

    /** {@code to = from} for two arrays or rows of the same extents: the whole variable, or cell by cell in one assignment. */
    void copyCells(ArrayView to, ArrayView from, SourceLoc loc) {
        if (whole(to) && whole(from)) {
            ctx.ir.add(new Stmt.ArrayAssign(to.array(), new ArrayExpr.Whole(from.array()), loc));
            return;
        }
        ArrayExpr value = new ArrayExpr.Whole(to.array());
        for (long c = 0; c < cells(to); c++) {
            Expr at = new Expr.Const(ctx.typing.indexType(), c);
            // every read is of the array before this assignment: a copy between elements of one array is exact
            value = new ArrayExpr.Store(value, ((LValue.Cell) flat(to).subscript(at, ctx.typing)).index(),
                    ((LValue.Cell) flat(from).subscript(at, ctx.typing)).read());
        }
        ctx.ir.add(new Stmt.ArrayAssign(to.array(), value, loc));
    }

    private static boolean whole(ArrayView v) {
        return v.offset() instanceof Expr.Const c && c.bits() == 0 && v.dims().equals(v.array().dims());
    }

    private static long cells(ArrayView v) {
        long n = 1;
        for (long d : v.dims()) {
            n = Math.multiplyExact(n, d);
        }
        return n;
    }

    /** {@code v} as one dimension. */
    private static ArrayView flat(ArrayView v) {
        return new ArrayView(v.array(), v.offset(), List.of(cells(v)));
    }

    /** A fresh copy of {@code from} in new variables (a by-value parameter or argument). */
    StructObject copyOf(StructObject from, String base, String sourceName, Variable.Kind kind, SourceLoc loc) {
        StructObject to = create(from.type(), base, sourceName, kind, loc);
        copy(to, from, loc);
        return to;
    }

    /** Initializes {@code s} by {@code init}: none (indeterminate), a brace list, or a struct expression. */
    void initialize(StructObject s, IASTInitializer init, SourceLoc loc) {
        if (init == null) {
            havoc(s.leaves(), unions(s.members().values()), loc);
            return;
        }
        IASTInitializerClause clause = init instanceof IASTEqualsInitializer eq ? eq.getInitializerClause() : null;
        if (clause instanceof IASTInitializerList list) {
            list(s, list, loc);
        } else if (clause instanceof IASTExpression e) {
            copy(s, object(e), loc);
        } else {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "initializer " + SourceLocator.text(init));
        }
    }

    /**
     * Initializes the array of structs {@code a} by {@code init}: none (indeterminate), or a brace
     * list whose elements not given are 0; into the entry prologue when {@code statics} (a global
     * or static array: without initializer all 0, or inputs with {@code --nondet-globals}).
     */
    void initialize(StructArray a, IASTInitializer init, boolean statics, SourceLoc loc) {
        if (init == null) {
            if (!statics) {
                havoc(a.leaves(), unions(a.members().values()), loc);
                return;
            }
            for (Variable v : a.leaves()) {
                if (ctx.options.nondetGlobals()) {
                    ctx.ir.addToPrologue(new Stmt.Havoc(v, Stmt.Havoc.Reason.INPUT, "global " + v.sourceName(), loc));
                } else {
                    emit(zero(v, loc), true);
                }
            }
            return;
        }
        if (!(init instanceof IASTEqualsInitializer eq && eq.getInitializerClause() instanceof IASTInitializerList list)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "initializer " + SourceLocator.text(init) + " of the array of structs "
                    + a.name() + " (PDPV reads a brace list)");
        }
        for (Variable v : a.leaves()) {
            emit(zero(v, loc), statics);
        }
        if (!statics) {
            // an element the list does not name has its unions' first members 0, their other bytes indeterminate
            for (UnionLowering.UnionObject u : unions(a.members().values())) {
                ctx.unions.implicit(u, false, loc);
            }
        }
        list(a, list, statics, loc);
    }

    /** One clause of an array's brace list: the element it initializes and its value. */
    record ElementInit(long index, IASTInitializerClause value) {
    }

    /**
     * The clause {@code c} of the brace list of an array of {@code n} {@code what} (C11 §6.7.9p17):
     * the element {@code next} (the one after the previous clause's), or the one {@code [k] =} names.
     */
    ElementInit elementInit(IASTInitializerClause c, long next, long n, String what) {
        long i = next;
        IASTInitializerClause value = c;
        if (c instanceof ICASTDesignatedInitializer d) {
            ICASTDesignator[] ds = d.getDesignators();
            if (ds.length != 1 || !(ds[0] instanceof ICASTArrayDesignator k)) {
                throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(c), "designator " + SourceLocator.text(c)
                        + " in the initializer of an array of " + what + " (PDPV reads [k] = {...})");
            }
            if (!(ctx.expressions.value(k.getSubscriptExpression()) instanceof Expr.Const at)) {
                throw new UserError(UserError.Kind.SYNTAX, ctx.loc(k), "array designator is not a constant");
            }
            i = at.type().toLong(at.bits());
            if (i < 0 || i >= n) {
                throw new UserError(UserError.Kind.SYNTAX, ctx.loc(k), "array designator index " + i + " is outside the array");
            }
            value = d.getOperand();
        }
        if (i >= n) {
            throw new UserError(UserError.Kind.SYNTAX, ctx.loc(c), "excess elements in array initializer");
        }
        return new ElementInit(i, value);
    }

    /** C11 §6.7.9: a braced list gives the elements in order or by {@code [k] =}, each in braces or a struct value. */
    private void list(StructArray a, IASTInitializerList list, boolean statics, SourceLoc loc) {
        long n = a.dims().get(0);
        long i = 0;
        for (IASTInitializerClause c : list.getClauses()) {
            ElementInit at = elementInit(c, i, n, "structs");
            i = at.index();
            IASTInitializerClause value = at.value();
            Object element = a.subscript(new Expr.Const(ctx.typing.indexType(), i), a.name() + "[" + i + "]", ctx.typing);
            if (value instanceof IASTInitializerList l) {
                if (element instanceof StructObject s) {
                    list(s, l, statics, loc);
                } else {
                    list((StructArray) element, l, statics, loc);
                }
            } else if (value instanceof IASTExpression e && element instanceof StructObject s && isStruct(e.getExpressionType()) && !statics) {
                copy(s, object(e), loc);
            } else {
                throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(c), "initializer " + SourceLocator.text(c) + " of an element of the"
                        + " array of structs " + a.name() + " without braces (PDPV reads a brace list for each element)");
            }
            i++;
        }
    }

    /**
     * Initializes a global or {@code static} struct {@code s} (issue #20) in the entry prologue, as
     * C11 §6.7.9(10) says: without initializer every member is 0 (an input with
     * {@code --nondet-globals}), else the brace list's constants.
     */
    void initializeStatic(StructObject s, IASTInitializer init, SourceLoc loc) {
        if (init == null) {
            for (Variable v : s.leaves()) {
                if (ctx.options.nondetGlobals()) {
                    ctx.ir.addToPrologue(new Stmt.Havoc(v, Stmt.Havoc.Reason.INPUT, "global " + v.sourceName(), loc));
                } else {
                    emit(zero(v, loc), true);
                }
            }
            return;
        }
        if (init instanceof IASTEqualsInitializer eq && eq.getInitializerClause() instanceof IASTInitializerList list) {
            list(s, list, true, loc);
            return;
        }
        throw new UserError(UserError.Kind.UNSUPPORTED, loc, "non-constant initializer of static struct " + s.name()
                + " (C requires a brace list of constants)");
    }

    /** C11 §6.7.9: a braced list gives the members in order or by {@code .f =}; the members not named are 0. */
    private void list(StructObject s, IASTInitializerList list, SourceLoc loc) {
        list(s, list, false, loc);
    }

    /**
     * {@link #list(StructObject, IASTInitializerList, SourceLoc)}, into the entry prologue when
     * {@code statics} (a global or static struct, whose initializer must be constant).
     */
    private void list(StructObject s, IASTInitializerList list, boolean statics, SourceLoc loc) {
        Map<String, IASTInitializerClause> given = new LinkedHashMap<>();
        List<String> names = List.copyOf(s.members().keySet());
        int next = 0;
        for (IASTInitializerClause c : list.getClauses()) {
            IASTInitializerClause value = c;
            if (c instanceof ICASTDesignatedInitializer d) {
                ICASTDesignator[] ds = d.getDesignators();
                if (ds.length != 1 || !(ds[0] instanceof ICASTFieldDesignator f)) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(c), "designator " + SourceLocator.text(c) + " in a struct initializer");
                }
                next = names.indexOf(f.getName().toString());
                if (next < 0) {
                    throw new UserError(UserError.Kind.SYNTAX, ctx.loc(c), "no member named '" + f.getName() + "'");
                }
                value = d.getOperand();
            }
            if (next >= names.size()) {
                throw new UserError(UserError.Kind.SYNTAX, ctx.loc(c), "excess elements in struct initializer");
            }
            Object m = s.members().get(names.get(next));
            if (!(value instanceof IASTInitializerList) && (m instanceof StructObject || m instanceof StructArray
                    || m instanceof ArrayView || m instanceof UnionLowering.UnionObject || m instanceof UnionLowering.ByteArray
                    || m instanceof Variable v && v.isArray())
                    && !(value instanceof IASTExpression e && m instanceof StructObject && isStruct(e.getExpressionType()))
                    && !(value instanceof IASTExpression e && m instanceof UnionLowering.UnionObject u && !u.isArray()
                        && UnionLowering.isUnion(e.getExpressionType()))) {
                throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(c), "initializer of the member " + names.get(next)
                        + " without braces (PDPV reads a brace list for each struct or array member)");
            }
            given.put(names.get(next), value);
            next++;
        }
        for (String name : names) {
            Object m = s.members().get(name);
            IASTInitializerClause value = given.get(name);
            if (m instanceof UnionLowering.UnionObject u) {
                ctx.unions.initializeMember(u, value, statics, loc);
            } else if (m instanceof StructObject inner) {
                initializeMember(inner, value, statics, loc);
            } else if (m instanceof UnionLowering.ByteArray b) {
                int size = LValue.Bytes.size(b.shape().element());
                for (Object slot : slots(List.of(m))) {
                    zero(slot, statics, loc);
                }
                if (value instanceof IASTInitializerList l) {
                    for (ArrayLowering.Init init : ctx.arrays.layout(l, b.shape(), loc).cells()) {
                        LValue.Bytes cell = byteCell(b, init.index() * size);
                        Expr v = init.constant() != null ? init.constant() : scalar((IASTExpression) init.clause(), cell.type(), statics);
                        emit(new Stmt.ArrayAssign(b.bytes(), cell.stores(ctx.typing.convert(v, cell.type())), loc), statics);
                    }
                }
            } else if (m instanceof LValue.Bytes cell) {
                Expr v = value == null ? new Expr.Const(cell.type(), 0) : scalar(braced(value), cell.type(), statics);
                emit(new Stmt.ArrayAssign(cell.bytes(), cell.stores(v), loc), statics);
            } else if (m instanceof StructArray inner) {
                for (Object slot : slots(inner.members().values())) {
                    zero(slot, statics, loc);
                }
                if (value instanceof IASTInitializerList l) {
                    list(inner, l, statics, loc);
                }
            } else if (m instanceof ArrayView row) {
                zero(row, statics, loc);
                if (value instanceof IASTInitializerList l) {
                    ArrayLowering.Layout layout = ctx.arrays.layout(l, new TypeResolver.Shape(row.array().type(), row.dims()), loc);
                    for (ArrayLowering.Init init : layout.cells()) {
                        LValue.Cell cell = (LValue.Cell) flat(row).subscript(new Expr.Const(ctx.typing.indexType(), init.index()), ctx.typing);
                        Expr v = init.constant() != null ? init.constant() : scalar((IASTExpression) init.clause(), row.array(), statics);
                        emit(store(cell, ctx.typing.convert(v, row.array().type()), loc), statics);
                    }
                }
            } else if (m instanceof LValue.Cell cell) {
                Expr v = value == null ? new Expr.Const(cell.type(), 0) : scalar(braced(value), cell.array(), statics);
                emit(store(cell, v, loc), statics);
            } else {
                Variable v = (Variable) m;
                if (v.isArray()) {
                    if (value instanceof IASTInitializerList l) {
                        TypeResolver.Shape shape = new TypeResolver.Shape(v.type(), v.dims());
                        ctx.arrays.initialize(v, ctx.arrays.layout(l, shape, loc), statics, loc);
                    } else {
                        emit(zero(v, loc), statics);
                    }
                } else if (value instanceof IASTInitializerList l) {
                    if (l.getClauses().length != 1 || !(l.getClauses()[0] instanceof IASTExpression e)) {
                        throw new UserError(UserError.Kind.SYNTAX, ctx.loc(l), "a scalar initializer in braces has one element");
                    }
                    emit(new Stmt.Assign(v, scalar(e, v, statics), loc), statics);
                } else if (value instanceof IASTExpression e) {
                    emit(new Stmt.Assign(v, scalar(e, v, statics), loc), statics);
                } else {
                    emit(zero(v, loc), statics);
                }
            }
        }
    }

    /** The value of a scalar member's initializer {@code e}, converted; a static struct's must have no side effect. */
    private Expr scalar(IASTExpression e, Variable v, boolean statics) {
        if (statics && SideEffects.has(e)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(e), "non-constant initializer of static variable " + v.sourceName());
        }
        return scalar(e, v.type(), statics);
    }

    /** The value of a scalar initializer {@code e}, converted to {@code type}; a static object's must be constant. */
    private Expr scalar(IASTExpression e, pdpv.semantics.CType type, boolean statics) {
        if (statics && SideEffects.has(e)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(e), "non-constant initializer of a static union's member");
        }
        Expr value = ctx.typing.convert(ctx.expressions.value(e), type);
        if (statics && !pdpv.cfg.VariableUses.reads(value).isEmpty()) {
            // it would be read in the prologue, before the variables it names have their values
            throw new UserError(UserError.Kind.SYNTAX, ctx.loc(e), "initializer element is not constant");
        }
        return value;
    }

    /** The expression of a scalar initializer, in braces or not. */
    private IASTExpression braced(IASTInitializerClause value) {
        if (value instanceof IASTInitializerList l) {
            if (l.getClauses().length != 1 || !(l.getClauses()[0] instanceof IASTExpression e)) {
                throw new UserError(UserError.Kind.SYNTAX, ctx.loc(l), "a scalar initializer in braces has one element");
            }
            return e;
        }
        return (IASTExpression) value;
    }

    /**
     * Initializes the struct member {@code s} of an aggregate whose brace list is being lowered by
     * {@code value}: its brace list, a struct value, or null when the list does not name it (its
     * members 0).
     */
    void initializeMember(StructObject s, IASTInitializerClause value, boolean statics, SourceLoc loc) {
        if (value instanceof IASTInitializerList l) {
            list(s, l, statics, loc);
        } else if (value instanceof IASTExpression e) {
            if (statics) {
                throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(e), "non-constant initializer of the member "
                        + s.name() + " of a static object");
            }
            copy(s, object(e), loc);
        } else {
            for (Object slot : slots(s.members().values())) {
                zero(slot, statics, loc);
            }
        }
    }

    /** {@code cell = value}. */
    private static Stmt store(LValue.Cell cell, Expr value, SourceLoc loc) {
        return new Stmt.ArrayAssign(cell.array(), new ArrayExpr.Store(new ArrayExpr.Whole(cell.array()), cell.index(), value), loc);
    }

    /** Sets the object a slot ({@link #slots}) designates to 0: a scalar, a cell, every cell of an array or row. */
    private void zero(Object slot, boolean statics, SourceLoc loc) {
        if (slot instanceof LValue.Scalar x) {
            emit(zero(x.variable(), loc), statics);
        } else if (slot instanceof LValue.Bytes b) {
            emit(new Stmt.ArrayAssign(b.bytes(), b.stores(new Expr.Const(b.type(), 0)), loc), statics);
        } else if (slot instanceof LValue.Cell c) {
            emit(store(c, new Expr.Const(c.type(), 0), loc), statics);
        } else if (whole((ArrayView) slot)) {
            emit(zero(((ArrayView) slot).array(), loc), statics);
        } else {
            ArrayView row = (ArrayView) slot;
            ArrayExpr value = new ArrayExpr.Whole(row.array());
            for (long c = 0; c < cells(row); c++) {
                LValue.Cell cell = (LValue.Cell) flat(row).subscript(new Expr.Const(ctx.typing.indexType(), c), ctx.typing);
                value = new ArrayExpr.Store(value, cell.index(), new Expr.Const(row.array().type(), 0));
            }
            emit(new Stmt.ArrayAssign(row.array(), value, loc), statics);
        }
    }

    /** {@code v = 0}, every cell of an array member. */
    private static Stmt zero(Variable v, SourceLoc loc) {
        return v.isArray() ? new Stmt.ArrayAssign(v, new ArrayExpr.Filled(v.type(), 0), loc) : new Stmt.Assign(v, new Expr.Const(v.type(), 0), loc);
    }

    /** Adds {@code s} where the code being lowered goes, or to the entry prologue for a static object (no guards: constants). */
    private void emit(Stmt s, boolean statics) {
        if (statics) {
            ctx.ir.addToPrologue(s);
        } else {
            ctx.ir.add(s);
        }
    }

    private UserError unsupported(String what, IASTExpression e) {
        return new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(e), what);
    }

}
