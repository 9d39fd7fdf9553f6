package pdpv.frontend;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTConditionalExpression;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTFunctionDefinition;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IPointerType;
import org.eclipse.cdt.core.dom.ast.IType;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.UbGuards;
import pdpv.cfg.Variable;
import pdpv.semantics.BinaryOp;

/**
 * Lowers pointer variables into arrays (issue #20): {@code T *p = a}, {@code = a + k},
 * {@code = &a[i]}, {@code = q}, assigned again with these forms, moved by {@code p += e},
 * {@code p -= e}, {@code p++}, {@code --p}; compared ({@code ==}, {@code <}, ...) and subtracted
 * ({@code p - q}) when both point into one array; and a callee's pointer parameter that the callee
 * moves. A pointer into an array is the pair (array, offset): the array is fixed where the pointer
 * is declared or bound (every pointer value it is assigned must point into the same array, which
 * is checked statically), the offset is a variable of the index type ({@code ptrdiff_t}'s width),
 * counted in cells from the array's first one, so every encoding sees one more bit-vector state
 * variable and the dereferences are ordinary cell accesses of {@link ArrayView}, bounds-checked
 * on the whole array object as subscripts are.
 *
 * <p>A pointer that may be null or indeterminate (declared without initializer, assigned
 * {@code NULL}, a copy of such a pointer, or a pointer an inlined callee returns) has a state
 * beside its offset, an id-typed variable as a pointer to variables has ({@link PointerLowering}):
 * 1 into its array, 0 null, 255 indeterminate. Its array is fixed at the first assignment of a
 * pointer into an array in the text. Where C uses it as an address (a dereference, a subscript,
 * arithmetic) its offset is marked so that the state is checked there, in evaluation order
 * ({@link UbGuards#nullDereference}, {@link UbGuards#uninitializedRead}); a test, a comparison for
 * equality and a copy read the state.
 */
final class ArrayPointerLowering {
    /** The state of a pointer into its array; null is 0 and indeterminate {@link PointerLowering#INDETERMINATE}, as ids of pointers to variables. */
    private static final long INTO_ARRAY = 1;

    private final LoweringContext ctx;
    /** The state variables of the pointers that may be null or indeterminate, by their declaration's binding. */
    private final Map<IBinding, Variable> states = new HashMap<>();
    /** The state variables that may be indeterminate: every read of one is checked. */
    private final Set<Variable> indeterminate = new HashSet<>();
    /** The pointer results of the callees being inlined, by their frames. */
    private final Map<FunctionFrame, Result> results = new HashMap<>();
    /** The value of the last call whose pointer result was inlined. */
    private Value lastResult;

    /** A pointer value into an array: its state, and where it points (null when it is null wherever it is evaluated). */
    record Value(Expr state, ArrayView view) {
    }

    /** The pointer result of an inlined callee: its state and offset variables and, from its first return of a pointer, its array. */
    private static final class Result {
        final String function;
        final TypeResolver.Shape pointee;
        final Variable state;
        final Variable offset;
        ArrayView view;

        Result(String function, TypeResolver.Shape pointee, Variable state, Variable offset) {
            this.function = function;
            this.pointee = pointee;
            this.state = state;
            this.offset = offset;
        }
    }

    ArrayPointerLowering(LoweringContext ctx) {
        this.ctx = ctx;
    }

    /**
     * Whether a local variable {@code binding} of {@code type} initialized by {@code init} is a
     * pointer into an array: its initializer points into one, or it is declared without initializer,
     * null, or with a call's pointer, and its function assigns it a pointer into an array.
     */
    boolean declares(IBinding binding, IASTNode declarator, IType type, IASTExpression init, SourceLoc loc) {
        if (!(TypeResolver.strip(type) instanceof IPointerType) || ctx.types.pointee(type, loc) == null) {
            return false;
        }
        if (init != null && intoArray(init)) {
            return true;
        }
        return (init == null || PointerLowering.isNull(init)) && assignments(binding, declarator).stream().anyMatch(this::intoArray);
    }

