package pdpv.frontend;

import pdpv.cfg.ArrayExpr;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.semantics.CType;

/**
 * An object of integer type that an expression designates, which assignments, compound
 * assignments and increments read and write: a scalar variable, or a cell of an array variable
 * (issue #20).
 */
sealed interface LValue {
    CType type();

    /** The object's current value. */
    Expr read();

    /** Emits {@code object = value}; {@code value} has the object's type. */
    void write(IrBuilder ir, Expr value, SourceLoc loc);

    /**
     * The same object with what locates it evaluated now, into a temporary if needed: so that a
     * side effect of the right-hand side that changes a subscript's variables does not move it.
     */
    LValue frozen(IrBuilder ir, SourceLoc loc);

    record Scalar(Variable variable) implements LValue {
        @Override
        public CType type() {
            return variable.type();
        }

        @Override
        public Expr read() {
            return new Expr.VarRef(variable);
        }

        @Override
        public void write(IrBuilder ir, Expr value, SourceLoc loc) {
            ir.assign(variable, value, loc);
        }

        @Override
        public LValue frozen(IrBuilder ir, SourceLoc loc) {
            return this;
        }
    }

    /** The cell at {@code index} (of the index type) of {@code array}. */
    record Cell(Variable array, Expr index) implements LValue {
        @Override
        public CType type() {
            return array.type();
        }

        @Override
        public Expr read() {
            return new Expr.Select(array, index, array.type());
        }

        @Override
        public void write(IrBuilder ir, Expr value, SourceLoc loc) {
            ir.add(new Stmt.ArrayAssign(array, new ArrayExpr.Store(new ArrayExpr.Whole(array), index, value), loc));
        }

        @Override
        public LValue frozen(IrBuilder ir, SourceLoc loc) {
            if (index instanceof Expr.Const || index instanceof Expr.VarRef r && r.variable().kind() == Variable.Kind.TEMPORARY) {
                return this;
            }
            Variable t = ir.temporary("index", index.type());
            ir.assign(t, index, loc);
            return new Cell(array, new Expr.VarRef(t));
        }
    }
}
