package pdpv.pdr.btor;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import pdpv.pdr.PdrStatistics;

/**
 * The answer for a BTOR2 model in the model's terms, free of solver terms: for UNSAFE the violated
 * properties and the trace (unsigned values per step), for SAFE the frame count, the number of
 * ARUs (Boolean cubes and polytopes) in the invariant and each as a condition no reachable state
 * meets ({@link pdpv.pdr.CoverText}), for UNKNOWN the reason.
 */
public record Btor2Outcome(
        Kind kind,
        String reason,
        List<String> violated,
        List<Step> trace,
        int frames,
        int invariantCubes,
        int invariantPolytopes,
        List<String> excluded,
        PdrStatistics statistics) {

    public enum Kind {
        SAFE, UNSAFE, UNKNOWN;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One step of a trace: the state values, and the values of the model's inputs in that step. */
    public record Step(Map<String, Long> states, Map<String, Long> inputs) {
    }

    public Btor2Outcome {
        violated = List.copyOf(violated);
        trace = List.copyOf(trace);
        excluded = List.copyOf(excluded);
    }

    public int invariantSize() {
        return invariantCubes + invariantPolytopes;
    }
}
