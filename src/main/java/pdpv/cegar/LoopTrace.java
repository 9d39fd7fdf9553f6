package pdpv.cegar;

import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Variable;
import pdpv.pdr.PdrResult;

/**
 * A PDR counterexample sequence of a loop's instance (thesis Alg. 4.4, s) all of whose steps are
 * real: for each step, the traces of the nested loops it passes, keyed by their heads, show that
 * their invariants admit only reachable behaviour there. Such a trace corresponds to concrete
 * iterations of the loop.
 */
record LoopTrace(RefinementInstance instance, PdrResult.Fails trace, List<Map<Block, LoopTrace>> nested) {
    LoopTrace {
        nested = List.copyOf(nested);
    }

    /** The values of R_l before the loop, x_b, in the trace. */
    Map<Variable, Long> before() {
        return instance.beforeValues(trace);
    }

    /** The values of U_l at the head after the trace's iterations, x_e. */
    Map<Variable, Long> after() {
        return instance.endValues(trace);
    }

    /** The number of loop iterations (transitions) of the trace. */
    int iterations() {
        return trace.length();
    }
}
