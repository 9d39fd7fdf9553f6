package pdpv.encode.chc;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.IntSort;
import com.microsoft.z3.Sort;
import java.math.BigInteger;
import java.util.Map;
import pdpv.cfg.ArrayExpr;
import pdpv.cfg.Variable;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CType;
import pdpv.semantics.UnaryOp;

/**
 * The mathematical-integer reading of the Large Step Encoding's data (Gurfinkel 2018 slides;
 * thesis §5.1.2 and §5.2 on InvGen and IMPACT): the deliberately <em>unsound</em> reading those
 * tools use, for comparison with PDPV's bit-precise one. Every variable is an unbounded Int;
 * {@code + - *} and comparisons are mathematical, so nothing ever wraps around; an array is an SMT
 * array from Int to Int; casts keep the
 * value (except to {@code _Bool}, which compares with zero); {@code ~a} is {@code -a - 1};
 * {@code /} truncates toward zero and {@code %} is {@code a - b*(a/b)}, built from SMT-LIB's
 * {@code div}; division by zero is SMT-LIB's unspecified value; a shift by a constant k is a
 * multiplication by 2^k or a floor division by 2^k; {@code & | ^} of two truth values (0 or 1,
 * as the front end lowers {@code && ||} without side effects) are the Boolean connectives. Other
 * bitwise operations and shifts by a variable amount have no integer reading and raise
 * {@link IntegerEncodingException}.
 */
public final class IntegerExprEncoder implements ValueTheory {
    private static final int MAX_SHIFT = 64;

    private final Context ctx;

    public IntegerExprEncoder(Context ctx) {
        this.ctx = ctx;
    }

    @Override
    public Sort sort(Variable v) {
        return v.isArray() ? ctx.mkArraySort(ctx.getIntSort(), ctx.getIntSort()) : ctx.getIntSort();
    }

    @Override
    public Expr<?> fresh(Variable v) {
        return ctx.mkFreshConst(v.name(), sort(v));
    }

    @Override
    public Expr<?> array(ArrayExpr a, Map<Variable, Expr<?>> variants) {
        if (a instanceof ArrayExpr.Whole w) {
            return variant(w.array(), variants);
        }
        if (a instanceof ArrayExpr.Filled f) {
            return ctx.mkConstArray(ctx.getIntSort(), ctx.mkInt(f.elementType().format(f.bits())));
        }
        ArrayExpr.Store s = (ArrayExpr.Store) a;
        return ctx.mkStore(asArray(array(s.base(), variants)), value(s.index(), variants), value(s.value(), variants));
    }

    private static Expr<?> variant(Variable v, Map<Variable, Expr<?>> variants) {
        Expr<?> variant = variants.get(v);
        if (variant == null) {
            throw new IllegalArgumentException("no variant for " + v);
        }
        return variant;
    }

    @SuppressWarnings("unchecked")
    private static com.microsoft.z3.ArrayExpr<IntSort, IntSort> asArray(Expr<?> e) {
        return (com.microsoft.z3.ArrayExpr<IntSort, IntSort>) e;
    }

    @Override
    public Expr<IntSort> value(pdpv.cfg.Expr e, Map<Variable, Expr<?>> variants) {
        if (e instanceof pdpv.cfg.Expr.Const c) {
            return ctx.mkInt(c.type().format(c.bits()));
        }
        if (e instanceof pdpv.cfg.Expr.VarRef v) {
            @SuppressWarnings("unchecked")
            Expr<IntSort> variant = (Expr<IntSort>) variant(v.variable(), variants);
            return variant;
        }
        if (e instanceof pdpv.cfg.Expr.Select s) {
            return ctx.mkSelect(asArray(variant(s.array(), variants)), value(s.index(), variants));
        }
        if (e instanceof pdpv.cfg.Expr.Unary u) {
            return unary(u, variants);
        }
        if (e instanceof pdpv.cfg.Expr.Binary b) {
            return b.op().isComparison() ? fromTruth(truth(b, variants)) : arithmetic(b, variants);
        }
        if (e instanceof pdpv.cfg.Expr.Undefined u) {
            return fromTruth(undefined(u, variants));
        }
        if (e instanceof pdpv.cfg.Expr.Cast c) {
            return c.type().isBool() ? fromTruth(truth(c.operand(), variants)) : value(c.operand(), variants);
        }
        pdpv.cfg.Expr.Ite i = (pdpv.cfg.Expr.Ite) e;
        return ctx.mkITE(truth(i.condition(), variants), value(i.ifTrue(), variants), value(i.ifFalse(), variants));
    }

