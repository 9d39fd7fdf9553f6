package pdpv.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import pdpv.bench.InputError;
import pdpv.bench.Property;
import pdpv.cfg.Program;
import pdpv.frontend.UserError;
import pdpv.semantics.DataModel;
import pdpv.semantics.UndefinedBehaviour;
import pdpv.witness.Task;
import pdpv.witness.Witness;
import pdpv.witness.WitnessError;
import pdpv.witness.WitnessReader;
import pdpv.witness.WitnessValidator;

/**
 * {@code pdpv check-witness FILE.c WITNESS.yml}: confirms or rejects a format 2.0 witness with the
 * validator of package {@code witness}, for the task it was asked to check: the property, entry
 * function, data model and readings of C given as options, and for each one not given, the one the
 * witness states (its specification, {@code data_model} and producer configuration; SV-COMP's
 * reading of the property where it states none). A witness for anything else is rejected; the
 * result line names what was checked.
 */
@Command(name = "check-witness", mixinStandardHelpOptions = true,
        description = "Confirm or reject an SV-COMP witness (format 2.0) for a C file: "
                + "exit 0 confirmed, 60 rejected, 30 bad input. Property, entry function, data model and "
                + "--signed-overflow are those given, else those the witness states.")
final class CheckWitnessCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProgramOptions input;

    @Parameters(index = "1", paramLabel = "WITNESS", description = "the witness (YAML, format 2.0)")
    Path witnessFile;

    @Option(names = "--max-steps", paramLabel = "N",
            description = "a violation witness's replay stops after N steps (statements and branches) and the witness is "
                    + "rejected (default: ${DEFAULT-VALUE}, a run of 10^8 iterations of a small loop, seconds in the compiled "
                    + "interpreter)")
    long maxSteps = WitnessValidator.DEFAULT_MAX_STEPS;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            if (maxSteps < 1) {
                err.println("error: --max-steps must be at least 1");
                return ExitCodes.BAD_INPUT;
            }
            if (!Files.isRegularFile(witnessFile)) {
                throw new WitnessError("no such file");
            }
            Witness witness = WitnessReader.read(Files.readString(witnessFile, StandardCharsets.UTF_8));
            String kind = witness instanceof Witness.Correctness ? "correctness witness" : "violation witness";
            Witness.Metadata metadata = witness.metadata();
            Task.Specification stated = Task.parse(metadata.specification());
            if (stated == null) {
                out.println("witness rejected: " + kind + ": its specification '" + metadata.specification().strip()
                        + "' is none that check-witness checks (" + Task.UNREACH_CALL + ": CHECK( init(main()), LTL(G ! call(reach_error())) ), "
                        + Task.NO_OVERFLOW + ": CHECK( init(main()), LTL(G ! overflow) ))");
                return ExitCodes.WITNESS_REJECTED;
            }
            var parsed = spec.commandLine().getParseResult();
            if (!parsed.hasMatchedOption("--function")) {
                input.function = stated.function();
            }
            if (!input.dataModelGiven(parsed)) {
                input.dataModel = java.util.Arrays.stream(DataModel.values()).filter(m -> m.name().equals(metadata.dataModel()))
                        .findFirst().orElseThrow(() -> new WitnessError("data_model " + metadata.dataModel() + " (expected ILP32 or LP64)"));
            }
            if (input.property == null) {
                input.property = Path.of(stated.property() + ".prp");
            }
            // the no-overflow property fixes the overflow reading (error): a witness that states another is rejected below
            Map<String, String> statedReadings = new java.util.LinkedHashMap<>(metadata.readings());
            if (Property.ofFile(input.property.toString()) == Property.NO_OVERFLOW) {
                statedReadings.remove(UndefinedBehaviour.SIGNED_OVERFLOW.option());
            }
            input.adopt(statedReadings, parsed);
            ProgramOptions.Input resolved = input.resolve();
            Map<String, String> readings = ProgramOptions.readings(resolved);
            String task = describe(resolved);
            String mismatch = mismatch(resolved, readings, stated, metadata);
            if (mismatch != null) {
                out.println("witness rejected: " + kind + " (" + task + "): " + mismatch);
                return ExitCodes.WITNESS_REJECTED;
            }
            Program program = input.parse(resolved);
            WitnessValidator.Outcome o = WitnessValidator.check(resolved.program(), program, witness, maxSteps);
            if (o.confirmed()) {
                out.println("witness confirmed: " + o.kind() + " (" + task + ")");
                return ExitCodes.SAFE;
            }
            out.println("witness rejected: " + o.kind() + " (" + task + "): " + o.reason());
            return ExitCodes.WITNESS_REJECTED;
        } catch (UserError e) {
            err.println(e.render());
        } catch (InputError e) {
            err.println("error: " + e.getMessage());
        } catch (WitnessError | IllegalArgumentException e) {
            err.println(witnessFile + ": error: " + e.getMessage());
        } catch (IOException e) {
            err.println(witnessFile + ": error: cannot read: " + e.getMessage());
        }
        return ExitCodes.BAD_INPUT;
    }

    /** What is checked, for the result line: {@code unreach-call, entry main, ILP32, signed overflow undefined, division by zero undefined, undefined shift undefined}. */
    private static String describe(ProgramOptions.Input resolved) {
        StringBuilder sb = new StringBuilder(resolved.property() + ", entry " + resolved.options().function() + ", "
                + resolved.options().dataModel() + ", " + resolved.readings());
        if (resolved.options().nondetGlobals()) {
            sb.append(", globals are inputs");
        }
        return sb.toString();
    }

    /** Null if the witness is about the task checked, else how it differs. */
    private static String mismatch(ProgramOptions.Input resolved, Map<String, String> readings, Task.Specification stated,
            Witness.Metadata metadata) {
        Property property = resolved.property();
        if (!property.toString().equals(stated.property())) {
            return "the witness is for the property " + stated.property() + ", not " + property;
        }
        if (!resolved.options().function().equals(stated.function())) {
            return "the witness is for the entry function " + stated.function() + ", not " + resolved.options().function();
        }
        if (!resolved.options().dataModel().name().equals(metadata.dataModel())) {
            return "the witness is for the data model " + metadata.dataModel() + ", not " + resolved.options().dataModel();
        }
        for (Map.Entry<String, String> r : metadata.readings().entrySet()) {
            String checked = readings.get(r.getKey());
            if (checked != null && !checked.equals(r.getValue())) {
                return "the witness holds under --" + r.getKey() + " " + r.getValue() + ", not " + checked;
            }
        }
        return null;
    }
}
