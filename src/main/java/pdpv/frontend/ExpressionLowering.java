package pdpv.frontend;

import org.eclipse.cdt.core.dom.ast.IASTArraySubscriptExpression;
import org.eclipse.cdt.core.dom.ast.IASTBinaryExpression;
import org.eclipse.cdt.core.dom.ast.IASTCastExpression;
import org.eclipse.cdt.core.dom.ast.IASTConditionalExpression;
import org.eclipse.cdt.core.dom.ast.IASTExpression;
import org.eclipse.cdt.core.dom.ast.IASTExpressionList;
import org.eclipse.cdt.core.dom.ast.IASTFieldReference;
import org.eclipse.cdt.core.dom.ast.IASTFunctionCallExpression;
import org.eclipse.cdt.core.dom.ast.IASTIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTLiteralExpression;
import org.eclipse.cdt.core.dom.ast.IASTTypeIdExpression;
import org.eclipse.cdt.core.dom.ast.IASTUnaryExpression;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IEnumerator;
import org.eclipse.cdt.core.dom.ast.IField;
import org.eclipse.cdt.core.dom.ast.IFunction;
import org.eclipse.cdt.core.dom.ast.IType;
import org.eclipse.cdt.core.dom.ast.IVariable;
import org.eclipse.cdt.core.dom.ast.gnu.IGNUASTCompoundStatementExpression;
import org.eclipse.cdt.internal.core.dom.parser.c.CVisitor;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CType;
import pdpv.semantics.UnaryOp;

/**
 * Lowers C expressions: side effects (assignments, increments, calls, inputs) become statements of
 * the current block, the value becomes a pure typed {@link Expr}. {@code &&}, {@code ||} and
 * {@code ?:} whose later operands have side effects are lowered to branches, so that they keep
 * C's short-circuit evaluation; conditions of statements are lowered to branches directly.
 */
final class ExpressionLowering {
    private final LoweringContext ctx;

    ExpressionLowering(LoweringContext ctx) {
        this.ctx = ctx;
    }

    /** The value of {@code e}, after emitting its side effects. */
    Expr value(IASTExpression e) {
        Expr v = lower(e, true);
        if (v == null) {
            throw new UserError(UserError.Kind.SYNTAX, ctx.loc(e), "void value not ignored as it ought to be");
        }
        return v;
    }

    /** Evaluates {@code e} for its side effects only; an undefined operation in its unused value still counts. */
    void effect(IASTExpression e) {
        Expr unused = lower(e, false);
        if (unused != null) {
            ctx.ir.evaluate(unused, ctx.loc(e));
        }
    }

    /**
     * Evaluates {@code e} only if that has side effects or an operation C can leave undefined (whose
     * guards then come first); used for arguments that are otherwise ignored.
     */
    void effectIfAny(IASTExpression e) {
        if (SideEffects.has(e) || SideEffects.mayBeUndefined(e)) {
            effect(e);
        }
    }

