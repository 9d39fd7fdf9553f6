package pdpv.pdr.aiger;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.pdr.InputVar;
import pdpv.pdr.StateVar;
import pdpv.pdr.TransitionSystem;
import pdpv.pdr.btor.Btor2Model;
import pdpv.pdr.btor.Btor2Property;

/**
 * A BTOR2 model bit-blasted into a sequential and-inverter graph with one bad-state literal, the
 * translation the thesis made with Boolector's SYNTHBTOR for ABC (§3.4.4):
 * <ul>
 *   <li>every bit of an input (the model's, and the fresh value a state without {@code next} takes
 *       in each step) is an AIGER input {@code name[i]};
 *   <li>every bit of a state is a latch {@code name[i]}; a state whose {@code init} is a constant
 *       gets it as the latches' reset values; otherwise its value is read through
 *       {@code first ? v0 : latch}, where {@code first} is a latch that is 1 only in step 0 and
 *       v0 is its {@code init} term (over the other states' values in step 0) or, without
 *       {@code init}, fresh inputs {@code name!init[i]}: so every latch resets to 0 or 1;
 *   <li>with {@code constraint} lines, a latch {@code constraints} (reset 1) remembers that every
 *       constraint held in every earlier step; bad is then {@code constraints ∧ C ∧ (b0 ∨ b1 ∨ …)},
 *       the reading of {@code pdpv mc} (a counterexample meets every constraint in every step);
 *   <li>the bad properties become one literal, their disjunction, as in {@code mc}'s B.
 * </ul>
 */
public record AigerCircuit(Aig aig, int bad) {

    /** Translates {@code model}; an {@code init} term that reads its own state through others is rejected. */
    public static AigerCircuit of(Btor2Model model) {
        TransitionSystem ts = model.system();
        Aig aig = new Aig();
        BitBlaster blaster = new BitBlaster(aig);
        for (InputVar in : ts.inputs()) {
            int[] bits = new int[in.width()];
            for (int i = 0; i < bits.length; i++) {
                bits[i] = aig.input(bitName(in.name(), in.width(), i));
            }
            blaster.bind(in.expr(), bits);
        }
        Map<StateVar, List<Aig.Latch>> latches = new LinkedHashMap<>();
        Map<StateVar, BitVecExpr> pending = new LinkedHashMap<>();
        Set<Integer> bound = new HashSet<>();
        Aig.Latch first = null;
        for (StateVar v : ts.vars()) {
            BitVecExpr init = model.initialValues().get(v.name());
            Expr<?> value = init == null ? null : init.simplify();
            List<Aig.Latch> bits = new ArrayList<>();
            for (int i = 0; i < v.width(); i++) {
                boolean reset = value instanceof BitVecNum n && n.getBigInteger().testBit(i);
                bits.add(aig.latch(bitName(v.name(), v.width(), i), reset));
            }
            latches.put(v, bits);
            if (value instanceof BitVecNum) {
                blaster.bind(v.current(), literals(bits));
                bound.add(v.current().getId());
            } else {
                pending.put(v, init);
            }
        }
        if (!pending.isEmpty()) {
            first = aig.latch("first", true);
            aig.setNext(first, Aig.FALSE);
        }
        bindInitialReads(aig, blaster, pending, latches, bound, first);
        for (StateVar v : ts.vars()) {
            int[] next = blaster.bits(ts.nextFunctions().get(v.name()));
            List<Aig.Latch> bits = latches.get(v);
            for (int i = 0; i < bits.size(); i++) {
                aig.setNext(bits.get(i), next[i]);
            }
        }
        int anyBad = Aig.FALSE;
        for (Btor2Property p : model.properties()) {
            anyBad = aig.or(anyBad, blaster.literal(p.condition()));
        }
        if (ts.constraints().isEmpty()) {
            return new AigerCircuit(aig, anyBad);
        }
        int holds = Aig.TRUE;
        for (BoolExpr c : ts.constraints()) {
            holds = aig.and(holds, blaster.literal(c));
        }
        Aig.Latch held = aig.latch("constraints", true);
        int heldNow = aig.and(held.literal(), holds);
        aig.setNext(held, heldNow);
        return new AigerCircuit(aig, aig.and(heldNow, anyBad));
    }

    /**
     * Binds the value of each state without a constant {@code init}: {@code first ? v0 : latch}.
     * An {@code init} term reads other states' step-0 values, so the states are bound in the order
     * of those reads.
     */
    private static void bindInitialReads(Aig aig, BitBlaster blaster, Map<StateVar, BitVecExpr> pending,
            Map<StateVar, List<Aig.Latch>> latches, Set<Integer> bound, Aig.Latch first) {
        Set<Integer> stateIds = new HashSet<>();
        latches.keySet().forEach(v -> stateIds.add(v.current().getId()));
        while (!pending.isEmpty()) {
            boolean progress = false;
            for (Map.Entry<StateVar, BitVecExpr> e : new ArrayList<>(pending.entrySet())) {
                StateVar v = e.getKey();
                BitVecExpr init = e.getValue();
                if (init != null && !bound.containsAll(statesIn(init, stateIds))) {
                    continue;
                }
                int[] initial = new int[v.width()];
                for (int i = 0; i < initial.length; i++) {
                    initial[i] = init == null ? aig.input(bitName(v.name() + "!init", v.width(), i)) : -1;
                }
                if (init != null) {
                    initial = blaster.bits(init);
                }
                int[] latch = literals(latches.get(v));
                int[] read = new int[v.width()];
                for (int i = 0; i < read.length; i++) {
                    read[i] = aig.mux(first.literal(), initial[i], latch[i]);
                }
                blaster.bind(v.current(), read);
                bound.add(v.current().getId());
                pending.remove(v);
                progress = true;
            }
            if (!progress) {
                throw new IllegalArgumentException("the init values of " + pending.keySet().stream().map(StateVar::name).toList()
                        + " read each other's states in a cycle");
            }
        }
    }

    /** The ids of the state constants that {@code term} reads. */
    private static Set<Integer> statesIn(Expr<?> term, Set<Integer> stateIds) {
        Set<Integer> seen = new HashSet<>();
        Set<Integer> found = new HashSet<>();
        Deque<Expr<?>> stack = new ArrayDeque<>();
        stack.push(term);
        while (!stack.isEmpty()) {
            Expr<?> e = stack.pop();
            if (!seen.add(e.getId())) {
                continue;
            }
            if (stateIds.contains(e.getId())) {
                found.add(e.getId());
            }
            if (e.getNumArgs() > 0) {
                for (Expr<?> a : e.getArgs()) {
                    stack.push(a);
                }
            }
        }
        return found;
    }

    private static int[] literals(List<Aig.Latch> latches) {
        return latches.stream().mapToInt(Aig.Latch::literal).toArray();
    }

    private static String bitName(String name, int width, int bit) {
        return width == 1 ? name : name + "[" + bit + "]";
    }
}
