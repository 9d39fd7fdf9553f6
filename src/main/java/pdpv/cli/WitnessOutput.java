package pdpv.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import pdpv.cegar.Verdict;
import pdpv.witness.Task;
import pdpv.witness.WitnessWriter;

/**
 * {@code verify --witness FILE}: the verdict's evidence as a format 2.0 witness. SAFE gives the
 * correctness witness of the certificate's invariants over the values at each loop head; UNSAFE the
 * violation witness of its inputs. Whatever the witness cannot say is a {@code note:} on stderr.
 */
final class WitnessOutput {
    /** An input read from a call, e.g. {@code __VERIFIER_nondet_int()}: the only inputs a witness can pin. */
    private static final Pattern CALL = Pattern.compile("[A-Za-z_]\\w*\\s*\\(.*\\)");
    private final Task task;
    private final PrintWriter err;

    WitnessOutput(Task task, PrintWriter err) {
        this.task = task;
        this.err = err;
    }

    /** Writes the witness of {@code verdict} to {@code out}; nothing for UNKNOWN. */
    void write(Verdict verdict, Path out) throws IOException {
        WitnessWriter writer = new WitnessWriter(task, Main.VERSION);
        String yaml;
        if (verdict.kind() == Verdict.Kind.SAFE) {
            List<WitnessWriter.LoopInvariant> invariants = new ArrayList<>();
            for (Verdict.LoopCertificate c : verdict.invariants()) {
                invariants.add(new WitnessWriter.LoopInvariant(c.statement(), c.atHead()));
                if (!c.oldDropped().isEmpty()) {
                    err.println("note: witness: the invariant of the loop at " + c.statement() + " relates "
                            + String.join(", ", c.oldDropped().stream().map(v -> "\\old(" + v + ")").toList())
                            + " to the current values; those conjuncts are left out (the rest is sound, maybe not inductive)");
                }
            }
            yaml = writer.correctness(invariants);
        } else if (verdict.kind() == Verdict.Kind.UNSAFE) {
            List<WitnessWriter.CallResult> results = new ArrayList<>();
            for (Verdict.InputValue in : verdict.inputs()) {
                if (CALL.matcher(in.source()).matches()) {
                    results.add(new WitnessWriter.CallResult(in.loc(), in.value()));
                } else {
                    err.println("note: witness: " + in.source() + " at " + in.loc() + " = " + in.value()
                            + " is not the result of a call; format 2.0 has no waypoint that pins it");
                }
            }
            yaml = writer.violation(results, verdict.failedAssertion().loc());
        } else {
            err.println("note: no witness for an unknown verdict");
            return;
        }
        Files.writeString(out, yaml, StandardCharsets.UTF_8);
    }
}