    @Override
    public BoolExpr truth(pdpv.cfg.Expr e, Map<Variable, Expr<?>> variants) {
        if (e instanceof pdpv.cfg.Expr.Binary b && b.op().isComparison()) {
            Expr<IntSort> l = value(b.left(), variants);
            Expr<IntSort> r = value(b.right(), variants);
            return switch (b.op()) {
                case EQ -> ctx.mkEq(l, r);
                case NE -> ctx.mkNot(ctx.mkEq(l, r));
                case LT -> ctx.mkLt(l, r);
                case LE -> ctx.mkLe(l, r);
                case GT -> ctx.mkGt(l, r);
                default -> ctx.mkGe(l, r);
            };
        }
        if (e instanceof pdpv.cfg.Expr.Unary u && u.op() == UnaryOp.LOG_NOT) {
            return ctx.mkNot(truth(u.operand(), variants));
        }
        if (e instanceof pdpv.cfg.Expr.Cast c && !c.type().isBool()) {
            return truth(c.operand(), variants);
        }
        return ctx.mkNot(ctx.mkEq(value(e, variants), ctx.mkInt(0)));
    }

    private Expr<IntSort> unary(pdpv.cfg.Expr.Unary u, Map<Variable, Expr<?>> variants) {
        if (u.op() == UnaryOp.LOG_NOT) {
            return fromTruth(truth(u, variants));
        }
        Expr<IntSort> a = value(u.operand(), variants);
        Expr<IntSort> negated = ctx.mkUnaryMinus(a);
        return u.op() == UnaryOp.NEG ? negated : ctx.mkSub(negated, ctx.mkInt(1));
    }

    private Expr<IntSort> arithmetic(pdpv.cfg.Expr.Binary b, Map<Variable, Expr<?>> variants) {
        if (isTruthValue(b)) {
            BoolExpr l = truth(b.left(), variants);
            BoolExpr r = truth(b.right(), variants);
            return fromTruth(b.op() == BinaryOp.AND ? ctx.mkAnd(l, r) : b.op() == BinaryOp.OR ? ctx.mkOr(l, r) : ctx.mkXor(l, r));
        }
        Expr<IntSort> l = value(b.left(), variants);
        return switch (b.op()) {
            case ADD -> ctx.mkAdd(l, value(b.right(), variants));
            case SUB -> ctx.mkSub(l, value(b.right(), variants));
            case MUL -> ctx.mkMul(l, value(b.right(), variants));
            case DIV -> truncatingDiv(l, value(b.right(), variants));
            case REM -> ctx.mkSub(l, ctx.mkMul(value(b.right(), variants), truncatingDiv(l, value(b.right(), variants))));
            case SHL -> ctx.mkMul(l, powerOfTwo(b));
            case SHR -> ctx.mkDiv(l, powerOfTwo(b));
            default -> throw new IntegerEncodingException("operator " + b.op().symbol() + " in " + b
                    + " has no mathematical-integer reading; use the bit-vector encoding");
        };
    }

