package pdpv.bench;

import java.util.List;

/** A way of running a task: a PDPV subcommand (verify, chc, mc) and its extra arguments. */
public record Configuration(String name, String command, List<String> arguments) {
    /** A peer tool's column (Spacer through {@code chc --solve}), not a configuration of PDPV itself. */
    public boolean isPeer() {
        return command.equals("chc");
    }
}
