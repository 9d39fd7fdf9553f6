package pdpv.cfg;

import java.util.ArrayList;
import java.util.List;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CSemantics;
import pdpv.semantics.CType;
import pdpv.semantics.DataModel;

/** Builds IR programs by hand for tests (ILP32, every statement at an unknown location). */
public final class IrBuilder {
    public static final CType INT = CType.signedInt();
    private final CSemantics semantics = new CSemantics(DataModel.ILP32);
    private final List<Variable> variables = new ArrayList<>();
    private int nextBlock = 1;

    public CSemantics semantics() {
        return semantics;
    }

    public Variable var(String name, CType type) {
        Variable v = new Variable(variables.size(), name, name, type, Variable.Kind.LOCAL);
        variables.add(v);
        return v;
    }

    public Variable var(String name) {
        return var(name, INT);
    }

    public Block block() {
        return new Block(nextBlock++);
    }

    public static Expr c(long value) {
        return new Expr.Const(INT, value);
    }

    public static Expr c(long value, CType type) {
        return new Expr.Const(type, value);
    }

    public static Expr ref(Variable v) {
        return new Expr.VarRef(v);
    }

    /** A binary operation: comparisons yield int, the others the operand type. */
    public static Expr bin(BinaryOp op, Expr left, Expr right) {
        return new Expr.Binary(op, left, right, op.isComparison() ? INT : left.type());
    }

    public static Stmt.Assign assign(Variable v, Expr value) {
        return new Stmt.Assign(v, value, SourceLoc.UNKNOWN);
    }

    public static Stmt.Havoc havoc(Variable v) {
        return new Stmt.Havoc(v, Stmt.Havoc.Reason.INPUT, "nondet()", SourceLoc.UNKNOWN);
    }

    public static Stmt.Assume assume(Expr condition) {
        return new Stmt.Assume(condition, SourceLoc.UNKNOWN);
    }

    public static Stmt.Assert assertion(Expr condition) {
        return new Stmt.Assert(condition, condition.toString(), SourceLoc.UNKNOWN);
    }

    public static void jump(Block from, Block to) {
        from.setTerminator(new Terminator.Jump(to));
    }

    public static void branch(Block from, Expr condition, Block ifTrue, Block ifFalse) {
        from.setTerminator(new Terminator.Branch(condition, ifTrue, ifFalse, SourceLoc.UNKNOWN));
    }

    public static void halt(Block b) {
        b.setTerminator(new Terminator.Halt(Terminator.Halt.Kind.RETURN, SourceLoc.UNKNOWN));
    }

    public Program program(Block entry) {
        return new Program("test.c", "main", semantics, variables, entry);
    }
}