    /** Whether {@code e} is a pointer into an array: one of {@link ArrayLowering#pointer}'s forms, {@code c ? e1 : NULL}, or a call's pointer result. */
    boolean intoArray(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (e instanceof IASTConditionalExpression c && c.getPositiveResultExpression() != null) {
            IASTExpression a = c.getPositiveResultExpression();
            IASTExpression b = c.getNegativeResultExpression();
            return intoArray(a) && (intoArray(b) || PointerLowering.isNull(b)) || PointerLowering.isNull(a) && intoArray(b);
        }
        return ctx.arrays.pointsIntoArray(e) || e instanceof IASTFunctionCallExpression call && ctx.pointers.isPointerType(call.getExpressionType())
                && !ctx.pointers.returnsVariables(call);
    }

    /** Whether the value {@code e} is never null nor indeterminate: a pointer into an array that is no copy of a pointer with a state. */
    private boolean plain(IASTExpression e) {
        return ctx.arrays.pointsIntoArray(e) && !hasState(e);
    }

    /** Whether {@code e} names a pointer variable that may be null or indeterminate. */
    boolean hasState(IASTExpression e) {
        return ExpressionLowering.strip(e) instanceof IASTIdExpression id && states.containsKey(id.getName().resolveBinding());
    }

    /**
     * The array the pointer expression {@code e} points into, found from its text where it names an
     * array or a pointer variable bound to one (evaluates nothing); null if it names none.
     */
    private ArrayView root(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (e instanceof IASTIdExpression id) {
            IBinding b = id.getName().resolveBinding();
            return hasState(id) || ctx.frame().arrays().containsKey(b) ? ctx.frame().arrays().get(b)
                    : ctx.isKnown(b) && ctx.arrays.isArray(id) ? ctx.arrays.view(id) : null;
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper) {
            return root(u.getOperand());
        }
        if (e instanceof org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression s) {
            return root(s.getArrayExpression());
        }
        if (e instanceof IASTBinaryExpression b && (b.getOperator() == IASTBinaryExpression.op_plus || b.getOperator() == IASTBinaryExpression.op_minus)) {
            ArrayView left = root(b.getOperand1());
            return left != null ? left : root(b.getOperand2());
        }
        if (e instanceof IASTConditionalExpression c && c.getPositiveResultExpression() != null) {
            ArrayView positive = root(c.getPositiveResultExpression());
            return positive != null ? positive : root(c.getNegativeResultExpression());
        }
        return null;
    }

    /** The right-hand sides of the assignments {@code p = e} to the pointer variable {@code binding} in the function that declares it. */
    static java.util.List<IASTExpression> assignments(IBinding binding, IASTNode declarator) {
        IASTNode f = declarator;
        while (f != null && !(f instanceof IASTFunctionDefinition)) {
            f = f.getParent();
        }
        java.util.List<IASTExpression> out = new java.util.ArrayList<>();
        if (f == null) {
            return out;
        }
        f.accept(new ASTVisitor() {
            {
                shouldVisitExpressions = true;
            }

            @Override
            public int visit(IASTExpression e) {
                if (e instanceof IASTBinaryExpression a && a.getOperator() == IASTBinaryExpression.op_assign
                        && ExpressionLowering.strip(a.getOperand1()) instanceof IASTIdExpression id
                        && binding.equals(id.getName().resolveBinding())) {
                    out.add(a.getOperand2());
                }
                return PROCESS_CONTINUE;
            }
        });
        return out;
    }

