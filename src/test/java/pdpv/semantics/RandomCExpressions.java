package pdpv.semantics;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generates random C integer expressions over variables of every integer type of ILP32, with
 * behaviour defined under {@code gcc -fwrapv}: divisors are guarded against 0 and -1, shift
 * amounts are masked below 32 (the smallest promoted width).
 */
final class RandomCExpressions {
    /** A C integer type: its spelling, width and signedness. */
    record CTypeName(String spelling, int width, boolean signed) {
    }

    /** The types whose widths ILP32 and LP64 share. */
    static final List<CTypeName> COMMON_TYPES = List.of(
            new CTypeName("char", 8, true), new CTypeName("signed char", 8, true),
            new CTypeName("unsigned char", 8, false), new CTypeName("short", 16, true),
            new CTypeName("unsigned short", 16, false), new CTypeName("int", 32, true),
            new CTypeName("unsigned int", 32, false), new CTypeName("long long", 64, true),
            new CTypeName("unsigned long long", 64, false), new CTypeName("_Bool", 1, false));

    /** {@code long} under LP64, the host gcc's data model. */
    static final List<CTypeName> LP64_LONG = List.of(
            new CTypeName("long", 64, true), new CTypeName("unsigned long", 64, false));

    private static final String[] BINARY = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^",
        "==", "!=", "<", "<=", ">", ">=", "&&", "||"};

    private final Random random;
    private final List<CTypeName> types;
    private final List<String> variables = new ArrayList<>();
    private final StringBuilder declarations = new StringBuilder();

    RandomCExpressions(Random random, List<CTypeName> types, int variableCount) {
        this.random = random;
        this.types = types;
        for (int i = 0; i < variableCount; i++) {
            CTypeName t = types.get(random.nextInt(types.size()));
            String name = "v" + i;
            variables.add(name);
            declarations.append("    ").append(t.spelling()).append(' ').append(name).append(" = ")
                    .append(literalOf(t)).append(";\n");
        }
    }

    /** Declarations of the variables, one per line, with random initial values. */
    String declarations() {
        return declarations.toString();
    }

    String expression(int depth) {
        if (depth == 0 || random.nextInt(4) == 0) {
            return leaf();
        }
        return switch (random.nextInt(10)) {
            case 0 -> "-(" + expression(depth - 1) + ")";
            case 1 -> "~(" + expression(depth - 1) + ")";
            case 2 -> "!(" + expression(depth - 1) + ")";
            case 3 -> "(" + types.get(random.nextInt(types.size())).spelling() + ")(" + expression(depth - 1) + ")";
            case 4 -> "(" + expression(depth - 1) + ") ? (" + expression(depth - 1) + ") : (" + expression(depth - 1) + ")";
            default -> binary(depth);
        };
    }

    private String binary(int depth) {
        String op = BINARY[random.nextInt(BINARY.length)];
        String a = "(" + expression(depth - 1) + ")";
        String b = "(" + expression(depth - 1) + ")";
        return switch (op) {
            case "/", "%" -> "(" + a + " " + op + " ((" + b + " == 0 || " + b + " == -1) ? 1 : " + b + "))";
            case "<<", ">>" -> "(" + a + " " + op + " (" + b + " & 31))";
            default -> "(" + a + " " + op + " " + b + ")";
        };
    }

    private String leaf() {
        if (random.nextInt(3) == 0) {
            return literalOf(types.get(random.nextInt(types.size())));
        }
        return variables.get(random.nextInt(variables.size()));
    }

    private String literalOf(CTypeName t) {
        long bits = switch (random.nextInt(4)) {
            case 0 -> random.nextInt(5) - 2;
            case 1 -> t.signed() ? (1L << (t.width() - 1)) - random.nextInt(2) : -1L;
            default -> random.nextLong();
        };
        long value = t.width() == 64 ? bits : t.signed()
                ? bits << (64 - t.width()) >> (64 - t.width())
                : bits & ((1L << t.width()) - 1);
        String literal = t.signed() || t.width() < 64
                ? (value == Long.MIN_VALUE ? "(-9223372036854775807LL - 1)" : value + "LL")
                : Long.toUnsignedString(value) + "ULL";
        return "((" + t.spelling() + ")" + literal + ")";
    }
}
