package pdpv.cegar;

import java.util.List;
import java.util.Random;

/**
 * Random loop-free programs over enumerations for {@link AggregateDifferentialTest}: objects of an
 * enumeration without negative constants ({@code enum U}, which gcc makes an {@code unsigned int})
 * and of one with a negative constant ({@code enum N}, an {@code int}), assigned values out of
 * their constants' range, stepped, compared, divided, shifted, passed to and returned from a
 * helper, and mixed with the constants (each an {@code int}) in conditionals, some with side
 * effects. The body is {@code long long compute(unsigned char x0, unsigned char x1)}, as in
 * {@link RandomAggregatePrograms}.
 */
final class RandomEnumPrograms {
    private final Random random;

    RandomEnumPrograms(Random random) {
        this.random = random;
    }

    private static final List<String> OBJECTS = List.of("u", "n", "gu");

    private String object() {
        return OBJECTS.get(random.nextInt(OBJECTS.size()));
    }

    private String constant() {
        return List.of("U0", "U1", "U2", "N0", "N1").get(random.nextInt(5));
    }

    private String input() {
        return (random.nextBoolean() ? "x0" : "x1") + " - " + random.nextInt(8);
    }

    /** One statement: an assignment or step of an object, or a term added to r. */
    private String statement() {
        String o = object();
        return switch (random.nextInt(12)) {
            case 0 -> "  " + o + " = " + input() + ";\n";
            case 1 -> "  " + o + (random.nextBoolean() ? " += " : " -= ") + input() + ";\n";
            case 2 -> "  " + o + (random.nextBoolean() ? "++" : "--") + ";\n";
            case 3 -> "  r = r * 3 + (" + o + (random.nextBoolean() ? " > " : " < ") + random.nextInt(4) + ");\n";
            case 4 -> "  r += " + o + " - " + random.nextInt(9) + ";\n";
            case 5 -> "  r += " + o + " / " + (2 + random.nextInt(3)) + " + " + o + " % 3;\n";
            case 6 -> "  r += " + o + " >> " + (1 + random.nextInt(4)) + ";\n";
            case 7 -> "  r += (x0 > x1 ? " + constant() + " : " + constant() + ") - " + random.nextInt(4) + ";\n";
            case 8 -> "  r += (x0 > x1 ? " + o + " : " + object() + ") - 3;\n";
            case 9 -> "  r += (x1 ? " + o + "++ : " + constant() + ") - 2;\n";
            case 10 -> "  " + o + " = step(" + o + ", " + input() + ");\n";
            default -> "  r += (long long) " + o + " * " + (1 + random.nextInt(3)) + " + (" + o + " == " + constant() + ");\n";
        };
    }

    /** The declarations and {@code long long compute(unsigned char x0, unsigned char x1)}. */
    String generate() {
        StringBuilder p = new StringBuilder("enum U { U0, U1, U2 = 5 };\nenum N { N0 = -2, N1 = 3 };\n");
        p.append("enum U gu").append(random.nextBoolean() ? " = U2" : "").append(";\n");
        p.append("enum U step(enum U e, int k) {\n  return e + k;\n}\n");
        p.append("long long compute(unsigned char x0, unsigned char x1) {\n");
        p.append("  enum U u = ").append(random.nextBoolean() ? input() : constant()).append(";\n");
        p.append("  enum N n = ").append(random.nextBoolean() ? input() : constant()).append(";\n");
        p.append("  long long r = 0;\n");
        int statements = 4 + random.nextInt(6);
        for (int i = 0; i < statements; i++) {
            p.append(statement());
        }
        p.append("  return r + u + n;\n}\n");
        return p.toString();
    }
}
