package pdpv.pdr.btor;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.pdr.BooleanCube;
import pdpv.pdr.CoverText;
import pdpv.pdr.Encoding;
import pdpv.pdr.InputVar;
import pdpv.pdr.PdrEngine;
import pdpv.pdr.PdrOptions;
import pdpv.pdr.PdrResult;
import pdpv.pdr.PdrStatistics;
import pdpv.pdr.ResultChecker;
import pdpv.pdr.StateVar;
import pdpv.pdr.TransitionSystem;

/**
 * Runs the PDR engine on a BTOR2 model (the engine checks its own answer) and reports which bad
 * properties the last step of a counterexample violates. {@link #recheck} checks the answer once
 * more apart from the engine, {@link #witness} writes a counterexample in the BTOR2 witness format.
 * {@link #cancel} may come from another thread.
 */
public final class Btor2Check {
    private final Context ctx;
    private final Btor2Model model;
    private final PdrEngine engine;
    private final PdrOptions options;
    private PdrResult result;

    public Btor2Check(Context ctx, Btor2Model model, PdrOptions options) {
        this.ctx = ctx;
        this.model = model;
        this.engine = new PdrEngine(ctx, model.system(), options);
        this.options = options;
    }

    public void cancel() {
        engine.cancel();
    }

    public PdrStatistics statistics() {
        return engine.statistics();
    }

    public Btor2Outcome run() {
        result = engine.check();
        int frames = engine.statistics().frames();
        if (result instanceof PdrResult.Holds holds) {
            int cubes = (int) holds.cover().stream().filter(BooleanCube.class::isInstance).count();
            return new Btor2Outcome(Btor2Outcome.Kind.SAFE, "no bad state is reachable", List.of(), List.of(),
                    frames, cubes, holds.cover().size() - cubes, CoverText.regions(holds.cover(), model.system().vars(),
                    Encoding.of(ctx, model.system().vars(), options.extraPolytopeBits())), engine.statistics());
        }
        if (result instanceof PdrResult.Fails fails) {
            List<String> violated = violated(fails);
            String reason = "bad state reached in " + fails.length() + (fails.length() == 1 ? " step" : " steps");
            return new Btor2Outcome(Btor2Outcome.Kind.UNSAFE, reason, violated, trace(fails), frames, 0, 0, List.of(),
                    engine.statistics());
        }
        String reason = ((PdrResult.Unknown) result).reason();
        return new Btor2Outcome(Btor2Outcome.Kind.UNKNOWN, reason, List.of(), List.of(), frames, 0, 0, List.of(),
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

    /**
     * Checks the answer of {@link #run} apart from the engine, as {@code verify} re-checks its
     * certificates: {@code modelText} is read again into a fresh Z3 context (no term of the engine's
     * context is used), the invariant is carried over by name ({@code translate}) and initiation,
     * consecution and the exclusion of the bad states are each checked in a fresh solver that only
     * bit-blasts (no integer relaxation, no engine state); a counterexample is evaluated step by
     * step on the fresh reading. Answers null when it holds (or there is nothing to check), else what fails.
     */
    public String recheck(String modelText) throws Btor2Exception {
        return recheck(modelText, result);
    }

    /** {@link #recheck(String)} of a given answer (tests give it broken ones). */
    static String recheck(String modelText, PdrResult result) throws Btor2Exception {
        if (!(result instanceof PdrResult.Holds) && !(result instanceof PdrResult.Fails)) {
            return null;
        }
        try (Context fresh = new Context()) {
            TransitionSystem ts = Btor2Reader.read(fresh, modelText).system();
            ResultChecker checker = new ResultChecker(fresh);
            if (result instanceof PdrResult.Holds holds) {
                return checker.checkInvariant(ts, (BoolExpr) holds.invariant().translate(fresh), List.of());
            }
            return checker.checkTrace(ts, (PdrResult.Fails) result);
        }
    }

    /**
     * The counterexample of {@link #run} in the BTOR2 witness format that btorsim checks: {@code sat},
     * the violated properties ({@code b0 ...}), frame 0's state part {@code #0} with the states that
     * have no {@code init}, in each later frame k a part {@code #k} with the states that have no
     * {@code next} (free in every step), the inputs of each frame in {@code @k}, and {@code .}.
     * An assignment is the state's or input's position among the model's states or inputs, its value
     * in binary and a symbol ({@code name#k}, {@code name@k}).
     */
    public String witness() {
        if (!(result instanceof PdrResult.Fails fails)) {
            throw new IllegalStateException("no counterexample to write");
        }
        TransitionSystem ts = model.system();
        Set<String> inputs = new HashSet<>();
        ts.inputs().forEach(in -> inputs.add(in.name()));
        StringBuilder w = new StringBuilder("sat\n");
        List<String> indices = new ArrayList<>();
        for (Btor2Property p : violatedProperties(fails)) {
            indices.add("b" + p.index());
        }
        w.append(String.join(" ", indices)).append('\n');
        Map<String, Integer> inputWidths = new LinkedHashMap<>();
        ts.inputs().forEach(in -> inputWidths.put(in.name(), in.width()));
        for (int k = 0; k < fails.states().size(); k++) {
            Map<String, Long> states = fails.states().get(k);
            StringBuilder part = new StringBuilder();
            for (int pos = 0; pos < ts.vars().size(); pos++) {
                StateVar v = ts.vars().get(pos);
                boolean free = k == 0 ? !model.initialValues().containsKey(v.name())
                        : inputs.contains(v.name() + "!havoc");
                if (free) {
                    part.append(pos).append(' ').append(binary(states.get(v.name()), v.width())).append(' ')
                            .append(v.name()).append('#').append(k).append('\n');
                }
            }
            if (k == 0 || part.length() > 0) {
                w.append('#').append(k).append('\n').append(part);
            }
            w.append('@').append(k).append('\n');
            List<String> names = model.inputNames();
            for (int pos = 0; pos < names.size(); pos++) {
                String name = names.get(pos);
                w.append(pos).append(' ').append(binary(fails.inputs().get(k).get(name), inputWidths.get(name))).append(' ')
                        .append(name).append('@').append(k).append('\n');
            }
        }
        return w.append(".\n").toString();
    }

    private static String binary(Long value, int width) {
        String bits = Long.toBinaryString(value == null ? 0 : value);
        return "0".repeat(Math.max(0, width - bits.length())) + bits.substring(Math.max(0, bits.length() - width));
    }

    /** The properties whose condition holds in the last step of the trace. */
    private List<String> violated(PdrResult.Fails fails) {
        return violatedProperties(fails).stream().map(Btor2Property::describe).toList();
    }

    private List<Btor2Property> violatedProperties(PdrResult.Fails fails) {
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
        List<Btor2Property> violated = new ArrayList<>();
        for (Btor2Property p : model.properties()) {
            BoolExpr ground = (BoolExpr) p.condition().substitute(fromArray, toArray).simplify();
            if (ground.isTrue()) {
                violated.add(p);
            }
        }
        return violated;
    }
}
