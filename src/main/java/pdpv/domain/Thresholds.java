package pdpv.domain;

/**
 * Where a widened interval bound stops before it jumps to the extreme value of its width (widening
 * with thresholds); {@link #NONE} has no thresholds. The thresholds of a width must be finite, so
 * that widening still terminates.
 */
public interface Thresholds {
    Thresholds NONE = new Thresholds() {
        @Override
        public long above(int width, long v) {
            return Bits.maxSigned(width);
        }

        @Override
        public long below(int width, long v) {
            return Bits.minSigned(width);
        }
    };

    /** The least threshold at least {@code v} (signed), or the greatest value of the width. */
    long above(int width, long v);

    /** The greatest threshold at most {@code v} (signed), or the least value of the width. */
    long below(int width, long v);
}
