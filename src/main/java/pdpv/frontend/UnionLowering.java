package pdpv.frontend;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTDeclSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTEqualsInitializer;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFieldReference;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
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
import org.eclipse.cdt.core.dom.ast.c.ICASTDesignatedInitializer;
import org.eclipse.cdt.core.dom.ast.c.ICASTDesignator;
import org.eclipse.cdt.core.dom.ast.c.ICASTFieldDesignator;
import pdpv.cfg.ArrayExpr;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.semantics.CType;

/**
 * Lowers unions (issue #20) byte-precisely: a union object is {@code size} cells of an array of
 * {@code unsigned char} ({@link UnionObject}), its members sharing those bytes from the object's
 * first on, as gcc lays them out on the data model (little-endian): reading an integer member
 * combines its bytes, writing one replaces them ({@link LValue.Bytes}), so that type punning means
 * what C11 §6.5.2.3 (footnote 95) says ({@code u.i = 0x01020304; u.b[0] == 4}). A union variable
 * owns its array; an array of unions is one array whose rows are its elements' bytes
 * ({@code a[k]} is the row {@code k}); a union member of a struct is the struct's member variable
 * (struct flattening), and of an array of structs a row of the member's array (struct of arrays).
 * Members are integers (not {@code _Bool}) and arrays of them; {@code u.f}, {@code u.a[i]},
 * {@code a[k].f}, {@code s.u.f}, {@code p->f}, assignment {@code u = w}, initialization by a brace
 * list (its first member, or the one {@code .f =} names) or by another union, unions passed to and
 * returned by inlined callees by value, and pointers to unions passed to an inlined callee's
 * {@code union U *p} or {@code union U p[]} ({@code &u}, {@code &a[k]}, {@code a}, {@code a + k}).
 */
final class UnionLowering {
    private final LoweringContext ctx;

    UnionLowering(LoweringContext ctx) {
        this.ctx = ctx;
    }

    /**
     * A union object, or an array of them: the bytes {@code bytes} designates (its last extent the
     * union's size, any before it an array's), and its members' shapes (element type and extents;
     * none for a scalar), all at offset 0.
     */
    record UnionObject(ICompositeType type, String name, ArrayView bytes, Map<String, TypeResolver.Shape> members) {
        /** The union's size in bytes. */
        long size() {
            return bytes.dims().get(bytes.dims().size() - 1);
        }

        /** Whether this is an array of unions (or what a pointer to a union was passed) rather than one union. */
        boolean isArray() {
            return bytes.dims().size() > 1;
        }

        /** The variable holding the bytes. */
        Variable variable() {
            return bytes.array();
        }

        /** Element {@code index} (of the index type, evaluated: a constant or a temporary) of an array of unions. */
        UnionObject subscript(Expr index, String text, Typing typing) {
            return new UnionObject(type, text, (ArrayView) bytes.subscript(index, typing), members);
        }

        /** This array of unions seen from element {@code index} on, its extent unknown ({@code a + k}, {@code &a[k]}). */
        UnionObject from(Expr index, String text, Typing typing) {
            return new UnionObject(type, text, bytes.from(index, typing), members);
        }

        /** One union seen as the first element of an array of unknown extent (what {@code &u} points to). */
        UnionObject asArray(String text) {
            return isArray() ? this : new UnionObject(type, text, new ArrayView(bytes.array(), bytes.offset(), List.of(0L, size())), members);
        }
    }

    /** Whether {@code type} is a union. */
    static boolean isUnion(IType type) {
        return TypeResolver.strip(type) instanceof ICompositeType c && c.getKey() == ICompositeType.k_union;
    }

    /** Whether {@code type} is an array (of one or more dimensions) of unions. */
    static boolean isUnionArray(IType type) {
        IType t = TypeResolver.strip(type);
        if (!(t instanceof IArrayType)) {
            return false;
        }
        while (t instanceof IArrayType a) {
            t = TypeResolver.strip(a.getType());
        }
        return isUnion(t);
    }

    /** Whether {@code type} is a pointer to a union. */
    static boolean isUnionPointer(IType type) {
        return TypeResolver.strip(type) instanceof IPointerType p && isUnion(p.getType());
    }

