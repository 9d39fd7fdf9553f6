package pdpv.cegar;

/**
 * How {@link LoopSlicer} skips loops that cannot matter.
 *
 * @param enabled        whether loops are skipped at all ({@code --no-slice} turns it off)
 * @param checkResources Z3 resource units of each check of the slicer (a ranking, a check's validity)
 *                       before it counts as failed and the loop stays; 2,000,000 as the acceleration
 *                       analysis's checks (not swept on its own yet: a check that fails only keeps a loop)
 */
public record SliceOptions(boolean enabled, long checkResources) {
    public SliceOptions {
        if (checkResources < 1) {
            throw new IllegalArgumentException("slice check resources must be positive: " + checkResources);
        }
    }

    public static SliceOptions defaults() {
        return new SliceOptions(true, 2_000_000L);
    }
}
