package pdpv.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.frontend.UserError;
import pdpv.semantics.DataModel;
import pdpv.witness.Witness;
import pdpv.witness.WitnessError;
import pdpv.witness.WitnessReader;
import pdpv.witness.WitnessValidator;

/**
 * {@code pdpv check-witness FILE.c WITNESS.yml}: confirms or rejects a format 2.0 witness with the
 * validator of package {@code witness}. The entry function and the data model come from the witness;
 * undefined behaviour is read as {@code verify} reads it for a C file, or as the options say.
 */
@Command(name = "check-witness", mixinStandardHelpOptions = true,
        description = "Confirm or reject an SV-COMP witness (format 2.0) for a C file: "
                + "exit 0 confirmed, 60 rejected, 30 bad input.")
final class CheckWitnessCommand implements Callable<Integer> {
    private static final Pattern ENTRY = Pattern.compile("init\\(\\s*([A-Za-z_]\\w*)\\s*\\(\\s*\\)\\s*\\)");

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the C file (.c or .i)")
    Path file;

    @Parameters(index = "1", paramLabel = "WITNESS", description = "the witness (YAML, format 2.0)")
    Path witnessFile;

    @Option(names = "--nondet-globals",
            description = "globals without initializer are inputs (InvGen's reading), as `verify --nondet-globals` read them")
    boolean nondetGlobals;

    @Mixin
    ReadingOptions readings;

    @Override
    public Integer call() {
        try {
            if (!Files.isRegularFile(witnessFile)) {
                throw new WitnessError("no such file");
            }
            Witness witness = WitnessReader.read(Files.readString(witnessFile, StandardCharsets.UTF_8));
            Matcher m = ENTRY.matcher(witness.metadata().specification());
            String function = m.find() ? m.group(1) : "main";
            DataModel model = DataModel.valueOf(witness.metadata().dataModel());
            Program program = FrontEnd.parse(file, new FrontEndOptions(function, model, nondetGlobals,
                    readings.resolve(false), false));
            WitnessValidator.Outcome o = WitnessValidator.check(file, program, witness);
            if (o.confirmed()) {
                spec.commandLine().getOut().println("witness confirmed: " + o.kind());
                return ExitCodes.SAFE;
            }
            spec.commandLine().getOut().println("witness rejected: " + o.kind() + ": " + o.reason());
            return ExitCodes.WITNESS_REJECTED;
        } catch (UserError e) {
            spec.commandLine().getErr().println(e.render());
        } catch (WitnessError | IllegalArgumentException e) {
            spec.commandLine().getErr().println(witnessFile + ": error: " + e.getMessage());
        } catch (IOException e) {
            spec.commandLine().getErr().println(witnessFile + ": error: cannot read: " + e.getMessage());
        }
        return ExitCodes.BAD_INPUT;
    }
}
