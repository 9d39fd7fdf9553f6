package pdpv.cegar;

import java.time.Duration;
import java.util.List;

/**
 * The policy of Algorithm 4.4's refinement of one loop visit (thesis §4.3.3): which B's are handed
 * to PDR, in which order, and with which budget each. The default is {@link CegarOptions.Policy}.
 */
public interface RefinementPolicy {
    /** The B's for the {@code visit}-th loop visit on the counterexample's path, in the order they are tried. */
    List<CegarOptions.BadKind> bads(int visit, boolean withGeneralization);

    /** PDR's budget for a B of {@code kind}, given the engine's own timeout {@code pdrTimeout}. */
    Duration budget(CegarOptions.BadKind kind, Duration pdrTimeout);
}
