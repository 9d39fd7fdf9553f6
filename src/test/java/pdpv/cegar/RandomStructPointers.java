package pdpv.cegar;

import java.util.List;
import java.util.Random;

/**
 * Random programs on local pointer variables to structs (issue #20), for the differential test
 * against gcc: a function {@code compute(x0, x1)} with two local structs {@code s0, s1} of a type
 * with integer members {@code a, b} of a random integer type and a nested struct member
 * {@code in.g}, pointers {@code p} and {@code q} to them assigned addresses, {@code NULL} and
 * choices {@code x0 > k ? &s0 : &s1} under conditions on the inputs, members written and read
 * through them ({@code p->a = v}, {@code (*p).b += v}, {@code p->in.g++}), whole structs copied
 * through them ({@code t = *p}, {@code *p = t}), pointers compared ({@code p == q},
 * {@code p == &s1}) and tested, and passed to a helper's {@code struct S *} parameter. Every
 * dereference is written {@code D(p)} ({@code *p}) or {@code A(p)} ({@code p->}): for PDPV the
 * dereference; for gcc a check that reports a null pointer ({@link RandomNullPointers#NULL_HIT})
 * and ends the run. With {@code unguarded}, some dereferences are not under a test of the pointer.
 */
final class RandomStructPointers {
    /** D(p) and A(p) for gcc: the dereference, or the report of a null pointer and the end of the run. */
    static final String GCC_PRELUDE = RandomNullPointers.GCC_PRELUDE
            + "#define A(p) ((p) ? (p) : (__typeof__(p)) null_hit())->\n";
    /** D(p) and A(p) for PDPV. */
    static final String PDPV_PRELUDE = RandomNullPointers.PDPV_PRELUDE + "#define A(p) (p)->\n";

    private static final List<String> TYPES = List.of("int", "unsigned char", "short", "long long", "unsigned");
    private static final List<String> MEMBERS = List.of("a", "b", "in.g");

    private final Random random;
    private final boolean unguarded;
    private final String type;
    private final StringBuilder body = new StringBuilder();

    RandomStructPointers(Random random, boolean unguarded) {
        this.random = random;
        this.unguarded = unguarded;
        this.type = TYPES.get(random.nextInt(TYPES.size()));
    }

    /** The struct type, a helper and {@code long long compute(unsigned char x0, unsigned char x1)}, to follow a prelude. */
    String generate() {
        String types = "struct In { " + type + " g; };\nstruct S { " + type + " a; struct In in; " + type + " b; };\n";
        String helpers = "static void set(struct S *s, " + type + " v) {\n  A(s)a = v;\n  A(s)in.g += A(s)b;\n}\n"
                + "static long long get(const struct S *s) {\n  return s ? 100 * A(s)a + 10 * (*s).b + A(s)in.g : -7;\n}\n";
        body.append("  struct S s0 = {").append(random.nextInt(9)).append(", {").append(random.nextInt(9)).append("}, ")
                .append(random.nextInt(9)).append("}, s1 = {.b = ").append(random.nextInt(9)).append("}, t;\n");
        body.append("  long long r = 0;\n");
        body.append("  struct S *p = ").append(address()).append(";\n");
        body.append("  struct S *q;\n  q = ").append(random.nextBoolean() ? "p" : address()).append(";\n");
        int statements = 6 + random.nextInt(8);
        for (int s = 0; s < statements; s++) {
            statement();
        }
        body.append("  r = r * 31 + s0.a;\n  r = r * 31 + s0.b;\n  r = r * 31 + s0.in.g;\n");
        body.append("  r = r * 31 + s1.a;\n  r = r * 31 + s1.b;\n  r = r * 31 + s1.in.g;\n");
        return types + helpers + "long long compute(unsigned char x0, unsigned char x1) {\n" + body + "  return r;\n}\n";
    }

    /** A value for a pointer to {@code s0, s1}: an address, null, or a choice. */
    private String address() {
        return switch (random.nextInt(6)) {
            case 0, 5 -> "&s" + random.nextInt(2);
            case 1 -> random.nextBoolean() ? "NULL" : "0";
            case 2 -> "x" + random.nextInt(2) + " > " + random.nextInt(5) + " ? &s0 : &s1";
            case 3 -> "x" + random.nextInt(2) + " > " + random.nextInt(5) + " ? &s" + random.nextInt(2) + " : NULL";
            default -> "x" + random.nextInt(2) + " < " + random.nextInt(5) + " ? (struct S *) 0 : &s" + random.nextInt(2);
        };
    }

    private String value() {
        return switch (random.nextInt(3)) {
            case 0 -> "x0";
            case 1 -> "x1 + " + random.nextInt(5);
            default -> String.valueOf(random.nextInt(9) - 3);
        };
    }

    private String member() {
        return MEMBERS.get(random.nextInt(MEMBERS.size()));
    }

    private void statement() {
        String p = random.nextBoolean() ? "p" : "q";
        String other = p.equals("p") ? "q" : "p";
        String k = String.valueOf(random.nextInt(5));
        switch (random.nextInt(unguarded ? 13 : 11)) {
            case 0 -> body.append("  ").append(p).append(" = ").append(address()).append(";\n");
            case 1 -> body.append("  if (x").append(random.nextInt(2)).append(" > ").append(k).append(") ").append(p).append(" = ")
                    .append(random.nextBoolean() ? other : "NULL").append(";\n");
            case 2 -> body.append("  if (").append(p).append(") A(").append(p).append(")").append(member())
                    .append(random.nextBoolean() ? " = " : " += ").append(value()).append(";\n");
            case 3 -> body.append("  if (").append(p).append(" != NULL) r = r * 3 + D(").append(p).append(").").append(member())
                    .append(";\n  else r = r * 3 + 1;\n");
            case 4 -> body.append("  r = r * 5 + (").append(p).append(" ? A(").append(p).append(")").append(member()).append("++ : -1);\n");
            case 5 -> body.append("  r = r * 7 + (").append(p).append(" == NULL) + 2 * (").append(p).append(" == ").append(other)
                    .append(") + 4 * (").append(p).append(" != &s1);\n");
            case 6 -> body.append("  if (").append(p).append(") set(").append(p).append(", ").append(value()).append(");\n");
            case 7 -> body.append("  r = r * 3 + get(").append(p).append(");\n");
            case 8 -> body.append("  if (").append(p).append(") { t = D(").append(p).append("); r = r * 3 + t.a - t.in.g; }\n");
            case 9 -> body.append("  if (").append(p).append(" && ").append(other).append(") D(").append(p).append(") = D(")
                    .append(other).append(");\n");
            case 10 -> body.append("  if (").append(p).append(" && A(").append(p).append(")b > ").append(k).append(") A(").append(p)
                    .append(")in.g -= 2;\n");
            case 11 -> body.append("  A(").append(p).append(")").append(member()).append(random.nextBoolean() ? " += " : " = ")
                    .append(value()).append(";\n");
            default -> body.append("  set(").append(p).append(", ").append(value()).append(");\n  r = r * 3 + D(").append(p)
                    .append(").in.g;\n");
        }
    }
}
