package pdpv.cegar;

import com.microsoft.z3.BitVecExpr;
import java.util.List;
import pdpv.cfg.Block;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.encode.Counterexample;
import pdpv.encode.DagEncoding;
import pdpv.encode.HavocValues;
import pdpv.encode.HavocVariant;
import pdpv.encode.LoopVisit;
import pdpv.semantics.ArrayValue;

/**
 * Concrete inputs for replaying a counterexample of F whose loop visits are all real (thesis
 * §4.3.2, {@code interpretationHitsAssertion(c, B_e)}): walking the path of c, each loop visit
 * contributes the havoc values of the iterations of its {@link LoopTrace} (nested loops'
 * iterations first at their heads), then each block the values the model gives its havocs. The
 * result lists, per havoc statement, its values in the order the program executes it.
 */
final class ReplayInputs {
    private final HavocValues values = new HavocValues();
    private final int indexWidth;

    private ReplayInputs(int indexWidth) {
        this.indexWidth = indexWidth;
    }

    /** {@code traces.get(i)} is the trace of the i-th loop visit of {@code cex}. */
    static HavocValues of(Counterexample cex, List<LoopTrace> traces, int indexWidth) {
        ReplayInputs r = new ReplayInputs(indexWidth);
        int visit = 0;
        List<LoopVisit> visits = cex.loopVisits();
        for (Block b : cex.path()) {
            if (visit < visits.size() && visits.get(visit).loop().head() == b) {
                r.appendIterations(traces.get(visit));
                visit++;
            }
            for (Stmt s : b.statements()) {
                if (s instanceof Stmt.Havoc h && cex.havocValues().containsKey(h)) {
                    r.values.add(h, cex.havocValues().get(h));
                } else if (s instanceof Stmt.Havoc h && cex.arrayHavocValues().containsKey(h)) {
                    r.values.add(h, cex.arrayHavocValues().get(h));
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
                    Variable v = h.havoc().target();
                    if (v.isArray()) {
                        // PDR does not see arrays: the cells of a havoc in a loop are left at 0
                        values.add(h.havoc(), ArrayValue.filled(0, v.type().width(), indexWidth));
                    } else {
                        values.add(h.havoc(), inst.valueAt(t.trace(), k, (BitVecExpr) h.variant()));
                    }
                }
            }
        }
    }
}
