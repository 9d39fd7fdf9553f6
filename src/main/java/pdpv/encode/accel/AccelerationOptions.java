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
 * @param totalSeconds processor time of the whole analysis of a program (its thread's, 0: no limit);
 *     once it is spent, the paths not yet analyzed are not accelerated and a running check counts as
 *     failed. The per-check limit alone let a program with many paths and 64-bit closed forms (SV-COMP
 *     nla-digbench fermat1: three loops) spend bounded model checking's whole minute before its first
 *     bound under load
 */
public record AccelerationOptions(boolean enabled, int maxPaths, int maxDegree, long checkResources, double totalSeconds) {
    /**
     * Default of {@link #totalSeconds}: swept at 2.5, 10 and 40 over both sets and issue #19's families
     * ({@code invgen-bench/results/2026-11-27-acceleration-sweep/NOTES.md}): the same verdicts at 2.5 and 10, and at 40 SV-COMP fermat1
     * is lost to the analysis it cuts. Far above what the examples
     * take (accel_quadratic_safe.c 6 checks in 0.52 s, accel_stride_unsafe.c 5 checks in 0.12 s, wall
     * time under load 15), so that it cuts only an analysis that would otherwise keep bounded model
     * checking from its first bound. fermat1's analysis is not cut by it under load (its process had
     * 7 s of processor time in its minute); at 2 s its bounded model checking reached bound 1 at 33 s.
     */
    public static final double TOTAL_SECONDS = 10;

    public AccelerationOptions {
        if (maxPaths < 1 || maxDegree < 1 || checkResources < 1 || totalSeconds < 0) {
            throw new IllegalArgumentException("acceleration needs at least one path, degree 1 and some resources");
        }
    }

    public AccelerationOptions(boolean enabled, int maxPaths, int maxDegree, long checkResources) {
        this(enabled, maxPaths, maxDegree, checkResources, TOTAL_SECONDS);
    }

    /**
     * 16 paths are four branches in a row; degree 2 is the highest the families need (a sum
     * of a counter); 2,000,000 units per check, as the check of a printed invariant (PlainInvariants).
     * Each swept alone over both sets and issue #19's families, one value below and one above
     * ({@code invgen-bench/results/2026-11-27-acceleration-sweep/NOTES.md}: 4/64 paths, degree 1/3, 500,000/8,000,000 units): no other
     * value decides more, degree 1 loses accel_quadratic_safe, and only fermat1, near the time limit,
     * moves between runs.
     */
    public static AccelerationOptions defaults() {
        return new AccelerationOptions(true, 16, 2, 2_000_000, TOTAL_SECONDS);
    }

    public AccelerationOptions withEnabled(boolean on) {
        return new AccelerationOptions(on, maxPaths, maxDegree, checkResources, totalSeconds);
    }

    public AccelerationOptions withMaxPaths(int paths) {
        return new AccelerationOptions(enabled, paths, maxDegree, checkResources, totalSeconds);
    }

    public AccelerationOptions withMaxDegree(int degree) {
        return new AccelerationOptions(enabled, maxPaths, degree, checkResources, totalSeconds);
    }

    public AccelerationOptions withCheckResources(long units) {
        return new AccelerationOptions(enabled, maxPaths, maxDegree, units, totalSeconds);
    }

    public AccelerationOptions withTotalSeconds(double seconds) {
        return new AccelerationOptions(enabled, maxPaths, maxDegree, checkResources, seconds);
    }
}
