package pdpv.frontend;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTConditionalExpression;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.ICompositeType;
import org.eclipse.cdt.core.dom.ast.IPointerType;
import org.eclipse.cdt.core.dom.ast.IType;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.UbGuards;
import pdpv.cfg.Variable;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CType;

/**
 * Lowers local pointer variables into arrays of structs (issue #20): {@code struct S *p = &ps[k]},
 * {@code = ps}, {@code = ps + k}, {@code c ? e1 : e2}, {@code NULL}, assigned again with these forms,
 * moved by {@code p++}, {@code --p}, {@code p += k}, {@code p -= k}; compared ({@code ==},
 * {@code <}, ...) and subtracted ({@code p - q}) when both point into one array. As
 * {@link ArrayPointerLowering}'s pointers into arrays of integers, such a pointer is the pair
 * (array, offset): the array of structs, named by a variable of one dimension, is fixed statically
 * (every value the pointer is assigned must point into it), and the offset, counted in elements, is
 * a variable of the index type. The pointer is bound in its frame to the array seen from that
 * element ({@link StructArray#from}), as a callee's {@code struct S *} parameter passed
 * {@code &ps[k]} is, so that {@code p->f}, {@code p->a[j]}, {@code p[i].f}, {@code (*p).f} and a
 * call passing p are {@link StructLowering}'s, and an access out of bounds is the member array's.
 * A pointer that may be null or indeterminate has a state beside its offset, as in
 * {@link ArrayPointerLowering}: 1 into its array, 0 null, {@link PointerLowering#INDETERMINATE};
 * where it is used as an address the state is checked ({@link UbGuards#nullDereference},
 * {@link UbGuards#uninitializedRead}).
 */
final class StructArrayPointerLowering {
    /** The state of a pointer into its array; null is 0, as ids of pointers to variables. */
    private static final long INTO_ARRAY = 1;

    private final LoweringContext ctx;
    /** The pointer variables into arrays of structs, by their declaration's binding. */
    private final Map<IBinding, Cursor> cursors = new HashMap<>();

    /** A pointer variable: its array of structs, its offset in elements, its state (null when it is never null nor indeterminate). */
    private record Cursor(StructArray array, Variable offset, Variable state, boolean indeterminate) {
    }

    /** Where a pointer points: element {@code index} (of the index type) of {@code array}. */
    record Place(StructArray array, Expr index) {
    }

    /** A pointer value: its state, and where it points (null when it is null wherever it is evaluated). */
    private record Value(Expr state, Place place) {
    }

    StructArrayPointerLowering(LoweringContext ctx) {
        this.ctx = ctx;
    }

    /**
     * Whether the local variable {@code binding} of {@code type} initialized by {@code init} is a
     * pointer into an array of structs: its initializer points into one, or it is declared without
     * initializer or null and its function assigns it a pointer into one.
     */
    boolean declares(IBinding binding, IASTNode declarator, IType type, IASTExpression init) {
        if (!StructLowering.isStructPointer(type)) {
            return false;
        }
        if (init != null && intoArray(init)) {
            return true;
        }
        return (init == null || PointerLowering.isNull(init))
                && ArrayPointerLowering.assignments(binding, declarator).stream().anyMatch(this::intoArray);
    }

    /** Whether {@code e} points into an array of structs PDPV reads (evaluates nothing). */
    boolean intoArray(IASTExpression e) {
        return root(e) != null;
    }

    /** Whether {@code e} names a pointer variable into an array of structs of the current function. */
    boolean isVariable(IASTExpression e) {
        return ExpressionLowering.strip(e) instanceof IASTIdExpression id && cursors.containsKey(id.getName().resolveBinding())
                && ctx.frame().structArrays().containsKey(id.getName().resolveBinding());
    }