    /**
     * {@code T *p = init}: p's offset variable, set to where {@code init} points; or, for a pointer
     * that may be null or indeterminate (no initializer, a null or non-plain one, or a non-plain
     * assignment in its function, or one the points-to analysis finds may be null), its state too.
     */
    void declare(IBinding binding, IASTNode declarator, IType type, String name, IASTExpression init, SourceLoc loc) {
        boolean stateful = init == null || !plain(init) || ctx.pointers.mayBeNull(binding, declarator)
                || assignments(binding, declarator).stream().anyMatch(e -> !plain(e) && (intoArray(e) || PointerLowering.isNull(e)));
        if (!stateful) {
            TypeResolver.Shape pointee = ctx.types.pointee(type, loc);
            ArrayView v = ctx.arrays.converted(ctx.arrays.pointer(init), SourceLocator.text(init), name, pointee, loc);
            bind(ctx.frame(), binding, name, v, Variable.Kind.LOCAL, loc);
            return;
        }
        Variable state = ctx.ir.variable(ctx.frame().prefix() + name, name + " (pointer)", ctx.pointers.idType(), Variable.Kind.TEMPORARY);
        ctx.frame().arrays().remove(binding);
        ctx.frame().arrayPointers().remove(binding);
        states.put(binding, state);
        if (init == null) {
            indeterminate.add(state); // before its view is made, whose mark reads the state
        }
        TypeResolver.Shape pointee = ctx.types.pointee(type, loc);
        java.util.List<IASTExpression> values = new java.util.ArrayList<>(assignments(binding, declarator));
        if (init != null) {
            values.add(0, init);
        }
        for (IASTExpression e : values) {
            ArrayView root = root(e);
            if (root != null && root.array().type().equals(pointee.element())) {
                // its array is known where it is declared: bound now, so that it may be tested and used before its first assignment
                bindWithState(binding, name, new ArrayView(root.array(), new Expr.Const(ctx.typing.indexType(), 0), pointee.dims()), loc);
                break;
            }
        }
        if (init == null) {
            ctx.ir.assign(state, new Expr.Const(state.type(), PointerLowering.INDETERMINATE), loc);
        } else {
            assignValue(binding, name, init, loc);
        }
    }
    /**
     * Binds {@code binding} in {@code frame} to a fresh offset variable set to where {@code v}
     * points: a local pointer variable, or a callee's pointer parameter that the callee moves
     * ({@code kind} PARAMETER). The offset's C name is {@link #offsetName}.
     */
    void bind(FunctionFrame frame, IBinding binding, String name, ArrayView v, Variable.Kind kind, SourceLoc loc) {
        boolean inScope = v.array().kind() == Variable.Kind.GLOBAL || frame.locals().containsValue(v.array());
        Variable offset = offset(frame.prefix(), name, v, inScope, kind, loc);
        frame.arrays().put(binding, new ArrayView(v.array(), new Expr.VarRef(offset), v.dims()));
        frame.arrayPointers().put(binding, offset);
    }

    /**
     * Binds the pointer {@code binding} that has a state to {@code v}'s array, at its first
     * assignment of a pointer into an array: its offset variable (0 from the program's start, so
     * that it has a value on every path) and the view its uses as an address read, whose offset
     * is marked so that the state is checked where C evaluates it.
     */
    private void bindWithState(IBinding binding, String name, ArrayView v, SourceLoc loc) {
        Variable state = states.get(binding);
        boolean inScope = v.array().kind() == Variable.Kind.GLOBAL || ctx.frame().locals().containsValue(v.array());
        Variable offset = ctx.ir.variable(ctx.frame().prefix() + name, offsetName(name, v, inScope), ctx.typing.indexType(), Variable.Kind.LOCAL);
        ctx.ir.addToPrologue(new Stmt.Assign(offset, new Expr.Const(offset.type(), 0), loc));
        Expr checked = UbGuards.nullDereference(read(state), ctx.typing.intType());
        Expr at = new Expr.VarRef(offset);
        ctx.frame().arrays().put(binding, new ArrayView(v.array(), new Expr.Ite(checked, at, at, offset.type()), v.dims()));
        ctx.frame().arrayPointers().put(binding, offset);
    }

    /** The state {@code state} read: marked when it may be indeterminate, so that the read is checked where C performs it. */
    private Expr read(Variable state) {
        Expr s = new Expr.VarRef(state);
        return indeterminate.contains(state) ? UbGuards.uninitializedRead(s, PointerLowering.INDETERMINATE, ctx.typing.intType()) : s;
    }

    /**
     * How the offset of the pointer {@code name} into {@code v}'s array is written in C, so that
     * invariants over it are C a witness validator reads: {@code (p - a)}, the difference of p and
     * the array's first element in elements, {@code (p - &m[0][0])} for an element pointer into a
     * matrix; a row pointer's offset counts cells, not rows, so it has no such C form
     * ({@code p (offset in cells into m)}, which the witness writer leaves out), nor has a pointer
     * into an array that C's scope does not show where p is (a callee's parameter into its caller's).
     */
    static String offsetName(String name, ArrayView v, boolean inScope) {
        if (v.dims().size() > 1 || !inScope) {
            return name + " (offset in cells into " + v.array().sourceName() + ")";
        }
        String first = v.array().dims().size() == 1 ? v.array().sourceName() : "&" + v.array().sourceName() + "[0]".repeat(v.array().dims().size());
        return "(" + name + " - " + first + ")";
    }

