package pdpv.encode.chc;

/** How {@link ChcExporter} reads the program's data in the Large Step Encoding (Gurfinkel 2018 slides). */
public enum ChcEncoding {
    /** Bit-vectors with PDPV's exact C semantics (thesis §4.3.1's QF_BV reading). */
    BIT_VECTOR,
    /** Mathematical integers, ignoring wrap-around: see {@link IntegerExprEncoder}. */
    INTEGER
}
