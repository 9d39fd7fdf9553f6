package pdpv.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import pdpv.cegar.Verdict;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.report.ReadableInvariants;
import pdpv.witness.ExactRun;
import pdpv.witness.HarnessWriter;
import pdpv.witness.Task;
import pdpv.witness.WitnessWriter;

/**
 * {@code verify --witness FILE}: the verdict's evidence as a format 2.0 witness. SAFE gives the
 * correctness witness of the certificate's invariants over the values at each loop head; UNSAFE the
 * violation witness of its inputs; {@code verify --harness FILE}: the C test harness of an UNSAFE
 * answer. Whatever they cannot say is a {@code note:} on stderr.
 */
final class WitnessOutput {
    /** An input read from a call, e.g. {@code __VERIFIER_nondet_int()}: the only inputs a witness can pin. */
    private static final Pattern CALL = Pattern.compile("[A-Za-z_]\\w*\\s*\\(.*\\)");
    private final Task task;
    private final PrintWriter err;

    private final Supplier<Program> program;

    /** {@code program}: the verified program, lowered again for the witness (the verdict does not keep it). */
    WitnessOutput(Task task, Supplier<Program> program, PrintWriter err) {
        this.task = task;
        this.program = program;
        this.err = err;
    }

    /** Writes the C test harness of an UNSAFE {@code verdict} to {@code out}; nothing for another verdict. */
    void writeHarness(Verdict verdict, Path out) throws IOException {
        if (verdict.kind() != Verdict.Kind.UNSAFE) {
            err.println("note: no harness: the verdict is not unsafe");
            return;
        }
        List<HarnessWriter.Input> inputs = verdict.inputs().stream()
                .map(in -> new HarnessWriter.Input(in.source(), in.loc(), in.value())).toList();
        String source = Files.readString(task.file(), StandardCharsets.ISO_8859_1);
        try {
            Files.writeString(out, HarnessWriter.write(task.file().toString(), source, program.get(), inputs), StandardCharsets.ISO_8859_1);
        } catch (IllegalArgumentException e) {
            err.println("note: no harness: " + e.getMessage());
        }
    }

    /** Writes the witness of {@code verdict}, whose loop invariants read plainly are {@code plain}, to {@code out}; nothing for UNKNOWN. */
    void write(Verdict verdict, ReadableInvariants plain, Path out) throws IOException {
        WitnessWriter writer = new WitnessWriter(task, program.get(), VersionProvider.NUMBER);
        String yaml;
        if (verdict.kind() == Verdict.Kind.SAFE) {
            if (verdict.invariants().isEmpty() && ExactRun.inputFree(program.get())) {
                Map<SourceLoc, String> exact = ExactRun.invariants(program.get());
                if (exact != null && !exact.isEmpty()) {
                    List<WitnessWriter.LoopInvariant> invariants = new ArrayList<>();
                    exact.forEach((loc, inv) -> invariants.add(new WitnessWriter.LoopInvariant(loc, inv)));
                    Files.writeString(out, writer.correctness(invariants, Map.of()), StandardCharsets.UTF_8);
                    return;
                }
            }
            List<WitnessWriter.LoopInvariant> invariants = new ArrayList<>();
            plain.byStatement().forEach((loc, inv) -> invariants.add(new WitnessWriter.LoopInvariant(loc, inv)));
            if (verdict.invariants().isEmpty() && !LoopForest.of(program.get()).loops().isEmpty()) {
                err.println("note: witness: the proof is bounded model checking's complete unrolling, which has no loop "
                        + "invariants: the witness states none for the loops, so a validator must prove them itself "
                        + "(check-witness does not confirm it)");
            } else if (plain.late()) {
                err.println("note: witness: the loop invariants were not written over the state at each loop head within "
                        + "--plain-seconds (or --timeout), so the witness states none for the loops and a validator will not "
                        + "confirm it; a longer --plain-seconds or --timeout gives them");
            } else if (plain.problem() != null) {
                err.println("note: witness: the invariants over the state at each loop head that PDPV could derive from its "
                        + "certificate do not prove the program on their own: " + plain.problem());
            }
            yaml = writer.correctness(invariants, invariants.isEmpty() ? WitnessWriter.assertions(program.get()) : Map.of());
        } else if (verdict.kind() == Verdict.Kind.UNSAFE) {
            List<WitnessWriter.Pin> results = new ArrayList<>();
            Program p = program.get();
            WitnessWriter.UninitializedCells cells = null;
            for (Verdict.InputValue in : verdict.inputs()) {
                // a union's byte has no name in C (issue #20): it is not pinned
                SourceLoc next = in.source().startsWith(Stmt.Havoc.UNION_BYTES) ? null
                        : in.source().startsWith("uninitialized ") ? WitnessWriter.afterDeclaration(p, in.loc())
                        : in.source().startsWith("global ") ? WitnessWriter.entryStart(p) : null;
                boolean cell = in.name() != null && in.name().endsWith("]");
                if (cell && next != null && cells != null && cells.next().equals(next) && !cells.cells().containsKey(in.name())) {
                    cells.cells().put(in.name(), in.value());
                    continue;
                }
                cells = null;
                if (CALL.matcher(in.source()).matches()) {
                    results.add(new WitnessWriter.CallResult(in.loc(), in.value()));
                } else if (cell && next != null) {
                    cells = new WitnessWriter.UninitializedCells(new LinkedHashMap<>(Map.of(in.name(), in.value())), next);
                    results.add(cells);
                } else if (next != null && in.name() != null) {
                    results.add(new WitnessWriter.Uninitialized(in.name(), next, in.value()));
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
