package pdpv.cegar;

import java.util.List;
import java.util.Random;

/**
 * Random programs on pointers into an array of structs (issue #20), for the differential test
 * against gcc: a function {@code compute(x0, x1)} declares an array {@code ps} of a few structs with
 * an integer member {@code a} and an array member {@code b[2]} of a random integer type, and
 * pointers {@code p}, {@code q} into it picked by the inputs ({@code &ps[x0]}, {@code ps + x1},
 * {@code x0 > k ? ps + i : &ps[j]}, sometimes null), stepped ({@code p++}, {@code --q},
 * {@code p += k}, {@code p -= 1}); members are written and read through them ({@code p->a},
 * {@code p->b[j]}, {@code (*p).b[j]}, {@code p[0].a}), whole elements copied ({@code t = *p},
 * {@code *p = *q}), pointers compared and subtracted ({@code p == q}, {@code p < q},
 * {@code p - q}, {@code p < ps + n}) and passed to a helper's {@code struct E *} parameter. The
 * inputs may move a pointer out of the array (most dereferences are guarded by a test that it is
 * inside, some are not): every dereference is written {@code E(p)}, for PDPV
 * the pointer itself, for gcc a check that reports a pointer outside the array or null
 * ({@link RandomNullPointers#NULL_HIT}) and ends the run, so that gcc's table says which inputs
 * access out of bounds. Where p may be null, its other uses as an address (a step, an ordering, a
 * difference) are written {@code P(p)}: for gcc a check that reports null.
 */
final class RandomStructArrayPointers {
    /** E(p) for gcc: the pointer, or the report of a pointer outside ps (or null) and the end of the run ({@code N} is ps's length). */
    static final String GCC_PRELUDE = RandomNullPointers.GCC_PRELUDE
            + "#define E(p) ((p) != 0 && (p) - ps >= 0 && (p) - ps < N ? (p) : (struct E *) null_hit())\n"
            + "#define P(p) ((p) ? (p) : (struct E *) null_hit())\n";
    /** E(p) and P(p) for PDPV. */
    static final String PDPV_PRELUDE = RandomNullPointers.PDPV_PRELUDE + "#define E(p) (p)\n#define P(p) (p)\n";

    private static final List<String> TYPES = List.of("int", "unsigned char", "short", "long long", "unsigned");

    private final Random random;
    private final boolean mayBeNull;
    private final String type;
    private final int n;
    private final StringBuilder body = new StringBuilder();

    /** {@code mayBeNull}: p may also be assigned null, and q is declared without initializer. */
    RandomStructArrayPointers(Random random, boolean mayBeNull) {
        this.random = random;
        this.mayBeNull = mayBeNull;
        this.type = TYPES.get(random.nextInt(TYPES.size()));
        this.n = 2 + random.nextInt(3);
    }

    /** The struct type, a helper and {@code long long compute(unsigned char x0, unsigned char x1)}, to follow a prelude. */
    String generate() {
        String types = "#define N " + n + "\nstruct E { " + type + " a; " + type + " b[2]; };\n";
        String helpers = "static void bump(struct E *e, " + type + " v) {\n  e->a += v;\n  e->b[1] = e->a;\n}\n";
        body.append("  struct E ps[N] = {");
        for (int i = 0; i < n; i++) {
            body.append(i == 0 ? "" : ", ").append("{").append(random.nextInt(9)).append(", {").append(random.nextInt(9)).append(", ")
                    .append(random.nextInt(9)).append("}}");
        }
        body.append("};\n  struct E t;\n  long long r = 0;\n");
        body.append("  struct E *p = ").append(place()).append(";\n");
        if (mayBeNull) {
            body.append("  struct E *q;\n  q = ").append(random.nextBoolean() ? "p" : place()).append(";\n");
        } else {
            body.append("  struct E *q = ").append(random.nextBoolean() ? "p" : place()).append(";\n");
        }
        int statements = 5 + random.nextInt(7);
        for (int s = 0; s < statements; s++) {
            statement();
        }
        for (int i = 0; i < n; i++) {
            body.append("  r = r * 31 + ps[").append(i).append("].a * 7 + ps[").append(i).append("].b[0] * 3 + ps[").append(i)
                    .append("].b[1];\n");
        }
        // r kept below 2^20 (a mask, which the solver bit-blasts cheaply, unlike a 64-bit remainder), so that no sum overflows
        String bounded = body.toString().replaceAll("r = (r \\* \\d+ [^;]*);", "r = ($1) & 1048575;");
        return types + helpers + "long long compute(unsigned char x0, unsigned char x1) {\n" + bounded + "  return r;\n}\n";
    }

