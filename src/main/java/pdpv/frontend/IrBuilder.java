package pdpv.frontend;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.ArrayExpr;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.SignedOverflows;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;
import pdpv.semantics.CSemantics;
import pdpv.semantics.CType;
import pdpv.semantics.SignedOverflow;

/**
 * The mutable control-flow graph under construction: a current block to append to, unique block
 * ids, unique variable ids and names, the entry prologue (global and static initialization, entry
 * inputs) and the {@code goto} edges, kept for the irreducibility check. Unless signed overflow
 * wraps, every statement and branch of the body that evaluates a signed operation is preceded by
 * its guard (issue #12): an assumption that nothing overflows ({@code undefined}) or an assertion
 * ({@code error}), so that every consumer of the IR reads the same meaning.
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
    private final SignedOverflow signedOverflow;
    private final SignedOverflows overflows;
    private final boolean overflowOnly;

    /** {@code overflowOnly}: assertions become assumptions, overflows are the only violations. */
    IrBuilder(CSemantics semantics, boolean overflowOnly) {
        this.signedOverflow = semantics.signedOverflow();
        this.overflows = new SignedOverflows(semantics.intType());
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
                guard(st.index(), a.loc());
                guard(st.value(), a.loc());
            }
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

    /** Precedes the evaluation of {@code e} by the guard that no signed operation in it overflows. */
    private void guard(Expr e, SourceLoc loc) {
        if (signedOverflow == SignedOverflow.WRAP) {
            return;
        }
        Expr noOverflow = overflows.noOverflow(e);
        if (noOverflow == null) {
            return;
        }
        if (signedOverflow == SignedOverflow.UNDEFINED) {
            current.add(new Stmt.Assume(noOverflow, loc));
        } else {
            current.add(new Stmt.Assert(noOverflow, SignedOverflows.ASSERTION_TEXT, loc));
            continueIn(newBlock());
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
