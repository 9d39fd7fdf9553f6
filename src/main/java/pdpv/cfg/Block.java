package pdpv.cfg;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A basic block: statements, then a terminator. Built mutable by the front end and frozen when
 * the {@link Program} is created; an {@link Stmt.Assert} may only be the last statement.
 */
public final class Block {
    private final int id;
    private final List<Stmt> statements = new ArrayList<>();
    private Terminator terminator;
    private SourceLoc loopStatement;
    private boolean frozen;

    public Block(int id) {
        this.id = id;
    }

    public int id() {
        return id;
    }

    public List<Stmt> statements() {
        return Collections.unmodifiableList(statements);
    }

    public Terminator terminator() {
        return terminator;
    }

    /** Appends a statement; fails if the block already ends with an assertion. */
    public void add(Stmt s) {
        checkOpen();
        if (!statements.isEmpty() && statements.get(statements.size() - 1) instanceof Stmt.Assert) {
            throw new IllegalStateException("B" + id + ": an assertion must be the last statement of its block");
        }
        statements.add(s);
    }

    public boolean endsWithAssert() {
        return !statements.isEmpty() && statements.get(statements.size() - 1) instanceof Stmt.Assert;
    }

    public void setTerminator(Terminator t) {
        checkOpen();
        this.terminator = t;
    }

    /**
     * Where the iteration statement ({@code while}, {@code do}, {@code for}) whose condition or body
     * this block starts begins, at its keyword; null for other blocks. Witnesses name loops by it.
     */
    public SourceLoc loopStatement() {
        return loopStatement;
    }

    public void setLoopStatement(SourceLoc loc) {
        checkOpen();
        this.loopStatement = loc;
    }

    public boolean hasTerminator() {
        return terminator != null;
    }

    /**
     * Where the block is, for the user: its branch's location, else its first statement's (for a
     * loop head, where the loop is); unknown if it has neither.
     */
    public SourceLoc location() {
        if (terminator instanceof Terminator.Branch b) {
            return b.loc();
        }
        return statements.isEmpty() ? SourceLoc.UNKNOWN : statements.get(0).loc();
    }

    /** Successor blocks in terminator order (true branch first). */
    public List<Block> successors() {
        if (terminator instanceof Terminator.Jump j) {
            return List.of(j.target());
        }
        if (terminator instanceof Terminator.Branch b) {
            return b.ifTrue() == b.ifFalse() ? List.of(b.ifTrue()) : List.of(b.ifTrue(), b.ifFalse());
        }
        return List.of();
    }

    void freeze() {
        if (terminator == null) {
            throw new IllegalStateException("B" + id + " has no terminator");
        }
        frozen = true;
    }

    private void checkOpen() {
        if (frozen) {
            throw new IllegalStateException("B" + id + " is frozen");
        }
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("B" + id + ":\n");
        for (Stmt s : statements) {
            sb.append("  ").append(s).append('\n');
        }
        sb.append("  ").append(terminator).append('\n');
        return sb.toString();
    }
}
