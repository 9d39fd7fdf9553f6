package pdpv.daikon;

import pdpv.cfg.Variable;

/**
 * A loop variable as a likely invariant reads it at the loop head (thesis §6.1): its value there,
 * or with {@code old} its value when the loop was entered (Daikon's {@code orig(x)}, printed
 * {@code \old(x)}). Values are the C values of the variable's type, signed or unsigned.
 */
public record Term(Variable variable, boolean old) {
    /** The name the user wrote, {@code \old(...)} around it for an entry value. */
    @Override
    public String toString() {
        String name = variable.sourceName() != null ? variable.sourceName() : variable.name();
        return old ? "\\old(" + name + ")" : name;
    }
}
