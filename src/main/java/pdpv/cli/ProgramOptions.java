package pdpv.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import pdpv.bench.InputError;
import pdpv.bench.Property;
import pdpv.bench.SvcompTask;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.frontend.Preprocessor;
import pdpv.semantics.DataModel;
import pdpv.semantics.UbReading;
import pdpv.semantics.UbReadings;
import pdpv.semantics.UndefinedBehaviour;

/**
 * The C program a command reads and how: file (or SV-COMP task definition), include directories
 * and macros of the preprocessor, entry function, data model, reading of globals and of undefined
 * behaviour, and the property checked.
 */
final class ProgramOptions {
    @Parameters(index = "0", paramLabel = "FILE", description = "C source file (.c or .i), or an SV-COMP task definition (.yml)")
    Path file;

    @Option(names = "-I", paramLabel = "DIR",
            description = "search DIR for included headers (after the including file's folder for #include \"h\", "
                    + "before PDPV's built-in standard headers), as gcc -I; repeatable")
    List<Path> includeDirs = new ArrayList<>();

    @Option(names = "-D", paramLabel = "NAME[=VALUE]",
            description = "define the macro NAME (as 1, or as VALUE) before the file's first line, as gcc -D; repeatable")
    List<String> macros = new ArrayList<>();

    @Option(names = "--function", paramLabel = "NAME", defaultValue = "main",
            description = "entry function; its parameters are inputs (default: ${DEFAULT-VALUE})")
    String function;

    @Option(names = "--data-model", paramLabel = "MODEL", defaultValue = "ILP32",
            description = "integer widths: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
    DataModel dataModel;

    @Option(names = "--32", description = "the same as --data-model ILP32")
    boolean ilp32;

    @Option(names = "--64", description = "the same as --data-model LP64")
    boolean lp64;

    @Option(names = "--nondet-globals",
            description = "globals without initializer are inputs (InvGen's reading) instead of zero")
    boolean nondetGlobals;

    @Mixin
    ReadingOptions readings;

    @Option(names = "--property", paramLabel = "FILE.prp",
            description = "the SV-COMP property to check: unreach-call.prp (the assertions) or no-overflow.prp "
                    + "(no signed overflow; assertions only end runs; other undefined behaviour is undefined); "
                    + "default: unreach-call, or the task's")
    Path property;

    /** The program as read: which C file, how, for which property, from which task (null for a C file). */
    record Input(Path program, FrontEndOptions options, Property property, SvcompTask task) {
        UbReadings readings() {
            return options.readings();
        }
    }

    /** Null when the options are valid, else the message for the user. */
    String problem() {
        if (ilp32 && lp64) {
            return "--32 and --64 exclude each other";
        }
        for (Path dir : includeDirs) {
            if (!Files.isDirectory(dir)) {
                return "-I " + dir + ": no such directory";
            }
        }
        try {
            preprocessor();
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        return null;
    }

    private Preprocessor preprocessor() {
        Map<String, String> defined = new LinkedHashMap<>();
        for (String m : macros) {
            Map.Entry<String, String> macro = Preprocessor.macro(m);
            defined.put(macro.getKey(), macro.getValue());
        }
        return new Preprocessor(includeDirs, defined);
    }

    /** Whether the data model was chosen on the command line. */
    boolean dataModelGiven(CommandLine.ParseResult parsed) {
        return ilp32 || lp64 || parsed.hasMatchedOption("--data-model");
    }

    /**
     * The readings of C an answer holds under, as a witness states them ({@link pdpv.witness.Task#readings()}):
     * for each kind of undefined behaviour, the option that sets its reading (without {@code --}) and
     * the reading's name, in {@link UndefinedBehaviour}'s order. A new kind flows through
     * {@code verify --witness} and {@code check-witness} with nothing added here.
     */
    static Map<String, String> readings(Input input) {
        Map<String, String> readings = new LinkedHashMap<>();
        for (UndefinedBehaviour kind : UndefinedBehaviour.values()) {
            readings.put(kind.option(), kind.name(input.readings().of(kind)));
        }
        return readings;
    }

    /**
     * Takes each reading that {@code stated} gives (a witness's) and the command line leaves open;
     * a reading the command line gives stays, and a witness that says otherwise is then rejected.
     */
    void adopt(Map<String, String> stated, CommandLine.ParseResult parsed) {
        for (UndefinedBehaviour kind : UndefinedBehaviour.values()) {
            String name = stated.get(kind.option());
            if (name != null && !parsed.hasMatchedOption("--" + kind.option())) {
                UbReading reading = kind.reading(name);
                if (reading == null) {
                    throw new InputError("the witness states --" + kind.option() + " " + name + " (expected "
                            + kind.name(UbReading.DEFINED) + ", undefined or error)");
                }
                readings.set(kind, reading);
            }
        }
    }

    /** Resolves file, task and options; problems with them are {@link InputError}s. */
    Input resolve() {
        String problem = problem();
        if (problem != null) {
            throw new InputError(problem);
        }
        Property wanted = null;
        if (property != null) {
            wanted = Property.ofFile(property.toString());
            if (wanted == null) {
                throw new InputError("--property " + property + ": PDPV checks unreach-call.prp and no-overflow.prp only");
            }
        }
        Path program = file;
        DataModel model = lp64 ? DataModel.LP64 : ilp32 ? DataModel.ILP32 : dataModel;
        SvcompTask task = null;
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".yml") || name.endsWith(".yaml")) {
            task = SvcompTask.read(file);
            wanted = task.expectation(wanted).property();
            program = task.program();
            model = DataModel.valueOf(task.dataModel());
        }
        boolean svcomp = task != null || wanted != null;
        Property checked = wanted == null ? Property.UNREACH_CALL : wanted;
        UbReadings ub = readings.resolve(svcomp);
        if (checked == Property.NO_OVERFLOW) {
            if (readings.given(UndefinedBehaviour.SIGNED_OVERFLOW) != null && ub.of(UndefinedBehaviour.SIGNED_OVERFLOW) != UbReading.ERROR) {
                throw new InputError("the no-overflow property needs --signed-overflow error, not "
                        + UndefinedBehaviour.SIGNED_OVERFLOW.name(ub.of(UndefinedBehaviour.SIGNED_OVERFLOW)));
            }
            ub = ub.with(UndefinedBehaviour.SIGNED_OVERFLOW, UbReading.ERROR);
        }
        return new Input(program, new FrontEndOptions(function, model, nondetGlobals, ub,
                checked == Property.NO_OVERFLOW, preprocessor()), checked, task);
    }

    /** Resolves and parses; see {@link #resolve()} and {@link #parse(Input)}. */
    Program parse() {
        return parse(resolve());
    }

    /** Parses and lowers the program; user errors come as {@link pdpv.frontend.UserError}. */
    Program parse(Input input) {
        return FrontEnd.parse(input.program(), input.options());
    }
}
