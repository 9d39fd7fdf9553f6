package pdpv.pdr.btor;

/** A BTOR2 input the reader does not accept, with the 1-based line it occurs on. */
public final class Btor2Exception extends RuntimeException {
    private final int line;

    public Btor2Exception(int line, String message) {
        super("line " + line + ": " + message);
        this.line = line;
    }

    public int line() {
        return line;
    }
}
