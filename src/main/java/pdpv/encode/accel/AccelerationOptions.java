package pdpv.encode.accel;

/**
 * Options of loop acceleration ({@link LoopAcceleration}).
 *
 * @param enabled whether loops are accelerated at all ({@code verify --no-acceleration} turns it off)
 * @param maxPaths a loop whose body has more paths than this is not accelerated (each path costs a
 *     few SMT checks, and a body with k branches in a row has 2^k paths)
 * @param maxDegree the highest degree of a closed form tried (1: translations {@code x += c} and
 *     {@code x += y} with y constant in the loop; 2 adds {@code x += i} with {@code i} a translation)
 * @param checkResources Z3 resource units of each check of the analysis (a closed form, a conjunct's
 *     monotonicity, exactness); one that gives up counts as failed, so the path is accelerated with
 *     less or not at all. Counted rather than timed, so that the analysis does not depend on the load
 */
public record AccelerationOptions(boolean enabled, int maxPaths, int maxDegree, long checkResources) {
    public AccelerationOptions {
        if (maxPaths < 1 || maxDegree < 1 || checkResources < 1) {
            throw new IllegalArgumentException("acceleration needs at least one path, degree 1 and some resources");
        }
    }

    /**
     * Provisional values, not yet swept over both benchmark sets (issue #19): 16 paths are four
     * branches in a row; degree 2 is the highest the families need (a sum of a counter);
     * 2,000,000 units per check, as the check of a printed invariant (PlainInvariants).
     */
    public static AccelerationOptions defaults() {
        return new AccelerationOptions(true, 16, 2, 2_000_000);
    }

    public AccelerationOptions withEnabled(boolean on) {
        return new AccelerationOptions(on, maxPaths, maxDegree, checkResources);
    }

    public AccelerationOptions withMaxPaths(int paths) {
        return new AccelerationOptions(enabled, paths, maxDegree, checkResources);
    }

    public AccelerationOptions withMaxDegree(int degree) {
        return new AccelerationOptions(enabled, maxPaths, degree, checkResources);
    }

    public AccelerationOptions withCheckResources(long units) {
        return new AccelerationOptions(enabled, maxPaths, maxDegree, units);
    }
}
