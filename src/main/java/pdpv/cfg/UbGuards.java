package pdpv.cfg;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CSemantics;
import pdpv.semantics.CType;
import pdpv.semantics.UnaryOp;
import pdpv.semantics.UndefinedBehaviour;

/**
 * Where evaluating an expression can have undefined behaviour (issues #12, #18 and #20): one guard per
 * operation that can, subscripts included, in C's evaluation order (operands before their operator), each an IR
 * expression that is 1 exactly when that operation is defined or not evaluated. Only the operations
 * C evaluates count: of {@code c ? x : y} the branch {@code c} picks. What "undefined" means for one
 * operation is {@link pdpv.semantics.CSemantics#undefined}, reached through {@link Expr.Undefined}.
 * The front end turns the guards into assumptions or assertions, the interpreter finds with them
 * where a run performed an operation that SMT-LIB defines but C does not.
 */
public final class UbGuards {
    /**
     * The operation that {@code condition} guards is free of {@code kind} (or not evaluated);
     * {@code access}, for a subscript, names it for the user ({@code a[i] of 8 cells}), else null.
     */
    public record Guard(UndefinedBehaviour kind, Expr condition, String access) {
        public Guard(UndefinedBehaviour kind, Expr condition) {
            this(kind, condition, null);
        }
    }

    private final CSemantics semantics;
    private final CType intType;
    private final Set<UndefinedBehaviour> kinds;

    /** Guards against {@code kinds}, as {@code semantics} defines them. */
    public UbGuards(CSemantics semantics, Set<UndefinedBehaviour> kinds) {
        this.semantics = semantics;
        this.intType = semantics.intType();
        this.kinds = EnumSet.noneOf(UndefinedBehaviour.class);
        this.kinds.addAll(kinds);
    }

    /** The guards of the operations of {@code e}, in evaluation order; empty when none can be undefined. */
    public List<Guard> of(Expr e) {
        List<Guard> out = new ArrayList<>();
        collect(e, out);
        return out;
    }

    /** The int 0/1 expression that evaluating {@code e} performs no undefined operation of the kinds, or null when none can. */
    public Expr defined(Expr e) {
        List<Guard> guards = of(e);
        return guards.isEmpty() ? null : and(guards.stream().map(Guard::condition).toList());
    }

    /** Whether evaluating {@code e} involves an operation that can be undefined of one of the kinds. */
    public boolean canBeUndefined(Expr e) {
        return !of(e).isEmpty();
    }

    private void collect(Expr e, List<Guard> out) {
        if (e instanceof Expr.Unary u) {
            collect(u.operand(), out);
            if (u.op() == UnaryOp.NEG) {
                operation(BinaryOp.SUB, new Expr.Const(u.type(), 0), u.operand(), out);
            }
        } else if (e instanceof Expr.Binary b) {
            collect(b.left(), out);
            collect(b.right(), out);
            if (!b.op().isComparison()) {
                operation(b.op(), b.left(), b.right(), out);
            }
        } else if (e instanceof Expr.Cast c) {
            collect(c.operand(), out);
        } else if (e instanceof Expr.Select s) {
            collect(s.index(), out);
            subscript(s.array(), s.index(), out);
        } else if (e instanceof Expr.Ite i) {
            collect(i.condition(), out);
            Expr one = new Expr.Const(intType, 1);
            for (Guard g : of(i.ifTrue())) {
                out.add(new Guard(g.kind(), new Expr.Ite(i.condition(), g.condition(), one, intType), g.access()));
            }
            for (Guard g : of(i.ifFalse())) {
                out.add(new Guard(g.kind(), new Expr.Ite(i.condition(), one, g.condition(), intType), g.access()));
            }
        } else if (e instanceof Expr.Undefined u) {
            collect(u.left(), out);
            collect(u.right(), out);
            if (u.kind().ofPointers() && kinds.contains(u.kind())) {
                String pointer = pointerName(u.left());
                out.add(new Guard(u.kind(), not(u), u.kind() == UndefinedBehaviour.NULL_DEREFERENCE ? "*" + pointer : pointer));
            }
        }
    }

    /**
     * A dereference's mark (issue #20): int 1 when the pointer whose target id {@code id} holds is
     * null. The front end puts it where C dereferences the pointer (the condition of the read's
     * choice); its guard comes from there, in evaluation order, as a subscript's from its select.
     */
    public static Expr nullDereference(Expr id, CType intType) {
        return new Expr.Undefined(UndefinedBehaviour.NULL_DEREFERENCE, BinaryOp.EQ, id, new Expr.Const(id.type(), 0), intType);
    }

