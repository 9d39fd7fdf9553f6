package pdpv.cegar;

import pdpv.pdr.PdrOptions;

/**
 * Options of invariant refinement (thesis §4.3.3).
 *
 * @param generalization widen a spurious counterexample before it becomes B: first to all of F's
 *     violations through the loop, then by Algorithm 4.5; false refines with the counterexample's
 *     point alone (the thesis's "no generalization" column)
 * @param memoization keep each loop's PDR engine, and so its trace, across refinements (§4.3.3);
 *     false starts a fresh engine for every PDR call
 * @param pdr options of the QF_BV PDR engine
 */
public record CegarOptions(boolean generalization, boolean memoization, PdrOptions pdr) {
    public static CegarOptions defaults() {
        return new CegarOptions(true, true, PdrOptions.defaults());
    }

    public CegarOptions withGeneralization(boolean on) {
        return new CegarOptions(on, memoization, pdr);
    }

    public CegarOptions withMemoization(boolean on) {
        return new CegarOptions(generalization, on, pdr);
    }
}
