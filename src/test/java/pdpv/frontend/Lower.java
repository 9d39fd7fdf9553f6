package pdpv.frontend;

import pdpv.cfg.Program;
import pdpv.semantics.DataModel;

/** Test helpers: lower a C snippet named {@code t.c} and check that the result is well typed. */
final class Lower {
    private Lower() {
    }

    static Program c(String source) {
        return WellTyped.check(FrontEnd.parse("t.c", source, FrontEndOptions.defaults()));
    }

    static Program c(String source, boolean nondetGlobals) {
        return WellTyped.check(FrontEnd.parse("t.c", source, new FrontEndOptions("main", DataModel.ILP32, nondetGlobals)));
    }

    static Program lp64(String source) {
        return WellTyped.check(FrontEnd.parse("t.c", source, new FrontEndOptions("main", DataModel.LP64, false)));
    }

    static IrEvaluator.Outcome run(String source, long... inputs) {
        return IrEvaluator.run(c(source), inputs);
    }
}
