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
 * @param candidates before the first refinement, seed each LI_l with the inductive ones of the
 *     likely invariants mined from the tests' samples (chapter 6's external invariants, checked
 *     by {@link CandidateInvariants})
 * @param pdr options of the QF_BV PDR engine
 */
public record CegarOptions(boolean generalization, boolean memoization, boolean candidates, PdrOptions pdr) {
    public static CegarOptions defaults() {
        return new CegarOptions(true, true, true, PdrOptions.defaults());
    }

    public CegarOptions withGeneralization(boolean on) {
        return new CegarOptions(on, memoization, candidates, pdr);
    }

    public CegarOptions withMemoization(boolean on) {
        return new CegarOptions(generalization, on, candidates, pdr);
    }

    public CegarOptions withCandidates(boolean on) {
        return new CegarOptions(generalization, memoization, on, pdr);
    }
}