    /**
     * A read of a pointer that may be indeterminate (issue #20): the id {@code id}, marked
     * ({@code id EQ indeterminate}) so that its guard comes where C reads it.
     */
    public static Expr uninitializedRead(Expr id, long indeterminate, CType intType) {
        Expr mark = new Expr.Undefined(UndefinedBehaviour.UNINITIALIZED_POINTER, BinaryOp.EQ, id, new Expr.Const(id.type(), indeterminate), intType);
        return new Expr.Ite(mark, id, id, id.type());
    }

    /** The C name of the pointer whose id {@code id} is: a pointer variable's ({@code p (pointer)}) or parameter's, else the IR text. */
    private static String pointerName(Expr id) {
        if (id instanceof Expr.Ite i && i.condition() instanceof Expr.Undefined u && u.kind().ofPointers()) {
            return pointerName(i.ifTrue());
        }
        String suffix = " (pointer)";
        if (id instanceof Expr.VarRef r && r.variable().sourceName() != null) {
            String name = r.variable().sourceName();
            return name.endsWith(suffix) ? name.substring(0, name.length() - suffix.length()) : name;
        }
        return "(" + id + ")";
    }

    /**
     * The guards of writing the cell {@code index} of {@code array} (issue #20): those of evaluating
     * the index, then that the cell lies inside the array.
     */
    public List<Guard> ofStore(Variable array, Expr index) {
        List<Guard> out = new ArrayList<>();
        collect(index, out);
        subscript(array, index, out);
        return out;
    }

    /** The guard that the flat {@code index} is a cell of {@code array}, but none for a constant one that is. */
    private void subscript(Variable array, Expr index, List<Guard> out) {
        extent(array.sourceName(), index, array.length(), out);
    }

    /**
     * The guards that the subscript {@code index} lies in an extent of {@code cells} elements of the
     * array {@code name}: an array member of a union (issue #20), which shares a larger array of bytes.
     */
    public List<Guard> ofExtent(String name, Expr index, long cells) {
        List<Guard> out = new ArrayList<>();
        extent(name, index, cells, out);
        return out;
    }

    private void extent(String name, Expr index, long cells, List<Guard> out) {
        if (!kinds.contains(UndefinedBehaviour.ARRAY_BOUNDS)) {
            return;
        }
        if (index instanceof Expr.Const c && c.bits() >= 0 && c.bits() < cells) {
            return;
        }
        out.add(new Guard(UndefinedBehaviour.ARRAY_BOUNDS, not(new Expr.Undefined(UndefinedBehaviour.ARRAY_BOUNDS, BinaryOp.ADD,
                index, new Expr.Const(index.type(), cells), intType)),
                name + "[" + index + "] of " + cells + (cells == 1 ? " cell" : " cells")));
    }

    /** The guards of {@code left op right}, but none that holds for every value: by a constant divisor, amount or addend. */
    private void operation(BinaryOp op, Expr left, Expr right, List<Guard> out) {
        for (UndefinedBehaviour kind : kinds) {
            boolean possible = right instanceof Expr.Const c ? semantics.canBeUndefined(kind, op, left.type(), c.bits())
                    : kind.concerns(op, left.type());
            if (possible) {
                out.add(new Guard(kind, not(new Expr.Undefined(kind, op, left, right, intType))));
            }
        }
    }

    /** The conjunction of {@code conditions} as an int 0/1 expression (1 for none). */
    public Expr and(List<Expr> conditions) {
        Expr all = null;
        for (Expr c : conditions) {
            all = all == null ? c : new Expr.Binary(BinaryOp.AND, all, c, intType);
        }
        return all == null ? new Expr.Const(intType, 1) : all;
    }

    private Expr not(Expr a) {
        return new Expr.Unary(UnaryOp.LOG_NOT, a, intType);
    }

    /** The kind an inserted guard checks, or empty when {@code e} mentions no {@link Expr.Undefined}. */
    public static Optional<UndefinedBehaviour> kindOf(Expr e) {
        if (e instanceof Expr.Undefined u) {
            return Optional.of(u.kind());
        }
        if (e instanceof Expr.Unary u) {
            return kindOf(u.operand());
        }
        if (e instanceof Expr.Binary b) {
            return kindOf(b.left()).or(() -> kindOf(b.right()));
        }
        if (e instanceof Expr.Cast c) {
            return kindOf(c.operand());
        }
        if (e instanceof Expr.Select s) {
            return kindOf(s.index());
        }
        if (e instanceof Expr.Ite i) {
            return kindOf(i.condition()).or(() -> kindOf(i.ifTrue())).or(() -> kindOf(i.ifFalse()));
        }
        return Optional.empty();
    }
}
