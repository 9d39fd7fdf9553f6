package pdpv.semantics;

/** Widths of C's integer types (design page: ILP32 by default, LP64 on request). */
public enum DataModel {
    /** char 8, short 16, int 32, long 32, long long 64. */
    ILP32(32),
    /** char 8, short 16, int 32, long 64, long long 64. */
    LP64(64);

    private final int longWidth;

    DataModel(int longWidth) {
        this.longWidth = longWidth;
    }

    public int longWidth() {
        return longWidth;
    }
}
