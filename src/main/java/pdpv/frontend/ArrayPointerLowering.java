package pdpv.frontend;

import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IPointerType;
import org.eclipse.cdt.core.dom.ast.IType;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
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
 */
final class ArrayPointerLowering {
    private final LoweringContext ctx;

    ArrayPointerLowering(LoweringContext ctx) {
        this.ctx = ctx;
    }

    /** Whether a local variable of {@code type} initialized by {@code init} is a pointer into an array. */
    boolean declares(IType type, IASTExpression init, SourceLoc loc) {
        return TypeResolver.strip(type) instanceof IPointerType && ctx.types.pointee(type, loc) != null && init != null
                && ctx.arrays.pointsIntoArray(init);
    }

    /** {@code T *p = init}: p's offset variable, set to where {@code init} points. */
    void declare(IBinding binding, IType type, String name, IASTExpression init, SourceLoc loc) {
        TypeResolver.Shape pointee = ctx.types.pointee(type, loc);
        ArrayView v = ctx.arrays.converted(ctx.arrays.pointer(init), SourceLocator.text(init), name, pointee, loc);
        bind(ctx.frame(), binding, name, v, Variable.Kind.LOCAL, loc);
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
     * How the offset of the pointer {@code name} into {@code v}'s array is written in C, so that
     * invariants over it are C a witness validator reads: {@code (p - a)}, the difference of p and
     * the array's first element in elements, {@code (p - &m[0][0])} for an element pointer into a
     * matrix; a row pointer's offset counts cells, not rows, so it has no such C form
     * ({@code p (offset in cells into m)}, which the witness writer leaves out), nor has a pointer
     * into an array that C's scope does not show where p is (a callee's parameter into its caller's).
     */
    private static String offsetName(String name, ArrayView v, boolean inScope) {
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

    /** Whether {@code e} names a pointer variable into an array of the current function. */
    boolean isVariable(IASTExpression e) {
        return ExpressionLowering.strip(e) instanceof IASTIdExpression id
                && ctx.frame().arrayPointers().containsKey(id.getName().resolveBinding());
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
        IBinding binding = ((IASTIdExpression) ExpressionLowering.strip(u.getOperand())).getName().resolveBinding();
        Variable offset = ctx.frame().arrayPointers().get(binding);
        ArrayView p = ctx.frame().arrays().get(binding);
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
        Variable offset = ctx.frame().arrayPointers().get(binding);
        ArrayView p = ctx.frame().arrays().get(binding);
        SourceLoc loc = ctx.loc(b);
        ArrayView to;
        switch (b.getOperator()) {
            case IASTBinaryExpression.op_assign -> {
                if (!ctx.arrays.pointsIntoArray(b.getOperand2())) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "assignment of " + SourceLocator.text(b.getOperand2())
                            + " to the pointer " + id.getName() + " into the array " + p.array().sourceName()
                            + " (PDPV assigns it pointers into that array)");
                }
                ArrayView v = ctx.arrays.pointer(b.getOperand2());
                to = ctx.arrays.converted(v, SourceLocator.text(b.getOperand2()), id.getName().toString(),
                        new TypeResolver.Shape(p.array().type(), p.dims()), loc);
            }
            case IASTBinaryExpression.op_plusAssign, IASTBinaryExpression.op_minusAssign ->
                to = ctx.arrays.moved(p, ctx.expressions.value(b.getOperand2()), b.getOperator() == IASTBinaryExpression.op_minusAssign);
            default -> throw new UserError(UserError.Kind.UNSUPPORTED, loc, "operator in " + SourceLocator.text(b)
                    + " (a pointer is assigned with =, += and -=)");
        }
        if (!to.array().equals(p.array())) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "assignment of " + SourceLocator.text(b.getOperand2()) + ", a pointer into "
                    + to.array().sourceName() + ", to the pointer " + id.getName() + " into " + p.array().sourceName()
                    + " (PDPV's pointer variable points into one array)");
        }
        ctx.ir.assign(offset, to.offset(), loc);
    }

    /** Whether {@code b} compares or subtracts two pointers of which at least one points into an array. */
    boolean isPointerOperation(IASTBinaryExpression b) {
        int op = b.getOperator();
        boolean comparison = op == IASTBinaryExpression.op_equals || op == IASTBinaryExpression.op_notequals
                || op == IASTBinaryExpression.op_lessThan || op == IASTBinaryExpression.op_lessEqual
                || op == IASTBinaryExpression.op_greaterThan || op == IASTBinaryExpression.op_greaterEqual;
        boolean left = ctx.arrays.pointsIntoArray(b.getOperand1());
        boolean right = ctx.arrays.pointsIntoArray(b.getOperand2());
        return comparison && (left || right) || op == IASTBinaryExpression.op_minus && left && right;
    }

    /**
     * {@code p OP q} for a comparison, or {@code p - q} (a {@code ptrdiff_t}, in elements): the
     * offsets compared or subtracted. Both must point into one array: between two arrays the
     * ordering and the difference are undefined behaviour in C (C11 6.5.8p5, 6.5.6p9), and
     * equality depends on where the compiler places them (one past the end of one may be the start
     * of the other), so PDPV refuses them. A pointer into an array is never null: against a null
     * pointer constant {@code ==} is 0 and {@code !=} is 1.
     */
    Expr operation(IASTBinaryExpression b) {
        int op = b.getOperator();
        SourceLoc loc = ctx.loc(b);
        boolean equality = op == IASTBinaryExpression.op_equals || op == IASTBinaryExpression.op_notequals;
        if (equality && (PointerLowering.isNull(b.getOperand1()) || PointerLowering.isNull(b.getOperand2()))) {
            ctx.expressions.effectIfAny(b.getOperand1());
            ctx.expressions.effectIfAny(b.getOperand2());
            return ctx.typing.intConst(op == IASTBinaryExpression.op_equals ? 0 : 1);
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
}
