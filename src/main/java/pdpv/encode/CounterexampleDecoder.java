package pdpv.encode;

import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Model;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.semantics.ArrayValue;

/**
 * Reads a model of F back as a {@link Counterexample} (thesis §4.3.2): finds a violated assertion
 * b_{π(A)} ∧ ¬a and walks backward from its block along edge variables that are true to the
 * start; the edge clauses make that walk a real DAG path whose variants are consistent.
 */
final class CounterexampleDecoder {
    private final DagEncoding dag;
    private final Map<Variable, Expr<?>> initial;
    private final int indexWidth;
    private final Context ctx;

    CounterexampleDecoder(Context ctx, DagEncoding dag, Map<Variable, Expr<?>> initial, int indexWidth) {
        this.ctx = ctx;
        this.dag = dag;
        this.initial = initial;
        this.indexWidth = indexWidth;
    }

    Counterexample decode(Model m) {
        EncodedBlock failing = violatedAssertion(m);
        List<Block> path = pathTo(m, failing.block());
        Map<Stmt.Havoc, Long> havocs = new LinkedHashMap<>();
        Map<Stmt.Havoc, ArrayValue> arrayHavocs = new LinkedHashMap<>();
        List<LoopVisit> visits = new ArrayList<>();
        for (Block b : path) {
            EncodedBlock e = dag.block(b);
            if (e.loopSite() != null) {
                visits.add(new LoopVisit(e.loopSite().loop(), values(m, e.entryVariants()), values(m, e.afterInvariantVariants()),
                        arrays(m, e.entryVariants()), arrays(m, e.afterInvariantVariants())));
            }
            for (HavocVariant h : e.havocs()) {
                if (h.havoc().target().isArray()) {
                    arrayHavocs.put(h.havoc(), array(m, h.havoc().target(), h.variant()));
                } else {
                    havocs.put(h.havoc(), value(m, h.variant()));
                }
            }
        }
        List<Stmt> statements = failing.block().statements();
        Stmt.Assert violated = (Stmt.Assert) statements.get(statements.size() - 1);
        return new Counterexample(violated, path, havocs, arrayHavocs, values(m, initial), visits);
    }

    private EncodedBlock violatedAssertion(Model m) {
        for (Block b : dag.blocks()) {
            EncodedBlock e = dag.block(b);
            if (e.assertionHolds() != null && isTrue(m, e.blockVar()) && !isTrue(m, e.assertionHolds())) {
                return e;
            }
        }
        throw new IllegalArgumentException("the model violates no assertion");
    }

    private List<Block> pathTo(Model m, Block target) {
        List<Block> path = new ArrayList<>();
        Block current = target;
        path.add(current);
        while (current != dag.start()) {
            Block next = null;
            for (Block pred : dag.predecessors(current)) {
                if (isTrue(m, dag.edgeVar(pred, current))) {
                    next = pred;
                    break;
                }
            }
            if (next == null) {
                throw new IllegalArgumentException("the model takes no edge into B" + current.id());
            }
            current = next;
            path.add(current);
        }
        Collections.reverse(path);
        return path;
    }

    private static boolean isTrue(Model m, BoolExpr e) {
        return m.eval(e, true).isTrue();
    }

    static long value(Model m, Expr<?> e) {
        return ((BitVecNum) m.eval(e, true)).getBigInteger().longValue();
    }

    private ArrayValue array(Model m, Variable v, Expr<?> e) {
        return ArrayModel.read(ctx, m, e, v.type().width(), indexWidth, v.length());
    }

    /** The values of the scalar variables among {@code variants}. */
    private static Map<Variable, Long> values(Model m, Map<Variable, Expr<?>> variants) {
        Map<Variable, Long> out = new LinkedHashMap<>();
        for (Map.Entry<Variable, Expr<?>> e : variants.entrySet()) {
            if (!e.getKey().isArray()) {
                out.put(e.getKey(), value(m, e.getValue()));
            }
        }
        return out;
    }

    /** The values of the array variables among {@code variants}. */
    private Map<Variable, ArrayValue> arrays(Model m, Map<Variable, Expr<?>> variants) {
        Map<Variable, ArrayValue> out = new LinkedHashMap<>();
        for (Map.Entry<Variable, Expr<?>> e : variants.entrySet()) {
            if (e.getKey().isArray()) {
                out.put(e.getKey(), array(m, e.getKey(), e.getValue()));
            }
        }
        return out;
    }
}
