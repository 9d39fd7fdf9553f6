package pdpv.frontend;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import pdpv.cfg.ArrayExpr;
import pdpv.cfg.Block;
import pdpv.cfg.CallSite;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.UbGuards;
import pdpv.cfg.Variable;
import pdpv.semantics.CSemantics;
import pdpv.semantics.CType;
import pdpv.semantics.UbReading;
import pdpv.semantics.UbReadings;
import pdpv.semantics.UndefinedBehaviour;

/**
 * The mutable control-flow graph under construction: a current block to append to, unique block
 * ids, unique variable ids and names, the entry prologue (global and static initialization, entry
 * inputs) and the {@code goto} edges, kept for the irreducibility check. Every statement and
 * branch of the body that evaluates an operation that can have undefined behaviour of a kind not
 * read as SMT-LIB's is preceded by its guards (issues #12 and #18, {@link UbGuards}), in evaluation
 * order: an assumption that the operation is defined ({@code undefined}) or an assertion named after
 * the kind ({@code error}, "no division by zero"), so that every consumer of the IR reads the same
 * meaning. A run that reaches an undefined operation stops there, at its first.
 */
final class IrBuilder {
    /** A {@code goto} from {@code from} to {@code to}, written at {@code loc}. */
    record GotoEdge(Block from, Block to, SourceLoc loc) {
    }

    private final List<Variable> variables = new ArrayList<>();
    private final Set<String> names = new HashSet<>();
    private final Map<String, Integer> suffixes = new HashMap<>();
    private final List<GotoEdge> gotos = new ArrayList<>();
    private final Block prologue;
    private final Block bodyStart;
    private int nextBlockId;
    private Block current;
    private final UbReadings readings;
    private final UbGuards guards;
    private final UbGuards anyKind;
    private final boolean overflowOnly;
    private final Supplier<List<CallSite>> callers;

    /**
     * {@code overflowOnly}: assertions become assumptions, overflows are the only violations;
     * {@code callers}: the inlined calls that lead to the code being built, given to each assertion.
     */
    IrBuilder(CSemantics semantics, boolean overflowOnly, Supplier<List<CallSite>> callers) {
        this.readings = semantics.readings();
        this.guards = new UbGuards(semantics, readings.guarded());
        this.anyKind = new UbGuards(semantics, EnumSet.allOf(UndefinedBehaviour.class));
        this.overflowOnly = overflowOnly;
        this.callers = callers;
        prologue = newBlock();
        bodyStart = newBlock();
        current = bodyStart;
    }

    /** The entry block: initialization of globals and statics, inputs of the entry function. */
    Block prologue() {
        return prologue;
    }

    /** The first block of the entry function's body. */
    Block bodyStart() {
        return bodyStart;
    }

    Block current() {
        return current;
    }

    List<Variable> variables() {
        return variables;
    }

    List<GotoEdge> gotos() {
        return gotos;
    }

    Block newBlock() {
        return new Block(nextBlockId++);
    }

    /** A scalar variable whose name is {@code base}, or {@code base#n} if that name is taken. */
    Variable variable(String base, String sourceName, CType type, Variable.Kind kind) {
        return variable(base, sourceName, type, kind, List.of());
    }

    /** A variable with the extents {@code dims} (none: a scalar; issue #20), named as {@link #variable(String, String, CType, Variable.Kind)} says. */
    Variable variable(String base, String sourceName, CType type, Variable.Kind kind, List<Long> dims) {
        String name = base;
        if (!names.add(name)) {
            int n = suffixes.getOrDefault(base, 1);
            do {
                n++;
                name = base + "#" + n;
            } while (!names.add(name));
            suffixes.put(base, n);
        }
        Variable v = new Variable(variables.size(), name, sourceName, type, kind, dims);
        variables.add(v);
        return v;
    }

    Variable temporary(String base, CType type) {
        return variable("tmp::" + base, base, type, Variable.Kind.TEMPORARY);
    }

    void add(Stmt s) {
        if (s instanceof Stmt.Assign a) {
            guard(a.value(), a.loc());
        } else if (s instanceof Stmt.ArrayAssign a) {
            for (ArrayExpr v = a.value(); v instanceof ArrayExpr.Store st; v = st.base()) {
                guard(guards.ofStore(a.target(), st.index()), a.loc());
                guard(st.value(), a.loc());
            }
        } else if (s instanceof Stmt.Assume a) {
            guard(a.condition(), a.loc());
        }
        current.add(s);
    }