    /** Ends the current block with a branch on {@code e}: to {@code ifTrue} when nonzero, else to {@code ifFalse}. */
    void condition(IASTExpression expression, Block ifTrue, Block ifFalse) {
        IASTExpression e = strip(expression);
        if (SideEffects.has(e)) {
            if (e instanceof IASTBinaryExpression b && (b.getOperator() == IASTBinaryExpression.op_logicalAnd
                    || b.getOperator() == IASTBinaryExpression.op_logicalOr)) {
                Block middle = ctx.ir.newBlock();
                if (b.getOperator() == IASTBinaryExpression.op_logicalAnd) {
                    condition(b.getOperand1(), middle, ifFalse);
                } else {
                    condition(b.getOperand1(), ifTrue, middle);
                }
                ctx.ir.startIn(middle);
                condition(b.getOperand2(), ifTrue, ifFalse);
                return;
            }
            if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_not) {
                condition(u.getOperand(), ifFalse, ifTrue);
                return;
            }
        }
        Expr c = tested(e);
        ctx.ir.branch(c, ifTrue, ifFalse, ctx.loc(e));
    }

    /**
     * The value of {@code e} where C compares it with 0 (a condition, an operand of {@code !},
     * {@code &&} and {@code ||}): a pointer is compared with null (issue #20).
     */
    Expr tested(IASTExpression e) {
        if (ctx.arrayPointers.intoArray(e)) {
            return ctx.arrayPointers.notNull(e);
        }
        if (ctx.structArrayPointers.intoArray(e)) {
            return ctx.structArrayPointers.notNull(e);
        }
        return ctx.pointers.isPointer(e) ? ctx.pointers.notNull(e) : value(e);
    }

    static IASTExpression strip(IASTExpression e) {
        IASTExpression x = e;
        while (x instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_bracketedPrimary) {
            x = u.getOperand();
        }
        return x;
    }

    /** Lowers {@code e}; returns its value, or null when {@code e} is void or the value is not wanted. */
    private Expr lower(IASTExpression expression, boolean want) {
        IASTExpression e = strip(expression);
        if (e instanceof IASTLiteralExpression l) {
            return literal(l, want);
        }
        if (e instanceof IASTIdExpression id) {
            return identifier(id, want);
        }
        if (e instanceof IASTUnaryExpression u) {
            return unary(u, want);
        }
        if (e instanceof IASTBinaryExpression b) {
            return binary(b, want);
        }
        if (e instanceof IASTExpressionList list) {
            IASTExpression[] parts = list.getExpressions();
            for (int i = 0; i < parts.length - 1; i++) {
                effect(parts[i]);
            }
            return lower(parts[parts.length - 1], want);
        }
        if (e instanceof IASTConditionalExpression c) {
            return conditional(c, want);
        }
        if (e instanceof IASTCastExpression c) {
            return cast(c);
        }
        if (e instanceof IASTFunctionCallExpression call) {
            return ctx.calls.call(call, want);
        }
        if (e instanceof IASTTypeIdExpression t) {
            if (t.getOperator() != IASTTypeIdExpression.op_sizeof) {
                throw unsupported("operator " + SourceLocator.text(t), t);
            }
            return sizeOf(CVisitor.createType(t.getTypeId().getAbstractDeclarator()), t);
        }
        if (e instanceof IGNUASTCompoundStatementExpression s) {
            return ctx.statements.statementExpression(s, want);
        }
        if (e instanceof IASTArraySubscriptExpression s) {
            return UnionLowering.isElement(s) ? ctx.unions.element(s).read() : ctx.arrays.cell(s).read();
        }
        if (e instanceof IASTFieldReference r) {
            return scalarMember(r).read();
        }
        throw unsupported("expression " + SourceLocator.text(e), e);
    }

    private Expr literal(IASTLiteralExpression l, boolean want) {
        String text = String.valueOf(l.getValue());
        return switch (l.getKind()) {
            case IASTLiteralExpression.lk_integer_constant -> ctx.literals.integer(text, ctx.loc(l));
            case IASTLiteralExpression.lk_char_constant -> ctx.literals.character(text, ctx.loc(l));
            case IASTLiteralExpression.lk_string_literal -> {
                if (want) {
                    throw unsupported("string literal", l);
                }
                yield null;
            }
            case IASTLiteralExpression.lk_float_constant -> throw unsupported("floating-point constant " + text, l);
            default -> throw unsupported("constant " + text, l);
        };
    }

    private Expr identifier(IASTIdExpression id, boolean want) {
        String name = id.getName().toString();
        IBinding binding = id.getName().resolveBinding();
        SourceLoc loc = ctx.loc(id);
        if (binding instanceof IEnumerator en) {
            Number n = en.getValue() == null ? null : en.getValue().numberValue();
            if (n == null) {
                throw unsupported("enumerator " + name + " without a constant value", id);
            }
            return ctx.typing.intConst(n.longValue());
        }
        if (binding instanceof IFunction) {
            throw unsupported("function pointer (" + name + " used as a value)", id);
        }
        if (!(binding instanceof IVariable variable)) {
            throw new UserError(UserError.Kind.SYNTAX, loc, "'" + name + "' undeclared");
        }
        Expr argument = ctx.frame().arguments().get(binding);
        if (argument != null) {
            return argument;
        }
        if (ctx.arrays.isArray(id)) {
            if (want) {
                throw unsupported("use of the " + (ctx.arrayPointers.isVariable(id) ? "pointer " : "array ") + name
                        + " as a value (PDPV reads it dereferenced, compared, subtracted and passed to called functions)", id);
            }
            return null;
        }
        if (!ctx.isKnown(binding) && !ctx.types.isInteger(variable.getType())) {
            if (want) {
                throw unsupported(name + " (not an integer)", id);
            }
            return null;
        }
        Variable v = ctx.variable(binding, name, loc);
        if (SideEffects.isNondetName(name)) {
            Variable t = ctx.ir.temporary(name, v.type());
            ctx.ir.havoc(t, Stmt.Havoc.Reason.INPUT, name, loc);
            return new Expr.VarRef(t);
        }
        return new Expr.VarRef(v);
    }

    private Expr unary(IASTUnaryExpression u, boolean want) {
        int op = u.getOperator();
        if (ctx.arrayPointers.isStep(u)) {
            if (want) {
                throw unsupported("use of the pointer " + SourceLocator.text(u) + " as a value (PDPV reads it dereferenced,"
                        + " compared, subtracted and passed to called functions)", u);
            }
            ctx.arrayPointers.step(u);
            return null;
        }
        if (ctx.structArrayPointers.isStep(u)) {
            if (want) {
                throw unsupported("use of the pointer " + SourceLocator.text(u) + " as a value (PDPV reads it dereferenced,"
                        + " compared, subtracted and passed to called functions)", u);
            }
            ctx.structArrayPointers.step(u);
            return null;
        }
        return switch (op) {
            case IASTUnaryExpression.op_plus -> ctx.typing.promote(value(u.getOperand()));
            case IASTUnaryExpression.op_minus -> ctx.typing.unary(UnaryOp.NEG, value(u.getOperand()));
            case IASTUnaryExpression.op_tilde -> ctx.typing.unary(UnaryOp.BIT_NOT, value(u.getOperand()));
            case IASTUnaryExpression.op_not -> ctx.typing.unary(UnaryOp.LOG_NOT, tested(u.getOperand()));
            case IASTUnaryExpression.op_prefixIncr -> increment(u, BinaryOp.ADD, true, want);
            case IASTUnaryExpression.op_prefixDecr -> increment(u, BinaryOp.SUB, true, want);
            case IASTUnaryExpression.op_postFixIncr -> increment(u, BinaryOp.ADD, false, want);
            case IASTUnaryExpression.op_postFixDecr -> increment(u, BinaryOp.SUB, false, want);
            case IASTUnaryExpression.op_sizeof -> {
                long declared = ctx.arrays.declaredSize(u.getOperand());
                yield declared >= 0 ? new Expr.Const(ctx.types.sizeType(), declared) : sizeOf(u.getOperand().getExpressionType(), u);
            }
            case IASTUnaryExpression.op_star -> dereference(u).read();
            case IASTUnaryExpression.op_amper -> {
                if (want) {
                    throw unsupported("use of the address " + SourceLocator.text(u) + " as a value (PDPV reads it in assignments"
                            + " to pointers, comparisons and arguments of called functions)", u);
                }
                ctx.pointers.value(u);
                yield null;
            }
            default -> throw unsupported("operator in " + SourceLocator.text(u), u);
        };
    }

    private Expr sizeOf(IType type, IASTExpression e) {
        long size = ctx.types.sizeOf(type, ctx.loc(e));
        if (size < 0) {
            throw unsupported("sizeof of type " + type, e);
        }
        return new Expr.Const(ctx.types.sizeType(), size);
    }

    private Expr increment(IASTUnaryExpression u, BinaryOp op, boolean prefix, boolean want) {
        SourceLoc loc = ctx.loc(u);
        LValue v = lvalue(u.getOperand());
        Expr updated = ctx.typing.convert(ctx.typing.binary(op, v.read(), ctx.typing.intConst(1)), v.type());
        if (prefix || !want) {
            v.write(ctx.ir, updated, loc);
            return v.read();
        }
        Variable old = ctx.ir.temporary(name(u.getOperand()), v.type());
        ctx.ir.assign(old, v.read(), loc);
        v.write(ctx.ir, updated, loc);
        return new Expr.VarRef(old);
    }

    /** The name a temporary holding the old value of {@code e} is given. */
    private static String name(IASTExpression e) {
        return strip(e) instanceof IASTIdExpression id ? id.getName().toString() : SourceLocator.text(e);
    }

    /** The object an assignment or increment writes. */
    private LValue lvalue(IASTExpression expression) {
        IASTExpression e = strip(expression);
        if (e instanceof IASTIdExpression id) {
            IBinding binding = id.getName().resolveBinding();
            if (ctx.arrays.isArray(id)) {
                throw unsupported("assignment to the array " + id.getName(), id);
            }
            if (binding instanceof IVariable variable && ctx.pointers.isPointerType(variable.getType())) {
                throw unsupported("pointer arithmetic on " + id.getName() + " (PDPV assigns pointers only with =)", id);
            }
            if (binding instanceof IVariable variable && !ctx.isKnown(binding) && !ctx.types.isInteger(variable.getType())) {
                throw unsupported("assignment to " + id.getName() + " (not an integer)", id);
            }
            return new LValue.Scalar(ctx.variable(binding, id.getName().toString(), ctx.loc(id)));
        }
        if (e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_star) {
            return dereference(u);
        }
        if (e instanceof IASTArraySubscriptExpression s) {
            return UnionLowering.isElement(s) ? ctx.unions.element(s) : ctx.arrays.cell(s);
        }
        if (e instanceof IASTFieldReference r) {
            return scalarMember(r);
        }
        throw unsupported("assignment to " + SourceLocator.text(e), e);
    }

    /** The integer member {@code r} designates (issue #20); an array or struct member is no integer value. */
    private LValue scalarMember(IASTFieldReference r) {
        if (UnionLowering.isMember(r)) {
            return ctx.unions.member(r);
        }
        Object m = ctx.structs.member(r);
        if (m instanceof Variable v && !v.isArray()) {
            return new LValue.Scalar(v);
        }
        if (m instanceof LValue.Cell c) {
            return c; // a scalar member of an element of an array of structs
        }
        if (m instanceof LValue.Bytes b) {
            return b; // a scalar member of a struct in a union's bytes
        }
        if (m instanceof LValue.Choice c) {
            return c; // a scalar member through a pointer that may point to several structs (issue #20)
        }
        throw unsupported("use of the " + (m instanceof Variable || m instanceof ArrayView ? "array" : "struct") + " member " + SourceLocator.text(r)
                + " as an integer value", r);
    }

    /** What {@code *p} designates: a cell of an array, or a variable a pointer to scalars points to (issue #20). */
    private LValue dereference(IASTUnaryExpression u) {
        if (ctx.arrays.pointsIntoArray(u.getOperand())) {
            return ctx.arrays.dereference(u);
        }
        if (ctx.pointers.isPointer(u.getOperand())) {
            return ctx.pointers.dereference(u);
        }
        throw unsupported("dereference of " + SourceLocator.text(u.getOperand()) + " (PDPV reads pointers to integers)", u);
    }

    private Expr binary(IASTBinaryExpression b, boolean want) {
        int op = b.getOperator();
        if (op == IASTBinaryExpression.op_assign && StructLowering.isStruct(b.getOperand1().getExpressionType())) {
            if (want) {
                throw unsupported("use of the struct assignment " + SourceLocator.text(b) + " as a value", b);
            }
            StructObject to = ctx.structs.object(b.getOperand1());
            ctx.structs.copy(to, ctx.structs.object(b.getOperand2()), ctx.loc(b));
            return null;
        }
        if (op == IASTBinaryExpression.op_assign && UnionLowering.isUnion(b.getOperand1().getExpressionType())) {
            if (want) {
                throw unsupported("use of the union assignment " + SourceLocator.text(b) + " as a value", b);
            }
            UnionLowering.UnionObject to = ctx.unions.object(b.getOperand1());
            UnionLowering.UnionObject from = ctx.unions.object(b.getOperand2());
            ctx.unions.copy(to, from, ctx.loc(b));
            return null;
        }
        if (ctx.arrayPointers.isAssignment(b)) {
            if (want) {
                throw unsupported("use of the pointer assignment " + SourceLocator.text(b) + " as a value", b);
            }
            ctx.arrayPointers.assign(b);
            return null;
        }
        if (ctx.arrayPointers.isPointerOperation(b)) {
            return ctx.arrayPointers.operation(b);
        }
        if (ctx.structArrayPointers.isAssignment(b)) {
            if (want) {
                throw unsupported("use of the pointer assignment " + SourceLocator.text(b) + " as a value", b);
            }
            ctx.structArrayPointers.assign(b);
            return null;
        }
        if (ctx.structArrayPointers.isOperation(b)) {
            return ctx.structArrayPointers.operation(b);
        }
        if (ctx.pointers.isPointerAssignment(b)) {
            if (want) {
                throw unsupported("use of the pointer assignment " + SourceLocator.text(b) + " as a value", b);
            }
            ctx.pointers.assign(b);
            return null;
        }
        if (op == IASTBinaryExpression.op_logicalAnd || op == IASTBinaryExpression.op_logicalOr) {
            return logical(b, want);
        }
        if (!ctx.arrays.pointsIntoArray(b.getOperand1()) && !ctx.arrays.pointsIntoArray(b.getOperand2())
                && (ctx.pointers.isPointer(b.getOperand1()) || ctx.pointers.isPointer(b.getOperand2()))) {
            if (op == IASTBinaryExpression.op_equals || op == IASTBinaryExpression.op_notequals) {
                return ctx.pointers.compare(b);
            }
            if (throughPointerToPointer(b.getOperand1()) || throughPointerToPointer(b.getOperand2())) {
                throw unsupported("pointer to a pointer in " + SourceLocator.text(b) + " (PDPV reads pointers to integer variables,"
                        + " array cells and structs; a pointer to a pointer, an out-parameter int **pp, is not read)", b);
            }
            if (Operators.isAssignment(op)) {
                // the left side is no pointer variable PDPV reads (one it reads is assigned above)
                throw unsupported("pointer assignment " + SourceLocator.text(b) + " to " + SourceLocator.text(b.getOperand1())
                        + " (PDPV assigns local, global and static pointer variables to integers and structs with =, and pointers"
                        + " into arrays with =, += and -=)", b);
            }
            boolean ordering = op == IASTBinaryExpression.op_lessThan || op == IASTBinaryExpression.op_lessEqual
                    || op == IASTBinaryExpression.op_greaterThan || op == IASTBinaryExpression.op_greaterEqual;
            throw unsupported((ordering ? "ordering of pointers to variables in " : "pointer arithmetic on pointers to variables in ")
                    + SourceLocator.text(b) + " (PDPV orders and moves pointers into arrays only)", b);
        }
        if (op == IASTBinaryExpression.op_assign) {
            LValue v = assigned(b);
            Expr value = value(b.getOperand2());
            if (v.type().isBool() && v instanceof LValue.Bytes) {
                // a union's _Bool member is not read back (LValue.Bytes): the assignment's value is the one stored
                Variable t = ctx.ir.temporary("value", v.type());
                ctx.ir.assign(t, ctx.typing.convert(value, v.type()), ctx.loc(b));
                v.write(ctx.ir, new Expr.VarRef(t), ctx.loc(b));
                return new Expr.VarRef(t);
            }
            v.write(ctx.ir, ctx.typing.convert(value, v.type()), ctx.loc(b));
            return v.read();
        }
        BinaryOp compound = Operators.compoundOperator(op);
        if (compound != null) {
            LValue v = assigned(b);
            Expr value = value(b.getOperand2());
            Expr result = ctx.typing.binary(compound, v.read(), value);
            v.write(ctx.ir, ctx.typing.convert(result, v.type()), ctx.loc(b));
            return v.read();
        }
        BinaryOp plain = Operators.binaryOperator(op);
        if (plain == null) {
            throw unsupported("operator in " + SourceLocator.text(b), b);
        }
        Expr left = value(b.getOperand1());
        Expr right = value(b.getOperand2());
        return ctx.typing.binary(plain, left, right);
    }

    /** Whether {@code e} is a pointer to a pointer, or a pointer read through one ({@code *pp}, {@code pp[i]}). */
    private static boolean throughPointerToPointer(IASTExpression expression) {
        IASTExpression e = strip(expression);
        IASTExpression through = e instanceof IASTUnaryExpression u && u.getOperator() == IASTUnaryExpression.op_star ? u.getOperand()
                : e instanceof IASTArraySubscriptExpression s ? s.getArrayExpression() : e;
        return isPointerToPointer(through.getExpressionType()) || isPointerToPointer(e.getExpressionType());
    }

    private static boolean isPointerToPointer(IType type) {
        return TypeResolver.strip(type) instanceof org.eclipse.cdt.core.dom.ast.IPointerType p
                && TypeResolver.strip(p.getType()) instanceof org.eclipse.cdt.core.dom.ast.IPointerType;
    }

    /** The left operand of an assignment, located before the right operand is evaluated. */
    private LValue assigned(IASTBinaryExpression b) {
        LValue v = lvalue(b.getOperand1());
        return SideEffects.has(b.getOperand2()) ? v.frozen(ctx.ir, ctx.loc(b)) : v;
    }

    private Expr logical(IASTBinaryExpression b, boolean want) {
        boolean and = b.getOperator() == IASTBinaryExpression.op_logicalAnd;
        if (!SideEffects.has(b.getOperand2())) {
            Expr left = tested(b.getOperand1());
            Expr right = tested(b.getOperand2());
            return ctx.typing.logical(and, left, right, ctx.ir.canBeUndefined(right));
        }
        Block join = ctx.ir.newBlock();
        if (!want) {
            condition(b, join, join);
            ctx.ir.startIn(join);
            return null;
        }
        Variable result = ctx.ir.temporary(and ? "and" : "or", ctx.typing.intType());
        Block ifTrue = ctx.ir.newBlock();
        Block ifFalse = ctx.ir.newBlock();
        SourceLoc loc = ctx.loc(b);
        condition(b, ifTrue, ifFalse);
        ctx.ir.startIn(ifTrue);
        ctx.ir.assign(result, ctx.typing.intConst(1), loc);
        ctx.ir.jump(join);
        ctx.ir.startIn(ifFalse);
        ctx.ir.assign(result, ctx.typing.intConst(0), loc);
        ctx.ir.jump(join);
        ctx.ir.startIn(join);
        return new Expr.VarRef(result);
    }

    private Expr conditional(IASTConditionalExpression c, boolean want) {
        IASTExpression positive = c.getPositiveResultExpression();
        IASTExpression negative = c.getNegativeResultExpression();
        if (positive == null) {
            return elvis(c, negative, want);
        }
        boolean voidArms = ctx.types.isVoid(positive.getExpressionType()) || ctx.types.isVoid(negative.getExpressionType());
        if (!SideEffects.has(positive) && !SideEffects.has(negative)) {
            if (!want) {
                lower(c.getLogicalConditionExpression(), false);
                return null;
            }
            Expr cond = tested(c.getLogicalConditionExpression());
            Expr a = value(positive);
            Expr b = value(negative);
            CType t = ctx.typing.conditionalType(a.type(), b.type());
            return new Expr.Ite(cond, ctx.typing.convert(a, t), ctx.typing.convert(b, t), t);
        }
        SourceLoc loc = ctx.loc(c);
        Variable result = null;
        if (want && !voidArms) {
            CType a = typeOf(positive);
            CType b = typeOf(negative);
            result = ctx.ir.temporary("cond", ctx.typing.conditionalType(ctx.types.semantics().promote(a),
                    ctx.types.semantics().promote(b)));
        }
        Block ifTrue = ctx.ir.newBlock();
        Block ifFalse = ctx.ir.newBlock();
        Block join = ctx.ir.newBlock();
        condition(c.getLogicalConditionExpression(), ifTrue, ifFalse);
        ctx.ir.startIn(ifTrue);
        arm(positive, result, loc);
        ctx.ir.jump(join);
        ctx.ir.startIn(ifFalse);
        arm(negative, result, loc);
        ctx.ir.jump(join);
        ctx.ir.startIn(join);
        return result == null ? null : new Expr.VarRef(result);
    }

    /**
     * The type C gives {@code e} before it is evaluated: CDT's, except that a bit-field member, or
     * an assignment or increment of one, has the field's type ({@link TypeResolver#memberType}),
     * which CDT gives as the declared type (issue #20: an {@code unsigned a : 3} promotes to int), and an
     * enumeration constant is an {@code int}, where CDT gives its enumeration.
     */
    private CType typeOf(IASTExpression e) {
        IASTExpression x = strip(e);
        if (x instanceof IASTUnaryExpression u && Operators.isIncrement(u.getOperator())) {
            x = strip(u.getOperand());
        } else if (x instanceof IASTBinaryExpression b && Operators.isAssignment(b.getOperator())) {
            x = strip(b.getOperand1());
        }
        if (x instanceof IASTFieldReference r && r.getFieldName().resolveBinding() instanceof IField f && TypeResolver.isBitField(f)) {
            return ctx.types.memberType(f, f.getCompositeTypeOwner(), ctx.loc(e));
        }
        if (x instanceof IASTIdExpression id && id.getName().resolveBinding() instanceof IEnumerator) {
            // an enumeration constant is an int (C11 6.4.4.3), which CDT types as its enumeration
            return ctx.types.semantics().intType();
        }
        return ctx.types.resolve(e.getExpressionType(), ctx.loc(e));
    }

    /** GNU {@code c ?: e}: {@code c} is evaluated once and is the value when nonzero. */
    private Expr elvis(IASTConditionalExpression c, IASTExpression negative, boolean want) {
        Expr cond = value(c.getLogicalConditionExpression());
        if (!SideEffects.has(negative)) {
            Expr other = value(negative);
            CType t = ctx.typing.conditionalType(cond.type(), other.type());
            return new Expr.Ite(cond, ctx.typing.convert(cond, t), ctx.typing.convert(other, t), t);
        }
        SourceLoc loc = ctx.loc(c);
        Variable first = ctx.ir.temporary("cond", cond.type());
        ctx.ir.assign(first, cond, loc);
        Variable result = null;
        if (want) {
            CType other = typeOf(negative);
            result = ctx.ir.temporary("cond", ctx.typing.conditionalType(cond.type(), other));
        }
        Block ifTrue = ctx.ir.newBlock();
        Block ifFalse = ctx.ir.newBlock();
        Block join = ctx.ir.newBlock();
        ctx.ir.branch(new Expr.VarRef(first), ifTrue, ifFalse, loc);
        ctx.ir.startIn(ifTrue);
        if (result != null) {
            ctx.ir.assign(result, ctx.typing.convert(new Expr.VarRef(first), result.type()), loc);
        }
        ctx.ir.jump(join);
        ctx.ir.startIn(ifFalse);
        arm(negative, result, loc);
        ctx.ir.jump(join);
        ctx.ir.startIn(join);
        return result == null ? null : new Expr.VarRef(result);
    }

    private void arm(IASTExpression e, Variable result, SourceLoc loc) {
        if (result == null) {
            effect(e);
        } else {
            ctx.ir.assign(result, ctx.typing.convert(value(e), result.type()), loc);
        }
    }

    private Expr cast(IASTCastExpression c) {
        IType target = c.getExpressionType();
        if (ctx.types.isVoid(target)) {
            effect(c.getOperand());
            return null;
        }
        CType t = ctx.types.resolve(target, ctx.loc(c));
        return ctx.typing.convert(value(c.getOperand()), t);
    }

    private UserError unsupported(String what, IASTExpression e) {
        return new UserError(UserError.Kind.UNSUPPORTED, ctx.loc(e), what);
    }
}
