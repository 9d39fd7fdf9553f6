package pdpv.frontend;

import java.util.List;
import pdpv.cfg.ArrayExpr;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.UbGuards;
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
     * What {@code p->a[i]} designates when p may point to several structs, or be null (issue #20):
     * the cell {@code index} of the array member of the target whose id {@code selector} holds,
     * each target's member one of {@code arrays} (of one extent). Read and written as
     * {@link Choice} reads and writes its targets: the write stores into every target's array, the
     * chosen one the value and the others the cell they hold, so that each store is bounds-checked
     * as the chosen one's is (the arrays have one extent).
     */
    record CellChoice(Expr selector, List<Variable> arrays, List<Expr> ids, Expr index, CType type, boolean mayBeNull) implements LValue {
        public CellChoice {
            arrays = List.copyOf(arrays);
            ids = List.copyOf(ids);
        }

        @Override
        public Expr read() {
            return choice().chosenOf(arrays.stream().map(a -> (Expr) cell(a)).toList());
        }

        private Expr cell(Variable array) {
            return new Expr.Select(array, index, type);
        }

        @Override
        public void write(IrBuilder ir, Expr value, SourceLoc loc) {
            Choice choice = choice();
            Expr v = choice.written(ir, value, loc);
            for (int i = 0; i < arrays.size(); i++) {
                Variable a = arrays.get(i);
                Expr chosen = new Expr.Ite(choice.chosen(i), v, cell(a), type);
                ir.add(new Stmt.ArrayAssign(a, new ArrayExpr.Store(new ArrayExpr.Whole(a), index, chosen), loc));
            }
        }

        /** The choice by the same selector between no targets: its ids, null check and selector read. */
        private Choice choice() {
            return new Choice(selector, List.of(), ids, type, mayBeNull);
        }

        @Override
        public LValue frozen(IrBuilder ir, SourceLoc loc) {
            Choice c = (Choice) choice().frozen(ir, loc);
            Expr at = index;
            if (!(at instanceof Expr.Const || at instanceof Expr.VarRef r && r.variable().kind() == Variable.Kind.TEMPORARY)) {
                Variable t = ir.temporary("index", at.type());
                ir.assign(t, at, loc);
                at = new Expr.VarRef(t);
            }
            return new CellChoice(c.selector(), arrays, ids, at, type, mayBeNull);
        }
    }

    /**
     * An integer member of a union (issue #20): {@code type}'s bytes in the array of
     * {@code unsigned char} {@code bytes} from the flat {@code offset} on, little-endian as gcc
     * lays them out. Reading combines the bytes, writing replaces them, in one assignment. A
     * {@code _Bool} member is one byte that a write sets to 0 or 1; it is not read, since its byte,
     * written through another member or left uninitialized, may hold neither 0 nor 1, which is no
     * {@code _Bool} value (C11 §6.2.6.1p5) and which gcc reads as it finds it: a read of the member
     * {@code name} at {@code loc} is refused.
     */
    record Bytes(Variable bytes, Expr offset, CType type, Typing typing, String name, SourceLoc loc) implements LValue {
        Bytes(Variable bytes, Expr offset, CType type, Typing typing) {
            this(bytes, offset, type, typing, null, null);
        }

        /** The bytes an object of {@code type} occupies. */
        static int size(CType type) {
            return type.isBool() ? 1 : type.width() / 8;
        }

        @Override
        public Expr read() {
            if (type.isBool()) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "read of the _Bool member " + name + " of a union (its byte, written"
                        + " through another member or uninitialized, may hold neither 0 nor 1, which is no _Bool value; PDPV writes"
                        + " a union's _Bool members and reads their bytes through other members)");
            }
            CType unsigned = new CType(type.kind(), type.width(), false);
            Expr out = null;
            for (int k = 0; k < size(type); k++) {
                Expr b = typing.convert(new Expr.Select(bytes, at(k), bytes.type()), unsigned);
                Expr part = k == 0 ? b : typing.binary(BinaryOp.SHL, b, typing.intConst(8 * k));
                out = out == null ? part : typing.binary(BinaryOp.OR, out, part);
            }
            return typing.convert(out, type);
        }

        /** {@code bytes} with {@code value}'s bytes stored at {@code offset}. */
        ArrayExpr stores(Expr value) {
            CType unsigned = new CType(type.kind(), type.width(), false);
            Expr v = typing.convert(value, unsigned);
            ArrayExpr out = new ArrayExpr.Whole(bytes);
            for (int k = 0; k < size(type); k++) {
                Expr part = k == 0 ? v : typing.binary(BinaryOp.SHR, v, typing.intConst(8 * k));
                out = new ArrayExpr.Store(out, at(k), typing.convert(part, bytes.type()));
            }
            return out;
        }

        private Expr at(int k) {
            if (k == 0) {
                return offset;
            }
            if (offset instanceof Expr.Const c) {
                return new Expr.Const(c.type(), c.bits() + k);
            }
            CType u = typing.unsignedIndexType();
            return typing.convert(typing.binary(BinaryOp.ADD, typing.convert(offset, u), new Expr.Const(u, k)), offset.type());
        }

        @Override
        public void write(IrBuilder ir, Expr value, SourceLoc loc) {
            Expr v = value;
            if (!(v instanceof Expr.Const || v instanceof Expr.VarRef)) {
                Variable t = ir.temporary("value", value.type());
                ir.assign(t, value, loc);
                v = new Expr.VarRef(t);
            }
            ir.add(new Stmt.ArrayAssign(bytes, stores(v), loc));
        }

        @Override
        public LValue frozen(IrBuilder ir, SourceLoc loc) {
            if (offset instanceof Expr.Const || offset instanceof Expr.VarRef r && r.variable().kind() == Variable.Kind.TEMPORARY) {
                return this;
            }
            Variable t = ir.temporary("offset", offset.type());
            ir.assign(t, offset, loc);
            return new Bytes(bytes, new Expr.VarRef(t), type, typing, name, loc);
        }
    }

    /**
     * What {@code *p} designates when p may point to several variables, or may be null (issue #20):
     * the target whose id {@code selector} holds. Reading it is the choice between the targets;
     * writing it writes the chosen one and leaves the others as they are. When p may be null
     * ({@code mayBeNull}), the read's choice starts with the null case, marked
     * ({@link UbGuards#nullDereference}) so that its guard comes where C evaluates the read (a null
     * pointer reads 0 where nothing guards it, under {@code --array-bounds smtlib}), and a write
     * evaluates the mark first (a null pointer writes no target). With one target that is never null
     * the choice is that target, its selector read (for the checks a selector read through a pointer
     * to a pointer holds, {@code **pp}).
     */
    record Choice(Expr selector, List<Variable> targets, List<Expr> ids, CType type, boolean mayBeNull) implements LValue {
        public Choice {
            targets = List.copyOf(targets);
            ids = List.copyOf(ids);
        }

        @Override
        public Expr read() {
            return chosenOf(targets.stream().map(t -> (Expr) new Expr.VarRef(t)).toList());
        }

        /** The choice between {@code values}, one per target id, by the selector (the null case first and marked when it may be null). */
        Expr chosenOf(List<Expr> values) {
            Expr out = values.isEmpty() ? new Expr.Const(type, 0) : values.get(values.size() - 1);
            if (values.size() == 1 && !mayBeNull) {
                out = new Expr.Ite(chosen(0), out, out, type); // one target: the selector still read, for the checks it holds
            }
            for (int i = values.size() - 2; i >= 0; i--) {
                out = new Expr.Ite(chosen(i), values.get(i), out, type);
            }
            return mayBeNull ? new Expr.Ite(UbGuards.nullDereference(selector, CType.signedInt()), new Expr.Const(type, 0), out, type) : out;
        }

        /** Whether the selector chooses the target {@code i}, an int. */
        Expr chosen(int i) {
            return new Expr.Binary(BinaryOp.EQ, selector, ids.get(i), CType.signedInt());
        }

        /** Before a write: the null check where the pointer may be null, then {@code value}, held in a temporary unless constant. */
        Expr written(IrBuilder ir, Expr value, SourceLoc loc) {
            if (mayBeNull) {
                ir.evaluate(UbGuards.nullDereference(selector, CType.signedInt()), loc);
            } else if (targets.size() == 1) {
                ir.evaluate(selector, loc); // the selector read, for the checks it holds
            }
            if (value instanceof Expr.Const) {
                return value;
            }
            Variable t = ir.temporary("value", value.type());
            ir.assign(t, value, loc);
            return new Expr.VarRef(t);
        }

        @Override
        public void write(IrBuilder ir, Expr value, SourceLoc loc) {
            Expr v = written(ir, value, loc);
            for (int i = 0; i < targets.size(); i++) {
                Variable target = targets.get(i);
                Expr chosen = mayBeNull || targets.size() > 1 ? new Expr.Ite(chosen(i), v, new Expr.VarRef(target), target.type()) : v;
                ir.assign(target, chosen, loc);
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
            return new Choice(new Expr.VarRef(t), targets, ids, type, mayBeNull);
        }
    }
}
