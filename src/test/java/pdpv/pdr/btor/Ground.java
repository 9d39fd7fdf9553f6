package pdpv.pdr.btor;

import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import pdpv.pdr.InputVar;
import pdpv.pdr.StateVar;
import pdpv.pdr.TransitionSystem;

/** Z3's evaluation of a term of a transition system under concrete values of (some of) its states and inputs. */
public final class Ground {
    private Ground() {
    }

    /** {@code f} with the given states and inputs replaced by their values, simplified (a constant when all it reads is given). */
    public static Expr<?> of(Context ctx, TransitionSystem ts, Expr<?> f, Map<String, Long> state, Map<String, Long> inputs) {
        List<Expr<?>> from = new ArrayList<>();
        List<Expr<?>> to = new ArrayList<>();
        for (StateVar v : ts.vars()) {
            if (state.containsKey(v.name())) {
                from.add(v.current());
                to.add(ctx.mkBV(state.get(v.name()), v.width()));
            }
        }
        for (InputVar in : ts.inputs()) {
            if (inputs.containsKey(in.name())) {
                from.add(in.expr());
                to.add(ctx.mkBV(inputs.get(in.name()), in.width()));
            }
        }
        return f.substitute(from.toArray(new Expr<?>[0]), to.toArray(new Expr<?>[0])).simplify();
    }
}
