package pdpv.daikon;

import pdpv.cfg.Variable;

/**
 * A loop variable as a likely invariant reads it at the loop head (thesis §6.1): its value there,
 * or with {@code old} its value when the loop was entered (Daikon's {@code orig(x)}, printed
 * {@code \old(x)}); or, with {@code cell} at least 0, the cell of that index of a small
 * one-dimensional array the loop writes (issue #20: {@code h[2]}, a term of its own for the miner,
 * {@link LoopSamples}). Values are the C values of the variable's (element) type, signed or unsigned.
 */
public record Term(Variable variable, boolean old, long cell) {
    /** A scalar's term. */
    public Term(Variable variable, boolean old) {
        this(variable, old, -1);
    }

    /** Whether this is the term of an array's cell. */
    public boolean isCell() {
        return cell >= 0;
    }

    /** The name the user wrote ({@code h[2]} for a cell), {@code \old(...)} around it for an entry value. */
    @Override
    public String toString() {
        String name = (variable.sourceName() != null ? variable.sourceName() : variable.name()) + (isCell() ? "[" + cell + "]" : "");
        return old ? "\\old(" + name + ")" : name;
    }
}
