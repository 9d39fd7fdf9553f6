package pdpv.daikon;

import java.util.List;
import pdpv.cfg.Loop;
import pdpv.cfg.Variable;
import pdpv.semantics.CType;

/**
 * Daikon's data trace file (Daikon developer manual, "File formats", "Data trace records") for the
 * loop program points of {@link ProgramPoints}: for each sample of a loop's head (thesis §6.3.1,
 * a call of Fig. 6.2's dummy function) an ENTER record with the variables' values on entry to the
 * loop and an exit record with their values at the head, both with the same
 * {@code this_invocation_nonce}, so that Daikon's {@code orig(x)} at the exit is x's entry value.
 * Each variable is written as its name, its value in decimal and the modified flag 1 (which the
 * format allows always).
 */
final class DtraceWriter {
    private final ProgramPoints points;
    private final StringBuilder out = new StringBuilder();
    private long nonce;

    DtraceWriter(ProgramPoints points) {
        this.points = points;
    }

    /** Appends the records of every sample of {@code samples}' loop. */
    void add(LoopSamples samples) {
        Loop l = samples.loop();
        List<Variable> vars = points.variables(l);
        for (int i = 0; i < samples.size(); i++) {
            nonce++;
            record(points.enter(l), vars, samples, i, true);
            record(points.exit(l), vars, samples, i, false);
        }
    }

    private void record(String ppt, List<Variable> vars, LoopSamples samples, int i, boolean onEntry) {
        out.append(DeclsWriter.escape(ppt)).append('\n');
        out.append("this_invocation_nonce\n").append(nonce).append('\n');
        for (Variable v : vars) {
            out.append(DeclsWriter.escape(points.name(v))).append('\n');
            out.append(value(v.type(), samples.bits(i, new Term(v, onEntry)))).append('\n');
            out.append("1\n");
        }
        out.append('\n');
    }

    /** The records written so far. */
    String text() {
        return out.toString();
    }

    /**
     * Bits as Daikon's int, a Java long: the C value of the type, except that an unsigned 64-bit
     * value above Long.MAX_VALUE comes out negative (Daikon has no wider int); the importer's
     * invariants are checked in QF_BV, so such a reading costs an invariant, never soundness.
     */
    static String value(CType type, long bits) {
        return Long.toString(type.toLong(bits));
    }
}
