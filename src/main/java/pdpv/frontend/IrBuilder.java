package pdpv.frontend;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Block;
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

    /** {@code overflowOnly}: assertions become assumptions, overflows are the only violations. */
    IrBuilder(CSemantics semantics, boolean overflowOnly) {
        this.readings = semantics.readings();
        this.guards = new UbGuards(semantics, readings.guarded());
        this.anyKind = new UbGuards(semantics, EnumSet.allOf(UndefinedBehaviour.class));
        this.overflowOnly = overflowOnly;
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

    /** A variable whose name is {@code base}, or {@code base#n} if that name is taken. */
    Variable variable(String base, String sourceName, CType type, Variable.Kind kind) {
        String name = base;
        if (!names.add(name)) {
            int n = suffixes.getOrDefault(base, 1);
            do {
                n++;
                name = base + "#" + n;
            } while (!names.add(name));
            suffixes.put(base, n);
        }
        Variable v = new Variable(variables.size(), name, sourceName, type, kind);
        variables.add(v);
        return v;
    }

    Variable temporary(String base, CType type) {
        return variable("tmp::" + base, base, type, Variable.Kind.TEMPORARY);
    }

    void add(Stmt s) {
        if (s instanceof Stmt.Assign a) {
            guard(a.value(), a.loc());
        } else if (s instanceof Stmt.Assume a) {
            guard(a.condition(), a.loc());
        }
        current.add(s);
    }

    /** Adds an assertion and starts a new block after it (an assumption when only overflows count). */
    void addAssert(Expr condition, String text, SourceLoc loc) {
        if (overflowOnly) {
            add(new Stmt.Assume(condition, loc));
            return;
        }
        guard(condition, loc);
        current.add(new Stmt.Assert(condition, text, loc));
        continueIn(newBlock());
    }

    /** Whether evaluating {@code e} involves an operation that can have undefined behaviour, of any kind, however read. */
    boolean canBeUndefined(Expr e) {
        return anyKind.canBeUndefined(e);
    }

    /** Evaluates {@code e} for nothing but its undefined behaviour: its guards, no statement. */
    void evaluate(Expr e, SourceLoc loc) {
        guard(e, loc);
    }

    /**
     * Precedes the evaluation of {@code e} by its guards, in evaluation order: consecutive guards
     * read as undefined become one assumption, consecutive ones of one kind read as an error one
     * assertion.
     */
    private void guard(Expr e, SourceLoc loc) {
        List<UbGuards.Guard> all = guards.of(e);
        int i = 0;
        while (i < all.size()) {
            UndefinedBehaviour kind = all.get(i).kind();
            UbReading reading = readings.of(kind);
            List<Expr> run = new ArrayList<>();
            while (i < all.size() && readings.of(all.get(i).kind()) == reading
                    && (reading == UbReading.UNDEFINED || all.get(i).kind() == kind)) {
                run.add(all.get(i).condition());
                i++;
            }
            if (reading == UbReading.UNDEFINED) {
                current.add(new Stmt.Assume(guards.and(run), loc));
            } else {
                current.add(new Stmt.Assert(guards.and(run), kind.assertionText(), loc));
                continueIn(newBlock());
            }
        }
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
