package pdpv.cli;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Entry point: dispatches to the subcommands and maps every outcome to an exit code. */
@Command(name = "pdpv", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Property Directed Program Verification: can any assertion in this C function fail?")
public final class Main implements Callable<Integer> {
    /** The subcommands, in the order the usage lists them. */
    static final List<Class<?>> SUBCOMMANDS = List.of(VerifyCommand.class, McCommand.class, AigerCommand.class, ChcCommand.class,
            BenchCommand.class, CheckWitnessCommand.class, DaikonTraceCommand.class);

    @Spec
    CommandSpec spec;


    public static void main(String[] args) {
        RunClock.ownProcess();
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs PDPV as the command line would and returns the exit code (used by tests too). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cmd = new CommandLine(new Main());
        addSubcommands(cmd, args);
        cmd.setOut(out);
        cmd.setErr(err);
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        cmd.setParameterExceptionHandler((ex, a) -> {
            err.println("error: " + ex.getMessage());
            err.println("usage: see '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'");
            if (java.util.Arrays.asList(a).contains("--json") || String.join(" ", a).matches(".*--format[ =](?i:json)\\b.*")) {
                printJsonError(out, null, "error: " + ex.getMessage());
            }
            return ExitCodes.BAD_INPUT;
        });
        cmd.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            err.println("internal error: " + ex);
            ex.printStackTrace(err);
            return ExitCodes.CRASH;
        });
        return cmd.execute(args);
    }

    /**
     * Registers the subcommand the first argument names, or every subcommand when it names none
     * (usage, --help, --version, a misspelt name). picocli reads a subcommand's options by reflection
     * when it is registered; all seven took about 0.06 s of processor time at every start, the
     * same for every bench row (invgen-bench/results/2026-11-26-startup).
     */
    static void addSubcommands(CommandLine cmd, String[] args) {
        String first = args.length > 0 ? args[0] : "";
        List<Class<?>> named = SUBCOMMANDS.stream().filter(c -> c.getAnnotation(Command.class).name().equals(first)).toList();
        for (Class<?> c : named.isEmpty() ? SUBCOMMANDS : named) {
            cmd.addSubcommand(c);
        }
    }

    /** An error as the one JSON object {@code --json} promises: {@code file} (when known), {@code verdict: "error"}, {@code error}. */
    static void printJsonError(PrintWriter out, String file, String message) {
        JsonObject o = new JsonObject();
        if (file != null) {
            o.addProperty("file", file);
        }
        o.addProperty("verdict", "error");
        o.addProperty("error", message.startsWith("error: ") ? message.substring("error: ".length()) : message);
        o.addProperty("exit_code", ExitCodes.BAD_INPUT);
        out.println(new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(o));
        out.flush();
    }

    /** Without a command: the usage, once, on standard error, as for any other bad command line. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.BAD_INPUT;
    }
}
