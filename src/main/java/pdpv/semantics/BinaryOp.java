package pdpv.semantics;

/**
 * C's binary operators after lowering: both operands already converted to one common type
 * (the usual arithmetic conversions, or the promoted left type for shifts). Arithmetic
 * operators yield that type, comparisons yield {@code int} 0 or 1.
 */
public enum BinaryOp {
    ADD("+"), SUB("-"), MUL("*"), DIV("/"), REM("%"), SHL("<<"), SHR(">>"),
    AND("&"), OR("|"), XOR("^"),
    EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

    private final String symbol;

    BinaryOp(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    public boolean isComparison() {
        return ordinal() >= EQ.ordinal();
    }
}
