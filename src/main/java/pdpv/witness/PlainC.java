package pdpv.witness;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import pdpv.cfg.Expr;
import pdpv.cfg.Variable;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CType;
import pdpv.semantics.UnaryOp;

/**
 * An IR condition written as C a person would write it (issue 21): parentheses only where C's
 * precedence needs them or where a reader would misread the operators; {@code (a != 0) & (b != 0)}
 * as {@code a && b}; negations pushed into comparisons ({@code !(x < 5)} is {@code x >= 5}); a
 * negative constant added as a subtraction; constants of the operands of {@code & | ^} in hex. A cast
 * or a typed constant is written out only when the caller asks for it ({@code explicit}): which ones
 * C needs is decided by {@link PlainInvariants}, which reads the text back and checks that it means
 * what the IR means. This printer itself promises no equivalence; {@link CText} writes the IR
 * exactly.
 */
final class PlainC {
    /** C's precedence levels, higher binds tighter. */
    private static final int CONDITIONAL = 3;
    private static final int LOGICAL_OR = 4;
    private static final int LOGICAL_AND = 5;
    private static final int UNARY = 15;
    private static final int PRIMARY = 16;

    private final Set<Expr> explicit;

    private PlainC(Set<Expr> explicit) {
        this.explicit = explicit;
    }

    /** {@code e} as a condition; the casts and constants in {@code explicit} keep their type in the text. */
    static String condition(Expr e, Set<Expr> explicit) {
        return new PlainC(explicit).truth(e, false, 0);
    }

    /**
     * The casts and the constants of a type other than {@code int} in {@code e}, outermost first:
     * the nodes whose type a text can state or leave to C's conversions.
     */
    static List<Expr> typedNodes(Expr e) {
        List<Expr> out = new ArrayList<>();
        collect(e, out);
        return out;
    }

    private static void collect(Expr e, List<Expr> out) {
        if (e instanceof Expr.Cast c) {
            out.add(c);
            collect(c.operand(), out);
        } else if (e instanceof Expr.Const c) {
            if (!isInt(c.type())) {
                out.add(c);
            }
        } else if (e instanceof Expr.Unary u) {
            collect(u.operand(), out);
        } else if (e instanceof Expr.Binary b) {
            collect(b.left(), out);
            collect(b.right(), out);
        } else if (e instanceof Expr.Ite i) {
            collect(i.condition(), out);
            collect(i.ifTrue(), out);
            collect(i.ifFalse(), out);
        }
    }

    /** Whether {@code e} is an int 0/1 that C can read as a condition: a comparison, {@code !}, or {@code &&}/{@code ||} of those. */
    static boolean isTruth(Expr e) {
        if (e instanceof Expr.Unary u) {
            return u.op() == UnaryOp.LOG_NOT;
        }
        if (e instanceof Expr.Binary b) {
            return b.op().isComparison() || logical(b);
        }
        return false;
    }

    /** {@code (a != 0) & (b != 0)} or {@code |} of two truth values: C's {@code &&} or {@code ||}. */
    static boolean logical(Expr.Binary b) {
        return (b.op() == BinaryOp.AND || b.op() == BinaryOp.OR) && isInt(b.type()) && isTruth(b.left()) && isTruth(b.right());
    }

    /** {@code e != 0} of a truth value {@code e}: that truth value, else null. */
    static Expr truthOf(Expr e) {
        if (e instanceof Expr.Binary b && b.op() == BinaryOp.NE && b.right() instanceof Expr.Const z && z.bits() == 0
                && isTruth(b.left())) {
            return b.left();
        }
        return null;
    }

    private static boolean isInt(CType t) {
        return t.kind() == CType.Kind.INT && t.signed();
    }

