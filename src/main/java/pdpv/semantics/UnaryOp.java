package pdpv.semantics;

/** C's unary operators after lowering: {@code -}, {@code ~} (operand type), {@code !} (int 0/1). */
public enum UnaryOp {
    NEG("-"), BIT_NOT("~"), LOG_NOT("!");

    private final String symbol;

    UnaryOp(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }
}
