package pdpv.cegar;

/**
 * Options of bounded model checking ({@link BoundedModelChecker}).
 *
 * @param firstBound the first k (back edges taken per loop entry) to try; later bounds double it
 * @param maxBlocks the size bound: k stops growing once the unrolled program would have more blocks
 *     than this. 100,000 blocks keep Java's and Z3's memory for one bound under about 1 GB on
 *     the programs of the issue (the doubly nested loop of issue #10 reaches it past k = 256)
 */
public record BmcOptions(int firstBound, int maxBlocks) {
    public static BmcOptions defaults() {
        return new BmcOptions(1, 100_000);
    }

    public BmcOptions withMaxBlocks(int blocks) {
        return new BmcOptions(firstBound, blocks);
    }
}
