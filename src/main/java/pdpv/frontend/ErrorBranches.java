package pdpv.frontend;

import java.util.List;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Program;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.semantics.UnaryOp;

/**
 * Folds a branch into a block that can only fail (an assertion of 0: a call of
 * {@code reach_error()}, an {@code ERROR} label) into an assertion of the branch's condition:
 * SV-COMP's {@code __VERIFIER_assert(c)}, inlined as {@code if (!(c)) reach_error();}, becomes the
 * single assertion of {@code c} that it is, with the failing call's text, location and callers, so
 * that the formula, the tests and the loop invariants see the program as when the assertion was
 * read by its name. The branching block asserts that the run does not take the failing side and
 * goes on to the other; the failing block stays for its other predecessors. A loop's head keeps
 * its branch (witnesses and invariants are placed at it).
 */
final class ErrorBranches {
    private ErrorBranches() {
    }

    static void fold(Block entry, Typing typing) {
        for (Block b : Program.reachableFrom(entry)) {
            if (b.terminator() instanceof Terminator.Branch br && !b.endsWithAssert() && b.loopStatement() == null) {
                Stmt.Assert onTrue = failure(br.ifTrue());
                Stmt.Assert onFalse = failure(br.ifFalse());
                if (onTrue != null && onFalse == null) {
                    b.add(new Stmt.Assert(negation(br.condition(), typing), onTrue.text(), onTrue.loc(), onTrue.callers()));
                    b.setTerminator(new Terminator.Jump(br.ifFalse()));
                } else if (onFalse != null && onTrue == null) {
                    b.add(new Stmt.Assert(br.condition(), onFalse.text(), onFalse.loc(), onFalse.callers()));
                    b.setTerminator(new Terminator.Jump(br.ifTrue()));
                }
            }
        }
    }

    /** The assertion of 0 that a block consists of, or null. */
    private static Stmt.Assert failure(Block b) {
        List<Stmt> stmts = b.statements();
        return stmts.size() == 1 && stmts.get(0) instanceof Stmt.Assert a && a.condition() instanceof Expr.Const c && c.bits() == 0
                ? a : null;
    }

    /** {@code !c} as an assertion reads it: only whether it is zero counts, so {@code !!e} is {@code e}. */
    private static Expr negation(Expr c, Typing typing) {
        if (c instanceof Expr.Unary u && u.op() == UnaryOp.LOG_NOT) {
            return u.operand();
        }
        return typing.unary(UnaryOp.LOG_NOT, c);
    }
}