    /** A pointer into ps, maybe out of it (the inputs are 0..5), maybe picked by an input. */
    private String place() {
        int k = random.nextInt(n + 1);
        return switch (random.nextInt(6)) {
            case 0 -> "ps";
            case 1 -> "&ps[x" + random.nextInt(2) + " % N]";
            case 2 -> "ps + x" + random.nextInt(2) + " - " + random.nextInt(3);
            case 3 -> "&ps[" + Math.min(k, n - 1) + "]";
            case 4 -> "x" + random.nextInt(2) + " > " + random.nextInt(5) + " ? ps + " + k + " : &ps[" + random.nextInt(n) + "]";
            default -> k + " + ps";
        };
    }

    private String value() {
        return switch (random.nextInt(3)) {
            case 0 -> "x0";
            case 1 -> "x1 + " + random.nextInt(5);
            default -> String.valueOf(random.nextInt(9) - 3);
        };
    }

    /** {@code p} where it is used as an address that may be null: checked for gcc ({@code P(p)}). */
    private String address(String p) {
        return mayBeNull ? "P(" + p + ")" : p;
    }

    /**
     * {@code if (...) } that keeps the dereference of {@code e} (the pointer variable {@code v}, maybe
     * moved) inside ps, three times in four; else nothing, so that the inputs may move it out.
     */
    private String guard(String v, String e) {
        if (random.nextInt(4) == 0) {
            return "";
        }
        return "if (" + (mayBeNull ? v + " != 0 && " : "") + e + " >= ps && " + e + " < ps + N) ";
    }

    private void statement() {
        String p = random.nextBoolean() ? "p" : "q";
        String other = p.equals("p") ? "q" : "p";
        String ap = address(p);
        String ao = address(other);
        int j = random.nextInt(2);
        switch (random.nextInt(14)) {
            case 0 -> body.append("  ").append(p).append(" = ").append(mayBeNull && random.nextInt(3) == 0
                    ? "x" + random.nextInt(2) + " > " + random.nextInt(5) + " ? " + place() + " : 0" : place()).append(";\n");
            case 1 -> body.append("  ").append(mayBeNull ? p + " = " + ap + (random.nextBoolean() ? " + 1" : " - 1")
                    : p + (random.nextBoolean() ? "++" : "--")).append(";\n");
            case 2 -> body.append("  ").append(mayBeNull ? p + " = 1 + " + ap : (random.nextBoolean() ? "++" : "--") + p).append(";\n");
            case 3 -> body.append("  ").append(mayBeNull ? p + " = " + ap + " + " + random.nextInt(3)
                    : p + (random.nextBoolean() ? " += " : " -= ") + random.nextInt(3)).append(";\n");
            case 4 -> body.append("  ").append(guard(p, p)).append("E(").append(p).append(")->a")
                    .append(random.nextBoolean() ? " = " : " += ").append(value()).append(";\n");
            case 5 -> body.append("  ").append(guard(p, p)).append("E(").append(p).append(")->b[").append(j).append("] = ")
                    .append(value()).append(";\n");
            case 6 -> body.append("  ").append(guard(p, p)).append("r = r * 3 + E(").append(p).append(")->a - (*E(").append(p)
                    .append(")).b[").append(j).append("];\n");
            case 7 -> body.append("  r = r * 5 + (").append(p).append(" == ").append(other).append(") + 2 * (").append(ap).append(" < ")
                    .append(ao).append(") + 4 * (").append(ap).append(" - ps);\n");
            case 8 -> body.append("  if (").append(ap).append(" >= ps && ").append(p).append(" < ps + N) E(").append(p).append(")[0].a = ")
                    .append(value()).append(";\n");
            case 9 -> body.append("  ").append(guard(p, p)).append("bump(E(").append(p).append("), ").append(value()).append(");\n");
            case 10 -> body.append("  ").append(guard(p, p)).append("{ t = *E(").append(p).append("); r = r * 7 + t.a + t.b[").append(j)
                    .append("]; }\n");
            case 11 -> body.append("  ").append(guard(p, p)).append(guard(other, other)).append("*E(").append(p).append(") = *E(")
                    .append(other).append(");\n");
            case 12 -> body.append("  if (").append(p).append(" != 0 && ").append(p).append(" != ps + N) r = r * 3 + (")
                    .append(p).append(" - ").append(ao).append(");\n");
            default -> {
                String moved = "(" + other + " + " + random.nextInt(2) + ")";
                body.append("  ").append(guard(other, moved)).append("r = r * 11 + E(").append(ao).append(" + ")
                        .append(moved.substring(moved.indexOf('+') + 2, moved.length() - 1)).append(")->b[").append(j).append("];\n");
            }
        }
    }
}
