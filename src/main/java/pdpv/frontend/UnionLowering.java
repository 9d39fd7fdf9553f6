package pdpv.frontend;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression;
import org.eclipse.cdt.core.dom.ast.IASTEqualsInitializer;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFieldReference;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializer;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTInitializerList;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.ICompositeType;
import org.eclipse.cdt.core.dom.ast.IField;
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
 * Lowers unions (issue #20) byte-precisely: a union object is one array of {@code unsigned char}
 * of the union's size, its members sharing its bytes from offset 0 as gcc lays them out on the
 * data model (little-endian): reading an integer member combines its bytes, writing one replaces
 * them ({@link LValue.Bytes}), so that type punning means what C11 §6.5.2.3 (footnote 95) says
 * ({@code u.i = 0x01020304; u.b[0] == 4}). Members are integers (not {@code _Bool}) and arrays of
 * them; {@code u.f}, {@code u.a[i]}, assignment {@code u = w}, initialization by a brace list (its
 * first member, or the one {@code .f =} names; the other bytes 0) or by another union. Unions of
 * other members, unions in structs or arrays, and unions passed to or returned by callees are
 * refused.
 */
final class UnionLowering {
    private final LoweringContext ctx;

    UnionLowering(LoweringContext ctx) {
        this.ctx = ctx;
    }

    /** A union variable: its bytes and its members' shapes (element type and extents; none for a scalar). */
    record UnionObject(ICompositeType type, Variable bytes, Map<String, TypeResolver.Shape> members) {
    }

    /** Whether {@code type} is a union. */
    static boolean isUnion(IType type) {
        return TypeResolver.strip(type) instanceof ICompositeType c && c.getKey() == ICompositeType.k_union;
    }

    /** A fresh union of {@code type}: an array of {@code unsigned char} as large as its largest member. */
    UnionObject create(IType type, String base, String sourceName, Variable.Kind kind, SourceLoc loc) {
        ICompositeType c = (ICompositeType) TypeResolver.strip(type);
        Map<String, TypeResolver.Shape> members = new LinkedHashMap<>();
        long size = 0;
        for (IField f : c.getFields()) {
            IType t = f.getType();
            if (!ctx.types.isInteger(t) && !ctx.types.isIntegerArray(t)) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "member " + f.getName() + " of union " + c.getName() + " of type " + t
                        + " (PDPV reads unions of integers and arrays of integers)");
            }
            TypeResolver.Shape shape = ctx.types.isInteger(t) ? new TypeResolver.Shape(ctx.types.resolve(t, loc), List.of())
                    : ctx.types.shape(t, loc);
            if (shape.element().isBool()) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "member " + f.getName() + " of union " + c.getName()
                        + " of type _Bool (a byte holding neither 0 nor 1 has no _Bool value)");
            }
            if (shape.dims().contains(0L)) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "flexible array member " + f.getName() + " of union " + c.getName());
            }
            long cells = 1;
            for (long d : shape.dims()) {
                cells = Math.multiplyExact(cells, d);
            }
            size = Math.max(size, cells * (shape.element().width() / 8));
            members.put(f.getName(), shape);
        }
        if (size == 0) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "union " + c.getName() + " without members");
        }
        Variable bytes = ctx.ir.variable(base, sourceName, ctx.typing.unsignedChar(), kind, List.of(size));
        return new UnionObject(c, bytes, members);
    }

    /** The union {@code e} names (a local, global or static union variable), or null. */
    UnionObject object(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (e instanceof IASTIdExpression id) {
            IBinding b = id.getName().resolveBinding();
            UnionObject u = ctx.frame().unions().get(b);
            return u != null ? u : ctx.globalUnions.get(b);
        }
        return null;
    }

    private UnionObject owner(IASTFieldReference r) {
        if (r.isPointerDereference()) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(r), "pointer to a union " + SourceLocator.text(r.getFieldOwner()));
        }
        UnionObject u = object(r.getFieldOwner());
        if (u == null) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(r), "union " + SourceLocator.text(r.getFieldOwner())
                    + " (PDPV reads union variables: local, global and static)");
        }
        return u;
    }

    private TypeResolver.Shape shape(UnionObject u, IASTFieldReference r) {
        TypeResolver.Shape s = u.members().get(r.getFieldName().toString());
        if (s == null) {
            throw new UserError(UserError.Kind.SYNTAX, ctx.loc(r), "no member named '" + r.getFieldName() + "'");
        }
        return s;
    }

    /** Whether {@code r} is a member of a union. */
    static boolean isMember(IASTFieldReference r) {
        return isUnion(r.getFieldOwner().getExpressionType());
    }

    /** Whether {@code s} subscripts an array member of a union ({@code u.a[i]}, {@code u.m[i][j]}). */
    static boolean isElement(IASTArraySubscriptExpression s) {
        IASTExpression a = ExpressionLowering.strip(s.getArrayExpression());
        while (a instanceof IASTArraySubscriptExpression inner) {
            a = ExpressionLowering.strip(inner.getArrayExpression());
        }
        return a instanceof IASTFieldReference r && isMember(r);
    }

    /** The integer member {@code u.f}: its bytes from offset 0. */
    LValue.Bytes member(IASTFieldReference r) {
        UnionObject u = owner(r);
        TypeResolver.Shape s = shape(u, r);
        if (s.isArray()) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(r), "use of the array member " + SourceLocator.text(r) + " as an integer value");
        }
        return new LValue.Bytes(u.bytes(), new Expr.Const(ctx.typing.indexType(), 0), s.element(), ctx.typing);
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
        UnionObject u = owner(r);
        TypeResolver.Shape shape = shape(u, r);
        if (subscripts.size() != shape.dims().size()) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(s), "use of the row " + SourceLocator.text(s) + " of an array as a value");
        }
        ArrayView view = new ArrayView(u.bytes(), new Expr.Const(ctx.typing.indexType(), 0), shape.dims());
        Object cell = view;
        for (int d = 0; d < subscripts.size(); d++) {
            Expr i = ctx.typing.convert(ctx.expressions.value(subscripts.get(d)), ctx.typing.indexType());
            // the member's own extent: the union's bytes beyond it are no cells of it
            ctx.ir.checkExtent(SourceLocator.text(r), i, shape.dims().get(d), ctx.loc(s));
            cell = ((ArrayView) cell).subscript(i, ctx.typing);
        }
        Expr index = ((LValue.Cell) cell).index();
        int size = shape.element().width() / 8;
        Expr offset = size == 1 ? index : ctx.typing.convert(ctx.typing.binary(pdpv.semantics.BinaryOp.MUL,
                ctx.typing.convert(index, ctx.typing.unsignedIndexType()), new Expr.Const(ctx.typing.unsignedIndexType(), size)),
                ctx.typing.indexType());
        return new LValue.Bytes(u.bytes(), offset, shape.element(), ctx.typing);
    }

    /** {@code to = from}: every byte. */
    void copy(UnionObject to, UnionObject from, SourceLoc loc) {
        if (!to.type().isSameType(from.type())) {
            throw new UserError(UserError.Kind.SYNTAX, loc, "incompatible union types in assignment");
        }
        if (to.bytes() != from.bytes()) {
            ctx.ir.add(new Stmt.ArrayAssign(to.bytes(), new ArrayExpr.Whole(from.bytes()), loc));
        }
    }

    /**
     * Initializes {@code u} by {@code init} (C11 §6.7.9p10, p17): none (indeterminate; a static
     * union's bytes 0, or inputs under {@code --nondet-globals}), another union, or a brace list
     * that gives its first member or the one {@code .f =} names (an array member's other cells 0),
     * the bytes beyond that member 0 in a static union and uninitialized in a local one.
     */
    void initialize(UnionObject u, IASTInitializer init, boolean statics, SourceLoc loc) {
        Variable bytes = u.bytes();
        if (init == null) {
            if (!statics) {
                ctx.ir.havoc(bytes, Stmt.Havoc.Reason.UNINITIALIZED, "uninitialized " + bytes.sourceName(), loc);
            } else if (ctx.options.nondetGlobals()) {
                ctx.ir.addToPrologue(new Stmt.Havoc(bytes, Stmt.Havoc.Reason.INPUT, "global " + bytes.sourceName(), loc));
            } else {
                ctx.ir.addToPrologue(new Stmt.ArrayAssign(bytes, new ArrayExpr.Filled(bytes.type(), 0), loc));
            }
            return;
        }
        IASTInitializerClause clause = init instanceof IASTEqualsInitializer eq ? eq.getInitializerClause() : null;
        if (clause instanceof IASTExpression e && !statics && isUnion(e.getExpressionType()) && object(e) != null) {
            copy(u, object(e), loc);
            return;
        }
        if (!(clause instanceof IASTInitializerList list)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "initializer " + SourceLocator.text(init) + " of union " + bytes.sourceName()
                    + " (PDPV reads a brace list" + (statics ? " of constants" : " or a union variable") + ")");
        }
        if (statics) {
            emit(new Stmt.ArrayAssign(bytes, new ArrayExpr.Filled(bytes.type(), 0), loc), true);
        } else {
            // C11 §6.2.6.1p7 and §6.7.9p10 zero a union's other bytes only under static storage; gcc 15
            // no longer zeroes them for a local union's brace list, so they are read as uninitialized
            ctx.ir.havoc(bytes, Stmt.Havoc.Reason.UNINITIALIZED, "uninitialized " + bytes.sourceName(), loc);
        }
        IASTInitializerClause[] clauses = list.getClauses();
        if (clauses.length == 0) {
            return;
        }
        if (clauses.length > 1) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(clauses[1]), "initializer of a union with more than one member value");
        }
        String name = u.members().keySet().iterator().next();
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
        if (shape == null) {
            throw new UserError(UserError.Kind.SYNTAX, ctx.loc(value), "no member named '" + name + "'");
        }
        int size = shape.element().width() / 8;
        if (!shape.isArray()) {
            IASTExpression e = value instanceof IASTInitializerList l && l.getClauses().length == 1
                    && l.getClauses()[0] instanceof IASTExpression x ? x : value instanceof IASTExpression x ? x : null;
            if (e == null) {
                throw new UserError(UserError.Kind.SYNTAX, ctx.loc(value), "a scalar initializer in braces has one element");
            }
            store(bytes, 0, constant(e, shape.element(), statics, bytes), size, loc, statics);
            return;
        }
        ArrayLowering.Layout layout = ctx.arrays.layout(value instanceof IASTInitializerList l ? l : init, shape, loc);
        if (!statics) {
            // the member array is an aggregate: the cells its list leaves out are 0 (§6.7.9p21)
            long cells = shape.dims().stream().mapToLong(Long::longValue).reduce(1, (a, b) -> a * b);
            for (long k = 0; k < cells; k++) {
                store(bytes, k * size, new Expr.Const(shape.element(), 0), size, loc, false);
            }
        }
        for (ArrayLowering.Init cell : layout.cells()) {
            Expr v = cell.constant() != null ? cell.constant() : constant((IASTExpression) cell.clause(), shape.element(), statics, bytes);
            store(bytes, cell.index() * size, v, size, loc, statics);
        }
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

    private void store(Variable bytes, long offset, Expr value, int size, SourceLoc loc, boolean statics) {
        LValue.Bytes target = new LValue.Bytes(bytes, new Expr.Const(ctx.typing.indexType(), offset), value.type(), ctx.typing);
        emit(new Stmt.ArrayAssign(bytes, target.stores(value), loc), statics);
    }

    private void emit(Stmt s, boolean statics) {
        if (statics) {
            ctx.ir.addToPrologue(s);
        } else {
            ctx.ir.add(s);
        }
    }
}
