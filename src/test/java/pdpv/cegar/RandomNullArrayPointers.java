package pdpv.cegar;

import java.util.Random;

/**
 * Random programs on pointers into an array that may be null (issue #20), for the differential test
 * against gcc: a function {@code compute(x0, x1)} with a local array {@code a[4]} of a random
 * integer type and pointers {@code p}, {@code q} into it, declared null, without initializer or
 * pointing into it, assigned {@code &a[k]}, {@code a + k}, {@code NULL}, choices
 * {@code x0 > k ? &a[j] : NULL} and the pointers that helpers return: {@code find(a, 4, key)} (the
 * cell that holds the key, or NULL, its search unrolled) and {@code at(a, i)} ({@code a + i}, or NULL past the end);
 * tested ({@code if (p)}, {@code p != NULL}, {@code !p}, {@code p && *p > k}, {@code p ? *p : -1},
 * {@code p == q}) and dereferenced, read and written. Every dereference is written {@code D(p)} as
 * in {@link RandomNullPointers}; with {@code unguarded}, some are not under a test of the pointer.
 */
final class RandomNullArrayPointers {
    private static final String[] TYPES = {"int", "unsigned char", "short", "long long", "unsigned"};

    private final Random random;
    private final boolean unguarded;
    private final String type;
    private final StringBuilder body = new StringBuilder();

    RandomNullArrayPointers(Random random, boolean unguarded) {
        this.random = random;
        this.unguarded = unguarded;
        this.type = TYPES[random.nextInt(TYPES.length)];
    }

    /** The helpers and {@code long long compute(unsigned char x0, unsigned char x1)}, to follow a prelude. */
    String generate() {
        String t = type;
        // the search unrolled: the test's Verifier runs CEGAR alone, which sees a loop's cells through an over-approximation
        // (examples/pointer_find_key_safe.c has the loop, decided by bounded model checking)
        String helpers = "static " + t + " *find(" + t + " *s, int n, " + t + " key) {\n"
                + "  if (n > 0 && s[0] == key) {\n    return &s[0];\n  }\n  if (n > 1 && s[1] == key) {\n    return s + 1;\n  }\n"
                + "  if (n > 2 && *(s + 2) == key) {\n    return &s[2];\n  }\n  if (n > 3 && s[3] == key) {\n    return s + 3;\n  }\n"
                + "  return NULL;\n}\n"
                + "static " + t + " *at(" + t + " *s, int i) {\n  if (i < 4) {\n    return s + i;\n  }\n  return 0;\n}\n";
        body.append("  ").append(t).append(" a[4] = {").append(random.nextInt(5)).append(", ").append(random.nextInt(5)).append(", ")
                .append(random.nextInt(5)).append(", ").append(random.nextInt(5)).append("};\n");
        body.append("  long long r = 0;\n");
        switch (random.nextInt(3)) {
            case 0 -> body.append("  ").append(t).append(" *p = NULL;\n");
            case 1 -> body.append("  ").append(t).append(" *p;\n  p = ").append(address()).append(";\n");
            default -> body.append("  ").append(t).append(" *p = ").append(address()).append(";\n");
        }
        body.append("  ").append(t).append(" *q = ").append(random.nextBoolean() ? "p" : address()).append(";\n");
        // each pointer is assigned a cell's address in the text before it is used (PDPV fixes its array there), under a
        // condition on an input that may never hold (x < 6)
        body.append("  if (x0 > ").append(random.nextInt(7)).append(") p = &a[").append(random.nextInt(4)).append("];\n");
        body.append("  if (x1 > ").append(random.nextInt(7)).append(") q = a + ").append(random.nextInt(4)).append(";\n");
        int statements = 5 + random.nextInt(7);
        for (int s = 0; s < statements; s++) {
            statement();
        }
        // the cells summed without a loop: a loop over the array would need bounded model checking, not the test's subject
        body.append("  r = ((r * 31 + a[0]) * 31 + a[1]) * 31 + a[2];\n  r = r * 31 + a[3];\n");
        return helpers + "long long compute(unsigned char x0, unsigned char x1) {\n" + body + "  return r;\n}\n";
    }

    /** A value for p or q that is no call: a cell's address, null, or a choice. */
    private String address() {
        int k = random.nextInt(4);
        return switch (random.nextInt(5)) {
            case 0 -> "&a[" + k + "]";
            case 1 -> random.nextBoolean() ? "NULL" : "0";
            case 2 -> "x" + random.nextInt(2) + " > " + random.nextInt(5) + " ? &a[" + k + "] : NULL";
            case 3 -> "x" + random.nextInt(2) + " < " + random.nextInt(5) + " ? (" + type + " *) 0 : a + " + k;
            default -> "a + " + k;
        };
    }

    private void statement() {
        String p = random.nextBoolean() ? "p" : "q";
        String other = p.equals("p") ? "q" : "p";
        String k = String.valueOf(random.nextInt(5));
        switch (random.nextInt(unguarded ? 13 : 9)) { // unguarded: a third of the statements dereference without a test
            case 0 -> body.append("  ").append(p).append(" = ").append(address()).append(";\n");
            case 1 -> body.append("  if (x").append(random.nextInt(2)).append(" > ").append(k).append(") ").append(p).append(" = ")
                    .append(random.nextBoolean() ? other : "NULL").append(";\n");
            case 2 -> body.append("  if (").append(p).append(") D(").append(p).append(")").append(random.nextBoolean() ? " = " : " += ")
                    .append(RandomNullPointers.value(random)).append(";\n");
            case 3 -> body.append("  if (").append(p).append(" != NULL) r = r * 3 + D(").append(p).append(");\n  else r = r * 3 + 1;\n");
            case 4 -> body.append("  r = r * 5 + (").append(p).append(" ? D(").append(p).append(") : -1);\n");
            case 5 -> body.append("  r = r * 3 + (").append(p).append(" && D(").append(p).append(") > ").append(k).append(");\n");
            case 6 -> body.append("  r = r * 7 + (").append(p).append(" == NULL) + 2 * (!").append(p).append(") + 4 * (p == q);\n");
            case 7 -> body.append("  ").append(p).append(" = find(a, 4, (").append(type).append(") (x").append(random.nextInt(2)).append(" % 5));\n");
            case 8 -> body.append("  ").append(p).append(" = at(a, x").append(random.nextInt(2)).append(" % 6);\n");
            case 9, 10 -> body.append("  D(").append(p).append(") ").append(random.nextBoolean() ? "+= " : "= ").append(RandomNullPointers.value(random)).append(";\n");
            default -> body.append("  r = r * 3 + D(").append(p).append(");\n");
        }
    }
}