    /**
     * A variable {@code prefix + name} set to {@code v}'s offset, the offset of the pointer
     * {@code name}; {@code inScope}: whether C's scope shows v's array where the pointer is.
     */
    Variable offset(String prefix, String name, ArrayView v, boolean inScope, Variable.Kind kind, SourceLoc loc) {
        Variable offset = ctx.ir.variable(prefix + name, offsetName(name, v, inScope), ctx.typing.indexType(), kind);
        ctx.ir.assign(offset, v.offset(), loc);
        return offset;
    }

    /** Whether {@code e} names a pointer variable into an array of the current function (bound to its array or not yet). */
    boolean isVariable(IASTExpression e) {
        return ExpressionLowering.strip(e) instanceof IASTIdExpression id
                && (ctx.frame().arrayPointers().containsKey(id.getName().resolveBinding()) || states.containsKey(id.getName().resolveBinding()));
    }

    /** Where the pointer variable {@code id} points, as an address (its state checked); refused before its array is known. */
    ArrayView bound(IASTIdExpression id) {
        ArrayView v = ctx.frame().arrays().get(id.getName().resolveBinding());
        if (v == null) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(id), "use of the pointer " + id.getName() + " before its first assignment"
                    + " of a pointer into an array in the text (PDPV fixes its array there)");
        }
        return v;
    }

    /** Whether {@code u} increments or decrements a pointer variable into an array. */
    boolean isStep(IASTUnaryExpression u) {
        return Operators.isIncrement(u.getOperator()) && isVariable(u.getOperand());
    }

    /**
     * {@code p++}, {@code p--}, {@code ++p}, {@code --p}: moves p by one element and returns where
     * the expression points (the old place for a postfix one, kept in a temporary).
     */
    ArrayView step(IASTUnaryExpression u) {
        IASTIdExpression id = (IASTIdExpression) ExpressionLowering.strip(u.getOperand());
        ArrayView p = bound(id);
        Variable offset = ctx.frame().arrayPointers().get(id.getName().resolveBinding());
        int op = u.getOperator();
        boolean minus = op == IASTUnaryExpression.op_postFixDecr || op == IASTUnaryExpression.op_prefixDecr;
        boolean prefix = op == IASTUnaryExpression.op_prefixIncr || op == IASTUnaryExpression.op_prefixDecr;
        SourceLoc loc = ctx.loc(u);
        ArrayView before = p;
        if (!prefix) {
            Variable old = ctx.ir.temporary(offset.sourceName(), offset.type());
            ctx.ir.assign(old, p.offset(), loc);
            before = new ArrayView(p.array(), new Expr.VarRef(old), p.dims());
        }
        ArrayView moved = ctx.arrays.moved(p, ctx.typing.intConst(1), minus);
        ctx.ir.assign(offset, moved.offset(), loc);
        return prefix ? p : before;
    }

    /** Whether {@code b} assigns ({@code =}, {@code +=}, {@code -=}) a pointer variable into an array. */
    boolean isAssignment(IASTBinaryExpression b) {
        return Operators.isAssignment(b.getOperator()) && isVariable(b.getOperand1());
    }

    /** {@code p = e}, {@code p += k}, {@code p -= k}; e must point into p's array, with p's element type. */
    void assign(IASTBinaryExpression b) {
        IASTIdExpression id = (IASTIdExpression) ExpressionLowering.strip(b.getOperand1());
        IBinding binding = id.getName().resolveBinding();
        SourceLoc loc = ctx.loc(b);
        if (b.getOperator() == IASTBinaryExpression.op_assign && states.containsKey(binding)) {
            assignValue(binding, id.getName().toString(), b.getOperand2(), loc);
            return;
        }
        ArrayView p = bound(id);
        Variable offset = ctx.frame().arrayPointers().get(binding);
        ArrayView to;
        switch (b.getOperator()) {
            case IASTBinaryExpression.op_assign -> {
                if (!plain(b.getOperand2())) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "assignment of " + SourceLocator.text(b.getOperand2())
                            + " to the pointer " + id.getName() + " into the array " + p.array().sourceName()
                            + " (PDPV assigns it pointers into that array that are not null)");
                }
                to = convertedTo(p, id.getName().toString(), b.getOperand2(), ctx.arrays.pointer(b.getOperand2()), loc);
            }
            case IASTBinaryExpression.op_plusAssign, IASTBinaryExpression.op_minusAssign ->
                to = ctx.arrays.moved(p, ctx.expressions.value(b.getOperand2()), b.getOperator() == IASTBinaryExpression.op_minusAssign);
            default -> throw new UserError(UserError.Kind.UNSUPPORTED, loc, "operator in " + SourceLocator.text(b)
                    + " (a pointer is assigned with =, += and -=)");
        }
        ctx.ir.assign(offset, to.offset(), loc);
    }

    /** {@code v}, the value of {@code e}, seen through the pointer {@code name} into {@code p}'s array: refused if it points into another one. */
    private ArrayView convertedTo(ArrayView p, String name, IASTExpression e, ArrayView v, SourceLoc loc) {
        ArrayView to = ctx.arrays.converted(v, SourceLocator.text(e), name, new TypeResolver.Shape(p.array().type(), p.dims()), loc);
        if (!to.array().equals(p.array())) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "assignment of " + SourceLocator.text(e) + ", a pointer into "
                    + to.array().sourceName() + ", to the pointer " + name + " into " + p.array().sourceName()
                    + " (PDPV's pointer variable points into one array)");
        }
        return to;
    }

    /**
     * {@code p = e} for the pointer {@code binding} that has a state: the state of e, and where e
     * points; the first pointer into an array fixes p's array.
     */
    private void assignValue(IBinding binding, String name, IASTExpression e, SourceLoc loc) {
        Value v = value(e);
        if (v.view() != null) {
            if (ctx.frame().arrays().get(binding) == null) {
                TypeResolver.Shape pointee = ctx.types.pointee(((org.eclipse.cdt.core.dom.ast.IVariable) binding).getType(), loc);
                bindWithState(binding, name, ctx.arrays.converted(v.view(), SourceLocator.text(e), name, pointee, loc), loc);
            }
            ArrayView to = convertedTo(ctx.frame().arrays().get(binding), name, e, v.view(), loc);
            ctx.ir.assign(ctx.frame().arrayPointers().get(binding), to.offset(), loc);
        }
        ctx.ir.assign(states.get(binding), v.state(), loc);
    }

    /**
     * The value of the pointer expression {@code e} (issue #20), its side effects emitted: a null
     * pointer constant (state 0), a pointer variable with a state (its state read, its offset
     * unmarked: a copy or a test is no dereference), {@code c ? e1 : e2}, the pointer a call of an
     * inlined callee returns, or one of {@link ArrayLowering#pointer}'s forms (state 1).
     */
    Value value(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        SourceLoc loc = ctx.loc(e);
        if (PointerLowering.isNull(e)) {
            return new Value(new Expr.Const(ctx.pointers.idType(), 0), null);
        }
        if (e instanceof IASTIdExpression id && states.containsKey(id.getName().resolveBinding())) {
            IBinding b = id.getName().resolveBinding();
            ArrayView v = ctx.frame().arrays().get(b);
            Expr offset = v == null ? null : new Expr.VarRef(ctx.frame().arrayPointers().get(b));
            return new Value(read(states.get(b)), v == null ? null : new ArrayView(v.array(), offset, v.dims()));
        }
        if (e instanceof IASTConditionalExpression c && c.getPositiveResultExpression() != null
                && !SideEffects.has(c.getPositiveResultExpression()) && !SideEffects.has(c.getNegativeResultExpression())) {
            Expr cond = ctx.expressions.tested(c.getLogicalConditionExpression());
            Value a = value(c.getPositiveResultExpression());
            Value b = value(c.getNegativeResultExpression());
            Expr state = new Expr.Ite(cond, a.state(), b.state(), ctx.pointers.idType());
            if (a.view() == null || b.view() == null) {
                return new Value(state, a.view() == null ? b.view() : a.view());
            }
            if (!a.view().array().equals(b.view().array()) || !a.view().dims().equals(b.view().dims())) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "pointers into different arrays, or of different types, in "
                        + SourceLocator.text(e));
            }
            Expr offset = new Expr.Ite(cond, a.view().offset(), b.view().offset(), a.view().offset().type());
            return new Value(state, new ArrayView(a.view().array(), offset, a.view().dims()));
        }
        if (e instanceof IASTFunctionCallExpression call && ctx.pointers.isPointerType(call.getExpressionType())) {
            lastResult = null;
            ctx.calls.call(call, false);
            if (lastResult == null) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "pointer result of " + SourceLocator.text(call)
                        + " (PDPV reads pointers into arrays returned by functions it inlines)");
            }
            return lastResult;
        }
        if (!ctx.arrays.pointsIntoArray(e)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "pointer expression " + SourceLocator.text(e)
                    + " where a pointer into an array is expected");
        }
        return new Value(new Expr.Const(ctx.pointers.idType(), INTO_ARRAY), ctx.arrays.pointer(e));
    }

    /** {@code e != 0} for the pointer {@code e} into an array, as C tests a pointer in a condition: int 1 when it is not null. */
    Expr notNull(IASTExpression e) {
        return new Expr.Binary(BinaryOp.NE, value(e).state(), new Expr.Const(ctx.pointers.idType(), 0), ctx.typing.intType());
    }

    /**
     * Starts the pointer result of the callee {@code function} inlined in {@code frame}, whose result
     * points to {@code pointee}: indeterminate until a {@code return} assigns it (a run that leaves
     * the callee without one and uses the result reads an indeterminate pointer).
     */
    void startResult(FunctionFrame frame, String function, TypeResolver.Shape pointee, SourceLoc loc) {
        Variable state = ctx.ir.variable(function + "::result", function + "() (pointer)", ctx.pointers.idType(), Variable.Kind.TEMPORARY);
        Variable offset = ctx.ir.variable(function + "::result", function + "()", ctx.typing.indexType(), Variable.Kind.TEMPORARY);
        indeterminate.add(state);
        ctx.ir.assign(state, new Expr.Const(state.type(), PointerLowering.INDETERMINATE), loc);
        ctx.ir.assign(offset, new Expr.Const(offset.type(), 0), loc);
        results.put(frame, new Result(function, pointee, state, offset));
    }

    /** Whether the callee of {@code frame} returns a pointer into an array. */
    boolean returnsPointer(FunctionFrame frame) {
        return results.containsKey(frame);
    }

    /**
     * {@code return e;} in a callee whose result is a pointer: e's state and offset assigned to the
     * result. A pointer into the callee's own local array would dangle in the caller: refused.
     */
    void returned(FunctionFrame frame, IASTExpression e, SourceLoc loc) {
        Result r = results.get(frame);
        if (ctx.pointers.isPointer(e) && !intoArray(e)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "return of the pointer " + SourceLocator.text(e) + " to variables from "
                    + r.function + " (PDPV reads returned pointers into arrays and null)");
        }
        Value v = value(e);
        if (v.view() != null) {
            if (frame.locals().containsValue(v.view().array())) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "return of " + SourceLocator.text(e) + ", a pointer into "
                        + v.view().array().sourceName() + ", a local array of " + r.function + " (it dangles when " + r.function + " returns)");
            }
            ArrayView to = ctx.arrays.converted(v.view(), SourceLocator.text(e), r.function + "()", r.pointee, loc);
            if (r.view == null) {
                r.view = new ArrayView(to.array(), new Expr.VarRef(r.offset), to.dims());
            }
            ctx.ir.assign(r.offset, convertedTo(r.view, r.function + "()", e, to, loc).offset(), loc);
        }
        ctx.ir.assign(r.state, v.state(), loc);
    }

    /** Ends the pointer result of the callee inlined in {@code frame}: the value its call has. */
    void endResult(FunctionFrame frame, SourceLoc loc) {
        Result r = results.remove(frame);
        if (r.view == null) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "pointer result of " + r.function + ", which returns no pointer into an array"
                    + " (PDPV reads returned pointers into arrays and null)");
        }
        lastResult = new Value(read(r.state), r.view);
    }

    /** Whether {@code b} compares or subtracts two pointers of which at least one points into an array. */
    boolean isPointerOperation(IASTBinaryExpression b) {
        int op = b.getOperator();
        boolean comparison = op == IASTBinaryExpression.op_equals || op == IASTBinaryExpression.op_notequals
                || op == IASTBinaryExpression.op_lessThan || op == IASTBinaryExpression.op_lessEqual
                || op == IASTBinaryExpression.op_greaterThan || op == IASTBinaryExpression.op_greaterEqual;
        boolean left = ctx.arrays.pointsIntoArray(b.getOperand1());
        boolean right = ctx.arrays.pointsIntoArray(b.getOperand2());
        boolean equality = op == IASTBinaryExpression.op_equals || op == IASTBinaryExpression.op_notequals;
        return comparison && (left || right) || op == IASTBinaryExpression.op_minus && left && right
                || equality && (intoArray(b.getOperand1()) && !ctx.pointers.isPointer(b.getOperand2())
                        || intoArray(b.getOperand2()) && !ctx.pointers.isPointer(b.getOperand1()));
    }

    /**
     * {@code p OP q} for a comparison, or {@code p - q} (a {@code ptrdiff_t}, in elements): the
     * offsets compared or subtracted. Both must point into one array: between two arrays the
     * ordering and the difference are undefined behaviour in C (C11 6.5.8p5, 6.5.6p9), and
     * equality depends on where the compiler places them (one past the end of one may be the start
     * of the other), so PDPV refuses them. Equality with a pointer that may be null, or with a null
     * pointer constant, compares the states too ({@link #equal}).
     */
    Expr operation(IASTBinaryExpression b) {
        int op = b.getOperator();
        SourceLoc loc = ctx.loc(b);
        boolean equality = op == IASTBinaryExpression.op_equals || op == IASTBinaryExpression.op_notequals;
        if (equality && (!plain(b.getOperand1()) || !plain(b.getOperand2()))) {
            Expr eq = equal(b);
            return op == IASTBinaryExpression.op_equals ? eq : new Expr.Unary(pdpv.semantics.UnaryOp.LOG_NOT, eq, ctx.typing.intType());
        }
        if (!ctx.arrays.pointsIntoArray(b.getOperand1()) || !ctx.arrays.pointsIntoArray(b.getOperand2())) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "comparison of a pointer into an array with something else in "
                    + SourceLocator.text(b));
        }
        ArrayView p = ctx.arrays.pointer(b.getOperand1());
        ArrayView q = ctx.arrays.pointer(b.getOperand2());
        if (!p.array().equals(q.array())) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "pointers into different arrays, " + p.array().sourceName() + " and "
                    + q.array().sourceName() + ", in " + SourceLocator.text(b) + " (their order and difference are undefined"
                    + " behaviour, their equality up to the compiler)");
        }
        if (!p.dims().subList(1, p.dims().size()).equals(q.dims().subList(1, q.dims().size()))) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "pointers to different types in " + SourceLocator.text(b));
        }
        if (op == IASTBinaryExpression.op_minus) {
            Expr cells = ctx.typing.binary(BinaryOp.SUB, p.offset(), q.offset());
            long stride = p.stride();
            Expr elements = stride == 1 ? cells : ctx.typing.binary(BinaryOp.DIV, cells, new Expr.Const(cells.type(), stride));
            return ctx.typing.convert(elements, ctx.typing.indexType());
        }
        return ctx.typing.binary(Operators.binaryOperator(op), p.offset(), q.offset());
    }

    /**
     * {@code p == q} where p or q may be null: equal when both are null, or both point into the
     * array at the same offset (their states read, so that an indeterminate one is checked).
     */
    private Expr equal(IASTBinaryExpression b) {
        Value p = value(b.getOperand1());
        Value q = value(b.getOperand2());
        Expr sameState = new Expr.Binary(BinaryOp.EQ, p.state(), q.state(), ctx.typing.intType());
        if (p.view() == null || q.view() == null) {
            return sameState;
        }
        if (!p.view().array().equals(q.view().array()) || !p.view().dims().subList(1, p.view().dims().size())
                .equals(q.view().dims().subList(1, q.view().dims().size()))) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(b), "pointers into different arrays, or of different types, in "
                    + SourceLocator.text(b) + " (their equality is up to the compiler)");
        }
        Expr valid = new Expr.Binary(BinaryOp.EQ, p.state(), new Expr.Const(p.state().type(), INTO_ARRAY), ctx.typing.intType());
        Expr sameOffset = new Expr.Binary(BinaryOp.EQ, p.view().offset(), q.view().offset(), ctx.typing.intType());
        Expr one = ctx.typing.intConst(1);
        return new Expr.Ite(sameState, new Expr.Ite(valid, sameOffset, one, one.type()), ctx.typing.intConst(0), one.type());
    }
}
