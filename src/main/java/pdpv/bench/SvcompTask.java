package pdpv.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * An SV-COMP task definition, format 2.0 (sv-benchmarks' {@code README}, "Task Definitions"):
 * the program ({@code input_files}, one file, relative to the task), its properties with their
 * expected verdicts, and the data model ({@code options.data_model}, ILP32 when absent).
 *
 * @param program    the C file to verify
 * @param dataModel  {@code ILP32} or {@code LP64}
 * @param properties the properties PDPV knows, in the task's order (others are left out)
 */
public record SvcompTask(Path file, Path program, String dataModel, List<Expectation> properties) {

    /** One property of the task and its expected verdict (true: holds), if the task states one. */
    public record Expectation(Property property, Optional<Boolean> expectedVerdict) {
        /** {@code safe} for a property that holds, {@code unsafe} for one that does not, else empty. */
        public Optional<String> expectedAnswer() {
            return expectedVerdict.map(holds -> holds ? "safe" : "unsafe");
        }
    }

    /** Reads a task definition; every problem with it is an {@link InputError} that names the file. */
    public static SvcompTask read(Path file) {
        Object doc;
        try {
            doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(file));
        } catch (IOException e) {
            throw new InputError(file + ": " + (Files.exists(file) ? "cannot read the task definition" : "no such file"));
        } catch (YAMLException e) {
            throw new InputError(file + ": not a YAML task definition: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (!(doc instanceof Map<?, ?> task)) {
            throw new InputError(file + ": not an SV-COMP task definition (expected a mapping with input_files and properties)");
        }
        Object format = task.get("format_version");
        if (format != null && !String.valueOf(format).startsWith("2.")) {
            throw new InputError(file + ": task definition format " + format + " is not supported (expected 2.0)");
        }
        Path program = program(file, task.get("input_files"));
        String dataModel = "ILP32";
        if (task.get("options") instanceof Map<?, ?> options && options.get("data_model") != null) {
            dataModel = String.valueOf(options.get("data_model"));
            if (!dataModel.equals("ILP32") && !dataModel.equals("LP64")) {
                throw new InputError(file + ": data_model " + dataModel + " is not supported (expected ILP32 or LP64)");
            }
        }
        List<Expectation> properties = new ArrayList<>();
        if (!(task.get("properties") instanceof List<?> list)) {
            throw new InputError(file + ": the task has no list of properties");
        }
        for (Object entry : list) {
            if (entry instanceof Map<?, ?> p && p.get("property_file") != null) {
                Property property = Property.ofFile(String.valueOf(p.get("property_file")));
                Object expected = p.get("expected_verdict");
                if (property != null) {
                    properties.add(new Expectation(property,
                            expected instanceof Boolean b ? Optional.of(b) : Optional.empty()));
                }
            }
        }
        return new SvcompTask(file, program, dataModel, List.copyOf(properties));
    }

    /** The task's expectation for {@code property}, or for its first property PDPV checks when null. */
    public Expectation expectation(Property property) {
        for (Expectation e : properties) {
            if (property == null || e.property() == property) {
                return e;
            }
        }
        throw new InputError(file + ": the task has no property " + (property == null
                ? "PDPV checks (unreach-call.prp or no-overflow.prp)" : property + ".prp"));
    }

    private static Path program(Path file, Object inputFiles) {
        Object single = inputFiles instanceof List<?> l && l.size() == 1 ? l.get(0) : inputFiles;
        if (inputFiles instanceof List<?> l && l.size() > 1) {
            throw new InputError(file + ": tasks of several input files are not supported");
        }
        if (!(single instanceof String name) || name.isBlank()) {
            throw new InputError(file + ": the task names no input file (input_files)");
        }
        return file.getParent() == null ? Path.of(name) : file.getParent().resolve(name).normalize();
    }
}
