package pdpv.cli;

import com.microsoft.z3.Context;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import pdpv.bench.InputError;
import pdpv.cfg.Program;
import pdpv.encode.chc.ChcEncoding;
import pdpv.encode.chc.ChcExporter;
import pdpv.encode.chc.IntegerEncodingException;
import pdpv.encode.chc.SpacerResult;
import pdpv.encode.chc.SpacerRunner;
import pdpv.frontend.UserError;

/**
 * {@code pdpv chc FILE.c}: the program as constrained Horn clauses in SMT-LIB (the Large Step
 * Encoding of Gurfinkel's 2018 slides, issue #5), optionally solved with Z3's Spacer.
 */
@Command(name = "chc", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Write a C function as constrained Horn clauses (SMT-LIB, set-logic HORN), one predicate per"
                + " loop head; with --solve, decide them with Z3's Spacer instead of printing them.")
final class ChcCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ProgramOptions input;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write the clauses here (default: standard output)")
    Path output;

    @Option(names = "--int", description = "mathematical integers instead of bit-vectors: ignores wrap-around (unsound,"
            + " InvGen's and IMPACT's reading); rejects bitwise operators")
    boolean integers;

    @Option(names = "--solve", description = "solve the clauses with Spacer and print the verdict (exit 0 safe, 10 unsafe,"
            + " 20 unknown); the clauses are printed only with -o")
    boolean solve;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "0",
            description = "with --solve: give up with verdict unknown after this many seconds; 0 = none")
    double timeoutSeconds;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        String unwritable = OutputPaths.file("-o", output);
        if (unwritable != null) {
            err.println("error: " + unwritable);
            return ExitCodes.BAD_INPUT;
        }
        if (timeoutSeconds < 0) {
            err.println("error: --timeout must not be negative, found " + timeoutSeconds);
            return ExitCodes.BAD_INPUT;
        }
        String text;
        try (Context ctx = new Context()) {
            Program program = input.parse();
            text = ChcExporter.export(ctx, program, integers ? ChcEncoding.INTEGER : ChcEncoding.BIT_VECTOR).toSmtLib();
        } catch (UserError u) {
            err.println(u.render());
            return ExitCodes.BAD_INPUT;
        } catch (InputError e) {
            err.println("error: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        } catch (IntegerEncodingException e) {
            err.println("error: --int: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        PrintWriter out = spec.commandLine().getOut();
        if (output != null) {
            Files.writeString(output, text, StandardCharsets.UTF_8);
        } else if (!solve) {
            out.print(text);
            out.flush();
        }
        if (!solve) {
            return ExitCodes.SAFE;
        }
        SpacerResult result = SpacerRunner.solve(text, Duration.ofMillis((long) (timeoutSeconds * 1000)));
        out.println("verdict: " + result.verdict().word());
        out.println("reason: " + result.reason());
        out.println("encoding: " + (integers ? "mathematical integers (no wrap-around)" : "bit-vectors"));
        out.println(String.format(Locale.ROOT, "time: %.2f s", result.time().toNanos() / 1e9));
        out.flush();
        return switch (result.verdict()) {
            case SAFE -> ExitCodes.SAFE;
            case UNSAFE -> ExitCodes.UNSAFE;
            case UNKNOWN -> ExitCodes.UNKNOWN;
        };
    }
}
