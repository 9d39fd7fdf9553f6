package pdpv.daikon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;

/** Daikon's printed int invariants of a loop's exit point, read over the loop's variables (thesis §6.1, §6.3). */
class ImportedInvariantsTest {
    private static final String SEPARATOR = "=".repeat(75);
    private static final Program PROGRAM = TestRunsTest.parse("""
            extern int __VERIFIER_nondet_int(void);
            int main(void) {
                int x = 0, y = 1, z = __VERIFIER_nondet_int(); unsigned char c = 0;
                while (__VERIFIER_nondet_int() && z != x) { x = x + 1; y = 2 * x + 1; c++; }
                return z;
            }
            """);
    private static final ProgramPoints POINTS = new ProgramPoints(PROGRAM, LoopForest.of(PROGRAM));
    private static final Loop LOOP = POINTS.loops().get(0);

    /** Each kind of Daikon's default int invariants, as Daikon prints it, and the C expression it becomes. */
    @Test
    void everyDefaultIntKindIsReadOverTheLoopVariables() {
        Map<String, String> expected = new java.util.LinkedHashMap<>();
        expected.put("x == 5", "x == 5");
        expected.put("x one of { -1, 2, 3 }", "(x == -1 || x == 2 || x == 3)");
        expected.put("x >= 0", "x >= 0");
        expected.put("c <= 200", "c <= 200");
        expected.put("x != 0", "x != 0");
        expected.put("x <= y", "x <= y");
        expected.put("x > orig(x)", "x > \\old(x)");
        expected.put("y == 2 * x + 1", "y == 2*x + 1");
        expected.put("2 * x - y + 1 == 0", "2*x - y + 1 == 0");
        expected.put("- x + y - 2 * orig(x) == 0", "-x + y - 2*\\old(x) == 0");
        expected.put("2 * x - y + 3 * z - 4 == 0", "2*x - y + 3*z - 4 == 0");
        expected.put("x % 3 == 1", "(x - 1) % 3 == 0");
        expected.put("x % 2 == 0", "x % 2 == 0");
        expected.put("x == 1  (mod 3)", "(x - 1) % 3 == 0");
        expected.put("x == y  (mod 3)", "(x - y) % 3 == 0");
        expected.put("x != 2  (mod 3)", "(!((x - 2) % 3 == 0) || (0 == 1))");
        expected.put("y == x**2", "y == x*x");
        expected.put("x is a power of 2", "(x > 0 && (x & (x - 1)) == 0)");
        expected.put("c is boolean", "(c == 0 || c == 1)");
        expected.put("x == ~y", "x == -y - 1");
        expected.put("(x == 0) ==> (y == 1)", "(!(x == 0) || (y == 1))");
        expected.put("(x == 0)  <==>  (y == 1)", "(!(x == 0) == !(y == 1))");
        expected.put("x - y + orig(y) == 0", "x - y + \\old(y) == 0");
        StringBuilder text = new StringBuilder(SEPARATOR + "\n" + POINTS.function(LOOP) + ":::EXIT\n");
        expected.keySet().forEach(l -> text.append(l).append('\n'));
        ImportedInvariants imported = ImportedInvariants.read(text.toString(), POINTS);
        assertEquals(List.of(), imported.skipped());
        List<Invariant> invariants = imported.invariants(LOOP);
        assertEquals(List.copyOf(expected.values()), invariants.stream().map(Invariant::toString).toList());
    }

