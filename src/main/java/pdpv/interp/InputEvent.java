package pdpv.interp;

import pdpv.cfg.Stmt;

/**
 * One input read by an interpretation run (thesis §4.3.2): the havoc statement, how many times it
 * had run before in this run (0-based), and the value it produced as bits normalized to the
 * target's width. For the havoc of an array (issue #20) an event is the first read of one of the
 * cells it made, {@code index} (raw index bits); for a scalar {@code index} is 0.
 */
public record InputEvent(Stmt.Havoc havoc, int occurrence, long value, long index) {
    /** The input of a scalar havoc. */
    public InputEvent(Stmt.Havoc havoc, int occurrence, long value) {
        this(havoc, occurrence, value, 0);
    }

    /** Whether this is a cell of an array havoc. */
    public boolean isCell() {
        return havoc.target().isArray();
    }
}
