package pdpv.cegar;

import pdpv.encode.accel.AccelerationOptions;

/**
 * Options of bounded model checking ({@link BoundedModelChecker}).
 *
 * @param firstBound the first k (back edges taken per loop entry) to try; later bounds double it
 * @param maxBlocks the size bound: k stops growing once the unrolled program would have more blocks
 *     than this. Default 10,000: enough for a doubly nested loop at k = 64 (the nested
 *     program needs k = 32, 2,284 blocks) or a small single loop at k = 4096; building and checking
 *     a bound of 8,000 blocks took about 10 s on the loaded development machine (the loop forest's
 *     dominators grow quadratically with the length of the unrolling) and the process peaked at
 *     about 700 MB, so larger bounds mostly take time and memory from the other engine
 * @param acceleration which loop paths get accelerators in the unrolling ({@code pdpv.encode.accel})
 * @param acceleratedCopies how many copies of a loop's head per entry of the loop get its
 *     accelerators (the first ones): a run that changes between accelerated phases more often than
 *     this needs plain iterations between them. Each accelerator is a closed form over a 64-bit
 *     count, far more for the solver than a copy of a block, so later copies go without
 */
public record BmcOptions(int firstBound, int maxBlocks, AccelerationOptions acceleration, int acceleratedCopies) {
    /**
     * Two accelerated copies: a run of two phases in a row, the families. Swept at 0, 2 and 4
     * over both sets and the families ({@code invgen-bench/results/2026-11-27-acceleration-sweep/NOTES.md}): at 0 two of the families' programs time out
     * and SV-COMP in-de51/in-de61 take 15 s instead of 2 s, at 4 nothing more is decided.
     */
    public static BmcOptions defaults() {
        return new BmcOptions(1, 10_000, AccelerationOptions.defaults(), 2);
    }

    public BmcOptions withMaxBlocks(int blocks) {
        return new BmcOptions(firstBound, blocks, acceleration, acceleratedCopies);
    }

    public BmcOptions withAcceleration(AccelerationOptions a) {
        return new BmcOptions(firstBound, maxBlocks, a, acceleratedCopies);
    }

    public BmcOptions withAcceleratedCopies(int copies) {
        return new BmcOptions(firstBound, maxBlocks, acceleration, copies);
    }
}
