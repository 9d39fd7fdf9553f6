package pdpv.pdr.btor;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.pdr.InputVar;
import pdpv.pdr.StateVar;
import pdpv.pdr.TransitionSystem;

/**
 * Replays a witness concretely, independently of the engine's checker: step 0 satisfies I, each
 * next state is computed by simplifying the next-state functions on the step's values, every step
 * satisfies the constraints, and the last one a bad property. Answers null or the first problem.
 */
final class WitnessReplay {
    private final Context ctx;
    private final TransitionSystem ts;

    WitnessReplay(Context ctx, TransitionSystem ts) {
        this.ctx = ctx;
        this.ts = ts;
    }

    String replay(List<Map<String, Long>> states, List<Map<String, Long>> inputs) {
        Map<String, Long> state = states.get(0);
        if (!holds(ts.init(), state, inputs.get(0))) {
            return "step 0 is not initial";
        }
        int last = states.size() - 1;
        for (int k = 0; k <= last; k++) {
            for (BoolExpr c : ts.constraints()) {
                if (!holds(c, state, inputs.get(k))) {
                    return "constraint violated in step " + k;
                }
            }
            if (k == last) {
                break;
            }
            Map<String, Long> next = new LinkedHashMap<>();
            for (StateVar v : ts.vars()) {
                next.put(v.name(), value(ts.nextFunctions().get(v.name()), state, inputs.get(k)));
            }
            if (!next.equals(states.get(k + 1))) {
                return "step " + (k + 1) + " is " + states.get(k + 1) + ", simulation gives " + next;
            }
            state = next;
        }
        return holds(ts.bad(), state, inputs.get(last)) ? null : "the last step is not bad";
    }

    private boolean holds(BoolExpr f, Map<String, Long> state, Map<String, Long> inputs) {
        return ground(f, state, inputs).isTrue();
    }

    private long value(BitVecExpr f, Map<String, Long> state, Map<String, Long> inputs) {
        return ((BitVecNum) ground(f, state, inputs)).getBigInteger().longValue();
    }

    private Expr<?> ground(Expr<?> f, Map<String, Long> state, Map<String, Long> inputs) {
        List<Expr<?>> from = new ArrayList<>();
        List<Expr<?>> to = new ArrayList<>();
        for (StateVar v : ts.vars()) {
            from.add(v.current());
            to.add(ctx.mkBV(state.get(v.name()), v.width()));
        }
        for (InputVar in : ts.inputs()) {
            from.add(in.expr());
            to.add(ctx.mkBV(inputs.get(in.name()), in.width()));
        }
        return f.substitute(from.toArray(new Expr<?>[0]), to.toArray(new Expr<?>[0])).simplify();
    }
}