    /** {@code e} (negated if asked) as a condition, parenthesized if its precedence is below {@code context}. */
    private String truth(Expr e, boolean negated, int context) {
        Expr inner = truthOf(e);
        if (inner != null) {
            return truth(inner, negated, context);
        }
        if (e instanceof Expr.Unary u && u.op() == UnaryOp.LOG_NOT) {
            return truth(u.operand(), !negated, context);
        }
        if (e instanceof Expr.Binary b && logical(b)) {
            boolean and = (b.op() == BinaryOp.AND) != negated;
            int prec = and ? LOGICAL_AND : LOGICAL_OR;
            return wrap(junct(b.left(), negated, and) + (and ? " && " : " || ") + junct(b.right(), negated, and), prec, context);
        }
        if (e instanceof Expr.Binary b && b.op().isComparison()) {
            BinaryOp op = negated ? negation(b.op()) : b.op();
            int prec = precedence(op);
            // a comparison's operands are arithmetic: a comparison among them is parenthesized
            int operand = precedence(BinaryOp.SHL);
            return wrap(value(b.left(), operand, op) + " " + op.symbol() + " " + value(b.right(), operand, op), prec, context);
        }
        if (!negated) {
            return value(e, context, null);
        }
        if (e instanceof Expr.VarRef) {
            return "!" + value(e, UNARY, null);
        }
        return wrap(value(e, precedence(BinaryOp.EQ) + 1, BinaryOp.EQ) + " == 0", precedence(BinaryOp.EQ), context);
    }

    /**
     * An operand of {@code &&} ({@code and}) or {@code ||}: the same operator runs on without
     * parentheses, the other one keeps them, as gcc's -Wparentheses asks.
     */
    private String junct(Expr e, boolean negated, boolean and) {
        Expr inner = truthOf(e) != null ? truthOf(e) : e;
        boolean innerAnd = inner instanceof Expr.Binary b && logical(b) && (b.op() == BinaryOp.AND) != negated;
        boolean innerOr = inner instanceof Expr.Binary b && logical(b) && (b.op() == BinaryOp.AND) == negated;
        boolean other = and ? innerOr : innerAnd;
        return truth(e, negated, other ? PRIMARY : (and ? LOGICAL_AND : LOGICAL_OR));
    }

    private static BinaryOp negation(BinaryOp op) {
        return switch (op) {
            case EQ -> BinaryOp.NE;
            case NE -> BinaryOp.EQ;
            case LT -> BinaryOp.GE;
            case LE -> BinaryOp.GT;
            case GT -> BinaryOp.LE;
            case GE -> BinaryOp.LT;
            default -> throw new IllegalArgumentException(op.toString());
        };
    }

    /** {@code e} as a value; {@code parent} is the binary operator it is an operand of (null if none). */
    private String value(Expr e, int context, BinaryOp parent) {
        if (e instanceof Expr.Const c) {
            return constant(c, context, parent);
        }
        if (e instanceof Expr.VarRef r) {
            return name(r.variable());
        }
        if (e instanceof Expr.Cast c) {
            if (!explicit.contains(c)) {
                return value(c.operand(), context, parent);
            }
            return wrap("(" + typeName(c.type()) + ")" + value(c.operand(), UNARY, null), UNARY, context);
        }
        if (e instanceof Expr.Unary u) {
            if (u.op() == UnaryOp.LOG_NOT) {
                return truth(u.operand(), true, context);
            }
            String operand = value(u.operand(), UNARY, null);
            // "- -x" and "--x" must not run together
            String sep = operand.startsWith(u.op().symbol()) ? " " : "";
            return wrap(u.op().symbol() + sep + operand, UNARY, context);
        }
        if (e instanceof Expr.Binary b) {
            if (b.op().isComparison() || logical(b)) {
                return truth(b, false, context);
            }
            BinaryOp op = b.op();
            Expr right = b.right();
            boolean typedRight = explicit.contains(right);
            // x + -5 reads x - 5 (the same value and the same overflows)
            if ((op == BinaryOp.ADD || op == BinaryOp.SUB) && right instanceof Expr.Const c && c.type().signed()
                    && c.type().toLong(c.bits()) < 0 && c.type().toLong(c.bits()) != minimum(c.type())) {
                op = op == BinaryOp.ADD ? BinaryOp.SUB : BinaryOp.ADD;
                right = new Expr.Const(c.type(), -c.type().toLong(c.bits()));
            }
            int prec = precedence(op);
            boolean bitwise = op == BinaryOp.AND || op == BinaryOp.OR || op == BinaryOp.XOR;
            // operands of & | ^ and of << >> that are other binary operations keep their parentheses
            int leftContext = bitwise || op == BinaryOp.SHL || op == BinaryOp.SHR ? UNARY : prec;
            int rightContext = bitwise || op == BinaryOp.SHL || op == BinaryOp.SHR ? UNARY : prec + 1;
            String r = right instanceof Expr.Const c ? constant(c, typedRight, rightContext, op) : value(right, rightContext, op);
            return wrap(value(b.left(), leftContext, op) + " " + op.symbol() + " " + r, prec, context);
        }
        if (e instanceof Expr.Ite i) {
            return wrap(truth(i.condition(), false, LOGICAL_OR) + " ? " + value(i.ifTrue(), LOGICAL_OR, null) + " : "
                    + value(i.ifFalse(), CONDITIONAL, null), CONDITIONAL, context);
        }
        throw new IllegalArgumentException("no C form: " + e);
    }

