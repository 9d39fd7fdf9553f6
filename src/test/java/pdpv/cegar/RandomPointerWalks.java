package pdpv.cegar;

import java.util.List;
import java.util.Random;

/**
 * Random walks of pointers over a small array (issue #20), for the differential test against gcc:
 * a function {@code compute(x0, x1)} declares an array {@code a} of a random integer type and
 * length, pointers {@code p} and {@code q} into it ({@code = a}, {@code = a + k}, {@code = &a[k]},
 * {@code = p}), and then moves them ({@code p++}, {@code --q}, {@code p += k}, {@code p = q},
 * {@code p = a + k}, moves under a condition on the inputs), reads and writes through them
 * ({@code *p}, {@code p[i]}, {@code *(p + i)}, {@code *p++ = e}, {@code *q-- += e}), compares and
 * subtracts them ({@code p == q}, {@code p < q}, {@code p - q}, {@code p != a + k}) and passes them
 * to helpers that move their own parameter ({@code while (n-- > 0) t += *s++;}). The generator
 * keeps the range of offsets each pointer may have, so that every dereference is inside the array
 * and every pointer at most one past its end, whatever the inputs: the program has no undefined
 * behaviour and gcc's results are C's. With {@code loops}, also a loop that walks a pointer to a
 * bound and the helpers (loops with constant bounds).
 */
final class RandomPointerWalks {
    private static final List<String> TYPES = List.of("char", "signed char", "unsigned char", "short", "unsigned short", "int",
            "unsigned", "long long", "unsigned long long");

    private final Random random;
    private final boolean loops;
    private final int n;
    private final String type;
    private final StringBuilder helpers = new StringBuilder();
    private final StringBuilder body = new StringBuilder();
    /** The lowest and highest offset p (index 0) and q (index 1) may have. */
    private final int[] lo = new int[2];
    private final int[] hi = new int[2];

    RandomPointerWalks(Random random, boolean loops) {
        this.random = random;
        this.loops = loops;
        this.n = 3 + random.nextInt(4);
        this.type = TYPES.get(random.nextInt(TYPES.size()));
    }

    /** The helpers and the function {@code long long compute(unsigned char x0, unsigned char x1)}. */
    String generate() {
        body.append("  ").append(type).append(" a[").append(n).append("] = {");
        for (int i = 0; i < n; i++) {
            body.append(i == 0 ? "" : ", ").append(random.nextInt(20) - 5);
        }
        body.append("};\n  long long r = 0;\n");
        body.append("  ").append(type).append(" *p = ").append(start(0)).append(";\n");
        if (random.nextBoolean()) {
            body.append("  ").append(type).append(" *q = p;\n");
            lo[1] = lo[0];
            hi[1] = hi[0];
        } else {
            body.append("  ").append(type).append(" *q = ").append(start(1)).append(";\n");
        }
        int statements = 6 + random.nextInt(8);
        for (int s = 0; s < statements; s++) {
            statement();
        }
        for (int i = 0; i < n; i++) {
            body.append("  r = r * 7 + a[").append(i).append("];\n");
        }
        return helpers + "long long compute(unsigned char x0, unsigned char x1) {\n" + body + "  return r;\n}\n";
    }

    private String name(int ptr) {
        return ptr == 0 ? "p" : "q";
    }

    /** An initial value of pointer {@code ptr} in {@code 0..n}, its range set. */
    private String start(int ptr) {
        int k = random.nextInt(n + 1);
        lo[ptr] = k;
        hi[ptr] = k;
        return switch (random.nextInt(3)) {
            case 0 -> k == 0 ? "a" : "a + " + k;
            case 1 -> k == n ? "a + " + n : "&a[" + k + "]";
            default -> k + " + a";
        };
    }

    /** A value to store or add: an input, a constant, or a cell read through the other pointer. */
    private String value(int other) {
        return switch (random.nextInt(4)) {
            case 0 -> "x0";
            case 1 -> "x1 + " + random.nextInt(5);
            case 2 -> lo[other] >= 0 && hi[other] < n ? "*" + name(other) : "x0 * 2";
            default -> String.valueOf(random.nextInt(9) - 3);
        };
    }

    /** Moves pointer {@code ptr} by {@code d}, if it stays within 0..n whatever its offset; returns whether it did. */
    private boolean canMove(int ptr, int d) {
        return lo[ptr] + d >= 0 && hi[ptr] + d <= n;
    }

    private void move(int ptr, int d) {
        lo[ptr] += d;
        hi[ptr] += d;
    }

    /** Whether {@code *(ptr + i)} is a cell whatever ptr's offset. */
    private boolean readable(int ptr, int i) {
        return lo[ptr] + i >= 0 && hi[ptr] + i < n;
    }

