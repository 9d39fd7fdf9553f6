package pdpv.cegar;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Stmt;
import pdpv.encode.Counterexample;
import pdpv.encode.DagEncoding;
import pdpv.encode.HavocVariant;
import pdpv.encode.LoopVisit;

/**
 * Concrete inputs for replaying a counterexample of F whose loop visits are all real (thesis
 * §4.3.2, {@code interpretationHitsAssertion(c, B_e)}): walking the path of c, each loop visit
 * contributes the havoc values of the iterations of its {@link LoopTrace} (nested loops'
 * iterations first at their heads), then each block the values the model gives its havocs. The
 * result lists, per havoc statement, its values in the order the program executes it.
 */
final class ReplayInputs {
    private final Map<Stmt.Havoc, List<Long>> values = new LinkedHashMap<>();

    private ReplayInputs() {
    }

    /** {@code traces.get(i)} is the trace of the i-th loop visit of {@code cex}. */
    static Map<Stmt.Havoc, List<Long>> of(Counterexample cex, List<LoopTrace> traces) {
        ReplayInputs r = new ReplayInputs();
        int visit = 0;
        List<LoopVisit> visits = cex.loopVisits();
        for (Block b : cex.path()) {
            if (visit < visits.size() && visits.get(visit).loop().head() == b) {
                r.appendIterations(traces.get(visit));
                visit++;
            }
            for (Stmt s : b.statements()) {
                if (s instanceof Stmt.Havoc h && cex.havocValues().containsKey(h)) {
                    r.add(h, cex.havocValues().get(h));
                }
            }
        }
        return r.values;
    }

    private void appendIterations(LoopTrace t) {
        RefinementInstance inst = t.instance();
        DagEncoding dag = inst.dag();
        for (int k = 0; k < t.iterations(); k++) {
            for (Block b : dag.blocks()) {
                if (!inst.holdsAt(t.trace(), k, dag.block(b).blockVar())) {
                    continue;
                }
                LoopTrace inner = t.nested().get(k).get(b);
                if (inner != null) {
                    appendIterations(inner);
                }
                for (HavocVariant h : dag.block(b).havocs()) {
                    add(h.havoc(), inst.valueAt(t.trace(), k, h.variant()));
                }
            }
        }
    }

    private void add(Stmt.Havoc h, long value) {
        values.computeIfAbsent(h, k -> new ArrayList<>()).add(value);
    }
}
