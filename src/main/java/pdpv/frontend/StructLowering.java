package pdpv.frontend;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression;
import org.eclipse.cdt.core.dom.ast.IASTEqualsInitializer;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFieldReference;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializer;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTInitializerList;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
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

/**
 * Lowers structs (issue #20) by flattening: a struct object is one variable per member, named
 * {@code s.f} ({@link StructObject}), so that the CFG, the encodings, PDR, the interpreter, the
 * witnesses and the harness see scalars and arrays only. Members are integers, arrays of integers
 * and nested structs; member access {@code s.f}, {@code s.a[i]}, {@code s.in.g}; assignment and
 * initialization by value (a brace list with {@code .f =} designators, the members not named 0,
 * or another struct); struct parameters and results of inlined callees (copies); a pointer to a
 * struct passed to an inlined callee's parameter ({@code &s}), read by {@code p->f} and
 * {@code (*p).f}. Unions, arrays of structs and members of other types are refused.
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
            if (isStruct(t)) {
                members.put(name, create(t, base + "." + name, sourceName + "." + name, kind, loc));
            } else if (ctx.types.isIntegerArray(t)) {
                TypeResolver.Shape shape = ctx.types.shape(t, loc);
                if (shape.dims().contains(0L)) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "flexible array member " + name + " of struct " + c.getName());
                }
                members.put(name, ctx.ir.variable(base + "." + name, sourceName + "." + name, shape.element(), kind, shape.dims()));
            } else if (ctx.types.isInteger(t)) {
                members.put(name, ctx.ir.variable(base + "." + name, sourceName + "." + name, ctx.types.resolve(t, loc), kind));
            } else {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "member " + name + " of struct " + c.getName() + " of type " + t
                        + " (PDPV reads members of integer, array of integer and struct type)");
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
        if (e instanceof IASTFieldReference r && member(r) instanceof StructObject s) {
            return s;
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_star) {
            return pointee(u.getOperand());
        }
        if (e instanceof IASTArraySubscriptExpression a) {
            throw unsupported("array of structs: " + SourceLocator.text(a) + " (PDPV does not read arrays of structs)", e);
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

    /** The struct a pointer to a struct designates: {@code &s}, or a pointer parameter of an inlined callee. */
    StructObject pointee(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper) {
            return object(u.getOperand());
        }
        if (e instanceof IASTIdExpression id) {
            StructObject s = ctx.frame().structPointers().get(id.getName().resolveBinding());
            if (s != null) {
                return s;
            }
        }
        throw unsupported("pointer to a struct " + SourceLocator.text(e) + " (PDPV reads &s and pointer parameters of called"
                + " functions that were passed one)", e);
    }

    /** The member {@code r} designates: a variable (scalar or array) or a nested struct object. */
    Object member(IASTFieldReference r) {
        StructObject owner = r.isPointerDereference() ? pointee(r.getFieldOwner()) : object(r.getFieldOwner());
        Object m = owner.members().get(r.getFieldName().toString());
        if (m == null) {
            throw new UserError(UserError.Kind.SYNTAX, ctx.loc(r), "no member named '" + r.getFieldName() + "'");
        }
        return m;
    }

    /** {@code to = from}, member by member. */
    void copy(StructObject to, StructObject from, SourceLoc loc) {
        if (!to.type().isSameType(from.type())) {
            throw new UserError(UserError.Kind.SYNTAX, loc, "incompatible struct types in assignment");
        }
        List<Variable> a = to.leaves();
        List<Variable> b = from.leaves();
        if (a.equals(b)) {
            return;
        }
        for (int i = 0; i < a.size(); i++) {
            Variable x = a.get(i);
            Variable y = b.get(i);
            if (x.isArray()) {
                ctx.ir.add(new Stmt.ArrayAssign(x, new ArrayExpr.Whole(y), loc));
            } else {
                ctx.ir.assign(x, new Expr.VarRef(y), loc);
            }
        }
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
            for (Variable v : s.leaves()) {
                ctx.ir.havoc(v, Stmt.Havoc.Reason.UNINITIALIZED, "uninitialized " + v.sourceName(), loc);
            }
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
            if (!(value instanceof IASTInitializerList) && (m instanceof StructObject || m instanceof Variable v && v.isArray())
                    && !(value instanceof IASTExpression e && m instanceof StructObject && isStruct(e.getExpressionType()))) {
                throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(c), "initializer of the member " + names.get(next)
                        + " without braces (PDPV reads a brace list for each struct or array member)");
            }
            given.put(names.get(next), value);
            next++;
        }
        for (String name : names) {
            Object m = s.members().get(name);
            IASTInitializerClause value = given.get(name);
            if (m instanceof StructObject inner) {
                if (value instanceof IASTInitializerList l) {
                    list(inner, l, statics, loc);
                } else if (value instanceof IASTExpression e) {
                    if (statics) {
                        throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(e), "non-constant initializer of the member "
                                + inner.name() + " of a static struct");
                    }
                    copy(inner, object(e), loc);
                } else {
                    for (Variable v : inner.leaves()) {
                        emit(zero(v, loc), statics);
                    }
                }
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
        Expr value = ctx.typing.convert(ctx.expressions.value(e), v.type());
        if (statics && !pdpv.cfg.VariableUses.reads(value).isEmpty()) {
            // it would be read in the prologue, before the variables it names have their values
            throw new UserError(UserError.Kind.SYNTAX, ctx.loc(e), "initializer element is not constant");
        }
        return value;
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
