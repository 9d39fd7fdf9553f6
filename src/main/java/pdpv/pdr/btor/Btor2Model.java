package pdpv.pdr.btor;

import java.util.List;
import pdpv.pdr.TransitionSystem;

/**
 * A BTOR2 model as a transition system, with its bad properties (B is their disjunction) and the
 * names of the model's own inputs; the system's other inputs are the fresh values that states
 * without {@code next} take in each step.
 */
public record Btor2Model(TransitionSystem system, List<Btor2Property> properties, List<String> inputNames) {
    public Btor2Model {
        properties = List.copyOf(properties);
        inputNames = List.copyOf(inputNames);
    }
}
