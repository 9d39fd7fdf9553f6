package pdpv.cegar;

import java.nio.file.Path;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;

/** Lowers a program of {@code examples/} (function {@code main}, ILP32) to the IR for the tests of this package. */
final class CProgram {
    private CProgram() {
    }

    /** The program {@code examples/NAME}, the same file the command-line examples test runs. */
    static Program example(String name) {
        return FrontEnd.parse(Path.of("examples", name), new FrontEndOptions("main", DataModel.ILP32, false));
    }
}
