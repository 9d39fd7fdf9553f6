package pdpv.bench;

import java.util.List;

/**
 * A way of running a task: a PDPV subcommand (verify, chc, mc) and its extra arguments, or
 * ({@code exec}) an external tool's command line, whose first argument is the program and in
 * which {@code {file}} stands for the task's file, {@code {base}} for that path without its
 * extension and {@code {timeout}} for the time limit in seconds. An external tool answers as PDPV
 * does: {@code verdict: safe|unsafe|unknown} and {@code reason: ...} on standard output, exit code
 * 0, 10 or 20 (30 for input it rejects); see {@code scripts/abc-pdr}.
 */
public record Configuration(String name, String command, List<String> arguments) {
    public static final String EXEC = "exec";

    /** A peer tool's column (Spacer through {@code chc --solve}, or an external tool), not a configuration of PDPV itself. */
    public boolean isPeer() {
        return command.equals("chc") || isExternal();
    }

    public boolean isExternal() {
        return command.equals(EXEC);
    }
}
