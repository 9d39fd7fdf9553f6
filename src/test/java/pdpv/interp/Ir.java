package pdpv.interp;

import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CSemantics;
import pdpv.semantics.CType;
import pdpv.semantics.DataModel;

/** Hand-built IR for the interpreter tests, typed under ILP32. */
final class Ir {
    static final CSemantics SEM = new CSemantics(DataModel.ILP32);
    static final CType INT = SEM.intType();
    static final CType UINT = SEM.type(CType.Kind.INT, false);
    static final CType SCHAR = SEM.type(CType.Kind.CHAR, true);
    static final CType UCHAR = SEM.type(CType.Kind.CHAR, false);
    static final CType SHORT = SEM.type(CType.Kind.SHORT, true);
    static final CType USHORT = SEM.type(CType.Kind.SHORT, false);
    static final CType BOOL = CType.bool();

    private static int nextVariable;
    private static int nextLine;

    private Ir() {
    }

    static Variable var(String name, CType type) {
        return new Variable(nextVariable++, name, name, type, Variable.Kind.LOCAL);
    }

    static SourceLoc loc() {
        return new SourceLoc("test.c", ++nextLine, 0);
    }

    static Expr c(CType type, long value) {
        return new Expr.Const(type, value);
    }

    static Expr ref(Variable v) {
        return new Expr.VarRef(v);
    }

    static Expr bin(BinaryOp op, Expr left, Expr right) {
        return new Expr.Binary(op, left, right, op.isComparison() ? INT : left.type());
    }

    static Expr cast(Expr e, CType to) {
        return new Expr.Cast(e, to);
    }

    static Stmt.Assign assign(Variable v, Expr value) {
        return new Stmt.Assign(v, value, loc());
    }

    static Stmt.Havoc havoc(Variable v) {
        return new Stmt.Havoc(v, Stmt.Havoc.Reason.INPUT, "__VERIFIER_nondet_" + v.type(), loc());
    }

    static Stmt.Assume assume(Expr condition) {
        return new Stmt.Assume(condition, loc());
    }

    static Stmt.Assert check(Expr condition) {
        return new Stmt.Assert(condition, condition.toString(), loc());
    }

    static Block block(int id, Stmt... statements) {
        Block b = new Block(id);
        for (Stmt s : statements) {
            b.add(s);
        }
        return b;
    }

    static void jump(Block from, Block to) {
        from.setTerminator(new Terminator.Jump(to));
    }

    static void branch(Block from, Expr condition, Block ifTrue, Block ifFalse) {
        from.setTerminator(new Terminator.Branch(condition, ifTrue, ifFalse, loc()));
    }

    static void halt(Block b) {
        b.setTerminator(new Terminator.Halt(Terminator.Halt.Kind.RETURN, loc()));
    }
}
