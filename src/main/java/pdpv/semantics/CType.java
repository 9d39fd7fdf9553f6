package pdpv.semantics;

import java.util.Objects;

/**
 * A C integer type: its kind (which fixes the conversion rank), its width in bits under the data
 * model, and its signedness. Enumerations are represented by {@code int}.
 */
public record CType(Kind kind, int width, boolean signed) {

    /** The integer type kinds of C11 §6.2.5, ordered by conversion rank (§6.3.1.1). */
    public enum Kind {
        BOOL(0, "_Bool"),
        CHAR(1, "char"),
        SHORT(2, "short"),
        INT(3, "int"),
        LONG(4, "long"),
        LONG_LONG(5, "long long");

        private final int rank;
        private final String spelling;

        Kind(int rank, String spelling) {
            this.rank = rank;
            this.spelling = spelling;
        }

        public int rank() {
            return rank;
        }

        public String spelling() {
            return spelling;
        }
    }

    public CType {
        Objects.requireNonNull(kind);
        if (width < 1 || width > 64) {
            throw new IllegalArgumentException("width " + width);
        }
        if (kind == Kind.BOOL && signed) {
            throw new IllegalArgumentException("_Bool is unsigned");
        }
    }

    /** The type of the given kind and signedness under the data model. */
    public static CType of(Kind kind, boolean signed, DataModel model) {
        int width = switch (kind) {
            case BOOL -> 1;
            case CHAR -> 8;
            case SHORT -> 16;
            case INT -> 32;
            case LONG -> model.longWidth();
            case LONG_LONG -> 64;
        };
        return new CType(kind, width, signed);
    }

    public static CType signedInt() {
        return new CType(Kind.INT, 32, true);
    }

    public static CType unsignedInt() {
        return new CType(Kind.INT, 32, false);
    }

    public static CType bool() {
        return new CType(Kind.BOOL, 1, false);
    }

    /** Whether this is a bit-field's type: narrower than its kind under {@code model} ({@code unsigned a : 3}, issue #20). */
    public boolean isBitField(DataModel model) {
        return width != of(kind, signed, model).width();
    }

    public boolean isBool() {
        return kind == Kind.BOOL;
    }

    /** Largest value of this type, as raw bits. */
    public long maxBits() {
        long all = width == 64 ? -1L : (1L << width) - 1;
        return signed ? all >>> 1 : all;
    }

    /** Smallest value of this type, as raw bits (masked to the width). */
    public long minBits() {
        return signed ? 1L << (width - 1) & mask() : 0L;
    }

    /** The mask with the low {@code width} bits set. */
    public long mask() {
        return width == 64 ? -1L : (1L << width) - 1;
    }

    /** Raw bits (any value) cut to this type's width. */
    public long normalize(long bits) {
        return bits & mask();
    }

    /** The mathematical value of normalized bits under this type's signedness (unsigned 64-bit
     * values above Long.MAX_VALUE come back negative; use {@link #format(long)} to print). */
    public long toLong(long bits) {
        long b = normalize(bits);
        if (signed && width < 64 && (b >>> (width - 1) & 1L) == 1L) {
            return b | ~mask();
        }
        return b;
    }

    /** The value of normalized bits as C would print it (%d / %u). */
    public String format(long bits) {
        long b = normalize(bits);
        return signed ? Long.toString(toLong(b)) : Long.toUnsignedString(b);
    }

    @Override
    public String toString() {
        if (kind == Kind.BOOL) {
            return "_Bool";
        }
        return (signed ? "" : "unsigned ") + kind.spelling();
    }
}
