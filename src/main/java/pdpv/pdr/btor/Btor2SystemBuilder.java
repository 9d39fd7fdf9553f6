package pdpv.pdr.btor;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.pdr.InputVar;
import pdpv.pdr.StateVar;
import pdpv.pdr.TransitionSystem;

/**
 * Collects the states, inputs, {@code init}, {@code next}, {@code bad} and {@code constraint} lines
 * of a model and builds the functional transition system:
 * <ul>
 *   <li>I is the conjunction of {@code state = value} over the states with {@code init};
 *   <li>f(x, i) is the {@code next} value; a state without {@code next} takes a fresh input
 *       {@code NAME!havoc} in every step, as BTOR2 leaves it unconstrained (no symbol has a {@code !});
 *   <li>the constraints C(x, i) go into T, so they hold in every step that has a successor, and
 *       B is (b0 ∨ b1 ∨ …) ∧ C, so they hold in the last step too: a counterexample satisfies every
 *       constraint in every step, which is BTOR2's reading. I is left alone: each state of a trace is
 *       followed by a transition or is the last one.
 * </ul>
 */
final class Btor2SystemBuilder {
    private final Context ctx;
    private final Set<String> names = new HashSet<>();
    private final Map<Long, StateVar> states = new LinkedHashMap<>();
    private final List<InputVar> inputs = new ArrayList<>();
    private final Map<Long, BitVecExpr> inits = new LinkedHashMap<>();
    private final Map<Long, BitVecExpr> nexts = new LinkedHashMap<>();
    private final List<Btor2Property> bads = new ArrayList<>();
    private final List<BoolExpr> constraints = new ArrayList<>();

    Btor2SystemBuilder(Context ctx) {
        this.ctx = ctx;
    }

    Btor2Node addState(Btor2Line line, int width, String symbol) throws Btor2Exception {
        checkWidth(line, "state", width);
        StateVar v = StateVar.of(ctx, uniqueName(symbol, "state", line.id()), width);
        states.put(line.id(), v);
        return new Btor2Node(width, v.current(), false);
    }

    Btor2Node addInput(Btor2Line line, int width, String symbol) throws Btor2Exception {
        checkWidth(line, "input", width);
        InputVar v = InputVar.of(ctx, uniqueName(symbol, "input", line.id()), width);
        inputs.add(v);
        return new Btor2Node(width, v.expr(), true);
    }

    boolean isState(long id) {
        return states.containsKey(id);
    }

    void setInit(Btor2Line line, long state, Btor2Node value) throws Btor2Exception {
        if (value.readsInput()) {
            throw Btor2Exception.unsupported(line.lineNumber(), "initial value that depends on an input");
        }
        if (inits.put(state, value.expr()) != null) {
            throw Btor2Exception.error(line.lineNumber(), "second 'init' for state " + state);
        }
    }

    void setNext(Btor2Line line, long state, Btor2Node value) throws Btor2Exception {
        if (nexts.put(state, value.expr()) != null) {
            throw Btor2Exception.error(line.lineNumber(), "second 'next' for state " + state);
        }
    }

    void addBad(Btor2Line line, BoolExpr condition, String symbol) {
        bads.add(new Btor2Property(bads.size(), line.lineNumber(), symbol, condition));
    }

    void addConstraint(BoolExpr condition) {
        constraints.add(condition);
    }

    Btor2Model build() {
        List<String> modelInputs = inputs.stream().map(InputVar::name).toList();
        List<InputVar> allInputs = new ArrayList<>(inputs);
        Map<String, BitVecExpr> next = new LinkedHashMap<>();
        for (Map.Entry<Long, StateVar> e : states.entrySet()) {
            StateVar v = e.getValue();
            BitVecExpr f = nexts.get(e.getKey());
            if (f == null) {
                InputVar havoc = InputVar.of(ctx, v.name() + "!havoc", v.width());
                allInputs.add(havoc);
                f = havoc.expr();
            }
            next.put(v.name(), f);
        }
        List<BoolExpr> initEqualities = new ArrayList<>();
        Map<String, BitVecExpr> initialValues = new LinkedHashMap<>();
        inits.forEach((id, value) -> {
            initEqualities.add(ctx.mkEq(states.get(id).current(), value));
            initialValues.put(states.get(id).name(), value);
        });
        BoolExpr init = and(initEqualities);
        List<BoolExpr> badConditions = bads.stream().map(Btor2Property::condition).toList();
        BoolExpr anyBad = badConditions.isEmpty() ? ctx.mkFalse() : ctx.mkOr(badConditions.toArray(new BoolExpr[0]));
        List<BoolExpr> badAndConstraints = new ArrayList<>(constraints);
        badAndConstraints.add(anyBad);
        TransitionSystem ts = TransitionSystem.functional(ctx, List.copyOf(states.values()), allInputs, init, next,
                constraints, and(badAndConstraints));
        return new Btor2Model(ts, bads, modelInputs, initialValues);
    }

    private BoolExpr and(List<BoolExpr> conjuncts) {
        if (conjuncts.size() == 1) {
            return conjuncts.get(0);
        }
        return conjuncts.isEmpty() ? ctx.mkTrue() : ctx.mkAnd(conjuncts.toArray(new BoolExpr[0]));
    }

    private static void checkWidth(Btor2Line line, String kind, int width) throws Btor2Exception {
        if (width > StateVar.MAX_WIDTH) {
            throw Btor2Exception.unsupported(line.lineNumber(),
                    kind + " of " + width + " bits (at most " + StateVar.MAX_WIDTH + " are supported)");
        }
    }

    /**
     * The symbol, else {@code kind} and the node id; a suffix {@code #id} keeps names unique. The
     * engine names its own copies with {@code '}, {@code @} and {@code !}, so these become {@code _}.
     */
    private String uniqueName(String symbol, String kind, long id) {
        String name = symbol != null ? symbol.replaceAll("['@!]", "_") : kind + id;
        while (!names.add(name)) {
            name = name + "#" + id;
        }
        return name;
    }
}
