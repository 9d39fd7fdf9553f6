package pdpv.pdr.btor;

import com.microsoft.z3.BitVecExpr;
import java.util.List;
import java.util.Map;
import pdpv.pdr.TransitionSystem;

/**
 * A BTOR2 model as a transition system, with its bad properties (B is their disjunction), the
 * names of the model's own inputs, and the {@code init} value of each state that has one (a term
 * over constants and other states; I is the conjunction of {@code state = value}). The system's
 * other inputs are the fresh values that states without {@code next} take in each step.
 */
public record Btor2Model(TransitionSystem system, List<Btor2Property> properties, List<String> inputNames,
        Map<String, BitVecExpr> initialValues) {
    public Btor2Model {
        properties = List.copyOf(properties);
        inputNames = List.copyOf(inputNames);
        initialValues = Map.copyOf(initialValues);
    }
}