    @Test
    void theReadingsMeanWhatDaikonMeans() {
        Variable x = TestRunsTest.var(PROGRAM, "x");
        Variable y = TestRunsTest.var(PROGRAM, "y");
        String text = SEPARATOR + "\n" + POINTS.exit(LOOP) + "\nx % 3 == 1\ny == x**2\nx > orig(x)\n";
        List<Invariant> inv = ImportedInvariants.read(text, POINTS).invariants(LOOP);
        assertEquals(3, inv.size());
        assertTrue(inv.get(0).holds(values(x, 4, y, 0, 0)));
        assertTrue(inv.get(0).holds(values(x, -2, y, 0, 0)), "the congruence is x ≡ 1 (mod 3)");
        assertFalse(inv.get(0).holds(values(x, 5, y, 0, 0)));
        assertTrue(inv.get(1).holds(values(x, -7, y, 49, 0)));
        assertFalse(inv.get(1).holds(values(x, 7, y, 48, 0)));
        assertTrue(inv.get(2).holds(values(x, 7, y, 0, 6)), "orig(x) is x's value on entry");
        assertFalse(inv.get(2).holds(values(x, 7, y, 0, 7)));
    }

    private static java.util.function.Function<Term, BigInteger> values(Variable x, long xv, Variable y, long yv, long oldX) {
        return t -> BigInteger.valueOf(t.variable().equals(x) ? (t.old() ? oldX : xv) : t.variable().equals(y) ? yv : 0);
    }

    /** What PDPV cannot take is reported with its reason and skipped; nothing in the file is fatal. */
    @Test
    void linesThatCannotBeTakenAreReportedWithTheirReason() {
        String text = """
                Daikon version 5.8.20, released June 20, 2024; http://plse.cs.washington.edu/daikon.
                Reading declaration files .
                SEPARATOR
                LOOP:::ENTER
                x == 0
                SEPARATOR
                LOOP:::EXIT
                x % y == 0
                x == max(y, z)
                w >= 0
                a[] elements >= 0
                s == "abc"
                z == orig(z)
                x >= 0.5
                x >> y == 0
                SEPARATOR
                LOOP:::EXIT;condition="x > 0"
                x > 0
                SEPARATOR
                misc.Fib:::CLASS
                misc.Fib.a >= 0
                Exiting Daikon.
                """.replace("SEPARATOR", SEPARATOR).replace("LOOP", POINTS.function(LOOP));
        ImportedInvariants imported = ImportedInvariants.read(text, POINTS);
        assertEquals(0, imported.taken());
        List<String> reasons = imported.skipped().stream().map(ImportedInvariants.Skipped::reason).toList();
        assertEquals(List.of(
                "the ENTER point says what holds on entry only",
                "operator % has no polynomial reading",
                "function max(..) has no polynomial reading",
                "no variable w in this program",
                "an array or sequence (a[..]), not an int invariant",
                "a string value, not an int invariant",
                "says nothing about the loop's variables",
                "a non-integer number 0.5",
                "operator >> has no polynomial reading",
                "a split program point (" + POINTS.function(LOOP) + ":::EXIT;condition=\"x > 0\")",
                "program point misc.Fib:::CLASS is not a loop of this program"), reasons);
        assertEquals(5, imported.skipped().get(0).line(), "lines are numbered in the file");
    }

    @Test
    void aVariableOfTheProgramOutsideTheLoopIsNotTaken() {
        Program p = TestRunsTest.parse("""
                extern int __VERIFIER_nondet_int(void);
                int main(void) {
                    int i = 0, j = 0, k = 5;
                    while (i < 10) { i++; }
                    while (j < k) { j++; }
                    return 0;
                }
                """);
        ProgramPoints points = new ProgramPoints(p, LoopForest.of(p));
        Loop first = points.loops().get(0);
        Loop second = points.loops().get(1);
        String text = SEPARATOR + "\n" + points.function(first) + ":::EXIT\nj >= 0\ni >= 0\n"
                + SEPARATOR + "\n" + points.function(second) + ":::EXIT\nj <= k\n";
        ImportedInvariants imported = ImportedInvariants.read(text, points);
        assertEquals(List.of("i >= 0"), imported.invariants(first).stream().map(Invariant::toString).toList());
        assertEquals(List.of("j <= k"), imported.invariants(second).stream().map(Invariant::toString).toList());
        assertEquals("j is not a variable of loop_at_4()", imported.skipped().get(0).reason());
    }
}