    /**
     * Adds an assertion and starts a new block after it (an assumption when only overflows count).
     * No run passes an assertion of 0 ({@code reach_error()}, an {@code ERROR} label): what follows
     * it (InvGen's {@code ERROR: goto ERROR;}) is unreachable and ends there.
     */
    void addAssert(Expr condition, String text, SourceLoc loc) {
        if (overflowOnly) {
            add(new Stmt.Assume(condition, loc));
        } else {
            guard(condition, loc);
            current.add(new Stmt.Assert(condition, text, loc, callers.get()));
            continueIn(newBlock());
        }
        if (condition instanceof Expr.Const c && c.bits() == 0) {
            halt(Terminator.Halt.Kind.ABORT, loc);
        }
    }

    /** Whether evaluating {@code e} involves an operation that can have undefined behaviour, of any kind, however read. */
    boolean canBeUndefined(Expr e) {
        return anyKind.canBeUndefined(e);
    }

    /**
     * Evaluates {@code e} for nothing but its undefined behaviour: its guards, no statement (an
     * argument bound to a parameter, or passed to a function without body).
     */
    void evaluate(Expr e, SourceLoc loc) {
        guard(e, loc);
    }

    /**
     * Precedes the evaluation of {@code e} by its guards, in evaluation order: consecutive guards
     * read as undefined become one assumption, consecutive ones of one kind read as an error one
     * assertion.
     */
    private void guard(Expr e, SourceLoc loc) {
        guard(guards.of(e), loc);
    }

    /** Adds the guards {@code all}, in order, as {@link #guard(Expr, SourceLoc)} says. */
    private void guard(List<UbGuards.Guard> all, SourceLoc loc) {
        int i = 0;
        while (i < all.size()) {
            UndefinedBehaviour kind = all.get(i).kind();
            UbReading reading = readings.of(kind);
            List<Expr> run = new ArrayList<>();
            String access = all.get(i).access();
            // an access named for the user is checked by an assertion of its own
            while (i < all.size() && readings.of(all.get(i).kind()) == reading
                    && (reading == UbReading.UNDEFINED || all.get(i).kind() == kind && access == null && all.get(i).access() == null
                        || run.isEmpty())) {
                run.add(all.get(i).condition());
                i++;
            }
            if (reading == UbReading.UNDEFINED) {
                current.add(new Stmt.Assume(guards.and(run), loc));
            } else {
                current.add(new Stmt.Assert(guards.and(run), kind.assertionText() + (access == null ? "" : ": " + access), loc, callers.get()));
                continueIn(newBlock());
            }
        }
    }

    /** Checks that the subscript {@code index} of the array {@code name} lies in its extent of {@code cells} (a union's array member). */
    void checkExtent(String name, Expr index, long cells, SourceLoc loc) {
        guard(guards.ofExtent(name, index, cells), loc);
    }

    void addToPrologue(Stmt s) {
        prologue.add(s);
    }

    void assign(Variable target, Expr value, SourceLoc loc) {
        add(new Stmt.Assign(target, value, loc));
    }

    void havoc(Variable target, Stmt.Havoc.Reason reason, String description, SourceLoc loc) {
        add(new Stmt.Havoc(target, reason, description, loc));
    }

    /** Ends the current block with a jump to {@code target} and continues there. */
    void continueIn(Block target) {
        jump(target);
        current = target;
    }

    /** Ends the current block with a jump to {@code target}; code after it goes to a fresh, unreachable block. */
    void jump(Block target) {
        current.setTerminator(new Terminator.Jump(target));
        current = newBlock();
    }

    void jumpByGoto(Block target, SourceLoc loc) {
        gotos.add(new GotoEdge(current, target, loc));
        jump(target);
    }

    /** Ends the current block with a branch; a constant condition becomes a jump. */
    void branch(Expr condition, Block ifTrue, Block ifFalse, SourceLoc loc) {
        if (condition instanceof Expr.Const c) {
            jump(c.bits() != 0 ? ifTrue : ifFalse);
            return;
        }
        guard(condition, loc);
        current.setTerminator(new Terminator.Branch(condition, ifTrue, ifFalse, loc));
        current = newBlock();
    }

    void halt(Terminator.Halt.Kind kind, SourceLoc loc) {
        current.setTerminator(new Terminator.Halt(kind, loc));
        current = newBlock();
    }

    /** Makes {@code b} the block that the following statements go to (it must not have a terminator). */
    void startIn(Block b) {
        current = b;
    }
}
