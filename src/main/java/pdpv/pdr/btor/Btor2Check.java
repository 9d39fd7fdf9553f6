package pdpv.pdr.btor;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.pdr.BooleanCube;
import pdpv.pdr.InputVar;
import pdpv.pdr.PdrEngine;
import pdpv.pdr.PdrOptions;
import pdpv.pdr.PdrResult;
import pdpv.pdr.PdrStatistics;
import pdpv.pdr.StateVar;
import pdpv.pdr.TransitionSystem;

/**
 * Runs the PDR engine on a BTOR2 model (the engine checks its own answer) and reports which bad
 * properties the last step of a counterexample violates. {@link #cancel} may come from another thread.
 */
public final class Btor2Check {
    private final Context ctx;
    private final Btor2Model model;
    private final PdrEngine engine;

    public Btor2Check(Context ctx, Btor2Model model, PdrOptions options) {
        this.ctx = ctx;
        this.model = model;
        this.engine = new PdrEngine(ctx, model.system(), options);
    }

    public void cancel() {
        engine.cancel();
    }

    public PdrStatistics statistics() {
        return engine.statistics();
    }

    public Btor2Outcome run() {
        PdrResult result = engine.check();
        int frames = engine.statistics().frames();
        if (result instanceof PdrResult.Holds holds) {
            int cubes = (int) holds.cover().stream().filter(BooleanCube.class::isInstance).count();
            return new Btor2Outcome(Btor2Outcome.Kind.SAFE, "no bad state is reachable", List.of(), List.of(),
                    frames, cubes, holds.cover().size() - cubes, engine.statistics());
        }
        if (result instanceof PdrResult.Fails fails) {
            List<String> violated = violated(fails);
            String reason = "bad state reached in " + fails.length() + (fails.length() == 1 ? " step" : " steps");
            return new Btor2Outcome(Btor2Outcome.Kind.UNSAFE, reason, violated, trace(fails), frames, 0, 0,
                    engine.statistics());
        }
        String reason = ((PdrResult.Unknown) result).reason();
        return new Btor2Outcome(Btor2Outcome.Kind.UNKNOWN, reason, List.of(), List.of(), frames, 0, 0,
                engine.statistics());
    }

    private List<Btor2Outcome.Step> trace(PdrResult.Fails fails) {
        List<Btor2Outcome.Step> steps = new ArrayList<>();
        for (int k = 0; k < fails.states().size(); k++) {
            Map<String, Long> inputs = new LinkedHashMap<>();
            for (String name : model.inputNames()) {
                inputs.put(name, fails.inputs().get(k).get(name));
            }
            steps.add(new Btor2Outcome.Step(fails.states().get(k), inputs));
        }
        return steps;
    }

    /** The properties whose condition holds in the last step of the trace. */
    private List<String> violated(PdrResult.Fails fails) {
        int last = fails.length();
        Map<String, Long> state = fails.states().get(last);
        Map<String, Long> inputs = fails.inputs().get(last);
        TransitionSystem ts = model.system();
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
        Expr<?>[] fromArray = from.toArray(new Expr<?>[0]);
        Expr<?>[] toArray = to.toArray(new Expr<?>[0]);
        List<String> violated = new ArrayList<>();
        for (Btor2Property p : model.properties()) {
            BoolExpr ground = (BoolExpr) p.condition().substitute(fromArray, toArray).simplify();
            if (ground.isTrue()) {
                violated.add(p.describe());
            }
        }
        return violated;
    }
}
