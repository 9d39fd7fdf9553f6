package pdpv.daikon;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import pdpv.cfg.Stmt;
import pdpv.interp.InputOracle;
import pdpv.semantics.CType;

/**
 * Thesis Algorithm 6.1, {@code GENERATETESTS(t, a)}: the value of each input is drawn at random
 * with the corner values oversampled: one of nine cases with equal probability, 0, -1, 1, the
 * type's minimum and maximum, RAND(-10, -2), RAND(2, 10), RAND(min + 1, -11), RAND(11, max - 1).
 * Our programs read their inputs as they run (nondet calls, parameters, uninitialized locals), so
 * the "arguments" of a test are the values of its havocs, drawn in the order the run asks for them
 * (each cell of an uninitialized array, issue #20, when the run first reads it).
 * A value is taken in the type's range and cut to its width, so -1 of an unsigned type is its
 * maximum; a case whose interval is empty in the type (RAND(min + 1, -11) of an unsigned type)
 * draws uniformly from the whole type instead. Test i of a generator with seed s is always the same.
 */
public final class TestGenerator {
    private final long seed;

    public TestGenerator(long seed) {
        this.seed = seed;
    }

    /**
     * The inputs of test {@code i}, as an oracle for the interpreter. Each (havoc, occurrence)
     * gets its value when first asked and keeps it, so the oracle is a function of its arguments.
     */
    public InputOracle test(int i) {
        return oracle(new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i), TestGenerator::draw);
    }

    /**
     * The inputs of spread test {@code i}: every value drawn by {@link #spread}, each (havoc,
     * occurrence) once, as in {@link #test}. These tests come after the random ones and from a
     * stream of their own, so the random tests stay what they were.
     */
    public InputOracle spreadTest(int i) {
        return oracle(new SplittableRandom(~(seed * 0x9E3779B97F4A7C15L + i)), TestGenerator::spread);
    }

    /** An oracle whose values {@code drawer} draws from {@code random}, each (havoc, occurrence, cell) once. */
    private static InputOracle oracle(SplittableRandom random, java.util.function.ToLongBiFunction<SplittableRandom, CType> drawer) {
        Map<Stmt.Havoc, Map<Integer, Long>> drawn = new HashMap<>();
        Map<Stmt.Havoc, Map<Integer, Map<Long, Long>>> cells = new HashMap<>();
        return new InputOracle() {
            @Override
            public long next(Stmt.Havoc havoc, int occurrence) {
                return drawn.computeIfAbsent(havoc, h -> new HashMap<>())
                        .computeIfAbsent(occurrence, o -> drawer.applyAsLong(random, havoc.target().type()));
            }

            @Override
            public long cell(Stmt.Havoc havoc, int occurrence, long index) {
                return cells.computeIfAbsent(havoc, h -> new HashMap<>()).computeIfAbsent(occurrence, o -> new HashMap<>())
                        .computeIfAbsent(index, k -> drawer.applyAsLong(random, havoc.target().type()));
            }
        };
    }

    /**
     * A value of {@code type} whose magnitude is spread over the widths: a bit length k uniform in
     * [0, the type's value bits], then a value of exactly k bits uniformly, negated with
     * probability 1/2 in a signed type; as bits. Algorithm 6.1's cases draw a value above 10
     * uniformly from the whole type, almost always of the type's full width, so an input that an
     * assumption bounds ({@code a <= 65535}) passes it in only the few tests that draw 0..10;
     * here every magnitude is as likely as any other, as in the magnitude-biased inputs of
     * random testers (QuickCheck's sized generators, csmith's and AFL's interesting values).
     */
    static long spread(SplittableRandom random, CType type) {
        int bits = type.signed() ? type.width() - 1 : type.width();
        int k = random.nextInt(0, bits + 1);
        BigInteger v = k == 0 ? BigInteger.ZERO
                : uniform(random, BigInteger.ONE.shiftLeft(k - 1), BigInteger.ONE.shiftLeft(k).subtract(BigInteger.ONE),
                BigInteger.ZERO, BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE));
        if (type.signed() && random.nextBoolean()) {
            v = v.negate();
        }
        return v.longValue() & type.mask();
    }

    /** One argument of Algorithm 6.1 (lines 4-14) for a variable of type {@code type}, as bits. */
    static long draw(SplittableRandom random, CType type) {
        BigInteger min = type.signed() ? BigInteger.ONE.shiftLeft(type.width() - 1).negate() : BigInteger.ZERO;
        BigInteger max = type.signed() ? BigInteger.ONE.shiftLeft(type.width() - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(type.width()).subtract(BigInteger.ONE);
        BigInteger v = switch (random.nextInt(1, 10)) {
            case 1 -> BigInteger.ZERO;
            case 2 -> BigInteger.ONE.negate();
            case 3 -> BigInteger.ONE;
            case 4 -> min;
            case 5 -> max;
            case 6 -> uniform(random, BigInteger.valueOf(-10), BigInteger.valueOf(-2), min, max);
            case 7 -> uniform(random, BigInteger.valueOf(2), BigInteger.valueOf(10), min, max);
            case 8 -> uniform(random, min.add(BigInteger.ONE), BigInteger.valueOf(-11), min, max);
            default -> uniform(random, BigInteger.valueOf(11), max.subtract(BigInteger.ONE), min, max);
        };
        return v.longValue() & type.mask();
    }

    /** RAND(a, b) clipped to [min, max]; the whole type if that leaves nothing. */
    private static BigInteger uniform(SplittableRandom random, BigInteger a, BigInteger b, BigInteger min, BigInteger max) {
        BigInteger lo = a.max(min);
        BigInteger hi = b.min(max);
        if (lo.compareTo(hi) > 0) {
            lo = min;
            hi = max;
        }
        BigInteger span = hi.subtract(lo).add(BigInteger.ONE);
        BigInteger r;
        byte[] bytes = new byte[span.bitLength() / 8 + 1];
        do {
            random.nextBytes(bytes);
            r = new BigInteger(1, bytes).mod(BigInteger.ONE.shiftLeft(span.bitLength()));
        } while (r.compareTo(span) >= 0);
        return lo.add(r);
    }
}
