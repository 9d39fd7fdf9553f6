package pdpv.interp;

import pdpv.cfg.Stmt;

/**
 * One input read by an interpretation run (thesis §4.3.2): the havoc statement, how many times it
 * had run before in this run (0-based), and the value it produced as bits normalized to the
 * target's width.
 */
public record InputEvent(Stmt.Havoc havoc, int occurrence, long value) {
}
