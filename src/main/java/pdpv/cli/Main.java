package pdpv.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point: dispatches to the subcommands and maps every outcome to an exit code. */
@Command(name = "pdpv", mixinStandardHelpOptions = true, version = "pdpv 0.1.0",
        description = "Property Directed Program Verification: can any assertion in this C function fail?",
        subcommands = {VerifyCommand.class, McCommand.class, ChcCommand.class, BenchCommand.class, DaikonTraceCommand.class})
public final class Main implements Runnable {

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs PDPV as the command line would and returns the exit code (used by tests too). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cmd = new CommandLine(new Main());
        cmd.setOut(out);
        cmd.setErr(err);
        cmd.setParameterExceptionHandler((ex, a) -> {
            err.println("error: " + ex.getMessage());
            err.println("usage: see 'pdpv " + ex.getCommandLine().getCommandName() + " --help'");
            return ExitCodes.BAD_INPUT;
        });
        cmd.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            err.println("internal error: " + ex);
            ex.printStackTrace(err);
            return ExitCodes.CRASH;
        });
        return cmd.execute(args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing command (verify, mc, chc, bench or daikon-trace)");
    }
}
