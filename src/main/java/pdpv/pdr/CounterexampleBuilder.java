package pdpv.pdr;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Model;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.smt.Cancellation;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/**
 * Turns a chain of proof obligations that reaches back to I (RECOVERCUBE failing, Alg. 2.2) into a
 * concrete trace: one bounded query I ∧ T ∧ … ∧ B along the chain's ARUs in a fresh solver.
 */
final class CounterexampleBuilder {
    private final Context ctx;
    private final TransitionSystem ts;
    private final Encoding enc;
    private final SmtStatistics stats;
    private final Cancellation cancellation;

    CounterexampleBuilder(Context ctx, TransitionSystem ts, Encoding enc, SmtStatistics stats, Cancellation cancellation) {
        this.ctx = ctx;
        this.ts = ts;
        this.enc = enc;
        this.stats = stats;
        this.cancellation = cancellation;
    }

    PdrResult build(ProofObligation first) {
        List<Aru> chain = new ArrayList<>();
        for (ProofObligation o = first; o != null; o = o.successor()) {
            chain.add(o.aru());
        }
        Unrolling u = new Unrolling(ctx, ts);
        SmtSolver solver = new SmtSolver(ctx, stats, cancellation);
        solver.add(u.init());
        int last = chain.size() - 1;
        for (int j = 0; j <= last; j++) {
            solver.add(chain.get(j).formula(enc, u.states(j)));
            solver.add(j < last ? u.trans(j) : u.bad(j));
        }
        SmtResult result = solver.check();
        if (result instanceof SmtResult.Unknown unknown) {
            throw new PdrInterrupted("solver: " + unknown.reason());
        }
        if (!(result instanceof SmtResult.Sat sat)) {
            throw new IllegalStateException("proof obligations do not form a trace: " + result);
        }
        return trace(ts, sat.model(), u, last);
    }

    /** The states and inputs of steps 0 to {@code last} in {@code model} of an unrolling of {@code ts}. */
    static PdrResult.Fails trace(TransitionSystem ts, Model model, Unrolling u, int last) {
        List<Map<String, Long>> states = new ArrayList<>();
        List<Map<String, Long>> inputs = new ArrayList<>();
        for (int j = 0; j <= last; j++) {
            states.add(values(model, ts.vars().stream().map(StateVar::name).toList(), u.states(j)));
            inputs.add(values(model, ts.inputs().stream().map(InputVar::name).toList(), u.inputs(j)));
        }
        return new PdrResult.Fails(states, inputs);
    }

    private static Map<String, Long> values(Model model, List<String> names, List<BitVecExpr> exprs) {
        Map<String, Long> map = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            map.put(names.get(i), SolverQueries.value(model, exprs.get(i)));
        }
        return map;
    }
}
