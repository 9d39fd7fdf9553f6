package pdpv.frontend;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTArrayDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTArrayModifier;
import org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTTypeIdExpression;
import org.eclipse.cdt.core.dom.ast.IVariable;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTEqualsInitializer;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTFieldReference;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTInitializer;
import org.eclipse.cdt.core.dom.ast.IASTInitializerClause;
import org.eclipse.cdt.core.dom.ast.IASTInitializerList;
import org.eclipse.cdt.core.dom.ast.IASTLiteralExpression;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.c.ICASTArrayDesignator;
import org.eclipse.cdt.core.dom.ast.c.ICASTDesignatedInitializer;
import org.eclipse.cdt.core.dom.ast.c.ICASTDesignator;
import pdpv.cfg.ArrayExpr;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.semantics.CType;
import pdpv.semantics.UnaryOp;

/**
 * Lowers C's fixed-size arrays of integers (issue #20): the arrays an expression designates
 * ({@link ArrayView}), subscripts to cells ({@link LValue.Cell}, flat row-major indices of the
 * index type), and initializers (C11 §6.7.9: lists with brace elision, designators {@code [k] =},
 * string literals for arrays of char, every cell not named zero) to array assignments.
 */
final class ArrayLowering {
    /** Stores per array assignment of an initializer: a longer chain is split, so that no walk over it recurses deeply. */
    private static final int STORES_PER_ASSIGNMENT = 256;

    private final LoweringContext ctx;

    ArrayLowering(LoweringContext ctx) {
        this.ctx = ctx;
    }

