package pdpv.encode.chc;

/** An IR operation that the integer reading of {@link IntegerExprEncoder} cannot express. */
public final class IntegerEncodingException extends RuntimeException {
    public IntegerEncodingException(String message) {
        super(message);
    }
}
