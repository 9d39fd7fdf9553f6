package pdpv.pdr;

import com.microsoft.z3.BoolExpr;
import java.util.List;
import java.util.Map;

/** The answer of the engine (§2.2): the property holds, fails, or is undecided. */
public sealed interface PdrResult {

    /** B is unreachable; {@code invariant} is inductive, contains I and excludes B (checked). */
    record Holds(BoolExpr invariant, List<Aru> cover) implements PdrResult {
    }

    /**
     * B is reachable; {@code states.get(j)} are the state values in step j (unsigned bit patterns),
     * {@code inputs.get(j)} the inputs read in step j (the last step's inputs are those under which B holds).
     */
    record Fails(List<Map<String, Long>> states, List<Map<String, Long>> inputs) implements PdrResult {
        public int length() {
            return states.size() - 1;
        }
    }

    /** Timeout, cancellation or a solver that gave up. */
    record Unknown(String reason) implements PdrResult {
    }
}
