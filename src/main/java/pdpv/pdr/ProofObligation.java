package pdpv.pdr;

import java.util.Comparator;

/**
 * A proof obligation (§2.2): a set of states in frame {@code frame} from each of which B is
 * reachable, via {@code successor}. Ordered by frame (required: lower frames first), then depth
 * (heuristic), then id (tie-break, so that runs are reproducible).
 */
record ProofObligation(Aru aru, int frame, int depth, long id, ProofObligation successor)
        implements Comparable<ProofObligation> {

    private static final Comparator<ProofObligation> ORDER = Comparator.comparingInt(ProofObligation::frame)
            .thenComparingInt(ProofObligation::depth)
            .thenComparingLong(ProofObligation::id);

    @Override
    public int compareTo(ProofObligation other) {
        return ORDER.compare(this, other);
    }
}
