package pdpv.frontend;

import pdpv.semantics.DataModel;

/**
 * Options of the front end: the entry function to verify, the data model that fixes the integer
 * widths, and whether globals without initializer are inputs ({@code --nondet-globals}) instead of 0.
 */
public record FrontEndOptions(String function, DataModel dataModel, boolean nondetGlobals) {
    /** Entry {@code main}, ILP32, globals zero-initialized as C says. */
    public static FrontEndOptions defaults() {
        return new FrontEndOptions("main", DataModel.ILP32, false);
    }
}
