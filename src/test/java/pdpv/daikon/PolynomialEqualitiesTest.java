package pdpv.daikon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;

/** DIG's equalities from the null space of the trace matrix, and Daikon's templates, on Cohen's cubes. */
class PolynomialEqualitiesTest {
    private static final String COHENCU = """
            extern int __VERIFIER_nondet_int(void);
            extern void __VERIFIER_assume(int);
            int main(void) {
                int a = __VERIFIER_nondet_int();
                __VERIFIER_assume(a >= 0 && a <= 1000);
                int n = 0, x = 0, y = 1, z = 6;
                while (n <= a) { n = n + 1; x = x + y; y = y + z; z = z + 6; }
                return 0;
            }
            """;

    @Test
    void cohensCubesGiveTheirThreeEqualitiesEachOverOneVariableAndN() {
        Program p = TestRunsTest.parse(COHENCU);
        LoopForest loops = LoopForest.of(p);
        Loop l = loops.loops().get(0);
        LoopSamples s = TestRuns.run(p, loops, TestOptions.defaults()).samples(l);
        List<Invariant> found = PolynomialEqualities.mine(s);
        for (int i = 0; i < s.size(); i++) {
            for (Invariant inv : found) {
                assertTrue(inv.holds(s.sample(i)), inv + " holds on every sample");
            }
        }
        assertTrue(hasEquality(found, Set.of("z", "n"), 1), found.toString());
        assertTrue(hasEquality(found, Set.of("y", "n"), 2), found.toString());
        assertTrue(hasEquality(found, Set.of("x", "n"), 3), found.toString());
        assertEquals(0, found.stream().filter(i -> i.terms().contains(new Term(TestRunsTest.var(p, "z"), false))
                && degree(i) > 1).count(), "z = 6n + 6 is not multiplied into higher degrees: " + found);
    }

    @Test
    void theMinerLeavesThePolynomialEqualitiesOutWhenTold() {
        Program p = TestRunsTest.parse(COHENCU);
        LoopForest loops = LoopForest.of(p);
        LoopSamples s = TestRuns.run(p, loops, TestOptions.defaults()).samples(loops.loops().get(0));
        List<Invariant> with = LikelyInvariants.mine(s, true, TestOptions.QUOTIENT_MODULI);
        List<Invariant> without = LikelyInvariants.mine(s, false, TestOptions.QUOTIENT_MODULI);
        assertTrue(hasEquality(with, Set.of("x", "n"), 3), with.toString());
        assertTrue(without.stream().noneMatch(i -> i instanceof Invariant.Compare c && c.op() == Invariant.Op.EQ
                && degree(i) > 1), "no equality of degree 2 or 3 among Daikon's templates: " + without);
        assertTrue(with.containsAll(without), "the templates' invariants are mined either way");
    }

    @Test
    void equalitiesReadAsCWithATermAloneOnTheLeftAndMeanTheSame() {
        Program p = TestRunsTest.parse(COHENCU);
        Polynomial n = Polynomial.of(new Term(TestRunsTest.var(p, "n"), false));
        Polynomial x = Polynomial.of(new Term(TestRunsTest.var(p, "x"), false));
        Polynomial y = Polynomial.of(new Term(TestRunsTest.var(p, "y"), false));
        Polynomial z = Polynomial.of(new Term(TestRunsTest.var(p, "z"), false));
        Polynomial sum = z.minus(n).minus(x).minus(y);
        Polynomial line = y.times(5).minus(x).plus(Polynomial.constant(2));
        Polynomial cube = x.times(6).minus(y.times(y).times(y).times(2)).minus(y.times(y).times(3)).minus(y);
        Polynomial two = n.plus(x).minus(y).minus(z).plus(Polynomial.constant(7));
        assertEquals("z == n + x + y", DaikonTemplates.equalityOf(sum).toString());
        assertEquals("z == n + x + y", DaikonTemplates.equalityOf(sum.times(-1)).toString());
        assertEquals("x == 5*y + 2", DaikonTemplates.equalityOf(line).toString());
        assertEquals("6*x == 2*y*y*y + 3*y*y + y", DaikonTemplates.equalityOf(cube).toString());
        assertEquals("n + x == y + z - 7", DaikonTemplates.equalityOf(two).toString());
        java.util.Random random = new java.util.Random(1);
        for (Polynomial q : List.of(sum, line, cube, two)) {
            Invariant inv = DaikonTemplates.equalityOf(q);
            for (int k = 0; k < 200; k++) {
                java.util.Map<String, BigInteger> v = java.util.Map.of("n", BigInteger.valueOf(random.nextInt(7) - 3),
                        "x", BigInteger.valueOf(random.nextInt(7) - 3), "y", BigInteger.valueOf(random.nextInt(7) - 3),
                        "z", BigInteger.valueOf(random.nextInt(7) - 3));
                java.util.function.Function<Term, BigInteger> at = t -> v.get(t.toString());
                assertEquals(q.evaluate(at).signum() == 0, inv.holds(at), inv + " means " + q + " == 0 at " + v);
            }
        }
    }

    @Test
    void anEqualityThatDaikonsTemplatesAndTheNullSpaceBothFindIsMinedOnce() {
        Program p = TestRunsTest.parse("""
                int main(void) {
                    unsigned int n = 0; unsigned char c;
                    for (c = 0; c < 120; c++) n++;
                    return 0;
                }
                """);
        LoopForest loops = LoopForest.of(p);
        LoopSamples s = TestRuns.run(p, loops, TestOptions.defaults()).samples(loops.loops().get(0));
        List<Invariant> mined = LikelyInvariants.mine(s);
        assertEquals(1, mined.stream().filter(i -> i instanceof Invariant.Compare c && c.op() == Invariant.Op.EQ
                && i.terms().stream().map(Term::toString).collect(Collectors.toSet()).equals(Set.of("c", "n"))).count(),
                mined.toString());
    }

    @Test
    void nullSpaceVectorsArePrimitiveIntegerRelations() {
        ModularNullSpace space = new ModularNullSpace(3);
        for (long n = 0; n < 6; n++) {
            space.add(new BigInteger[] {BigInteger.valueOf(6 * n + 6), BigInteger.valueOf(n), BigInteger.ONE});
        }
        List<BigInteger[]> basis = space.basis();
        assertEquals(1, basis.size());
        assertEquals(List.of(BigInteger.ONE, BigInteger.valueOf(-6), BigInteger.valueOf(-6)), List.of(basis.get(0)));
    }

    private static boolean hasEquality(List<Invariant> found, Set<String> names, int degree) {
        return found.stream().anyMatch(i -> i instanceof Invariant.Compare c && c.op() == Invariant.Op.EQ
                && i.terms().stream().map(Term::toString).collect(Collectors.toSet()).equals(names) && degree(i) == degree);
    }

    private static int degree(Invariant i) {
        Invariant.Compare c = (Invariant.Compare) i;
        return c.left().minus(c.right()).coefficients().keySet().stream().mapToInt(List::size).max().orElse(0);
    }
}
