package pdpv.pdr.aiger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import pdpv.pdr.InputVar;
import pdpv.pdr.StateVar;
import pdpv.pdr.TransitionSystem;
import pdpv.pdr.btor.Btor2Model;
import pdpv.pdr.btor.Btor2Property;
import pdpv.pdr.btor.Btor2Reader;
import pdpv.pdr.btor.Ground;

/**
 * Randomized differential test of {@code pdpv aiger}: random small-width BTOR2 models (every
 * operator {@code mc} reads) are simulated both ways on the same random inputs, step by step: by
 * the BTOR2 semantics of {@code mc} (the reader's Z3 terms, evaluated by Z3 on the step's values)
 * and by simulating the written binary AIGER file. The bad literal of step k must be 1 exactly
 * when some bad property holds in step k and every constraint held in steps 0..k. A state without
 * {@code init} takes its step-0 value from the AIGER inputs {@code NAME!init[i]}.
 */
class AigerDifferentialTest {
    private static final int MODELS = 300;
    private static final int STEPS = 6;

    @Test
    void aigerSimulationMatchesTheBtor2SemanticsOfMc() throws Exception {
        Random rng = new Random(20261125);
        int badSteps = 0;
        for (int m = 0; m < MODELS; m++) {
            String text = RandomBtor2Model.generate(rng);
            try (Context ctx = new Context()) {
                Btor2Model model = Btor2Reader.read(ctx, text);
                ByteArrayOutputStream file = new ByteArrayOutputStream();
                AigerWriter.write(AigerCircuit.of(model), file, true, "random model " + m);
                AigerSimulator aig = new AigerSimulator(file.toByteArray());
                badSteps += compare(ctx, model, aig, rng, "model " + m + ":\n" + text);
            }
        }
        assertTrue(badSteps > MODELS / 4, "too few steps with a bad state to be a test: " + badSteps);
    }

    /** Runs both simulations over {@link #STEPS} steps; answers the number of steps where bad held. */
    private static int compare(Context ctx, Btor2Model model, AigerSimulator aig, Random rng, String what) {
        TransitionSystem ts = model.system();
        Map<String, Integer> widths = new HashMap<>();
        ts.vars().forEach(v -> widths.put(v.name(), v.width()));
        ts.inputs().forEach(i -> widths.put(i.name(), i.width()));
        Map<String, Long> state = null;
        boolean constraintsHeld = true;
        int bad = 0;
        for (int k = 0; k < STEPS; k++) {
            boolean[] bits = new boolean[aig.inputs];
            Map<String, Long> values = new HashMap<>();
            for (int i = 0; i < bits.length; i++) {
                bits[i] = rng.nextBoolean();
                String name = aig.inputNames.get(i);
                int bracket = name.lastIndexOf('[');
                String word = bracket < 0 ? name : name.substring(0, bracket);
                int bit = bracket < 0 ? 0 : Integer.parseInt(name.substring(bracket + 1, name.length() - 1));
                values.merge(word, bits[i] ? 1L << bit : 0L, Long::sum);
            }
            Map<String, Long> inputs = new LinkedHashMap<>();
            for (InputVar in : ts.inputs()) {
                inputs.put(in.name(), values.getOrDefault(in.name(), 0L));
            }
            if (state == null) {
                state = initialState(ctx, model, values);
            }
            Evaluator eval = new Evaluator(ctx, ts, state, inputs);
            for (BoolExpr c : ts.constraints()) {
                constraintsHeld &= eval.holds(c);
            }
            boolean anyBad = false;
            for (Btor2Property p : model.properties()) {
                anyBad |= eval.holds(p.condition());
            }
            boolean expected = constraintsHeld && anyBad;
            boolean actual = aig.step(bits)[0];
            assertEquals(expected, actual, "step " + k + " of " + what + "\nstate " + state + ", inputs " + inputs);
            bad += expected ? 1 : 0;
            Map<String, Long> next = new LinkedHashMap<>();
            for (StateVar v : ts.vars()) {
                next.put(v.name(), eval.value(ts.nextFunctions().get(v.name())));
            }
            state = next;
        }
        return bad;
    }

    /** Step 0: constant and state-valued {@code init}s evaluated in order, free states from the {@code !init} inputs. */
    private static Map<String, Long> initialState(Context ctx, Btor2Model model, Map<String, Long> values) {
        TransitionSystem ts = model.system();
        Map<String, Long> state = new LinkedHashMap<>();
        for (StateVar v : ts.vars()) {
            if (!model.initialValues().containsKey(v.name())) {
                state.put(v.name(), values.getOrDefault(v.name() + "!init", 0L));
            }
        }
        while (state.size() < ts.vars().size()) {
            for (StateVar v : ts.vars()) {
                BitVecExpr init = model.initialValues().get(v.name());
                if (init == null || state.containsKey(v.name())) {
                    continue;
                }
                Expr<?> value = new Evaluator(ctx, ts, state, Map.of()).ground(init);
                if (value instanceof BitVecNum n) {
                    state.put(v.name(), n.getBigInteger().longValue());
                }
            }
        }
        return state;
    }

    /** Z3's evaluation of a term under concrete values of the states and inputs. */
    private record Evaluator(Context ctx, TransitionSystem ts, Map<String, Long> state, Map<String, Long> inputs) {
        Expr<?> ground(Expr<?> f) {
            return Ground.of(ctx, ts, f, state, inputs);
        }

        boolean holds(BoolExpr f) {
            Expr<?> g = ground(f);
            assertTrue(g.isTrue() || g.isFalse(), "not ground: " + g);
            return g.isTrue();
        }

        long value(BitVecExpr f) {
            BigInteger v = ((BitVecNum) ground(f)).getBigInteger();
            return v.longValue();
        }
    }
}