    /** The array {@code e} designates, or null if it designates none. */
    ArrayView view(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (e instanceof IASTIdExpression id && ctx.arrayPointers.isVariable(id)) {
            return ctx.arrayPointers.bound(id);
        }
        if (e instanceof IASTIdExpression id) {
            IBinding binding = id.getName().resolveBinding();
            ArrayView passed = ctx.frame().arrays().get(binding);
            if (passed != null) {
                return passed;
            }
            if (!ctx.isKnown(binding)) {
                return null;
            }
            Variable v = ctx.variable(binding, id.getName().toString(), ctx.loc(id));
            return v.isArray() ? ArrayView.of(v, ctx.typing) : null;
        }
        if (e instanceof IASTArraySubscriptExpression s) {
            return element(s) instanceof ArrayView row ? row : null;
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_star && pointsIntoArray(u.getOperand())) {
            // the row a row pointer points to: (*r)[j]
            return pointer(u.getOperand()).subscript(new Expr.Const(ctx.typing.indexType(), 0), ctx.typing) instanceof ArrayView row ? row : null;
        }
        if (e instanceof IASTFieldReference r && UnionLowering.isMember(r)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(r), "the array member " + SourceLocator.text(r)
                    + " of a union used as an array (PDPV reads its cells, u.a[i])");
        }
        if (e instanceof IASTFieldReference r) {
            Object m = ctx.structs.member(r);
            if (m instanceof UnionLowering.ByteArray) {
                throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(r), "the array member " + SourceLocator.text(r)
                        + " of a struct in a union used as an array (PDPV reads its cells, u.s.a[i])");
            }
            if (m instanceof Variable v && v.isArray()) {
                return ArrayView.of(v, ctx.typing);
            }
            return m instanceof ArrayView row ? row : null; // an array member of an element of an array of structs
        }
        if (pointsIntoArray(e)) {
            return pointer(e); // (p + 1)[i]
        }
        return null;
    }

    /**
     * The array a pointer-valued argument points into, seen from where it points (issue #20): an
     * array (decayed to its first element), {@code &a[i]}, {@code a + k}, {@code k + a},
     * {@code a - k}; null if {@code e} is none of these.
     */
    ArrayView pointer(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (isArray(e) || ctx.arrayPointers.isVariable(e)) {
            return view(e);
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper
                && ExpressionLowering.strip(u.getOperand()) instanceof IASTArraySubscriptExpression s) {
            Object element = element(s);
            if (element instanceof LValue.Cell c) {
                return new ArrayView(c.array(), c.index(), List.of(0L));
            }
            ArrayView row = (ArrayView) element;
            List<Long> dims = new ArrayList<>(row.dims());
            dims.add(0, 0L);
            return new ArrayView(row.array(), row.offset(), dims);
        }
        if (e instanceof IASTUnaryExpression u && ctx.arrayPointers.isStep(u)) {
            return ctx.arrayPointers.step(u);
        }
        if (e instanceof IASTBinaryExpression b && pointsIntoArray(b)) {
            boolean leftPointer = pointsIntoArray(b.getOperand1());
            ArrayView base = pointer(leftPointer ? b.getOperand1() : b.getOperand2());
            Expr k = ctx.expressions.value(leftPointer ? b.getOperand2() : b.getOperand1());
            return moved(base, k, b.getOperator() == IASTBinaryExpression.op_minus);
        }
        return null;
    }

    /** Where {@code base + k} ({@code base - k} if {@code minus}) points: k elements of base's outermost dimension on. */
    ArrayView moved(ArrayView base, Expr by, boolean minus) {
        Expr k = ctx.typing.convert(by, ctx.typing.indexType());
        if (minus) {
            Expr unsigned = ctx.typing.convert(k, ctx.typing.unsignedIndexType());
            k = ctx.typing.convert(ctx.typing.unary(UnaryOp.NEG, unsigned), ctx.typing.indexType());
        }
        return base.from(k, ctx.typing);
    }

    /**
     * The array {@code v} ({@code arg}'s) seen through a pointer {@code to} whose pointee has the
     * shape {@code pointee}: the array's elements must have its element type, and its inner
     * extents its own (no pointer conversion).
     */
    ArrayView converted(ArrayView v, String arg, String to, TypeResolver.Shape pointee, SourceLoc loc) {
        List<Long> inner = pointee.dims().subList(1, pointee.dims().size());
        List<Long> given = v.dims().subList(1, v.dims().size());
        if (!v.array().type().equals(pointee.element()) || !inner.equals(given)) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "pointer conversion: " + arg + " ("
                    + v.array().type() + shape(v.dims()) + ") for " + to + " (" + pointee.element() + shape(pointee.dims()) + ")");
        }
        return new ArrayView(v.array(), v.offset(), pointee.dims());
    }

    private static String shape(List<Long> dims) {
        StringBuilder sb = new StringBuilder();
        for (long d : dims) {
            sb.append(d == 0 ? "[]" : "[" + d + "]");
        }
        return sb.toString();
    }

    /** The cell {@code *p} designates, for {@code p} one of the forms {@link #pointer} reads ({@code *(a + i)}, {@code *a}). */
    LValue.Cell dereference(IASTUnaryExpression star) {
        ArrayView v = pointer(star.getOperand());
        Object element = v.subscript(new Expr.Const(ctx.typing.indexType(), 0), ctx.typing);
        if (element instanceof LValue.Cell c) {
            return c;
        }
        throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(star), "use of the row " + SourceLocator.text(star) + " of an array as a value");
    }

    /** Whether {@code e} is one of the pointer forms {@link #pointer} reads (evaluates nothing). */
    boolean pointsIntoArray(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (isArray(e) || ctx.arrayPointers.isVariable(e)) {
            return true;
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_amper) {
            return ExpressionLowering.strip(u.getOperand()) instanceof IASTArraySubscriptExpression s
                    && !StructLowering.isStruct(s.getExpressionType()); // &ps[k] points into an array of structs
        }
        if (e instanceof IASTUnaryExpression u && ctx.arrayPointers.isStep(u)) {
            return true;
        }
        if (e instanceof IASTBinaryExpression b && b.getOperator() == IASTBinaryExpression.op_plus) {
            return pointsIntoArray(b.getOperand1()) || pointsIntoArray(b.getOperand2());
        }
        if (e instanceof IASTBinaryExpression b && b.getOperator() == IASTBinaryExpression.op_minus) {
            return pointsIntoArray(b.getOperand1()) && !pointsIntoArray(b.getOperand2()); // p - q is a number
        }
        return false;
    }

    /**
     * The size in bytes of the array variable {@code e} names (its extents may come from its
     * initializer, which CDT's type does not say: {@code char s[] = "hi"}); -1 for anything else,
     * a callee's array parameter included (a pointer).
     */
    long declaredSize(IASTExpression expression) {
        if (!(ExpressionLowering.strip(expression) instanceof IASTIdExpression id)) {
            return -1;
        }
        IBinding binding = id.getName().resolveBinding();
        if (ctx.frame().arrays().containsKey(binding) || !ctx.isKnown(binding)
                || ctx.frame().locals().get(binding) == null && !ctx.globals.containsKey(binding)) {
            return -1;
        }
        Variable v = ctx.variable(binding, id.getName().toString(), ctx.loc(id));
        if (!v.isArray()) {
            return -1;
        }
        return v.length() * (v.type().isBool() ? 1 : v.type().width() / 8);
    }

    /** Whether {@code e} designates an array (evaluates nothing). */
    boolean isArray(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        if (e instanceof IASTIdExpression id) {
            IBinding binding = id.getName().resolveBinding();
            return ctx.frame().arrays().containsKey(binding) || ctx.types.isIntegerArray(id.getExpressionType());
        }
        return (e instanceof IASTArraySubscriptExpression || e instanceof IASTFieldReference
                || e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_star)
                && ctx.types.isIntegerArray(e.getExpressionType());
    }

    /** The cell {@code a[i]} designates; a subscript that leaves a row is unsupported as a value. */
    LValue cell(IASTArraySubscriptExpression s) {
        LValue chosen = ctx.structs.chosenCell(s);
        if (chosen != null) {
            return chosen; // p->a[i] through a pointer that may point to several structs
        }
        Object element = element(s);
        if (element instanceof LValue.Cell c) {
            return c;
        }
        throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(s), "use of the row " + SourceLocator.text(s) + " of an array as a value");
    }

    /** {@code a[i]}: the array first, then the subscript (either may be written first in C: {@code i[a]}). */
    private Object element(IASTArraySubscriptExpression s) {
        IASTExpression array = s.getArrayExpression();
        IASTExpression subscript = (IASTExpression) s.getArgument();
        if (!isArray(array) && isArray(subscript)) {
            IASTExpression t = array;
            array = subscript;
            subscript = t;
        }
        ArrayView v = view(array);
        if (v == null) {
            throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(s), "subscript of " + SourceLocator.text(array)
                    + ", which is not an array of integers PDPV models");
        }
        Expr index = ctx.typing.convert(ctx.expressions.value(subscript), ctx.typing.indexType());
        if (isMember(array) && v.dims().get(0) > 0 && v.array().length() > cells(v)) {
            // a row of an array member inside a larger array (an element's member of an array of structs, ps[k].a):
            // the member is its own object, whose neighbours are the element's other members in C, not this array's cells
            ctx.ir.checkExtent(SourceLocator.text(array), index, v.dims().get(0), ctx.loc(s));
        }
        return v.subscript(index, ctx.typing);
    }

    /** Whether {@code e} is a struct's array member or a row of one ({@code ps[k].a}, {@code p->m[i]}). */
    private static boolean isMember(IASTExpression expression) {
        IASTExpression e = ExpressionLowering.strip(expression);
        while (e instanceof IASTArraySubscriptExpression s) {
            e = ExpressionLowering.strip(s.getArrayExpression());
        }
        return e instanceof IASTFieldReference r && !UnionLowering.isMember(r);
    }

    /** The cells {@code v} spans. */
    private static long cells(ArrayView v) {
        long n = 1;
        for (long d : v.dims()) {
            n = Math.multiplyExact(n, d);
        }
        return n;
    }

    /** One cell an initializer sets: its flat index and the clause giving its value, or the constant (of a string's character). */
    record Init(long index, IASTInitializerClause clause, Expr constant) {
    }

    /**
     * The cells {@code init} sets in an object of {@code shape}, in the order their values are
     * evaluated; {@code dims} may start with 0 (unknown, from the initializer), then {@link #extent}
     * says how many elements it has.
     */
    Layout layout(IASTInitializer init, TypeResolver.Shape shape, SourceLoc loc) {
        IASTInitializerClause clause = init instanceof IASTEqualsInitializer eq ? eq.getInitializerClause() : null;
        if (clause == null && init instanceof IASTInitializerList list) {
            clause = list;
        }
        if (clause == null) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "initializer " + SourceLocator.text(init));
        }
        Layout out = new Layout(shape, loc);
        if (isString(clause) && shape.dims().size() == 1) {
            out.string(0, shape.dims().get(0), (IASTLiteralExpression) clause, true);
        } else if (clause instanceof IASTInitializerList list) {
            out.fill(shape.dims(), 0, new Cursor(list.getClauses()), true, true);
        } else {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "initialization of an array by " + SourceLocator.text(clause));
        }
        return out;
    }

    /** The cells an initializer sets, computed before anything is evaluated. */
    final class Layout {
        private final TypeResolver.Shape shape;
        private final SourceLoc loc;
        private final List<Init> cells = new ArrayList<>();
        private long extent;

        Layout(TypeResolver.Shape shape, SourceLoc loc) {
            this.shape = shape;
            this.loc = loc;
        }

        List<Init> cells() {
            return cells;
        }

        /** The number of elements of the outermost dimension the initializer needs. */
        long extent() {
            return extent;
        }

        /** C11 §6.7.9p17-22: a braced list fills its object in order, an unbraced run fills sub-objects (brace elision). */
        private void fill(List<Long> dims, long base, Cursor clauses, boolean braced, boolean top) {
            long n = dims.get(0) == 0 ? Long.MAX_VALUE : dims.get(0);
            long stride = 1;
            for (long d : dims.subList(1, dims.size())) {
                stride *= d;
            }
            long i = 0;
            while (clauses.hasNext()) {
                IASTInitializerClause c = clauses.peek();
                if (c instanceof ICASTDesignatedInitializer d) {
                    if (!braced) {
                        return;
                    }
                    clauses.next();
                    ICASTDesignator[] designators = d.getDesignators();
                    i = designated(designators[0], n);
                    if (designators.length > 1) {
                        designate(dims.subList(1, dims.size()), base + i * stride, designators, 1, d.getOperand());
                    } else {
                        element(dims, base, stride, i, d.getOperand(), new Cursor(new IASTInitializerClause[0]));
                    }
                    i++;
                    note(top, i);
                    continue;
                }
                if (i >= n) {
                    if (braced) {
                        throw new UserError(UserError.Kind.SYNTAX, ctx.loc(c), "excess elements in array initializer");
                    }
                    return;
                }
                clauses.next();
                element(dims, base, stride, i, c, clauses);
                i++;
                note(top, i);
            }
        }

        /** Element i of an object of extents {@code dims}, given by clause {@code c} (elided braces read on from {@code rest}). */
        private void element(List<Long> dims, long base, long stride, long i, IASTInitializerClause c, Cursor rest) {
            if (dims.size() == 1) {
                cells.add(new Init(base + i, scalar(c), null));
            } else if (c instanceof IASTInitializerList list) {
                fill(dims.subList(1, dims.size()), base + i * stride, new Cursor(list.getClauses()), true, false);
            } else if (isString(c) && dims.size() == 2) {
                string(base + i * stride, dims.get(1), (IASTLiteralExpression) c, false);
            } else {
                rest.pushBack(c);
                fill(dims.subList(1, dims.size()), base + i * stride, rest, false, false);
            }
        }

        /** A designator list {@code [i][j]... = value} below the first designator. */
        private void designate(List<Long> dims, long base, ICASTDesignator[] designators, int k, IASTInitializerClause value) {
            long stride = 1;
            for (long d : dims.subList(1, dims.size())) {
                stride *= d;
            }
            long i = designated(designators[k], dims.get(0));
            if (k + 1 < designators.length) {
                designate(dims.subList(1, dims.size()), base + i * stride, designators, k + 1, value);
            } else {
                element(dims, base, stride, i, value, new Cursor(new IASTInitializerClause[0]));
            }
        }

        private long designated(ICASTDesignator d, long n) {
            if (!(d instanceof ICASTArrayDesignator a)) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "designator " + SourceLocator.text(d) + " in an array initializer");
            }
            Expr k = ctx.expressions.value(a.getSubscriptExpression());
            if (!(k instanceof Expr.Const c)) {
                throw new UserError(UserError.Kind.SYNTAX, ctx.loc(a), "array designator is not a constant");
            }
            long i = c.type().toLong(c.bits());
            if (i < 0 || i >= n) {
                throw new UserError(UserError.Kind.SYNTAX, ctx.loc(a), "array designator index " + i + " is outside the array");
            }
            return i;
        }

        /** The characters of a string literal and its terminating zero, as far as {@code n} cells hold them (n = 0: all). */
        private void string(long base, long n, IASTLiteralExpression literal, boolean top) {
            if (shape.element().kind() != CType.Kind.CHAR) {
                throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(literal), "string literal initializing an array of " + shape.element());
            }
            List<Long> chars = new ArrayList<>(ctx.literals.string(String.valueOf(literal.getValue()), ctx.loc(literal)));
            chars.add(0L);
            long count = n == 0 ? chars.size() : Math.min(n, chars.size());
            if (n != 0 && chars.size() - 1 > n) {
                throw new UserError(UserError.Kind.SYNTAX, ctx.loc(literal), "initializer-string for array is too long");
            }
            for (int i = 0; i < count; i++) {
                cells.add(new Init(base + i, null, new Expr.Const(shape.element(), chars.get(i))));
            }
            note(top, count);
        }

        private IASTInitializerClause scalar(IASTInitializerClause c) {
            if (c instanceof IASTInitializerList list) {
                if (list.getClauses().length != 1) {
                    throw new UserError(UserError.Kind.SYNTAX, ctx.loc(c), "a scalar initializer in braces has one element");
                }
                return scalar(list.getClauses()[0]);
            }
            return c;
        }

        private void note(boolean top, long count) {
            if (top) {
                extent = Math.max(extent, count);
            }
        }
    }

    private static boolean isString(IASTInitializerClause c) {
        return c instanceof IASTLiteralExpression l && l.getKind() == IASTLiteralExpression.lk_string_literal;
    }

    /** The clauses of an initializer list, read in order; elided braces give one back. */
    private static final class Cursor {
        private final IASTInitializerClause[] clauses;
        private int next;
        private IASTInitializerClause pushedBack;

        Cursor(IASTInitializerClause[] clauses) {
            this.clauses = clauses;
        }

        boolean hasNext() {
            return pushedBack != null || next < clauses.length;
        }

        IASTInitializerClause peek() {
            return pushedBack != null ? pushedBack : clauses[next];
        }

        IASTInitializerClause next() {
            if (pushedBack != null) {
                IASTInitializerClause c = pushedBack;
                pushedBack = null;
                return c;
            }
            return clauses[next++];
        }

        void pushBack(IASTInitializerClause c) {
            pushedBack = c;
        }
    }

    /**
     * Emits the initialization of the array {@code v} by {@code layout}: every cell zero, then the
     * cells the initializer names, their values evaluated in order ({@code statics}: into the entry
     * prologue, where the values must be constant).
     */
    void initialize(Variable v, Layout layout, boolean statics, SourceLoc loc) {
        List<Expr[]> stores = new ArrayList<>();
        for (Init init : layout.cells()) {
            Expr value;
            if (init.constant() != null) {
                value = init.constant();
            } else if (init.clause() instanceof IASTExpression e) {
                if (statics && SideEffects.has(e)) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "non-constant initializer of static variable " + v.sourceName());
                }
                value = ctx.expressions.value(e);
            } else {
                throw new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(init.clause()), "initializer " + SourceLocator.text(init.clause()));
            }
            stores.add(new Expr[] {new Expr.Const(ctx.typing.indexType(), init.index()), ctx.typing.convert(value, v.type())});
        }
        ArrayExpr value = new ArrayExpr.Filled(v.type(), 0);
        for (int i = 0; i < stores.size(); i++) {
            if (i > 0 && i % STORES_PER_ASSIGNMENT == 0) {
                emit(new Stmt.ArrayAssign(v, value, loc), statics);
                value = new ArrayExpr.Whole(v);
            }
            value = new ArrayExpr.Store(value, stores.get(i)[0], stores.get(i)[1]);
        }
        emit(new Stmt.ArrayAssign(v, value, loc), statics);
    }

    /**
     * Fails on a variable-length array: an extent of {@code declarator} that reads a variable (CDT
     * folds {@code int n = 3; int a[n];} to a constant size, which is not what C means).
     */
    static void checkConstantExtents(IASTDeclarator declarator, SourceLoc loc) {
        if (!(declarator instanceof IASTArrayDeclarator array)) {
            return;
        }
        for (IASTArrayModifier m : array.getArrayModifiers()) {
            IASTExpression size = m.getConstantExpression();
            boolean[] variable = {false};
            if (size != null) {
                size.accept(new ASTVisitor() {
                    {
                        shouldVisitExpressions = true;
                    }

                    @Override
                    public int visit(IASTExpression e) {
                        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_sizeof
                                || e instanceof IASTTypeIdExpression) {
                            return PROCESS_SKIP;
                        }
                        if (e instanceof IASTIdExpression id && id.getName().resolveBinding() instanceof IVariable) {
                            variable[0] = true;
                            return PROCESS_ABORT;
                        }
                        return PROCESS_CONTINUE;
                    }
                });
            }
            if (variable[0]) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "variable-length array");
            }
        }
    }

    /** The extents of an object declared with {@code shape} and initialized by {@code layout}: an unknown first extent from it. */
    static List<Long> dims(TypeResolver.Shape shape, Layout layout, SourceLoc loc) {
        List<Long> dims = new ArrayList<>(shape.dims());
        if (dims.get(0) == 0) {
            if (layout == null || layout.extent() == 0) {
                throw new UserError(UserError.Kind.SYNTAX, loc, "array size missing");
            }
            dims.set(0, layout.extent());
        }
        return dims;
    }

    private void emit(Stmt s, boolean statics) {
        if (statics) {
            ctx.ir.addToPrologue(s);
        } else {
            ctx.ir.add(s);
        }
    }
}
