package pdpv.frontend;

import java.util.List;
import pdpv.cfg.ArrayExpr;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CType;

/**
 * An object of integer type that an expression designates, which assignments, compound
 * assignments and increments read and write: a scalar variable, a cell of an array variable,
 * or one of the variables a pointer may point to (issue #20).
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

    /**
     * What {@code *p} designates when p may point to several variables (issue #20): the target
     * whose id {@code selector} holds. Reading it is the choice between the targets; writing it
     * writes the chosen one and leaves the others as they are.
     */
    record Choice(Expr selector, List<Variable> targets, List<Expr> ids) implements LValue {
        public Choice {
            targets = List.copyOf(targets);
            ids = List.copyOf(ids);
        }

        @Override
        public CType type() {
            return targets.get(0).type();
        }

        @Override
        public Expr read() {
            Expr out = new Expr.VarRef(targets.get(targets.size() - 1));
            for (int i = targets.size() - 2; i >= 0; i--) {
                out = new Expr.Ite(chosen(i), new Expr.VarRef(targets.get(i)), out, type());
            }
            return out;
        }

        private Expr chosen(int i) {
            return new Expr.Binary(BinaryOp.EQ, selector, ids.get(i), CType.signedInt());
        }

        @Override
        public void write(IrBuilder ir, Expr value, SourceLoc loc) {
            Expr v = value;
            if (!(v instanceof Expr.Const)) {
                Variable t = ir.temporary("value", value.type());
                ir.assign(t, value, loc);
                v = new Expr.VarRef(t);
            }
            for (int i = 0; i < targets.size(); i++) {
                Variable target = targets.get(i);
                ir.assign(target, new Expr.Ite(chosen(i), v, new Expr.VarRef(target), target.type()), loc);
            }
        }

        @Override
        public LValue frozen(IrBuilder ir, SourceLoc loc) {
            if (selector instanceof Expr.Const || selector instanceof Expr.VarRef r && r.variable().kind() == Variable.Kind.TEMPORARY
                    && !r.variable().sourceName().endsWith(" (pointer)")) {
                return this;
            }
            Variable t = ir.temporary("pointer", selector.type());
            ir.assign(t, selector, loc);
            return new Choice(new Expr.VarRef(t), targets, ids);
        }
    }
}
