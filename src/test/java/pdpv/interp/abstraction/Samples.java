package pdpv.interp.abstraction;

import java.util.Random;
import pdpv.domain.AbstractValue;
import pdpv.domain.Bits;
import pdpv.domain.Interval;
import pdpv.domain.TernaryVector;

/** Random abstract values of the hybrid domain (thesis §3.3.3) and random members of them, for the soundness property tests. */
final class Samples {
    private final Random random;

    Samples(long seed) {
        random = new Random(seed);
    }

    Random random() {
        return random;
    }

    int width() {
        return 1 + random.nextInt(16);
    }

    /** An interval or a ternary vector, biased towards small, extreme and singleton sets. */
    AbstractValue value(int width) {
        return random.nextBoolean() ? interval(width) : ternary(width);
    }

    Interval interval(int width) {
        long a = number(width);
        long b = random.nextInt(4) == 0 ? a : number(width);
        return new Interval(width, Math.min(a, b), Math.max(a, b));
    }

    TernaryVector ternary(int width) {
        long mask = switch (random.nextInt(4)) {
            case 0 -> 0L;
            case 1 -> -1L;
            default -> random.nextLong() & random.nextLong() | random.nextLong();
        };
        return new TernaryVector(width, mask, random.nextLong() & mask);
    }

    /** A signed number of the width: small, extreme or uniform. */
    long number(int width) {
        long min = Bits.minSigned(width);
        long max = Bits.maxSigned(width);
        return switch (random.nextInt(5)) {
            case 0 -> Math.max(min, Math.min(max, random.nextInt(7) - 3));
            case 1 -> Math.min(max, min + random.nextInt(3));
            case 2 -> Math.max(min, max - random.nextInt(3));
            default -> Bits.signed(random.nextLong(), width);
        };
    }

    /** A member of {@code v} as bits normalized to the width (up to 62 bits for intervals). */
    long member(AbstractValue v) {
        long m = Bits.mask(v.width());
        if (v instanceof TernaryVector t) {
            return (t.value() | random.nextLong() & t.freeBits()) & m;
        }
        Interval i = (Interval) v;
        long x = switch (random.nextInt(4)) {
            case 0 -> i.lo();
            case 1 -> i.hi();
            default -> random.nextLong(i.lo(), i.hi() + 1);
        };
        return x & m;
    }

    /** Any bit pattern of the width. */
    long bits(int width) {
        return random.nextLong() & Bits.mask(width);
    }
}