    /**
     * The undefined behaviour of C (CSemantics#undefined) read over integers: a signed operation
     * overflows when its exact result leaves the type's range ({@code a % b} when {@code a / b}
     * does, {@code a << b} also when {@code a} is negative); a division by zero has a zero divisor;
     * a shift amount is negative or at least the width; a subscript lies outside its array's cells.
     */
    private BoolExpr undefined(pdpv.cfg.Expr.Undefined u, Map<Variable, Expr<?>> variants) {
        CType t = u.left().type();
        if (u.kind().ofSubscripts()) {
            Expr<IntSort> index = value(u.left(), variants);
            return ctx.mkOr(ctx.mkLt(index, ctx.mkInt(0)), ctx.mkGe(index, value(u.right(), variants)));
        }
        if (u.kind().ofPointers()) {
            return ctx.mkEq(value(u.left(), variants), value(u.right(), variants));
        }
        if (!u.kind().concerns(u.op(), t)) {
            return ctx.mkFalse();
        }
        Expr<IntSort> right = value(u.right(), variants);
        return switch (u.kind()) {
            case DIVISION_BY_ZERO -> ctx.mkEq(right, ctx.mkInt(0));
            case SHIFT -> ctx.mkOr(ctx.mkLt(right, ctx.mkInt(0)), ctx.mkGe(right, ctx.mkInt(t.width())));
            case ARRAY_BOUNDS, NULL_DEREFERENCE, UNINITIALIZED_POINTER -> throw new AssertionError("handled above");
            case SIGNED_OVERFLOW -> {
                BinaryOp op = u.op() == BinaryOp.REM ? BinaryOp.DIV : u.op();
                BoolExpr overflows = outOfRange(arithmetic(new pdpv.cfg.Expr.Binary(op, u.left(), u.right(), t), variants), t);
                yield switch (op) {
                    case DIV -> ctx.mkAnd(ctx.mkNot(ctx.mkEq(right, ctx.mkInt(0))), overflows);
                    case SHL -> ctx.mkAnd(ctx.mkGe(right, ctx.mkInt(0)), ctx.mkLt(right, ctx.mkInt(t.width())),
                            ctx.mkOr(ctx.mkLt(value(u.left(), variants), ctx.mkInt(0)), overflows));
                    default -> overflows;
                };
            }
        };
    }

    private BoolExpr outOfRange(Expr<IntSort> exact, CType t) {
        return ctx.mkOr(ctx.mkLt(exact, ctx.mkInt(t.format(t.minBits()))), ctx.mkGt(exact, ctx.mkInt(t.format(t.maxBits()))));
    }

    /** True if {@code e} is always 0 or 1: a comparison, {@code !}, a cast to _Bool, or {@code & | ^} of such. */
    private static boolean isTruthValue(pdpv.cfg.Expr e) {
        if (e instanceof pdpv.cfg.Expr.Binary b) {
            boolean connective = b.op() == BinaryOp.AND || b.op() == BinaryOp.OR || b.op() == BinaryOp.XOR;
            return b.op().isComparison() || connective && isTruthValue(b.left()) && isTruthValue(b.right());
        }
        if (e instanceof pdpv.cfg.Expr.Cast c) {
            return c.type().isBool() || isTruthValue(c.operand());
        }
        if (e instanceof pdpv.cfg.Expr.Const c) {
            return c.bits() == 0 || c.bits() == 1;
        }
        return e instanceof pdpv.cfg.Expr.Unary u && u.op() == UnaryOp.LOG_NOT;
    }

    /** C's a / b (toward zero) from SMT-LIB's Euclidean div: -((-a) div b) for negative a. */
    private Expr<IntSort> truncatingDiv(Expr<IntSort> a, Expr<IntSort> b) {
        Expr<IntSort> nonNegative = ctx.mkDiv(a, b);
        Expr<IntSort> negative = ctx.mkUnaryMinus(ctx.mkDiv(ctx.mkUnaryMinus(a), b));
        return ctx.mkITE(ctx.mkGe(a, ctx.mkInt(0)), nonNegative, negative);
    }

    /** 2^k for a shift by the constant k (casts around it looked through). */
    private Expr<IntSort> powerOfTwo(pdpv.cfg.Expr.Binary shift) {
        pdpv.cfg.Expr amount = shift.right();
        while (amount instanceof pdpv.cfg.Expr.Cast c) {
            amount = c.operand();
        }
        if (amount instanceof pdpv.cfg.Expr.Const k) {
            long n = k.type().toLong(k.bits());
            if (n >= 0 && n < MAX_SHIFT) {
                return ctx.mkInt(BigInteger.ONE.shiftLeft((int) n).toString());
            }
        }
        throw new IntegerEncodingException("shift " + shift + " by a non-constant or out-of-range amount has no"
                + " mathematical-integer reading; use the bit-vector encoding");
    }

    private Expr<IntSort> fromTruth(BoolExpr truth) {
        return ctx.mkITE(truth, ctx.mkInt(1), ctx.mkInt(0));
    }
}
