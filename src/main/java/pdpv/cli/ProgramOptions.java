package pdpv.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;
import pdpv.semantics.SignedOverflow;

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

    @Option(names = "--signed-overflow", paramLabel = "MODE", defaultValue = "wrap",
            description = "what a signed overflow means: wrap (two's complement, gcc -fwrapv), undefined (runs that "
                    + "overflow are not executions: SV-COMP's reading for unreach-call), error (an overflow is a "
                    + "violation, gcc -ftrapv) (default: ${DEFAULT-VALUE})")
    SignedOverflow signedOverflow;

    /** Parses and lowers the program; user errors come as {@link pdpv.frontend.UserError}. */
    Program parse() {
        return FrontEnd.parse(file, new FrontEndOptions(function, dataModel, nondetGlobals, signedOverflow, false));
    }
}
