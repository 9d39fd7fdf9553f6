package pdpv.interp;

import java.util.HashSet;
import java.util.Set;
import pdpv.cfg.Block;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;
import pdpv.cfg.VariableUses;

/**
 * Watches a replay of a program with skipped loops ({@link pdpv.cfg.ProgramSlice}): the values a
 * skipped loop's havocs write are unknown (the replay gives them some value, not the loop's), and so
 * is whatever is computed from them; the replay stands for a run of the real program only if no
 * assertion, assumption or branch reads an unknown value. Dynamic taint tracking over the
 * variables (an array is unknown as a whole once an unknown value or index goes into it).
 */
public final class UnknownValues implements BlockObserver {
    private final Set<Variable> unknown = new HashSet<>();
    private Block previous;
    private SourceLoc firstRead;

    @Override
    public boolean watchesStatements() {
        return true;
    }

    @Override
    public void entered(Block block, State state) {
        if (previous != null && previous.terminator() instanceof Terminator.Branch br && readsUnknown(VariableUses.reads(br))) {
            note(br.loc());
        }
        previous = block;
    }

    @Override
    public void executed(Stmt statement, State state) {
        if (statement instanceof Stmt.Havoc h) {
            if (h.reason() == Stmt.Havoc.Reason.SKIPPED_LOOP) {
                unknown.add(h.target());
            } else {
                unknown.remove(h.target());
            }
        } else if (statement instanceof Stmt.Assume || statement instanceof Stmt.Assert) {
            if (readsUnknown(VariableUses.reads(statement))) {
                note(statement.loc());
            }
        } else {
            Variable target = VariableUses.written(statement);
            if (readsUnknown(VariableUses.reads(statement))) {
                unknown.add(target);
            } else {
                unknown.remove(target);
            }
        }
    }

    /** Where the run first let an unknown value decide something (a check or a branch), or null if it never did. */
    public SourceLoc firstRead() {
        return firstRead;
    }

    private boolean readsUnknown(Set<Variable> reads) {
        for (Variable v : reads) {
            if (unknown.contains(v)) {
                return true;
            }
        }
        return false;
    }

    private void note(SourceLoc loc) {
        if (firstRead == null) {
            firstRead = loc;
        }
    }
}
