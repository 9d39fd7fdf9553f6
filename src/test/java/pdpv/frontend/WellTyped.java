package pdpv.frontend;

import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Program;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.semantics.CSemantics;
import pdpv.semantics.CType;
import pdpv.semantics.UnaryOp;

/**
 * Checks the IR contract on a lowered program: arithmetic happens in promoted types, comparisons
 * and {@code !} yield int, both arms of an Ite have its type, an assertion ends its block.
 */
final class WellTyped {
    private WellTyped() {
    }

    static Program check(Program p) {
        CSemantics sem = p.semantics();
        for (Block b : p.blocks()) {
            for (int i = 0; i < b.statements().size(); i++) {
                Stmt s = b.statements().get(i);
                if (s instanceof Stmt.Assign a) {
                    expr(a.value(), sem);
                } else if (s instanceof Stmt.Assume a) {
                    expr(a.condition(), sem);
                } else if (s instanceof Stmt.Assert a) {
                    expr(a.condition(), sem);
                    require(i == b.statements().size() - 1, "assertion not last in B" + b.id());
                }
            }
            if (b.terminator() instanceof Terminator.Branch br) {
                expr(br.condition(), sem);
            }
        }
        return p;
    }

    private static void expr(Expr e, CSemantics sem) {
        if (e instanceof Expr.Binary b) {
            expr(b.left(), sem);
            expr(b.right(), sem);
            CType t = b.operandType();
            require(sem.promote(t).equals(t), "unpromoted operands: " + e);
            require(b.op().isComparison() ? b.type().equals(sem.intType()) : b.type().equals(t), "result type: " + e);
        } else if (e instanceof Expr.Unary u) {
            expr(u.operand(), sem);
            if (u.op() == UnaryOp.LOG_NOT) {
                require(u.type().equals(sem.intType()), "! must be int: " + e);
            } else {
                require(u.type().equals(u.operand().type()) && sem.promote(u.type()).equals(u.type()), "unary type: " + e);
            }
        } else if (e instanceof Expr.Ite ite) {
            expr(ite.condition(), sem);
            expr(ite.ifTrue(), sem);
            expr(ite.ifFalse(), sem);
            require(ite.ifTrue().type().equals(ite.type()) && ite.ifFalse().type().equals(ite.type()), "ite arms: " + e);
        } else if (e instanceof Expr.Cast c) {
            expr(c.operand(), sem);
        }
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new AssertionError(message);
        }
    }
}
