package pdpv.cfg;

import java.util.LinkedHashSet;
import java.util.Set;

/** The variables a statement or terminator reads and writes (for U_l and R_l, thesis §4.3.1). */
public final class VariableUses {
    private VariableUses() {
    }

    /** The variables read by {@code e}. */
    public static Set<Variable> reads(Expr e) {
        Set<Variable> out = new LinkedHashSet<>();
        collect(e, out);
        return out;
    }

    /** The variables read by {@code s} (its right-hand side or condition). */
    public static Set<Variable> reads(Stmt s) {
        if (s instanceof Stmt.Assign a) {
            return reads(a.value());
        }
        if (s instanceof Stmt.Assume a) {
            return reads(a.condition());
        }
        if (s instanceof Stmt.Assert a) {
            return reads(a.condition());
        }
        if (s instanceof Stmt.ArrayAssign a) {
            Set<Variable> out = new LinkedHashSet<>();
            collect(a.value(), out);
            return out;
        }
        return Set.of();
    }

    /** The variables read by {@code t} (a branch condition). */
    public static Set<Variable> reads(Terminator t) {
        if (t instanceof Terminator.Branch b) {
            return reads(b.condition());
        }
        return Set.of();
    }

    /** The variable {@code s} assigns or havocs, or null. */
    public static Variable written(Stmt s) {
        if (s instanceof Stmt.Assign a) {
            return a.target();
        }
        if (s instanceof Stmt.Havoc h) {
            return h.target();
        }
        if (s instanceof Stmt.ArrayAssign a) {
            return a.target();
        }
        return null;
    }

    /** The variables read by {@code a}: the arrays it starts from, its indices' and values' variables. */
    private static void collect(ArrayExpr a, Set<Variable> out) {
        if (a instanceof ArrayExpr.Whole w) {
            out.add(w.array());
        } else if (a instanceof ArrayExpr.Store st) {
            collect(st.base(), out);
            collect(st.index(), out);
            collect(st.value(), out);
        }
    }

    private static void collect(Expr e, Set<Variable> out) {
        if (e instanceof Expr.VarRef v) {
            out.add(v.variable());
        } else if (e instanceof Expr.Select sel) {
            out.add(sel.array());
            collect(sel.index(), out);
        } else if (e instanceof Expr.Unary u) {
            collect(u.operand(), out);
        } else if (e instanceof Expr.Binary b) {
            collect(b.left(), out);
            collect(b.right(), out);
        } else if (e instanceof Expr.Undefined o) {
            collect(o.left(), out);
            collect(o.right(), out);
        } else if (e instanceof Expr.Cast c) {
            collect(c.operand(), out);
        } else if (e instanceof Expr.Ite i) {
            collect(i.condition(), out);
            collect(i.ifTrue(), out);
            collect(i.ifFalse(), out);
        }
    }
}
