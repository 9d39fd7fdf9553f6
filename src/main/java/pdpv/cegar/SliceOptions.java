package pdpv.cegar;

/**
 * How {@link LoopSlicer} skips loops that cannot matter.
 *
 * @param enabled        whether loops are skipped at all ({@code --no-slice} turns it off)
 * @param checkResources Z3 resource units of each check of the slicer (a ranking, a check's validity)
 *                       before it counts as failed and the loop stays; 2,000,000, swept at 500,000 and
 *                       8,000,000 over both sets and the families ({@code invgen-bench/results/2026-11-27-acceleration-sweep/NOTES.md}):
 *                       the same verdicts but for fermat1 near the time limit, so the middle value stays
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
