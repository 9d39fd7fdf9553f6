package pdpv.cegar;

import java.util.Random;

/**
 * Random programs on pointers to pointers (issue #20), for the differential test against gcc: a
 * function {@code compute(x0, x1)} with locals {@code v0, v1} of a random integer type, pointers
 * {@code p} and {@code q} to them (or null), and pointers {@code pp} and {@code qq} to p and q (or
 * null), assigned under conditions on the inputs; {@code *pp} written with addresses, null and
 * the other pointer, {@code **pp} read and written, {@code *pp == q} and null tests, and helpers
 * with {@code T **} parameters: an out-parameter {@code pick(&p, &v0, &v1, c)}, {@code swap(&p, &q)},
 * a copy {@code *out = *in}, a write through {@code **s} and {@code choose(a, b, c)}, which returns
 * one of the pointers it is passed. Every dereference is written
 * {@code D(p)} as in {@link RandomNullPointers}, so that gcc's table says which inputs dereference
 * null; with {@code unguarded}, some dereferences are not under a test of the pointer.
 */
final class RandomPointerPointers {
    private final Random random;
    private final boolean unguarded;
    private final String type;
    private final StringBuilder body = new StringBuilder();

    RandomPointerPointers(Random random, boolean unguarded) {
        this.random = random;
        this.unguarded = unguarded;
        this.type = RandomNullPointers.TYPES.get(random.nextInt(RandomNullPointers.TYPES.size()));
    }

    /** The helpers and {@code long long compute(unsigned char x0, unsigned char x1)}, to follow a prelude. */
    String generate() {
        String t = type;
        String helpers = "static void pick(" + t + " **out, " + t + " *a, " + t + " *b, int c) {\n  if (c) D(out) = a; else D(out) = b;\n}\n"
                + "static void swap(" + t + " **a, " + t + " **b) {\n  " + t + " *t = D(a);\n  D(a) = D(b);\n  D(b) = t;\n}\n"
                + "static void copy(" + t + " **out, " + t + " **in) {\n  D(out) = D(in);\n}\n"
                + "static void put(" + t + " **s, " + t + " v) {\n  if (s && *s) D(D(s)) = v;\n}\n"
                + "static " + t + " *choose(" + t + " *a, " + t + " *b, int c) {\n  return c ? a : b;\n}\n";
        body.append("  ").append(t).append(" v0 = ").append(random.nextInt(9)).append(", v1 = ").append(random.nextInt(9)).append(";\n");
        body.append("  long long r = 0;\n");
        body.append("  ").append(t).append(" *p = ").append(address()).append(", *q = ").append(address()).append(";\n");
        body.append("  ").append(t).append(" **pp = ").append(pointer()).append(", **qq = ").append(pointer()).append(";\n");
        int statements = 6 + random.nextInt(8);
        for (int s = 0; s < statements; s++) {
            statement();
        }
        body.append("  r = r * 31 + v0;\n  r = r * 31 + v1;\n  r = r * 31 + (p == &v0) + 2 * (p == &v1) + 4 * (q == &v0) + 8 * (q == &v1);\n");
        return helpers + "long long compute(unsigned char x0, unsigned char x1) {\n" + body + "  return r;\n}\n";
    }

    /** A value for p or q: an address of v0 or v1, null, or a choice on an input. */
    private String address() {
        return switch (random.nextInt(4)) {
            case 0 -> "&v" + random.nextInt(2);
            case 1 -> "NULL";
            case 2 -> "x" + random.nextInt(2) + " > " + random.nextInt(5) + " ? &v" + random.nextInt(2) + " : NULL";
            default -> "x" + random.nextInt(2) + " < " + random.nextInt(5) + " ? &v0 : &v1";
        };
    }

    /** A value for pp or qq: an address of p or q, null, or a choice on an input. */
    private String pointer() {
        return switch (random.nextInt(4)) {
            case 0 -> random.nextBoolean() ? "&p" : "&q";
            case 1 -> random.nextInt(3) == 0 ? "NULL" : "&p";
            case 2 -> "x" + random.nextInt(2) + " > " + random.nextInt(5) + " ? &p : &q";
            default -> "x" + random.nextInt(2) + " > " + random.nextInt(5) + " ? &q : NULL";
        };
    }

    private void statement() {
        String pp = random.nextBoolean() ? "pp" : "qq";
        String k = String.valueOf(random.nextInt(5));
        String x = "x" + random.nextInt(2);
        switch (random.nextInt(unguarded ? 15 : 13)) {
            case 0 -> body.append("  ").append(pp).append(" = ").append(pointer()).append(";\n");
            case 1 -> body.append("  if (").append(pp).append(") D(").append(pp).append(") = ").append(address()).append(";\n");
            case 2 -> body.append("  if (").append(pp).append(") D(").append(pp).append(") = ").append(random.nextBoolean() ? "p" : "q")
                    .append(";\n");
            case 3 -> body.append("  if (").append(pp).append(" && *").append(pp).append(") D(D(").append(pp).append("))")
                    .append(random.nextBoolean() ? " = " : " += ").append(RandomNullPointers.value(random)).append(";\n");
            case 4 -> body.append("  r = r * 3 + (").append(pp).append(" && *").append(pp).append(" ? D(D(").append(pp).append(")) : -1);\n");
            case 5 -> body.append("  r = r * 7 + (pp == qq) + 2 * (").append(pp).append(" && *").append(pp).append(" == q) + 4 * (p == q)")
                    .append(" + 8 * (").append(pp).append(" != NULL && *").append(pp).append(" == NULL);\n");
            case 6 -> body.append("  pick(&").append(random.nextBoolean() ? "p" : "q").append(", &v").append(random.nextInt(2)).append(", ")
                    .append(random.nextBoolean() ? "&v" + random.nextInt(2) : "NULL").append(", ").append(x).append(" > ").append(k).append(");\n");
            case 7 -> body.append("  swap(&p, &q);\n");
            case 8 -> body.append("  if (").append(pp).append(") copy(").append(pp).append(", ").append(random.nextBoolean() ? "&p" : "&q")
                    .append(");\n");
            case 9 -> body.append("  put(").append(random.nextBoolean() ? pp : "&p").append(", ").append(RandomNullPointers.value(random))
                    .append(");\n");
            case 10 -> body.append("  r = r * 3 + (p ? D(p) : -1) + 5 * (q ? D(q) : -1);\n");
            case 11 -> body.append("  ").append(random.nextBoolean() ? "p" : "q").append(" = choose(&v").append(random.nextInt(2))
                    .append(", ").append(random.nextBoolean() ? "&v" + random.nextInt(2) : "NULL").append(", ").append(x).append(" > ")
                    .append(k).append(");\n");
            case 12 -> body.append("  r = r * 3 + (choose(p, q, ").append(x).append(" > ").append(k).append(") == p) + 2 * (")
                    .append(pp).append(" && choose(*").append(pp).append(", q, ").append(x).append(" < ").append(k).append(") == q);\n");
            case 13 -> body.append("  D(D(").append(pp).append(")) ").append(random.nextBoolean() ? "+= " : "= ")
                    .append(RandomNullPointers.value(random)).append(";\n");
            default -> body.append("  r = r * 3 + D(D(").append(pp).append("));\n");
        }
    }
}