    /**
     * The array of structs the pointer expression {@code e} points into, from its text (evaluates
     * nothing): an array of structs of one dimension named by a variable, or a pointer variable into
     * one; null if {@code e} names none.
     */
    private StructArray root(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (e instanceof IASTIdExpression id) {
            if (isVariable(id)) {
                return cursors.get(id.getName().resolveBinding()).array();
            }
            if (!StructLowering.isStructArray(id.getExpressionType())) {
                return null;
            }
            StructArray a = ctx.structs.array(id);
            return a != null && a.dims().size() == 1 && a.dims().get(0) > 0 ? a : null;
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper
                && ExpressionLowering.strip(u.getOperand()) instanceof IASTArraySubscriptExpression s
                && StructLowering.isStruct(s.getExpressionType())) {
            StructArray a = root(s.getArrayExpression());
            return a != null ? a : root((IASTExpression) s.getArgument());
        }
        if (e instanceof IASTUnaryExpression u && Operators.isIncrement(u.getOperator())) {
            return isVariable(u.getOperand()) ? root(u.getOperand()) : null;
        }
        if (e instanceof IASTBinaryExpression b && b.getOperator() == IASTBinaryExpression.op_plus) {
            StructArray a = root(b.getOperand1());
            return a != null ? a : root(b.getOperand2());
        }
        if (e instanceof IASTBinaryExpression b && b.getOperator() == IASTBinaryExpression.op_minus
                && !pointer(b.getOperand2())) {
            return root(b.getOperand1());
        }
        if (e instanceof IASTConditionalExpression c && c.getPositiveResultExpression() != null) {
            IASTExpression a = c.getPositiveResultExpression();
            IASTExpression b = c.getNegativeResultExpression();
            StructArray ra = root(a);
            StructArray rb = root(b);
            return ra != null && (rb != null || PointerLowering.isNull(b)) ? ra : PointerLowering.isNull(a) ? rb : null;
        }
        return null;
    }

    /** Whether {@code e} is of pointer or array type (the right operand of {@code p - q} that makes it a difference). */
    private static boolean pointer(IASTExpression e) {
        IType t = TypeResolver.strip(e.getExpressionType());
        return t instanceof IPointerType || t instanceof org.eclipse.cdt.core.dom.ast.IArrayType;
    }

    /** Whether the value {@code e} is never null nor indeterminate. */
    private boolean plain(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (e instanceof IASTIdExpression id && isVariable(id)) {
            return cursors.get(id.getName().resolveBinding()).state() == null;
        }
        return intoArray(e) && !(e instanceof IASTConditionalExpression);
    }