    private void statement() {
        int p = random.nextInt(2);
        int o = 1 - p;
        String name = name(p);
        switch (random.nextInt(loops ? 12 : 10)) {
            case 0 -> {
                if (canMove(p, 1)) {
                    body.append("  ").append(random.nextBoolean() ? name + "++" : "++" + name).append(";\n");
                    move(p, 1);
                }
            }
            case 1 -> {
                if (canMove(p, -1)) {
                    body.append("  ").append(random.nextBoolean() ? name + "--" : "--" + name).append(";\n");
                    move(p, -1);
                }
            }
            case 2 -> {
                int d = random.nextInt(2 * n + 1) - n;
                if (canMove(p, d)) {
                    body.append("  ").append(name).append(d >= 0 ? " += " + d : " -= " + -d).append(";\n");
                    move(p, d);
                }
            }
            case 3 -> {
                if (random.nextBoolean()) {
                    body.append("  ").append(name).append(" = ").append(name(o)).append(";\n");
                    lo[p] = lo[o];
                    hi[p] = hi[o];
                } else {
                    body.append("  ").append(name).append(" = ").append(start(p)).append(";\n");
                }
            }
            case 4 -> {
                // a move under a condition on the inputs: the offset's range widens
                int d = random.nextBoolean() ? 1 : -1;
                if (canMove(p, d)) {
                    body.append("  if (x").append(random.nextInt(2)).append(" > ").append(random.nextInt(5)).append(") ").append(name)
                            .append(d > 0 ? "++" : "--").append(";\n");
                    lo[p] = Math.min(lo[p], lo[p] + d);
                    hi[p] = Math.max(hi[p], hi[p] + d);
                }
            }
            case 5 -> {
                int i = random.nextInt(n) - lo[p];
                if (readable(p, i)) {
                    String cell = switch (random.nextInt(3)) {
                        case 0 -> name + "[" + i + "]";
                        case 1 -> "*(" + name + (i >= 0 ? " + " + i : " - " + -i) + ")";
                        default -> i == 0 ? "*" + name : name + "[" + i + "]";
                    };
                    String op = random.nextBoolean() ? " = " : " += ";
                    body.append("  ").append(cell).append(op).append(value(o)).append(";\n");
                }
            }
            case 6 -> {
                boolean up = random.nextBoolean();
                if (readable(p, 0) && canMove(p, up ? 1 : -1)) {
                    String op = random.nextBoolean() ? " = " : " += ";
                    body.append("  *").append(name).append(up ? "++" : "--").append(op).append(value(o)).append(";\n");
                    move(p, up ? 1 : -1);
                }
            }
            case 7 -> {
                int i = random.nextInt(n) - lo[p];
                if (readable(p, i)) {
                    body.append("  r = r * 5 + ").append(i == 0 ? "*" + name : name + "[" + i + "]").append(";\n");
                }
            }
            case 8 -> {
                String cmp = List.of("==", "!=", "<", "<=", ">", ">=").get(random.nextInt(6));
                String right = random.nextBoolean() ? name(o) : "a + " + random.nextInt(n + 1);
                body.append("  r = r * 3 + (").append(name).append(' ').append(cmp).append(' ').append(right).append(");\n");
            }
            case 9 -> body.append("  r = r * 3 + (").append(name).append(" - ").append(random.nextBoolean() ? name(o) : "a").append(");\n");
            case 10 -> helperCall(p);
            default -> {
                // walk p up to a bound, writing
                int bound = random.nextInt(n + 1);
                if (hi[p] <= n) {
                    body.append("  while (").append(name).append(" < a + ").append(bound).append(") *").append(name).append("++ = ")
                            .append(random.nextBoolean() ? "x0" : String.valueOf(random.nextInt(7))).append(";\n");
                    lo[p] = Math.max(lo[p], bound);
                    hi[p] = Math.max(hi[p], bound);
                }
            }
        }
    }

    /** A helper that moves its own parameter over {@code m} cells from where {@code ptr} points. */
    private void helperCall(int ptr) {
        int m = n - hi[ptr];
        if (lo[ptr] < 0 || m <= 0) {
            return;
        }
        String h = "h" + helpers.length();
        if (random.nextBoolean()) {
            helpers.append("static long long ").append(h).append("(const ").append(type).append(" *s, int n) {\n")
                    .append("  long long t = 0;\n  while (n-- > 0) t = t * 3 + *s++;\n  return t;\n}\n");
            body.append("  r += ").append(h).append('(').append(name(ptr)).append(", ").append(random.nextInt(m + 1)).append(");\n");
        } else {
            helpers.append("static void ").append(h).append('(').append(type).append(" *d, const ").append(type)
                    .append(" *end, int v) {\n  for (; d != end; d++) *d += v;\n}\n");
            int k = random.nextInt(m + 1);
            body.append("  ").append(h).append('(').append(name(ptr)).append(", ").append(name(ptr)).append(" + ").append(k)
                    .append(", x1);\n");
        }
    }
}
