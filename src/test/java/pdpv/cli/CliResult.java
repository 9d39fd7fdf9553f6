package pdpv.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-process run of the command line: its exit code and what it printed; the tests' one way to call {@code pdpv}. */
public record CliResult(int code, String out, String err) {
    public static CliResult run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new CliResult(code, out.toString(), err.toString());
    }
}