    private String constant(Expr.Const c, int context, BinaryOp parent) {
        return constant(c, explicit.contains(c), context, parent);
    }

    /** A constant: bare digits (C then gives it the type it gives a literal), or with its type stated. */
    private static String constant(Expr.Const c, boolean typed, int context, BinaryOp parent) {
        CType t = c.type();
        BigInteger v = t.signed() ? BigInteger.valueOf(t.toLong(c.bits())) : new BigInteger(Long.toUnsignedString(c.bits()));
        boolean hex = (parent == BinaryOp.AND || parent == BinaryOp.OR || parent == BinaryOp.XOR) && v.signum() >= 0
                && v.compareTo(BigInteger.TEN) >= 0;
        String digits = hex ? "0x" + v.toString(16) : v.toString();
        if (!typed) {
            if (v.signum() < 0 && v.negate().bitLength() > 63) {
                return wrap("-9223372036854775807 - 1", precedence(BinaryOp.SUB), context);
            }
            // above long long, C has only unsigned long long
            String text = v.bitLength() > 63 ? digits + "u" : digits;
            return v.signum() < 0 ? wrap(text, UNARY, context) : text;
        }
        String suffix = switch (t.kind()) {
            case INT -> t.signed() ? "" : "u";
            case LONG -> t.signed() ? "L" : "UL";
            case LONG_LONG -> t.signed() ? "LL" : "ULL";
            default -> null;
        };
        if (suffix == null) {
            return wrap("(" + typeName(t) + ")" + constant(new Expr.Const(CType.signedInt(), t.toLong(c.bits())), false, UNARY, null),
                    UNARY, context);
        }
        if (t.signed() && v.equals(BigInteger.valueOf(minimum(t)))) {
            // the literal of the least value does not exist: its negation does not fit the type
            return wrap("-" + v.negate().subtract(BigInteger.ONE) + suffix + " - 1", precedence(BinaryOp.SUB), context);
        }
        return v.signum() < 0 ? wrap(digits + suffix, UNARY, context) : digits + suffix;
    }

    private static long minimum(CType t) {
        return t.toLong(t.minBits());
    }

    static String typeName(CType t) {
        if (t.kind() == CType.Kind.INT && !t.signed()) {
            return "unsigned";
        }
        if (t.kind() == CType.Kind.CHAR) {
            return t.signed() ? "signed char" : "unsigned char";
        }
        return t.toString();
    }

    private static String name(Variable v) {
        if (!CText.named(v)) {
            throw new IllegalArgumentException("no C name: " + v.name());
        }
        return v.sourceName();
    }

    private static int precedence(BinaryOp op) {
        return switch (op) {
            case MUL, DIV, REM -> 13;
            case ADD, SUB -> 12;
            case SHL, SHR -> 11;
            case LT, LE, GT, GE -> 10;
            case EQ, NE -> 9;
            case AND -> 8;
            case XOR -> 7;
            case OR -> 6;
        };
    }

    private static String wrap(String text, int precedence, int context) {
        return precedence < context ? "(" + text + ")" : text;
    }
}