    /** The members' shapes of the union type {@code c}, by name, and its size (C11 §6.7.2.1p16: its largest member's). */
    private Map<String, TypeResolver.Shape> shapes(ICompositeType c, SourceLoc loc) {
        Map<String, TypeResolver.Shape> members = new LinkedHashMap<>();
        for (IField f : c.getFields()) {
            IType t = f.getType();
            TypeResolver.refuseBitField(f, c, loc);
            if (StructLowering.isStruct(t)) {
                check((ICompositeType) TypeResolver.strip(t), c, loc);
                continue; // laid out in the union's bytes where it is used (structMember)
            }
            if (!ctx.types.isInteger(t) && !ctx.types.isIntegerArray(t)) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "member " + f.getName() + " of union " + c.getName() + " of type " + t
                        + " (PDPV reads unions of integers and arrays of integers)");
            }
            TypeResolver.Shape shape = ctx.types.isInteger(t) ? new TypeResolver.Shape(ctx.types.resolve(t, loc), List.of())
                    : ctx.types.shape(t, loc);
            if (shape.dims().contains(0L)) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "flexible array member " + f.getName() + " of union " + c.getName());
            }
            members.put(f.getName(), shape);
        }
        if (c.getFields().length == 0) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "union " + c.getName() + " without members");
        }
        return members;
    }

    /**
     * Refuses, by name, a member of the struct {@code s} (a member of the union {@code u}, or
     * nested in one) that PDPV does not lay out in a union's bytes: members are integers, arrays
     * of integers, structs and unions, and arrays of unions.
     */
    private void check(ICompositeType s, ICompositeType u, SourceLoc loc) {
        if (s.getFields().length == 0) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "struct " + s.getName() + " without members in union " + u.getName());
        }
        for (IField f : s.getFields()) {
            IType t = f.getType();
            TypeResolver.refuseBitField(f, s, loc);
            if (StructLowering.isStruct(t)) {
                check((ICompositeType) TypeResolver.strip(t), u, loc);
            } else if (isUnion(t) || isUnionArray(t)) {
                shapes((ICompositeType) StructLowering.elementType(t), loc);
                if (isUnionArray(t) && StructLowering.extents(t, loc).contains(0L)) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "flexible array member " + f.getName() + " of struct " + s.getName());
                }
            } else if (ctx.types.isInteger(t) || ctx.types.isIntegerArray(t)) {
                TypeResolver.Shape shape = ctx.types.isInteger(t) ? new TypeResolver.Shape(ctx.types.resolve(t, loc), List.of())
                        : ctx.types.shape(t, loc);
                if (shape.dims().contains(0L)) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "flexible array member " + f.getName() + " of struct " + s.getName());
                }
            } else {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "member " + f.getName() + " of struct " + s.getName() + " in union "
                        + u.getName() + " of type " + t + " (PDPV lays out integers, arrays of integers, structs, unions and arrays of"
                        + " unions in a union's bytes)");
            }
        }
    }

    /** The size in bytes of the union {@code c}, as gcc lays it out ({@link TypeResolver#layout}). */
    private long size(ICompositeType c, SourceLoc loc) {
        TypeResolver.Layout layout = ctx.types.layout(c, loc);
        if (layout == null) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "layout of union " + c.getName());
        }
        return layout.size();
    }

    /**
     * An array of integers that lies in a union's bytes (a member of a struct member of a union):
     * its cells from the flat byte offset {@code offset} of {@code bytes} on, each as many bytes as
     * its element type, little-endian.
     */
    record ByteArray(Variable bytes, Expr offset, TypeResolver.Shape shape, String name, SourceLoc loc) {
    }

    /**
     * The struct member {@code r} of a union ({@code u.s}, {@code p->s}, {@code a[k].s}): a struct
     * object over the union's bytes from its first on.
     */
    StructObject structMember(IASTFieldReference r) {
        UnionObject u = owner(r);
        String name = r.getFieldName().toString();
        for (IField f : u.type().getFields()) {
            if (f.getName().equals(name) && StructLowering.isStruct(f.getType())) {
                return inBytes((ICompositeType) TypeResolver.strip(f.getType()), u.variable(), u.bytes().offset(), SourceLocator.text(r), ctx.loc(r));
            }
        }
        throw new UserError(UserError.Kind.SYNTAX, ctx.loc(r), "no struct member named '" + name + "'");
    }

    /** The struct {@code c} laid out in {@code bytes} from the flat offset {@code base} on ({@link TypeResolver#offsets}). */
    private StructObject inBytes(ICompositeType c, Variable bytes, Expr base, String name, SourceLoc loc) {
        List<Long> offsets = ctx.types.offsets(c, loc);
        Map<String, Object> members = new LinkedHashMap<>();
        IField[] fields = c.getFields();
        for (int i = 0; i < fields.length; i++) {
            IType t = fields[i].getType();
            String text = name + "." + fields[i].getName();
            Expr at = plus(base, new Expr.Const(ctx.typing.indexType(), offsets.get(i)));
            if (StructLowering.isStruct(t)) {
                members.put(fields[i].getName(), inBytes((ICompositeType) TypeResolver.strip(t), bytes, at, text, loc));
            } else if (isUnion(t) || isUnionArray(t)) {
                ICompositeType inner = (ICompositeType) StructLowering.elementType(t);
                List<Long> dims = new ArrayList<>(StructLowering.extents(t, loc));
                dims.add(size(inner, loc));
                members.put(fields[i].getName(), new UnionObject(inner, text, new ArrayView(bytes, at, dims), shapes(inner, loc)));
            } else if (ctx.types.isInteger(t)) {
                members.put(fields[i].getName(), new LValue.Bytes(bytes, at, ctx.types.resolve(t, loc), ctx.typing, text, loc));
            } else if (ctx.types.isIntegerArray(t)) {
                members.put(fields[i].getName(), new ByteArray(bytes, at, ctx.types.shape(t, loc), text, loc));
            } else {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "member " + fields[i].getName() + " of struct " + c.getName()
                        + " of type " + t + " in a union");
            }
        }
        return new StructObject(c, name, members, new ArrayView(bytes, base, List.of(ctx.types.layout(c, loc).size())));
    }

    /**
     * The bytes of the struct {@code c} that no member covers (padding, C11 §6.2.6.1p6), as
     * offsets from its first: a store of the whole struct leaves them unspecified.
     */
    List<Long> padding(ICompositeType c, SourceLoc loc) {
        boolean[] covered = new boolean[(int) ctx.types.layout(c, loc).size()];
        cover(c, 0, covered, loc);
        List<Long> out = new ArrayList<>();
        for (int k = 0; k < covered.length; k++) {
            if (!covered[k]) {
                out.add((long) k);
            }
        }
        return out;
    }

    private void cover(ICompositeType c, long base, boolean[] covered, SourceLoc loc) {
        List<Long> offsets = ctx.types.offsets(c, loc);
        IField[] fields = c.getFields();
        for (int i = 0; i < fields.length; i++) {
            IType t = fields[i].getType();
            if (StructLowering.isStruct(t)) {
                cover((ICompositeType) TypeResolver.strip(t), base + offsets.get(i), covered, loc);
            } else {
                // an integer, an array of them, or a union or an array of unions, whose bytes are copied whole
                long size = ctx.types.layout(t, loc).size();
                java.util.Arrays.fill(covered, (int) (base + offsets.get(i)), (int) (base + offsets.get(i) + size), true);
            }
        }
    }

    /** Makes the bytes {@code at} (offsets from {@code region}'s first) indeterminate, as a union's uninitialized bytes. */
    void havocBytes(ArrayView region, List<Long> at, String name, SourceLoc loc) {
        if (at.isEmpty()) {
            return;
        }
        Variable fresh = ctx.ir.variable(region.array().name() + "#padding", name, region.array().type(), Variable.Kind.TEMPORARY,
                List.of((long) at.size()));
        ctx.ir.havoc(fresh, Stmt.Havoc.Reason.UNINITIALIZED, Stmt.Havoc.UNION_BYTES + name, loc);
        ArrayExpr value = new ArrayExpr.Whole(region.array());
        for (int k = 0; k < at.size(); k++) {
            value = new ArrayExpr.Store(value, plus(region.offset(), new Expr.Const(ctx.typing.indexType(), at.get(k))),
                    new Expr.Select(fresh, new Expr.Const(ctx.typing.indexType(), k), fresh.type()));
        }
        ctx.ir.add(new Stmt.ArrayAssign(region.array(), value, loc));
    }

    private static long cells(TypeResolver.Shape shape) {
        long cells = 1;
        for (long d : shape.dims()) {
            cells = Math.multiplyExact(cells, d);
        }
        return cells;
    }

    /**
     * A fresh union, or array of unions, of {@code type}: an array of {@code unsigned char} whose
     * rows are as large as the union's largest member; {@code leading} are the extents of an array
     * it is a member of (an array of structs'), before the type's own. An unknown first extent is
     * the number of elements {@code init} gives.
     */
    UnionObject create(IType type, List<Long> leading, IASTInitializer init, String base, String sourceName, Variable.Kind kind,
                       SourceLoc loc) {
        List<Long> dims = new ArrayList<>(leading);
        List<Long> own = StructLowering.extents(type, loc);
        if (!own.isEmpty() && own.get(0) == 0) {
            long n = init instanceof IASTEqualsInitializer eq && eq.getInitializerClause() instanceof IASTInitializerList l && leading.isEmpty()
                    ? ctx.structs.extent(l) : 0;
            if (n == 0) {
                throw new UserError(UserError.Kind.SYNTAX, loc, "array size missing in '" + sourceName + "'");
            }
            own.set(0, n);
        }
        dims.addAll(own);
        ICompositeType c = (ICompositeType) StructLowering.elementType(type);
        Map<String, TypeResolver.Shape> members = shapes(c, loc);
        dims.add(size(c, loc));
        Variable bytes = ctx.ir.variable(base, sourceName, ctx.typing.unsignedChar(), kind, dims);
        return new UnionObject(c, sourceName, ArrayView.of(bytes, ctx.typing), members);
    }

    /** A fresh union of {@code type}. */
    UnionObject create(IType type, String base, String sourceName, Variable.Kind kind, SourceLoc loc) {
        return create(type, List.of(), null, base, sourceName, kind, loc);
    }

    /**
     * The union (or array of unions) {@code e} designates: a variable, a callee's parameter, a
     * member of a struct, an element of an array of unions, {@code *p}, the result of an inlined
     * call; its side effects (a subscript's, a call's) emitted.
     */
    UnionObject object(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (e instanceof IASTIdExpression id) {
            IBinding b = id.getName().resolveBinding();
            UnionObject u = ctx.frame().unions().get(b);
            if (u == null) {
                u = ctx.globalUnions.get(b);
            }
            if (u == null && ctx.unusable.containsKey(b)) {
                throw unsupported(ctx.unusable.get(b), e);
            }
            if (u == null) {
                throw unsupported("use of the union " + id.getName() + " (PDPV reads union variables, parameters and arrays"
                        + " of the program's functions, global and static ones)", e);
            }
            return u;
        }
        if (e instanceof IASTFieldReference r && !isMember(r) && ctx.structs.member(r) instanceof UnionObject u) {
            return u;
        }
        if (e instanceof IASTArraySubscriptExpression s) {
            return unionElement(s);
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_star) {
            return pointee(u.getOperand());
        }
        if (e instanceof IASTFunctionCallExpression call) {
            UnionObject u = ctx.calls.unionCall(call);
            if (u == null) {
                throw unsupported("union value of " + SourceLocator.text(e) + " (a function without a body)", e);
            }
            return u;
        }
        throw unsupported("union expression " + SourceLocator.text(e), e);
    }

    /** {@code a[k]} of an array of unions (or of what a pointer parameter was passed); an index with a side effect is evaluated once, now. */
    private UnionObject unionElement(IASTArraySubscriptExpression s) {
        IASTExpression array = s.getArrayExpression();
        IASTExpression subscript = (IASTExpression) s.getArgument();
        if (!isUnionArray(array.getExpressionType()) && !isUnionPointer(array.getExpressionType())) {
            IASTExpression t = array; // i[a]
            array = subscript;
            subscript = t;
        }
        UnionObject a = isUnionArray(array.getExpressionType()) ? object(array) : pointer(array);
        return a.subscript(ctx.structs.elementIndex(subscript, s), SourceLocator.text(s), ctx.typing);
    }

    /**
     * What a pointer-valued expression points to, as an array of unions from there on (issue #20):
     * {@code &u} (any union lvalue), an array of unions (decayed), {@code a + k}, {@code k + a}, a
     * callee's pointer parameter that was passed one.
     */
    UnionObject pointer(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        UnionObject passed = e instanceof IASTIdExpression id ? ctx.frame().unionPointers().get(id.getName().resolveBinding()) : null;
        if (passed != null) {
            return passed;
        }
        if (isUnionArray(e.getExpressionType())) {
            return object(e).from(new Expr.Const(ctx.typing.indexType(), 0), SourceLocator.text(e), ctx.typing);
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper && isUnion(u.getOperand().getExpressionType())) {
            return object(u.getOperand()).asArray(SourceLocator.text(e));
        }
        if (e instanceof IASTBinaryExpression b && b.getOperator() == IASTBinaryExpression.op_plus) {
            boolean left = isUnionPointer(b.getOperand1().getExpressionType()) || isUnionArray(b.getOperand1().getExpressionType());
            UnionObject a = pointer(left ? b.getOperand1() : b.getOperand2());
            Expr k = ctx.typing.convert(ctx.expressions.value(left ? b.getOperand2() : b.getOperand1()), ctx.typing.indexType());
            return a.from(k, SourceLocator.text(e), ctx.typing);
        }
        throw unsupported("pointer to a union " + SourceLocator.text(e) + " (PDPV reads &u, an array of unions, a + k and pointer"
                + " parameters of called functions that were passed one)", e);
    }

    /**
     * A local pointer to a union (issue #20), {@code union U *p = &u;}: what its initializer points
     * to, where the declaration runs (a subscript's value then). PDPV reads such a pointer only
     * when nothing in its function assigns it or takes its address, so that it points to one place.
     */
    UnionObject declarePointer(IASTDeclarator declarator, int storage, SourceLoc loc) {
        String name = TypeResolver.innermost(declarator).getName().toString();
        IBinding binding = TypeResolver.innermost(declarator).getName().resolveBinding();
        if (storage == IASTDeclSpecifier.sc_static || storage == IASTDeclSpecifier.sc_extern) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "static or extern pointer to a union " + name);
        }
        IASTNode body = declarator;
        while (body != null && !(body instanceof IASTFunctionDefinition)) {
            body = body.getParent();
        }
        Set<IBinding> assigned = new HashSet<>();
        if (body != null) {
            CallLowering.assignments(((IASTFunctionDefinition) body).getBody(), assigned, new HashSet<>());
        }
        if (!(declarator.getInitializer() instanceof IASTEqualsInitializer eq && eq.getInitializerClause() instanceof IASTExpression init)
                || assigned.contains(binding)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "pointer to a union " + name + " that its declaration does not"
                    + " initialize or that is assigned (PDPV reads union U *p = &u; when nothing assigns p or takes its address)");
        }
        UnionObject target = pointer(init);
        Expr offset = target.bytes().offset();
        if (!(offset instanceof Expr.Const)) {
            Variable t = ctx.ir.temporary("offset", offset.type());
            ctx.ir.assign(t, offset, loc);
            target = new UnionObject(target.type(), target.name(), new ArrayView(target.variable(), new Expr.VarRef(t), target.bytes().dims()),
                    target.members());
        }
        return target;
    }

    /** The union {@code *p} designates. */
    private UnionObject pointee(IASTExpression pointer) {
        return pointer(pointer).subscript(new Expr.Const(ctx.typing.indexType(), 0), "*" + SourceLocator.text(pointer), ctx.typing);
    }

    private UnionObject owner(IASTFieldReference r) {
        UnionObject u = r.isPointerDereference() ? pointee(r.getFieldOwner()) : object(r.getFieldOwner());
        if (u.isArray()) {
            throw new UserError(UserError.Kind.SYNTAX, ctx.loc(r), "request for member '" + r.getFieldName() + "' in an array");
        }
        return u;
    }

    private TypeResolver.Shape shape(UnionObject u, IASTFieldReference r) {
        TypeResolver.Shape s = u.members().get(r.getFieldName().toString());
        if (s == null && structField(u.type(), r.getFieldName().toString()) != null) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(r), "use of the struct member " + SourceLocator.text(r) + " as an integer value");
        }
        if (s == null) {
            throw new UserError(UserError.Kind.SYNTAX, ctx.loc(r), "no member named '" + r.getFieldName() + "'");
        }
        return s;
    }

    /** Whether {@code r} is a member of a union ({@code u.f} or {@code p->f}). */
    static boolean isMember(IASTFieldReference r) {
        IType owner = TypeResolver.strip(r.getFieldOwner().getExpressionType());
        if (r.isPointerDereference()) {
            if (owner instanceof IPointerType p) {
                return isUnion(p.getType());
            }
            return owner instanceof IArrayType a && isUnion(a.getType());
        }
        return isUnion(owner);
    }

    /**
     * Whether {@code s} subscripts an array member of a union ({@code u.a[i]}, {@code u.m[i][j]}),
     * or of a struct that lies in a union's bytes ({@code u.s.a[i]}, {@code p->s.in.a[i]}).
     */
    static boolean isElement(IASTArraySubscriptExpression s) {
        IASTExpression a = ExpressionLowering.strip(s.getArrayExpression());
        while (a instanceof IASTArraySubscriptExpression inner) {
            a = ExpressionLowering.strip(inner.getArrayExpression());
        }
        return a instanceof IASTFieldReference r && (isMember(r) || inUnion(r));
    }

    /** Whether {@code r} is a member ({@code .f}) of a struct that lies in a union's bytes: {@code u.s.f}, {@code u.s.in.f}. */
    static boolean inUnion(IASTFieldReference r) {
        return !r.isPointerDereference() && ExpressionLowering.strip(r.getFieldOwner()) instanceof IASTFieldReference owner
                && StructLowering.isStruct(owner.getExpressionType()) && (isMember(owner) || inUnion(owner));
    }

    /** The struct member {@code name} of the union {@code c}, or null. */
    private static IField structField(ICompositeType c, String name) {
        for (IField f : c.getFields()) {
            if (f.getName().equals(name) && StructLowering.isStruct(f.getType())) {
                return f;
            }
        }
        return null;
    }

    /** The integer member {@code u.f}: its bytes from the union's first on. */
    LValue.Bytes member(IASTFieldReference r) {
        UnionObject u = owner(r);
        TypeResolver.Shape s = shape(u, r);
        if (s.isArray()) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(r), "use of the array member " + SourceLocator.text(r) + " as an integer value");
        }
        return new LValue.Bytes(u.variable(), u.bytes().offset(), s.element(), ctx.typing, SourceLocator.text(r), ctx.loc(r));
    }

    /** The cell {@code u.a[i]...} of an array member: the element's bytes at its offset. */
    LValue.Bytes element(IASTArraySubscriptExpression s) {
        List<IASTExpression> subscripts = new ArrayList<>();
        IASTExpression a = s;
        while (ExpressionLowering.strip(a) instanceof IASTArraySubscriptExpression inner) {
            subscripts.add(0, (IASTExpression) inner.getArgument());
            a = inner.getArrayExpression();
        }
        IASTFieldReference r = (IASTFieldReference) ExpressionLowering.strip(a);
        ByteArray array;
        if (isMember(r)) {
            UnionObject u = owner(r);
            array = new ByteArray(u.variable(), u.bytes().offset(), shape(u, r), SourceLocator.text(r), ctx.loc(r));
        } else if (ctx.structs.member(r) instanceof ByteArray b) {
            array = b;
        } else {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(r), "subscript of " + SourceLocator.text(r) + " in a union");
        }
        TypeResolver.Shape shape = array.shape();
        if (subscripts.size() != shape.dims().size()) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(s), "use of the row " + SourceLocator.text(s) + " of an array as a value");
        }
        ArrayView view = new ArrayView(array.bytes(), new Expr.Const(ctx.typing.indexType(), 0), shape.dims());
        Object cell = view;
        for (int d = 0; d < subscripts.size(); d++) {
            Expr i = ctx.typing.convert(ctx.expressions.value(subscripts.get(d)), ctx.typing.indexType());
            // the member's own extent: the union's bytes beyond it are no cells of it
            ctx.ir.checkExtent(SourceLocator.text(r), i, shape.dims().get(d), ctx.loc(s));
            cell = ((ArrayView) cell).subscript(i, ctx.typing);
        }
        Expr index = ((LValue.Cell) cell).index();
        int size = LValue.Bytes.size(shape.element());
        Expr offset = size == 1 ? index : flat(pdpv.semantics.BinaryOp.MUL, index, new Expr.Const(ctx.typing.indexType(), size));
        return new LValue.Bytes(array.bytes(), plus(array.offset(), offset), shape.element(), ctx.typing, SourceLocator.text(s), ctx.loc(s));
    }

    /** {@code a op b} of the index type, modulo 2^w: PDPV's layout of bytes, no C arithmetic. */
    private Expr flat(pdpv.semantics.BinaryOp op, Expr a, Expr b) {
        CType u = ctx.typing.unsignedIndexType();
        return ctx.typing.convert(ctx.typing.binary(op, ctx.typing.convert(a, u), ctx.typing.convert(b, u)), ctx.typing.indexType());
    }

    private Expr plus(Expr base, Expr offset) {
        if (base instanceof Expr.Const b && offset instanceof Expr.Const o) {
            return new Expr.Const(ctx.typing.indexType(), b.bits() + o.bits());
        }
        return base instanceof Expr.Const b && b.bits() == 0 ? offset : flat(pdpv.semantics.BinaryOp.ADD, base, offset);
    }

    /** {@code to = from}: every byte (every element's, for two arrays of unions of one extent). */
    void copy(UnionObject to, UnionObject from, SourceLoc loc) {
        if (!to.type().isSameType(from.type()) || !to.bytes().dims().equals(from.bytes().dims())) {
            throw new UserError(UserError.Kind.SYNTAX, loc, "incompatible union types in assignment");
        }
        if (!to.bytes().equals(from.bytes())) {
            ctx.structs.copyCells(to.bytes(), from.bytes(), loc);
        }
    }

    /** A fresh copy of {@code from} in a new variable (a by-value parameter). */
    UnionObject copyOf(UnionObject from, String base, String sourceName, Variable.Kind kind, SourceLoc loc) {
        Variable bytes = ctx.ir.variable(base, sourceName, ctx.typing.unsignedChar(), kind, List.of(from.size()));
        UnionObject to = new UnionObject(from.type(), sourceName, ArrayView.of(bytes, ctx.typing), from.members());
        copy(to, from, loc);
        return to;
    }

    /** Makes every byte of {@code u} indeterminate (uninitialized; a local's, each time its declaration runs). */
    void havoc(UnionObject u, SourceLoc loc) {
        if (whole(u)) {
            ctx.ir.havoc(u.variable(), Stmt.Havoc.Reason.UNINITIALIZED, Stmt.Havoc.UNION_BYTES + u.name(), loc);
            return;
        }
        Variable fresh = ctx.ir.variable(u.variable().name() + "#fresh", u.name(), u.variable().type(), Variable.Kind.TEMPORARY,
                u.bytes().dims());
        ctx.ir.havoc(fresh, Stmt.Havoc.Reason.UNINITIALIZED, Stmt.Havoc.UNION_BYTES + u.name(), loc);
        ctx.structs.copyCells(u.bytes(), ArrayView.of(fresh, ctx.typing), loc);
    }

    private static boolean whole(UnionObject u) {
        return u.bytes().offset() instanceof Expr.Const c && c.bits() == 0 && u.bytes().dims().equals(u.variable().dims());
    }

    /**
     * Initializes {@code u} (a union or an array of unions) by {@code init} (C11 §6.7.9p10, p17):
     * none (indeterminate; a static one's bytes 0, or inputs under {@code --nondet-globals}),
     * another union, or a brace list.
     */
    void initialize(UnionObject u, IASTInitializer init, boolean statics, SourceLoc loc) {
        Variable bytes = u.variable();
        if (init == null) {
            if (!statics) {
                havoc(u, loc);
            } else if (ctx.options.nondetGlobals()) {
                ctx.ir.addToPrologue(new Stmt.Havoc(bytes, Stmt.Havoc.Reason.INPUT, "global " + bytes.sourceName(), loc));
            } else {
                ctx.ir.addToPrologue(new Stmt.ArrayAssign(bytes, new ArrayExpr.Filled(bytes.type(), 0), loc));
            }
            return;
        }
        IASTInitializerClause clause = init instanceof IASTEqualsInitializer eq ? eq.getInitializerClause() : null;
        if (clause instanceof IASTExpression e && !statics && isUnion(e.getExpressionType()) && !u.isArray()) {
            copy(u, object(e), loc);
            return;
        }
        if (!(clause instanceof IASTInitializerList list)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "initializer " + SourceLocator.text(init) + " of union " + bytes.sourceName()
                    + " (PDPV reads a brace list" + (statics ? " of constants" : " or a union variable") + ")");
        }
        if (statics) {
            emit(new Stmt.ArrayAssign(bytes, new ArrayExpr.Filled(bytes.type(), 0), loc), true);
        }
        if (u.isArray()) {
            elements(u, list, statics, loc);
        } else {
            list(u, list, statics, loc);
        }
    }

    /**
     * The brace list of an array of unions (C11 §6.7.9): the elements in order or by {@code [k] =},
     * each a brace list; an element not given has its first member 0 (the rest of its bytes as
     * the array's: 0 if static, else indeterminate).
     */
    private void elements(UnionObject a, IASTInitializerList list, boolean statics, SourceLoc loc) {
        long n = a.bytes().dims().get(0);
        long i = 0;
        java.util.Set<Long> given = new java.util.HashSet<>();
        for (IASTInitializerClause c : list.getClauses()) {
            StructLowering.ElementInit at = ctx.structs.elementInit(c, i, n, "unions");
            i = at.index();
            IASTInitializerClause value = at.value();
            if (!(value instanceof IASTInitializerList l)) {
                throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(c), "initializer " + SourceLocator.text(c) + " of an element of the"
                        + " array of unions " + a.name() + " without braces (PDPV reads a brace list for each element)");
            }
            UnionObject element = a.subscript(new Expr.Const(ctx.typing.indexType(), i), a.name() + "[" + i + "]", ctx.typing);
            if (element.isArray()) {
                elements(element, l, statics, loc);
            } else {
                list(element, l, statics, loc);
            }
            given.add(i);
            i++;
        }
        for (long k = 0; k < n; k++) {
            if (!given.contains(k)) {
                UnionObject element = a.subscript(new Expr.Const(ctx.typing.indexType(), k), a.name() + "[" + k + "]", ctx.typing);
                implicit(element, statics, loc);
            }
        }
    }

    /**
     * A union (or array of them) an aggregate's brace list does not name (C11 §6.7.9p10, p21): its
     * first member 0, every cell of an array member; the other bytes 0 in a static object (zeroed
     * before), indeterminate in a local one.
     */
    void implicit(UnionObject u, boolean statics, SourceLoc loc) {
        if (statics) {
            return; // the prologue zeroed every byte
        }
        IField first = u.type().getFields()[0];
        // an implicitly initialized struct is as a static one (§6.7.9p21): its padding 0 as well
        long firstSize = ctx.types.layout(first.getType(), loc).size();
        if (firstSize < u.size()) {
            havoc(u, loc);
        }
        zeroFirst(u, firstSize, loc);
    }

    /** Stores 0 in the first {@code size} bytes of {@code u} (of each element of an array of unions). */
    private void zeroFirst(UnionObject u, long size, SourceLoc loc) {
        if (u.isArray()) {
            for (long k = 0; k < u.bytes().dims().get(0); k++) {
                zeroFirst(u.subscript(new Expr.Const(ctx.typing.indexType(), k), u.name() + "[" + k + "]", ctx.typing), size, loc);
            }
            return;
        }
        for (long k = 0; k < size; k++) {
            store(u, k, new Expr.Const(ctx.typing.unsignedChar(), 0), 1, loc, false);
        }
    }

    /**
     * Initializes {@code u}, a union (or array of unions) member of a struct whose brace list is
     * being lowered, by {@code value}: its brace list, a union value, or null when the list does
     * not name it ({@link #implicit}).
     */
    void initializeMember(UnionObject u, IASTInitializerClause value, boolean statics, SourceLoc loc) {
        if (value instanceof IASTExpression e) {
            if (statics) {
                throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(e), "non-constant initializer of the member " + u.name()
                        + " of a static struct");
            }
            copy(u, object(e), loc);
            return;
        }
        if (statics) {
            zero(u, loc);
        }
        if (value instanceof IASTInitializerList l) {
            if (u.isArray()) {
                elements(u, l, statics, loc);
            } else {
                list(u, l, statics, loc);
            }
        } else {
            implicit(u, statics, loc);
        }
    }

    /** Every byte of {@code u} 0, in the entry prologue (a static object's). */
    private void zero(UnionObject u, SourceLoc loc) {
        if (whole(u)) {
            emit(new Stmt.ArrayAssign(u.variable(), new ArrayExpr.Filled(u.variable().type(), 0), loc), true);
            return;
        }
        ArrayView flat = new ArrayView(u.variable(), u.bytes().offset(), List.of(u.bytes().dims().stream().reduce(1L, Math::multiplyExact)));
        ArrayExpr value = new ArrayExpr.Whole(u.variable());
        for (long c = 0; c < flat.dims().get(0); c++) {
            LValue.Cell cell = (LValue.Cell) flat.subscript(new Expr.Const(ctx.typing.indexType(), c), ctx.typing);
            value = new ArrayExpr.Store(value, cell.index(), new Expr.Const(u.variable().type(), 0));
        }
        emit(new Stmt.ArrayAssign(u.variable(), value, loc), true);
    }

    /**
     * The bytes of a local union beyond its member {@code given}, which an initializer gives:
     * indeterminate. C11 §6.2.6.1p7 and §6.7.9p10 zero a union's other bytes only under static
     * storage, and gcc 15 no longer zeroes them for a local union's brace list. No havoc when the
     * member covers the union, so that an answer lists no bytes the program never reads.
     */
    private void rest(UnionObject u, TypeResolver.Shape given, SourceLoc loc) {
        if (cells(given) * LValue.Bytes.size(given.element()) < u.size()) {
            havoc(u, loc);
        }
    }

    /**
     * The brace list of one union: its first member, or the one {@code .f =} names (an array
     * member's other cells 0); a local one's other bytes indeterminate ({@link #rest}), a static
     * one's 0 (zeroed before).
     */
    void list(UnionObject u, IASTInitializerList list, boolean statics, SourceLoc loc) {
        IASTInitializerClause[] clauses = list.getClauses();
        if (clauses.length == 0) {
            if (!statics) {
                havoc(u, loc);
            }
            return;
        }
        if (clauses.length > 1) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(clauses[1]), "initializer of a union with more than one member value");
        }
        String name = u.type().getFields()[0].getName();
        IASTInitializerClause value = clauses[0];
        if (value instanceof ICASTDesignatedInitializer d) {
            ICASTDesignator[] ds = d.getDesignators();
            if (ds.length != 1 || !(ds[0] instanceof ICASTFieldDesignator f)) {
                throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(value), "designator " + SourceLocator.text(value) + " in a union initializer");
            }
            name = f.getName().toString();
            value = d.getOperand();
        }
        TypeResolver.Shape shape = u.members().get(name);
        IField struct = structField(u.type(), name);
        if (struct != null) {
            structList(u, struct, value, statics, loc);
            return;
        }
        if (shape == null) {
            throw new UserError(UserError.Kind.SYNTAX, ctx.loc(value), "no member named '" + name + "'");
        }
        int size = LValue.Bytes.size(shape.element());
        Variable bytes = u.variable();
        if (!statics) {
            rest(u, shape, loc);
        }
        if (!shape.isArray()) {
            IASTExpression e = value instanceof IASTInitializerList l && l.getClauses().length == 1
                    && l.getClauses()[0] instanceof IASTExpression x ? x : value instanceof IASTExpression x ? x : null;
            if (e == null) {
                throw new UserError(UserError.Kind.SYNTAX, ctx.loc(value), "a scalar initializer in braces has one element");
            }
            store(u, 0, constant(e, shape.element(), statics, bytes), size, loc, statics);
            return;
        }
        ArrayLowering.Layout layout = ctx.arrays.layout(value instanceof IASTInitializerList l ? l : list, shape, loc);
        if (!statics) {
            // the member array is an aggregate: the cells its list leaves out are 0 (§6.7.9p21)
            for (long k = 0; k < cells(shape); k++) {
                store(u, k * size, new Expr.Const(shape.element(), 0), size, loc, false);
            }
        }
        for (ArrayLowering.Init cell : layout.cells()) {
            Expr v = cell.constant() != null ? cell.constant() : constant((IASTExpression) cell.clause(), shape.element(), statics, bytes);
            store(u, cell.index() * size, v, size, loc, statics);
        }
    }

    /**
     * Initializes the struct {@code member} of {@code u} by {@code value} (a brace list
     * or a struct value): a local union's bytes that the struct's members do not cover (its padding,
     * the bytes beyond it) indeterminate (§6.2.6.1p6), a static one's 0 (zeroed before).
     */
    private void structList(UnionObject u, IField member, IASTInitializerClause value, boolean statics, SourceLoc loc) {
        ICompositeType c = (ICompositeType) TypeResolver.strip(member.getType());
        if (!statics && (ctx.types.layout(c, loc).size() < u.size() || !padding(c, loc).isEmpty())) {
            havoc(u, loc);
        }
        StructObject s = inBytes(c, u.variable(), u.bytes().offset(), u.name() + "." + member.getName(), loc);
        ctx.structs.initializeMember(s, value, statics, loc);
    }

    private Expr constant(IASTExpression e, CType type, boolean statics, Variable bytes) {
        if (statics && SideEffects.has(e)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(e), "non-constant initializer of static variable " + bytes.sourceName());
        }
        Expr value = ctx.typing.convert(ctx.expressions.value(e), type);
        if (statics && !pdpv.cfg.VariableUses.reads(value).isEmpty()) {
            throw new UserError(UserError.Kind.SYNTAX, ctx.loc(e), "initializer element is not constant");
        }
        return value;
    }

    private void store(UnionObject u, long offset, Expr value, int size, SourceLoc loc, boolean statics) {
        Expr at = plus(u.bytes().offset(), new Expr.Const(ctx.typing.indexType(), offset));
        LValue.Bytes target = new LValue.Bytes(u.variable(), at, value.type(), ctx.typing);
        emit(new Stmt.ArrayAssign(u.variable(), target.stores(value), loc), statics);
    }

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
