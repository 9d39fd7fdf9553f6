package pdpv.pdr;

import java.util.BitSet;

/**
 * A validity check of a candidate ARU as used by expansion (§2.2, §3.2): answers the indices of the
 * parts that suffice for validity (an unsat core), or null if the candidate is not valid.
 */
@FunctionalInterface
interface CoreQuery {
    BitSet core(Aru candidate);

    /** Valid only if both are valid; the core is the union of both cores. */
    default CoreQuery and(CoreQuery other) {
        return candidate -> {
            BitSet first = core(candidate);
            if (first == null) {
                return null;
            }
            BitSet second = other.core(candidate);
            if (second == null) {
                return null;
            }
            first.or(second);
            return first;
        };
    }
}