    /**
     * {@code struct S *p = init} for a pointer into an array of structs: its offset variable, set to
     * where {@code init} points, and its state when it may be null or indeterminate (no initializer,
     * null, a value that may be null, such an assignment in its function, or one the points-to
     * analysis finds may be null).
     */
    void declare(IBinding binding, IASTNode declarator, IType type, String name, IASTExpression init, SourceLoc loc) {
        List<IASTExpression> values = new ArrayList<>(ArrayPointerLowering.assignments(binding, declarator));
        if (init != null) {
            values.add(0, init);
        }
        StructArray array = values.stream().map(this::root).filter(java.util.Objects::nonNull).findFirst().orElseThrow();
        ICompositeType pointee = (ICompositeType) TypeResolver.strip(((IPointerType) TypeResolver.strip(type)).getType());
        if (!array.type().isSameType(pointee)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "pointer conversion: " + name + ", a pointer to struct " + pointee.getName()
                    + ", into " + array.name() + ", an array of struct " + array.type().getName());
        }
        boolean stateful = init == null || !plain(init) || ctx.pointers.mayBeNull(binding, declarator)
                || values.stream().anyMatch(e -> !plain(e));
        // its C name, the difference of p and the array in elements; the array is a variable C's scope shows where p is
        Variable offset = ctx.ir.variable(ctx.frame().prefix() + name, "(" + name + " - " + array.name() + ")", ctx.typing.indexType(),
                Variable.Kind.LOCAL);
        Variable state = null;
        if (stateful) {
            state = ctx.ir.variable(ctx.frame().prefix() + name, name + " (pointer)", ctx.pointers.idType(), Variable.Kind.TEMPORARY);
            // 0 from the program's start, so that it has a value on every path
            ctx.ir.addToPrologue(new Stmt.Assign(offset, new Expr.Const(offset.type(), 0), loc));
        }
        Cursor c = new Cursor(array, offset, state, init == null);
        cursors.put(binding, c);
        ctx.frame().structArrays().put(binding, array.from(address(c), name, ctx.typing));
        if (init == null) {
            ctx.ir.assign(state, new Expr.Const(state.type(), PointerLowering.INDETERMINATE), loc);
        } else {
            assignValue(c, name, init, loc);
        }
    }

    /** The offset of {@code c} read as an address: marked, when it has a state, so that the state is checked where C uses it. */
    private Expr address(Cursor c) {
        Expr at = new Expr.VarRef(c.offset());
        if (c.state() == null) {
            return at;
        }
        Expr checked = UbGuards.nullDereference(read(c), ctx.typing.intType());
        return new Expr.Ite(checked, at, at, at.type());
    }

    /** The state of {@code c} read: marked when it may be indeterminate, so that the read is checked where C performs it. */
    private Expr read(Cursor c) {
        Expr s = new Expr.VarRef(c.state());
        return c.indeterminate() ? UbGuards.uninitializedRead(s, PointerLowering.INDETERMINATE, ctx.typing.intType()) : s;
    }

    /** The pointer variable {@code e} names. */
    private Cursor cursor(IASTExpression e) {
        return cursors.get(((IASTIdExpression) ExpressionLowering.strip(e)).getName().resolveBinding());
    }

    /**
     * The value of the pointer expression {@code e}, its side effects emitted: null (state 0), a
     * pointer variable (its state read, its offset unmarked: a copy or a test is no dereference),
     * {@code c ? e1 : e2}, or a place ({@link #place}).
     */
    private Value value(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (PointerLowering.isNull(e)) {
            return new Value(new Expr.Const(ctx.pointers.idType(), 0), null);
        }
        if (isVariable(e) && cursor(e).state() != null) {
            Cursor c = cursor(e);
            return new Value(read(c), new Place(c.array(), new Expr.VarRef(c.offset())));
        }
        if (e instanceof IASTConditionalExpression c && c.getPositiveResultExpression() != null
                && !SideEffects.has(c.getPositiveResultExpression()) && !SideEffects.has(c.getNegativeResultExpression())) {
            Expr cond = ctx.expressions.tested(c.getLogicalConditionExpression());
            Value a = value(c.getPositiveResultExpression());
            Value b = value(c.getNegativeResultExpression());
            Expr state = new Expr.Ite(cond, a.state(), b.state(), ctx.pointers.idType());
            if (a.place() == null || b.place() == null) {
                return new Value(state, a.place() == null ? b.place() : a.place());
            }
            same(a.place(), b.place(), e);
            return new Value(state, new Place(a.place().array(), new Expr.Ite(cond, a.place().index(), b.place().index(),
                    a.place().index().type())));
        }
        return new Value(new Expr.Const(ctx.pointers.idType(), INTO_ARRAY), place(e));
    }

    /**
     * Where the pointer expression {@code e} points, as an address (a pointer variable's state
     * checked), its side effects emitted: an array of structs, {@code &X[k]}, {@code X + k},
     * {@code k + X}, {@code X - k}, {@code p++} and the like, {@code c ? e1 : e2}.
     */
    Place place(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (isVariable(e)) {
            Cursor c = cursor(e);
            return new Place(c.array(), address(c));
        }
        if (e instanceof IASTIdExpression && root(e) != null) {
            return new Place(root(e), new Expr.Const(ctx.typing.indexType(), 0));
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper
                && ExpressionLowering.strip(u.getOperand()) instanceof IASTArraySubscriptExpression s) {
            boolean swapped = root(s.getArrayExpression()) == null;
            Place base = place(swapped ? (IASTExpression) s.getArgument() : s.getArrayExpression());
            return moved(base, ctx.expressions.value(swapped ? s.getArrayExpression() : (IASTExpression) s.getArgument()), false);
        }
        if (e instanceof IASTUnaryExpression u && Operators.isIncrement(u.getOperator()) && isVariable(u.getOperand())) {
            return step(u);
        }
        if (e instanceof IASTBinaryExpression b && (b.getOperator() == IASTBinaryExpression.op_plus
                || b.getOperator() == IASTBinaryExpression.op_minus)) {
            boolean left = root(b.getOperand1()) != null;
            Place base = place(left ? b.getOperand1() : b.getOperand2());
            return moved(base, ctx.expressions.value(left ? b.getOperand2() : b.getOperand1()), b.getOperator() == IASTBinaryExpression.op_minus);
        }
        if (e instanceof IASTConditionalExpression && root(e) != null) {
            Value v = value(e);
            Expr checked = UbGuards.nullDereference(v.state(), ctx.typing.intType());
            Expr at = v.place().index();
            return new Place(v.place().array(), new Expr.Ite(checked, at, at, at.type()));
        }
        throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(e), "pointer expression " + SourceLocator.text(e)
                + " where a pointer into an array of structs is expected");
    }

    /** The array {@code e} points into seen from where it points, for {@link StructLowering}: {@code p++->f}, {@code (p - 1)->f}. */
    StructArray view(IASTExpression e) {
        Place p = place(e);
        return p.array().from(p.index(), SourceLocator.text(e), ctx.typing);
    }

    /** {@code base + k} ({@code base - k} if {@code minus}), in elements; computed modulo 2^w as ArrayView's offsets are. */
    private Place moved(Place base, Expr by, boolean minus) {
        CType unsigned = ctx.typing.unsignedIndexType();
        Expr k = ctx.typing.convert(ctx.typing.convert(by, ctx.typing.indexType()), unsigned);
        Expr sum = ctx.typing.binary(minus ? BinaryOp.SUB : BinaryOp.ADD, ctx.typing.convert(base.index(), unsigned), k);
        return new Place(base.array(), ctx.typing.convert(sum, ctx.typing.indexType()));
    }

    /** Whether {@code u} increments or decrements a pointer variable into an array of structs. */
    boolean isStep(IASTUnaryExpression u) {
        return Operators.isIncrement(u.getOperator()) && isVariable(u.getOperand());
    }

    /** {@code p++}, {@code p--}, {@code ++p}, {@code --p}: moves p by one element; where the expression points (a postfix one's old place, kept). */
    Place step(IASTUnaryExpression u) {
        Cursor c = cursor(u.getOperand());
        int op = u.getOperator();
        boolean minus = op == IASTUnaryExpression.op_postFixDecr || op == IASTUnaryExpression.op_prefixDecr;
        boolean prefix = op == IASTUnaryExpression.op_prefixIncr || op == IASTUnaryExpression.op_prefixDecr;
        SourceLoc loc = ctx.loc(u);
        Place before = place(u.getOperand());
        if (!prefix) {
            Variable old = ctx.ir.temporary(c.offset().sourceName(), c.offset().type());
            ctx.ir.assign(old, before.index(), loc);
            before = new Place(c.array(), new Expr.VarRef(old));
        }
        ctx.ir.assign(c.offset(), moved(before, ctx.typing.intConst(1), minus).index(), loc);
        return prefix ? new Place(c.array(), address(c)) : before;
    }

    /** Whether {@code b} assigns ({@code =}, {@code +=}, {@code -=}) a pointer variable into an array of structs. */
    boolean isAssignment(IASTBinaryExpression b) {
        return Operators.isAssignment(b.getOperator()) && isVariable(b.getOperand1());
    }

    /** {@code p = e}, {@code p += k}, {@code p -= k}; e must point into p's array. */
    void assign(IASTBinaryExpression b) {
        Cursor c = cursor(b.getOperand1());
        String name = SourceLocator.text(b.getOperand1());
        SourceLoc loc = ctx.loc(b);
        switch (b.getOperator()) {
            case IASTBinaryExpression.op_assign -> assignValue(c, name, b.getOperand2(), loc);
            case IASTBinaryExpression.op_plusAssign, IASTBinaryExpression.op_minusAssign -> {
                Place p = place(b.getOperand1());
                Place to = moved(p, ctx.expressions.value(b.getOperand2()), b.getOperator() == IASTBinaryExpression.op_minusAssign);
                ctx.ir.assign(c.offset(), to.index(), loc);
            }
            default -> throw new UserError(UserError.Kind.UNSUPPORTED, loc, "operator in " + SourceLocator.text(b)
                    + " (a pointer is assigned with =, += and -=)");
        }
    }

    /** {@code p = e}: where e points (into p's array), and its state when p has one. */
    private void assignValue(Cursor c, String name, IASTExpression e, SourceLoc loc) {
        if (!intoArray(e) && !PointerLowering.isNull(e)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "assignment of " + SourceLocator.text(e) + " to the pointer " + name
                    + " into the array of structs " + c.array().name() + " (PDPV's pointer variable points into one array)");
        }
        Value v = value(e);
        if (v.place() != null) {
            if (v.place().array() != c.array()) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "assignment of " + SourceLocator.text(e) + ", a pointer into "
                        + v.place().array().name() + ", to the pointer " + name + " into " + c.array().name()
                        + " (PDPV's pointer variable points into one array)");
            }
            ctx.ir.assign(c.offset(), v.place().index(), loc);
        }
        if (c.state() != null) {
            ctx.ir.assign(c.state(), v.state(), loc);
        }
    }

    /** {@code e != 0}, as C tests a pointer in a condition: int 1 when it is not null. */
    Expr notNull(IASTExpression e) {
        return new Expr.Binary(BinaryOp.NE, value(e).state(), new Expr.Const(ctx.pointers.idType(), 0), ctx.typing.intType());
    }

    /** Whether {@code b} compares or subtracts pointers of which one points into an array of structs. */
    boolean isOperation(IASTBinaryExpression b) {
        int op = b.getOperator();
        boolean comparison = op == IASTBinaryExpression.op_equals || op == IASTBinaryExpression.op_notequals
                || op == IASTBinaryExpression.op_lessThan || op == IASTBinaryExpression.op_lessEqual
                || op == IASTBinaryExpression.op_greaterThan || op == IASTBinaryExpression.op_greaterEqual;
        boolean either = intoArray(b.getOperand1()) || intoArray(b.getOperand2());
        return comparison && either || op == IASTBinaryExpression.op_minus && intoArray(b.getOperand1()) && pointer(b.getOperand2());
    }

    /**
     * {@code p OP q} for a comparison, or {@code p - q} (a {@code ptrdiff_t}, in elements): the
     * offsets compared or subtracted, both into one array (between two arrays the ordering and the
     * difference are undefined behaviour, C11 6.5.8p5, 6.5.6p9, and equality is up to the compiler,
     * as {@link ArrayPointerLowering#operation} says). Equality with a pointer that may be null, or
     * with a null pointer constant, compares the states too.
     */
    Expr operation(IASTBinaryExpression b) {
        int op = b.getOperator();
        SourceLoc loc = ctx.loc(b);
        if (!intoArray(b.getOperand1()) && !PointerLowering.isNull(b.getOperand1())
                || !intoArray(b.getOperand2()) && !PointerLowering.isNull(b.getOperand2())) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "comparison of a pointer into an array of structs with something else in "
                    + SourceLocator.text(b) + " (PDPV compares pointers into one array of structs, and with null)");
        }
        boolean equality = op == IASTBinaryExpression.op_equals || op == IASTBinaryExpression.op_notequals;
        if (equality) {
            Value p = value(b.getOperand1());
            Value q = value(b.getOperand2());
            Expr sameState = new Expr.Binary(BinaryOp.EQ, p.state(), q.state(), ctx.typing.intType());
            Expr eq = sameState;
            if (p.place() != null && q.place() != null) {
                same(p.place(), q.place(), b);
                Expr valid = new Expr.Binary(BinaryOp.EQ, p.state(), new Expr.Const(p.state().type(), INTO_ARRAY), ctx.typing.intType());
                Expr sameOffset = new Expr.Binary(BinaryOp.EQ, p.place().index(), q.place().index(), ctx.typing.intType());
                Expr one = ctx.typing.intConst(1);
                eq = new Expr.Ite(sameState, new Expr.Ite(valid, sameOffset, one, one.type()), ctx.typing.intConst(0), one.type());
            }
            return op == IASTBinaryExpression.op_equals ? eq : new Expr.Unary(pdpv.semantics.UnaryOp.LOG_NOT, eq, ctx.typing.intType());
        }
        Place p = place(b.getOperand1());
        Place q = place(b.getOperand2());
        same(p, q, b);
        if (op == IASTBinaryExpression.op_minus) {
            return ctx.typing.binary(BinaryOp.SUB, p.index(), q.index());
        }
        return ctx.typing.binary(Operators.binaryOperator(op), p.index(), q.index());
    }

    /** Refuses two places in different arrays of structs, in {@code e}. */
    private void same(Place p, Place q, IASTExpression e) {
        if (p.array() != q.array()) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(e), "pointers into different arrays of structs, " + p.array().name()
                    + " and " + q.array().name() + ", in " + SourceLocator.text(e) + " (their order and difference are undefined"
                    + " behaviour, their equality up to the compiler)");
        }
    }
}
