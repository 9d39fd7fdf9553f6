package pdpv.pdr.btor;

import com.microsoft.z3.BoolExpr;

/**
 * One {@code bad} line of a model: the {@code index}-th bad property (counted from 0, as BTOR2
 * witnesses name them b0, b1, ...), its line, optional symbol and condition over x and i.
 */
public record Btor2Property(int index, int line, String symbol, BoolExpr condition) {

    /** How the property is shown to the user, e.g. {@code b0 "overflow" (line 7)}. */
    public String describe() {
        return "b" + index + (symbol != null ? " \"" + symbol + "\"" : "") + " (line " + line + ")";
    }
}
