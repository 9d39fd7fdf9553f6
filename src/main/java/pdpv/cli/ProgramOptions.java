package pdpv.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;

/** The C program a command reads and how: file, entry function, data model, reading of globals. */
final class ProgramOptions {
    @Parameters(paramLabel = "FILE", description = "C source file (.c or .i)")
    Path file;

    @Option(names = "--function", paramLabel = "NAME", defaultValue = "main",
            description = "entry function; its parameters are inputs (default: ${DEFAULT-VALUE})")
    String function;

    @Option(names = "--data-model", paramLabel = "MODEL", defaultValue = "ILP32",
            description = "integer widths: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
    DataModel dataModel;

    @Option(names = "--nondet-globals",
            description = "globals without initializer are inputs (InvGen's reading) instead of zero")
    boolean nondetGlobals;

    /** Parses and lowers the program; user errors come as {@link pdpv.frontend.UserError}. */
    Program parse() {
        return FrontEnd.parse(file, new FrontEndOptions(function, dataModel, nondetGlobals));
    }
}
