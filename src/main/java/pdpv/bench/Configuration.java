package pdpv.bench;

import java.util.List;

/** A way of running a task: a PDPV subcommand (verify, chc) and its extra arguments. */
public record Configuration(String name, String command, List<String> arguments) {
}
