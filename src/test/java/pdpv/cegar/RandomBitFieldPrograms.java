package pdpv.cegar;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random C functions over structs with bit-fields (issue #20) for the differential test against
 * gcc ({@link AggregateDifferentialTest}): a struct {@code F} of random bit-fields (widths from 1
 * to the type's, of {@code _Bool}, the character, short, int, long and long long types signed and
 * unsigned, and enumerations with and without a negative constant), unnamed ones ({@code : w},
 * {@code : 0}) and whole members between them; a local {@code s0} (brace list or designators), a
 * copy {@code s1}, a global {@code g} (zero or a brace list) and a local array {@code fa[2]}.
 * Stores of random values (truncated to the field's width), compound assignments, increments,
 * the value of an assignment used, reads in sums, comparisons, unary minus and complement (so
 * that a field's promotion shows; a conditional whose arm has a side effect is BitFieldTest's, as
 * its branches made these programs' proofs slow), whole-struct
 * copies, helpers taking and returning {@code F} by value and writing it through
 * {@code struct F *p}, and {@code sizeof(struct F)} (gcc's layout). The body is
 * {@code compute(x0, x1)} returning a {@code long long}, as {@link RandomAggregatePrograms}'s.
 */
final class RandomBitFieldPrograms {
    /** A declared type of a bit-field, its width in bits under the data model and whether it is signed. */
    private record FieldType(String name, int width, boolean signed) {
    }

    /** A named member of F: a bit-field of {@code width} bits, or a whole member when width is the type's. */
    private record Field(String name, FieldType type, int width) {
    }

    private final Random random;
    private final List<Field> fields = new ArrayList<>();
    private final StringBuilder body = new StringBuilder();

    RandomBitFieldPrograms(Random random) {
        this.random = random;
    }

    /** The declarations and {@code long long compute(unsigned char x0, unsigned char x1)} under a data model whose long has {@code longWidth} bits. */
    String generate(int longWidth) {
        List<FieldType> types = List.of(new FieldType("unsigned", 32, false), new FieldType("int", 32, true),
                new FieldType("signed int", 32, true), new FieldType("unsigned char", 8, false), new FieldType("signed char", 8, true),
                new FieldType("char", 8, true), new FieldType("short", 16, true), new FieldType("unsigned short", 16, false),
                new FieldType("long", longWidth, true), new FieldType("unsigned long", longWidth, false),
                new FieldType("long long", 64, true), new FieldType("unsigned long long", 64, false), new FieldType("_Bool", 1, false),
                new FieldType("enum U", 32, false), new FieldType("enum N", 32, true));
        StringBuilder decl = new StringBuilder("enum U { U0, U1, U2 = 5 };\nenum N { N0 = -2, N1 = 3 };\nstruct F {");
        int members = 2 + random.nextInt(5);
        for (int i = 0; i < members; i++) {
            FieldType t = types.get(random.nextInt(types.size()));
            if (random.nextInt(6) == 0) {
                // padding: gcc's layout of what follows depends on it
                decl.append(' ').append(t.name()).append(" : ").append(random.nextInt(3) == 0 ? 0 : 1 + random.nextInt(Math.min(t.width(), 31)))
                        .append(';');
            }
            int width = random.nextInt(8) == 0 ? t.width() : 1 + random.nextInt(Math.min(t.width(), 31));
            Field f = new Field("f" + i, t, width);
            fields.add(f);
            decl.append(' ').append(t.name()).append(" f").append(i);
            // a whole member of an enumeration is left out, as it was when PDPV read every enumeration as int (so the
            // stream stays as it was; enumerationsAgreeWithGcc checks their objects)
            if (width < t.width() || t.name().startsWith("enum") || random.nextBoolean()) {
                decl.append(" : ").append(width);
            }
            decl.append(';');
        }
        decl.append(" };\n");
        String globals = decl + "struct F g" + (random.nextBoolean() ? "" : " = " + braces()) + ";\n";
        String helpers = "struct F bump(struct F p, int k) {\n  p." + field().name() + " += k;\n  p." + field().name() + "++;\n  return p;\n}\n"
                + "void put(struct F *p, long long v) {\n  p->" + field().name() + " = v;\n  p->" + field().name() + " ^= v >> 3;\n}\n";
        body.append("  struct F s0 = ").append(random.nextBoolean() ? braces() : designated()).append(";\n  struct F s1 = s0;\n")
                .append("  struct F fa[2] = {").append(braces()).append("};\n  long long r = sizeof(struct F);\n");
        int statements = 4 + random.nextInt(7);
        for (int i = 0; i < statements; i++) {
            statement();
        }
        for (String s : List.of("s0", "s1", "g", "fa[x1 % 2]")) {
            for (Field f : fields) {
                body.append("  r = r * 3 + ").append(s).append('.').append(f.name()).append(";\n");
            }
        }
        return globals + helpers + "long long compute(unsigned char x0, unsigned char x1) {\n" + body + "  return r;\n}\n";
    }

    private void statement() {
        String s = object();
        String f = s + "." + field().name();
        switch (random.nextInt(12)) {
            case 0, 1 -> body.append("  ").append(f).append(" = ").append(value()).append(";\n");
            case 2, 3 -> body.append("  ").append(f).append(' ').append(List.of("+=", "-=", "*=", "&=", "|=", "^=").get(random.nextInt(6)))
                    .append(' ').append(value()).append(";\n");
            case 4 -> body.append("  ").append(List.of("++" + f, "--" + f, f + "++", f + "--").get(random.nextInt(4))).append(";\n");
            case 5 -> body.append("  r = r * 7 + (").append(f).append(" = ").append(value()).append(");\n");
            case 6 -> body.append("  r = r * 7 + (").append(f).append(' ').append(List.of("<", ">", "==", "<=").get(random.nextInt(4)))
                    .append(' ').append(List.of("0", "-1", "3", String.valueOf(random.nextInt(200) - 100)).get(random.nextInt(4))).append(");\n");
            case 7 -> body.append("  r = r * 7 + ").append(List.of("-", "~", "!").get(random.nextInt(3))).append(f).append(" + (")
                    .append(f).append(" - ").append(object()).append('.').append(field().name()).append(");\n");
            case 8 -> body.append("  ").append(s).append(" = ").append(object()).append(";\n");
            case 9 -> body.append("  ").append(s).append(" = bump(").append(object()).append(", ").append(value()).append(");\n");
            case 10 -> body.append("  put(&").append(s).append(", ").append(value()).append(");\n");
            default -> body.append("  r = r * 7 + (").append(f).append(" ? ").append(f).append(" * 5 : ").append(object()).append('.')
                    .append(field().name()).append(");\n");
        }
    }

    private Field field() {
        return fields.get(random.nextInt(fields.size()));
    }

    private String object() {
        return List.of("s0", "s1", "g", "fa[x0 % 2]", "fa[1]").get(random.nextInt(5));
    }

    /** A value computed from the inputs, or a constant of any size and sign. */
    private String value() {
        return switch (random.nextInt(4)) {
            case 0 -> "x0";
            case 1 -> "x0 * " + random.nextInt(100) + " - x1";
            case 2 -> String.valueOf(random.nextInt(600) - 300);
            default -> "0x" + Long.toHexString(random.nextLong()) + "LL";
        };
    }

    private String braces() {
        List<String> values = new ArrayList<>();
        int n = 1 + random.nextInt(fields.size());
        for (int i = 0; i < n; i++) {
            values.add(String.valueOf(random.nextInt(2000) - 1000));
        }
        return "{" + String.join(", ", values) + "}";
    }

    private String designated() {
        Field f = field();
        return "{." + f.name() + " = x1 - " + random.nextInt(50) + "}";
    }
}
