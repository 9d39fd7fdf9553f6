package pdpv.daikon;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;

/**
 * Random invariants printed exactly as Daikon prints them (LinearBinaryCore.formatTerm's
 * {@code 2 * x - y + orig(z) - 4 == 0}, IntComparisons, OneOf's {@code x one of { .. }}, Modulus's
 * {@code x == r  (mod m)}, Even's {@code x % 2 == 0}, implications), read back by the importer and
 * evaluated on random values: the reading must agree with what the line means over the integers,
 * Daikon's meaning (values small enough that no sum wraps, where PDPV's modular equalities and
 * Daikon's integer ones coincide).
 */
class DaikonFormatDifferentialTest {
    private static final Program PROGRAM = TestRunsTest.parse("""
            extern int __VERIFIER_nondet_int(void);
            int main(void) {
                int x = 0, y = 0, z = 0;
                while (__VERIFIER_nondet_int()) { x = x + __VERIFIER_nondet_int(); y = y - x; z = z + y; }
                return 0;
            }
            """);
    private static final ProgramPoints POINTS = new ProgramPoints(PROGRAM, LoopForest.of(PROGRAM));
    private static final Loop LOOP = POINTS.loops().get(0);
    private static final List<String> NAMES = List.of("x", "y", "z", "orig(x)", "orig(y)", "orig(z)");

    /** One random line and its meaning on values of x, y, z, orig(x), orig(y), orig(z). */
    private record Line(String text, Predicate<long[]> meaning) {
    }

    @Test
    void randomDaikonLinesMeanWhatTheySay() {
        SplittableRandom random = new SplittableRandom(2013);
        int lines = 0;
        for (int round = 0; round < 400; round++) {
            Line line = line(random, 0);
            String text = "=".repeat(75) + "\n" + POINTS.exit(LOOP) + "\n" + line.text() + "\n";
            ImportedInvariants imported = ImportedInvariants.read(text, POINTS);
            assertEquals(List.of(), imported.skipped(), line.text());
            Invariant inv = imported.invariants(LOOP).get(0);
            for (int k = 0; k < 50; k++) {
                long[] v = new long[6];
                for (int i = 0; i < 6; i++) {
                    v[i] = random.nextInt(5) == 0 ? random.nextLong(-3, 4) : random.nextLong(-1000, 1001);
                }
                assertEquals(line.meaning().test(v), inv.holds(values(v)), line.text() + " at " + java.util.Arrays.toString(v));
            }
            lines++;
        }
        assertEquals(400, lines);
    }

    private static java.util.function.Function<Term, BigInteger> values(long[] v) {
        Map<String, Integer> index = Map.of("x", 0, "y", 1, "z", 2);
        return t -> BigInteger.valueOf(v[index.get(t.variable().sourceName()) + (t.old() ? 3 : 0)]);
    }

    private static Line line(SplittableRandom r, int depth) {
        switch (r.nextInt(depth == 0 ? 6 : 5)) {
            case 0: {
                // LinearBinary / LinearTernary: a * v1 + b * v2 [+ c * v3] + d == 0, Daikon's formatTerm.
                int n = r.nextInt(2, 4);
                List<Integer> vars = new ArrayList<>();
                while (vars.size() < n) {
                    int i = r.nextInt(6);
                    if (!vars.contains(i)) {
                        vars.add(i);
                    }
                }
                long[] coeff = new long[n];
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < n; i++) {
                    coeff[i] = i >= 2 && r.nextInt(5) == 0 ? 0 : nonZero(r);
                    sb.append(term(coeff[i], NAMES.get(vars.get(i)), sb.length() == 0));
                }
                long d = r.nextLong(-20, 21);
                sb.append(term(d, null, sb.length() == 0));
                String text = sb + " == 0";
                return new Line(text, v -> {
                    long s = d;
                    for (int i = 0; i < n; i++) {
                        s += coeff[i] * v[vars.get(i)];
                    }
                    return s == 0;
                });
            }
            case 1: {
                int a = r.nextInt(6);
                int b = (a + r.nextInt(1, 6)) % 6;
                String op = List.of("==", "!=", "<", "<=", ">", ">=").get(r.nextInt(6));
                boolean constant = r.nextBoolean();
                long c = r.nextLong(-5, 6);
                String rhs = constant ? Long.toString(c) : NAMES.get(b);
                return new Line(NAMES.get(a) + " " + op + " " + rhs, v -> compare(op, v[a], constant ? c : v[b]));
            }
            case 2: {
                int a = r.nextInt(6);
                List<Long> values = new ArrayList<>();
                int k = r.nextInt(1, 4);
                while (values.size() < k) {
                    long c = r.nextLong(-3, 4);
                    if (!values.contains(c)) {
                        values.add(c);
                    }
                }
                values.sort(null);
                String text = k == 1 ? NAMES.get(a) + " == " + values.get(0)
                        : NAMES.get(a) + " one of { " + String.join(", ", values.stream().map(String::valueOf).toList()) + " }";
                return new Line(text, v -> values.contains(v[a]));
            }
            case 3: {
                int a = r.nextInt(6);
                long m = r.nextLong(2, 7);
                long rem = r.nextLong(0, m);
                boolean eq = r.nextBoolean();
                return new Line(NAMES.get(a) + (eq ? " == " : " != ") + rem + "  (mod " + m + ")",
                        v -> (Math.floorMod(v[a] - rem, m) == 0) == eq);
            }
            case 4: {
                int a = r.nextInt(6);
                return new Line(NAMES.get(a) + " % 2 == 0", v -> v[a] % 2 == 0);
            }
            default: {
                Line p = line(r, 1);
                Line q = line(r, 1);
                boolean iff = r.nextBoolean();
                return new Line("(" + p.text() + ")" + (iff ? "  <==>  " : " ==> ") + "(" + q.text() + ")",
                        v -> iff ? p.meaning().test(v) == q.meaning().test(v) : !p.meaning().test(v) || q.meaning().test(v));
            }
        }
    }

    /** A coefficient Daikon prints: -4..4 without 0 (the variables a linear invariant relates have one). */
    private static long nonZero(SplittableRandom r) {
        long c = r.nextLong(1, 5);
        return r.nextBoolean() ? c : -c;
    }

    private static boolean compare(String op, long a, long b) {
        return switch (op) {
            case "==" -> a == b;
            case "!=" -> a != b;
            case "<" -> a < b;
            case "<=" -> a <= b;
            case ">" -> a > b;
            default -> a >= b;
        };
    }

    /** Daikon's LinearBinaryCore.formatTerm for an integer coefficient. */
    private static String term(long coeff, String name, boolean first) {
        if (coeff == 0) {
            return "";
        }
        String sign = coeff < 0 ? (first ? "- " : " - ") : (first ? "" : " + ");
        long abs = Math.abs(coeff);
        if (name == null) {
            return sign + abs;
        }
        return sign + (abs == 1 ? name : abs + " * " + name);
    }
}
