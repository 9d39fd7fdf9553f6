package pdpv.cegar;

import java.util.List;
import java.util.Random;

/**
 * Random programs on pointers that may be null (issue #20), for the differential test against gcc:
 * a function {@code compute(x0, x1)} with locals {@code v0, v1} of a random integer type, pointers
 * {@code p} and {@code q} to them, a global pointer {@code gp} to the globals {@code g0, g1} (null
 * until assigned, or initialized with {@code &g0}), assigned addresses, {@code NULL}, {@code 0} and
 * choices {@code x0 > k ? &v0 : NULL} under conditions on the inputs, tested ({@code if (p)},
 * {@code p != NULL}, {@code !p}, {@code p && *p > k}, {@code p ? *p : -1}, {@code p == q}) and
 * dereferenced, read and written, directly and by a helper through its parameter. Every
 * dereference is written {@code D(p)}: for PDPV {@code (*(p))}; for gcc a check that reports a
 * null pointer ({@link #NULL_HIT}) and ends the run, so that gcc's table says which inputs
 * dereference null. With {@code unguarded}, some dereferences are not under a test of the pointer.
 */
final class RandomNullPointers {
    /** What gcc's run prints for inputs that dereference a null pointer. */
    static final long NULL_HIT = Long.MIN_VALUE;
    /** D(p) for gcc: the dereference, or the report of a null pointer and the end of the run. */
    static final String GCC_PRELUDE = "#include <stdlib.h>\n#include <stdio.h>\n"
            + "static void *null_hit(void) { printf(\"%lld\\n\", (long long) " + NULL_HIT + "LL); fflush(stdout); _exit(0); return 0; }\n"
            + "#define D(p) (*((p) ? (p) : (__typeof__(p)) null_hit()))\n";
    /** D(p) for PDPV. */
    static final String PDPV_PRELUDE = "#define NULL ((void *)0)\n#define D(p) (*(p))\n";

    static final List<String> TYPES = List.of("int", "unsigned char", "short", "long long", "unsigned");

    private final Random random;
    private final boolean unguarded;
    private final String type;
    private final StringBuilder helpers = new StringBuilder();
    private final StringBuilder body = new StringBuilder();

    RandomNullPointers(Random random, boolean unguarded) {
        this.random = random;
        this.unguarded = unguarded;
        this.type = TYPES.get(random.nextInt(TYPES.size()));
    }

    /** The globals, helpers and {@code long long compute(unsigned char x0, unsigned char x1)}, to follow a prelude. */
    String generate() {
        String globals = "static " + type + " g0, g1 = 3;\nstatic " + type + " *gp" + (random.nextBoolean() ? " = &g0" : "") + ";\n";
        helpers.append("static void set(").append(type).append(" *s, ").append(type).append(" v) {\n  if (s) D(s) = v;\n}\n");
        helpers.append("static long long get(const ").append(type).append(" *s) {\n  return s != NULL ? D(s) : -7;\n}\n");
        if (unguarded) {
            helpers.append("static void bump(").append(type).append(" *s) {\n  D(s) += 1;\n}\n");
        }
        body.append("  ").append(type).append(" v0 = ").append(random.nextInt(9)).append(", v1 = ").append(random.nextInt(9)).append(";\n");
        body.append("  long long r = 0;\n");
        body.append("  ").append(type).append(" *p = ").append(address("v")).append(";\n");
        body.append("  ").append(type).append(" *q = ").append(random.nextBoolean() ? "p" : address("v")).append(";\n");
        int statements = 6 + random.nextInt(8);
        for (int s = 0; s < statements; s++) {
            statement();
        }
        body.append("  r = r * 31 + v0;\n  r = r * 31 + v1;\n  r = r * 31 + g0;\n  r = r * 31 + g1;\n");
        return globals + helpers + "long long compute(unsigned char x0, unsigned char x1) {\n" + body + "  return r;\n}\n";
    }

    /** A value for a pointer to {@code v0, v1} ({@code prefix} v) or to {@code g0, g1} (g): an address, null, or a choice. */
    private String address(String prefix) {
        return switch (random.nextInt(5)) {
            case 0 -> "&" + prefix + random.nextInt(2);
            case 1 -> random.nextBoolean() ? "NULL" : "0";
            case 2 -> "x" + random.nextInt(2) + " > " + random.nextInt(5) + " ? &" + prefix + random.nextInt(2) + " : NULL";
            case 3 -> "x" + random.nextInt(2) + " < " + random.nextInt(5) + " ? (" + type + " *) 0 : &" + prefix + random.nextInt(2);
            default -> "&" + prefix + random.nextInt(2);
        };
    }

    private String value() {
        return value(random);
    }

    /** A value to store through a pointer: an input, an input plus a constant, or a small constant. */
    static String value(Random random) {
        return switch (random.nextInt(3)) {
            case 0 -> "x0";
            case 1 -> "x1 + " + random.nextInt(5);
            default -> String.valueOf(random.nextInt(9) - 3);
        };
    }

    private void statement() {
        boolean global = random.nextInt(3) == 0;
        String p = global ? "gp" : random.nextBoolean() ? "p" : "q";
        String other = global ? "gp" : p.equals("p") ? "q" : "p";
        String k = String.valueOf(random.nextInt(5));
        switch (random.nextInt(unguarded ? 11 : 9)) {
            case 0 -> body.append("  ").append(p).append(" = ").append(address(global ? "g" : "v")).append(";\n");
            case 1 -> body.append("  if (x").append(random.nextInt(2)).append(" > ").append(k).append(") ").append(p).append(" = ")
                    .append(global ? "NULL" : random.nextBoolean() ? other : "NULL").append(";\n");
            case 2 -> body.append("  if (").append(p).append(") D(").append(p).append(")").append(random.nextBoolean() ? " = " : " += ")
                    .append(value()).append(";\n");
            case 3 -> body.append("  if (").append(p).append(" != NULL) r = r * 3 + D(").append(p).append(");\n  else r = r * 3 + 1;\n");
            case 4 -> body.append("  r = r * 5 + (").append(p).append(" ? D(").append(p).append(") : -1);\n");
            case 5 -> body.append("  r = r * 3 + (").append(p).append(" && D(").append(p).append(") > ").append(k).append(");\n");
            case 6 -> body.append("  r = r * 7 + (").append(p).append(" == NULL) + 2 * (!").append(p).append(") + 4 * (")
                    .append(global ? "gp == &g1" : "p == q").append(");\n");
            case 7 -> body.append("  set(").append(p).append(", ").append(value()).append(");\n");
            case 8 -> body.append("  r = r * 3 + get(").append(p).append(");\n");
            case 9 -> body.append("  D(").append(p).append(") ").append(random.nextBoolean() ? "+= " : "= ").append(value()).append(";\n");
            default -> body.append("  bump(").append(p).append(");\n  r = r * 3 + D(").append(p).append(");\n");
        }
    }
}
