package pdpv.cegar;

import pdpv.pdr.PdrOptions;

/**
 * Options of invariant refinement (thesis §4.3.3).
 *
 * @param memoization keep each loop's PDR engine, and so its trace, across refinements (§4.3.3);
 *     false starts a fresh engine for every PDR call
 * @param pdr options of the QF_BV PDR engine
 */
public record CegarOptions(boolean memoization, PdrOptions pdr) {
    public static CegarOptions defaults() {
        return new CegarOptions(true, PdrOptions.defaults());
    }

    public CegarOptions withMemoization(boolean on) {
        return new CegarOptions(on, pdr);
    }
}
