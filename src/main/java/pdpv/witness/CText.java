package pdpv.witness;

import java.util.Optional;
import pdpv.cfg.Expr;
import pdpv.cfg.Variable;
import pdpv.semantics.CType;

/**
 * An IR expression written back as C that the {@link InvariantParser} reads as the same
 * expression: fully parenthesized, every conversion an explicit cast, constants cast to their type,
 * variables by the name the user wrote. Empty when the expression has no C form (an overflow test
 * the front end inserted, a temporary, a variable without a source name).
 */
final class CText {
    private CText() {
    }

    /** The condition {@code e} (any scalar, true when nonzero) or its negation as C text. */
    static Optional<String> condition(Expr e, boolean holds) {
        boolean truth = e instanceof Expr.Binary b && b.op().ordinal() >= pdpv.semantics.BinaryOp.EQ.ordinal()
                || e instanceof Expr.Unary u && u.op() == pdpv.semantics.UnaryOp.LOG_NOT;
        return of(e).map(c -> truth ? (holds ? c : "!" + c) : (holds ? c + " != 0" : c + " == 0"));
    }

    /**
     * Whether {@code v} has a C name a witness can use: an identifier the user wrote, or a struct
     * member flattened by the front end, {@code s.f} or {@code s.in.f} (issue #20), which is C's
     * member access, or a pointer's offset into an array, {@link #ARRAY_POINTER}.
     */
    static boolean named(Variable v) {
        return v.kind() != Variable.Kind.TEMPORARY && v.sourceName() != null
                && (v.sourceName().matches("[A-Za-z_]\\w*(\\.[A-Za-z_]\\w*)*") || ARRAY_POINTER.matcher(v.sourceName()).matches());
    }

    /**
     * The C name of a pointer's offset into an array (issue #20), {@code (p - a)} or
     * {@code (p - &m[0][0])}: the pointer's name (group 1) and the array's first element (group 2),
     * whose array is group 3.
     */
    static final java.util.regex.Pattern ARRAY_POINTER =
            java.util.regex.Pattern.compile("\\(([A-Za-z_]\\w*) - (&?([A-Za-z_]\\w*(?:\\.[A-Za-z_]\\w*)*)(?:\\[0\\])*)\\)");

    static Optional<String> of(Expr e) {
        StringBuilder out = new StringBuilder();
        return write(e, out) ? Optional.of(out.toString()) : Optional.empty();
    }

    private static boolean write(Expr e, StringBuilder out) {
        if (e instanceof Expr.Const c) {
            String digits = c.type().format(c.bits());
            boolean plainInt = c.type().kind() == CType.Kind.INT && c.type().width() == 32 && !digits.equals("-2147483648");
            if (plainInt) {
                out.append(c.type().signed() ? digits : digits + "u");
            } else {
                out.append("((").append(c.type()).append(')').append(constant(c.type(), c.bits())).append(')');
            }
            return true;
        }
        if (e instanceof Expr.VarRef r) {
            Variable v = r.variable();
            if (!named(v)) {
                return false;
            }
            out.append(v.sourceName());
            return true;
        }
        if (e instanceof Expr.Select sel) {
            return cell(sel, out);
        }
        if (e instanceof Expr.Unary u) {
            out.append(u.op().symbol()).append('(');
            boolean ok = write(u.operand(), out);
            out.append(')');
            return ok;
        }
        if (e instanceof Expr.Binary b) {
            out.append('(');
            boolean ok = write(b.left(), out);
            out.append(' ').append(b.op().symbol()).append(' ');
            ok &= write(b.right(), out);
            out.append(')');
            return ok;
        }
        if (e instanceof Expr.Cast c) {
            out.append("((").append(c.type()).append(')');
            boolean ok = write(c.operand(), out);
            out.append(')');
            return ok;
        }
        if (e instanceof Expr.Ite i) {
            out.append('(');
            boolean ok = write(i.condition(), out);
            out.append(" ? ");
            ok &= write(i.ifTrue(), out);
            out.append(" : ");
            ok &= write(i.ifFalse(), out);
            out.append(')');
            return ok;
        }
        return false;
    }

    /**
     * A cell of an array (issue #20): by its subscripts when its flat index is a constant, by the
     * index itself in a one-dimensional array; a symbolic cell of a matrix has no C form here.
     */
    private static boolean cell(Expr.Select sel, StringBuilder out) {
        Variable v = sel.array();
        if (!named(v)) {
            return false;
        }
        if (sel.index() instanceof Expr.Const c) {
            out.append(v.cellName(c.bits()));
            return true;
        }
        if (v.dims().size() != 1) {
            return false;
        }
        out.append(v.sourceName()).append('[');
        boolean ok = write(sel.index(), out);
        out.append(']');
        return ok;
    }

    /** A literal of the constant's value that C reads without loss (its type comes from the cast around it). */
    static String constant(CType type, long bits) {
        String digits = type.format(bits);
        if (!type.signed()) {
            return digits + "ull";
        }
        long v = Long.parseLong(digits);
        return v == Long.MIN_VALUE ? "(-9223372036854775807ll - 1)" : digits + "ll";
    }
}
