package pdpv.frontend;

import pdpv.semantics.DataModel;
import pdpv.semantics.UbReading;
import pdpv.semantics.UbReadings;
import pdpv.semantics.UndefinedBehaviour;

/**
 * Options of the front end: the entry function to verify, the data model that fixes the integer
 * widths, whether globals without initializer are inputs ({@code --nondet-globals}) instead of 0,
 * what each kind of undefined behaviour means ({@code --signed-overflow}, {@code --div-by-zero},
 * {@code --undefined-shift}: the lowering guards each operation that can have it with an
 * assumption or an assertion that it does not), and whether only overflows are violations
 * ({@code --property no-overflow.prp}: assertions, {@code reach_error()} and ERROR labels then end
 * a run without error, as SV-COMP's aborting {@code reach_error} does); and the preprocessor's
 * include directories and macros ({@code -I}, {@code -D}).
 */
public record FrontEndOptions(String function, DataModel dataModel, boolean nondetGlobals,
                              UbReadings readings, boolean overflowOnly, Preprocessor preprocessor) {
    /** No include directories or macros of the user's. */
    public FrontEndOptions(String function, DataModel dataModel, boolean nondetGlobals,
                           UbReadings readings, boolean overflowOnly) {
        this(function, dataModel, nondetGlobals, readings, overflowOnly, Preprocessor.NONE);
    }

    /** Every operation has SMT-LIB's meaning (signed overflow wraps), assertions are checked. */
    public FrontEndOptions(String function, DataModel dataModel, boolean nondetGlobals) {
        this(function, dataModel, nondetGlobals, UbReadings.smtlib(), false);
    }

    public FrontEndOptions {
        UbReading overflow = readings.of(UndefinedBehaviour.SIGNED_OVERFLOW);
        if (overflowOnly && overflow != UbReading.ERROR) {
            throw new IllegalArgumentException("the no-overflow property needs --signed-overflow error, not "
                    + UndefinedBehaviour.SIGNED_OVERFLOW.name(overflow));
        }
    }

    /** Entry {@code main}, ILP32, globals zero-initialized as C says. */
    public static FrontEndOptions defaults() {
        return new FrontEndOptions("main", DataModel.ILP32, false);
    }
}
