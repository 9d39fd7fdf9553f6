package pdpv.frontend;

import pdpv.semantics.DataModel;
import pdpv.semantics.SignedOverflow;

/**
 * Options of the front end: the entry function to verify, the data model that fixes the integer
 * widths, whether globals without initializer are inputs ({@code --nondet-globals}) instead of 0,
 * what a signed overflow means ({@code --signed-overflow}: the lowering guards each signed
 * operation with an assumption or an assertion that it does not overflow), and whether only
 * overflows are violations ({@code --property no-overflow.prp}: assertions, {@code reach_error()}
 * and ERROR labels then end a run without error, as SV-COMP's aborting {@code reach_error} does);
 * and the preprocessor's include directories and macros ({@code -I}, {@code -D}).
 */
public record FrontEndOptions(String function, DataModel dataModel, boolean nondetGlobals,
                              SignedOverflow signedOverflow, boolean overflowOnly, Preprocessor preprocessor) {
    /** No include directories or macros of the user's. */
    public FrontEndOptions(String function, DataModel dataModel, boolean nondetGlobals,
                           SignedOverflow signedOverflow, boolean overflowOnly) {
        this(function, dataModel, nondetGlobals, signedOverflow, overflowOnly, Preprocessor.NONE);
    }

    /** Signed overflow wraps, assertions are checked. */
    public FrontEndOptions(String function, DataModel dataModel, boolean nondetGlobals) {
        this(function, dataModel, nondetGlobals, SignedOverflow.WRAP, false);
    }

    public FrontEndOptions {
        if (overflowOnly && signedOverflow != SignedOverflow.ERROR) {
            throw new IllegalArgumentException("the no-overflow property needs --signed-overflow error, not " + signedOverflow);
        }
    }

    /** Entry {@code main}, ILP32, globals zero-initialized as C says. */
    public static FrontEndOptions defaults() {
        return new FrontEndOptions("main", DataModel.ILP32, false);
    }
}
