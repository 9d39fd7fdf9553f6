package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.List;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;
import pdpv.daikon.Invariant;
import pdpv.daikon.LikelyInvariants;
import pdpv.daikon.Polynomial;
import pdpv.daikon.Term;
import pdpv.daikon.TestOptions;
import pdpv.daikon.TestRuns;
import pdpv.encode.ProgramEncoding;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;

/**
 * Likely invariants checked by Houdini before they seed a loop (chapter 6's external invariants):
 * what the loop preserves is kept, what one iteration can break is dropped, wrap-around included.
 */
class CandidateInvariantsTest {
    private static final String SOURCE = """
            extern int __VERIFIER_nondet_int(void);
            int main(void) {
                int x = __VERIFIER_nondet_int();
                int y = 0;
                int u = __VERIFIER_nondet_int();
                while (x > 1) {
                    x = x - 2;
                    y = y + 1;
                    u = u + 1;
                }
                return 0;
            }
            """;

    @Test
    void keepsWhatTheLoopPreservesAndDropsWhatItBreaks() {
        Program program = FrontEnd.parse("loop.c", SOURCE, new FrontEndOptions("main", DataModel.ILP32, false));
        LoopForest loops = LoopForest.of(program);
        Loop loop = loops.loops().get(0);
        Term x = new Term(variable(program, "x"), false);
        Term oldX = new Term(variable(program, "x"), true);
        Term y = new Term(variable(program, "y"), false);
        Term oldY = new Term(variable(program, "y"), true);
        Term u = new Term(variable(program, "u"), false);
        Term oldU = new Term(variable(program, "u"), true);
        Invariant xShrinks = new Invariant.Compare(Polynomial.of(x), Invariant.Op.LE, Polynomial.of(oldX));
        Invariant xNonNegative = new Invariant.Compare(Polynomial.of(x), Invariant.Op.GE, Polynomial.constant(0));
        Invariant linear = new Invariant.Compare(Polynomial.of(x).plus(Polynomial.of(y).times(2)), Invariant.Op.EQ,
                Polynomial.of(oldX).plus(Polynomial.of(oldY).times(2)));
        Invariant uGrows = new Invariant.Compare(Polynomial.of(u), Invariant.Op.GE, Polynomial.of(oldU));
        Invariant yGrows = new Invariant.Compare(Polynomial.of(y), Invariant.Op.GE, Polynomial.of(oldY));
        Invariant falseBound = new Invariant.Compare(Polynomial.of(x), Invariant.Op.GE, Polynomial.constant(1));
        try (Context ctx = new Context()) {
            ProgramEncoding encoding = ProgramEncoding.build(ctx, program, loops);
            LoopInvariantStore store = new LoopInvariantStore(ctx, program.semantics());
            InvariantRefiner refiner = new InvariantRefiner(ctx, encoding, store, CegarOptions.defaults(), null, Progress.NONE);
            CandidateInvariants.Outcome o = refiner.seed(loop, List.of(xShrinks, xNonNegative, linear, uGrows, yGrows, falseBound), List.of(), List.of());
            assertTrue(List.of(xShrinks, xNonNegative, linear).containsAll(o.keptCandidates()), o.kept().toString());
            assertTrue(o.kept().contains(xNonNegative), "kept unless its check gave up on a loaded machine: " + o);
            assertEquals(3, o.notInductive(), "u + 1 and y + 1 wrap at INT_MAX; x - 2 is 0 for x = 2");
            assertEquals(1, store.count(loop), "the survivors are one conjunct of LI_l");
            LoopInvariantStore.Templates t = store.templates(loop);
            BitVecExpr xb = t.before().get(variable(program, "x")).current();
            BitVecExpr xe = t.end().get(variable(program, "x")).current();
            BoolExpr seed = store.conjunction(loop);
            assertTrue(implies(ctx, seed, ctx.mkImplies(ctx.mkBVSLE(ctx.mkBV(0, 32), xb), ctx.mkBVSLE(ctx.mkBV(0, 32), xe))),
                    "x stays non-negative if it was on entry");
            assertFalse(implies(ctx, seed, ctx.mkBVSLE(ctx.mkBV(0, 32), xe)), "but not otherwise");
        }
    }

    @Test
    void minedInvariantsOfTheLoopSurviveTheCheck() {
        Program program = FrontEnd.parse("loop.c", SOURCE, new FrontEndOptions("main", DataModel.ILP32, false));
        LoopForest loops = LoopForest.of(program);
        Loop loop = loops.loops().get(0);
        List<Invariant> mined = LikelyInvariants.mine(TestRuns.run(program, loops, TestOptions.defaults()).samples(loop));
        assertTrue(mined.stream().anyMatch(i -> i.toString().equals("\\old(x) == x + 2*y")), "the linear relation is mined: " + mined);
        try (Context ctx = new Context()) {
            ProgramEncoding encoding = ProgramEncoding.build(ctx, program, loops);
            LoopInvariantStore store = new LoopInvariantStore(ctx, program.semantics());
            InvariantRefiner refiner = new InvariantRefiner(ctx, encoding, store, CegarOptions.defaults(), null, Progress.NONE);
            CandidateInvariants.Outcome o = refiner.seed(loop, mined, List.of(), List.of());
            assertFalse(o.kept().isEmpty());
            assertEquals(mined.size(), o.keptCandidates().size() + o.notInductive() + o.undecided() + o.unencodable());
        }
    }

    /**
     * Cohen's cubes over 64-bit integers, where the solver cannot multiply: x == n^3 and
     * y == 3n^2 + 3n + 1 are conserved only together (with z == 6n + 6), which the algebra shows
     * with no query; the certificate checker re-checks them the same way and sees that they imply
     * the assertion x == n*n*n.
     */
    @Test
    void equalitiesConservedOnlyTogetherAreKeptAndCertified() {
        String source = """
                extern unsigned short __VERIFIER_nondet_ushort(void);
                extern void __VERIFIER_assert(int cond);
                int main(void) {
                    unsigned short a = __VERIFIER_nondet_ushort();
                    long long n = 0, x = 0, y = 1, z = 6;
                    while (n < a) {
                        __VERIFIER_assert(x == n * n * n);
                        n = n + 1;
                        x = x + y;
                        y = y + z;
                        z = z + 6;
                    }
                    return 0;
                }
                """;
        Program program = FrontEnd.parse("cohencu.c", source, new FrontEndOptions("main", DataModel.ILP32, false));
        LoopForest loops = LoopForest.of(program);
        Loop loop = loops.loops().get(0);
        Polynomial n = Polynomial.of(new Term(variable(program, "n"), false));
        Polynomial x = Polynomial.of(new Term(variable(program, "x"), false));
        Polynomial y = Polynomial.of(new Term(variable(program, "y"), false));
        Polynomial z = Polynomial.of(new Term(variable(program, "z"), false));
        Invariant cube = new Invariant.Compare(x, Invariant.Op.EQ, n.times(n).times(n));
        Invariant square = new Invariant.Compare(y, Invariant.Op.EQ, n.times(n).times(3).plus(n.times(3)).plus(Polynomial.constant(1)));
        Invariant line = new Invariant.Compare(z, Invariant.Op.EQ, n.times(6).plus(Polynomial.constant(6)));
        try (Context ctx = new Context()) {
            ProgramEncoding encoding = ProgramEncoding.build(ctx, program, loops);
            LoopInvariantStore store = new LoopInvariantStore(ctx, program.semantics());
            InvariantRefiner refiner = new InvariantRefiner(ctx, encoding, store, CegarOptions.defaults(), null, Progress.NONE);
            CandidateInvariants.Outcome o = refiner.seed(loop, List.of(cube, square, line), List.of(), List.of());
            assertEquals(3, o.keptCandidates().size(), o.toString());
            assertEquals(0, o.undecided(), "no query asked");
            assertNull(new CertificateChecker(ctx, loops, new pdpv.smt.SmtStatistics(), 0).check(encoding, store));
        }
    }

    /**
     * nested6's inner loop in small: every test that enters the loop is cut by the step bound inside
     * it, so the samples never show its exit and the ordering they show is the guard's strict one,
     * {@code k < n}, false when the loop ends. Its non-strict closure {@code k <= n} is mined beside
     * it and is the one Houdini keeps.
     */
    @Test
    void aStrictOrderingIsMinedWithItsNonStrictClosure() {
        String source = """
                extern int __VERIFIER_nondet_int(void);
                int main(void) {
                    int n = __VERIFIER_nondet_int();
                    int k = 0;
                    if (n < 100000) {
                        return 0;
                    }
                    while (k < n) {
                        k++;
                    }
                    return 0;
                }
                """;
        Program program = FrontEnd.parse("cut.c", source, new FrontEndOptions("main", DataModel.ILP32, false));
        LoopForest loops = LoopForest.of(program);
        Loop loop = loops.loops().get(0);
        List<String> mined = LikelyInvariants.mine(TestRuns.run(program, loops, TestOptions.defaults()).samples(loop))
                .stream().map(Object::toString).toList();
        assertTrue(mined.contains("k < n") && mined.contains("k <= n"), mined.toString());
        try (Context ctx = new Context()) {
            ProgramEncoding encoding = ProgramEncoding.build(ctx, program, loops);
            LoopInvariantStore store = new LoopInvariantStore(ctx, program.semantics());
            InvariantRefiner refiner = new InvariantRefiner(ctx, encoding, store, CegarOptions.defaults(), null, Progress.NONE);
            List<Invariant> candidates = LikelyInvariants.mine(TestRuns.run(program, loops, TestOptions.defaults()).samples(loop));
            List<String> kept = refiner.seed(loop, candidates, List.of(), List.of()).kept().stream().map(Object::toString).toList();
            assertTrue(kept.contains("k <= n") && !kept.contains("k < n"), kept.toString());
        }
    }

    private static final String SUM = """
            extern unsigned char __VERIFIER_nondet_uchar(void);
            int main(void) {
                unsigned char n = __VERIFIER_nondet_uchar();
                unsigned char v = 0;
                unsigned int s = 0;
                unsigned int i = 0;
                while (i < n) {
                    v = __VERIFIER_nondet_uchar();
                    s += v;
                    ++i;
                }
                return 0;
            }
            """;

    /**
     * linear-inequality-inv-a's loop: {@code v <= s} holds at the head but is inductive only given
     * {@code s <= 255*i}, which keeps {@code s + v} from wrapping around; each alone, with its own
     * entry value as its premise, is not. The body's bound of its increments
     * ({@link pdpv.daikon.BoundedIncrements}) and {@code v <= s} are kept together under the entry
     * facts ({@code s}, {@code i} and {@code v} are 0 on entry), and LI_l then bounds s at the head.
     */
    @Test
    void candidatesInductiveOnlyTogetherAreKeptUnderTheEntryFacts() {
        Program program = FrontEnd.parse("sum.c", SUM, new FrontEndOptions("main", DataModel.ILP32, false));
        LoopForest loops = LoopForest.of(program);
        Loop loop = loops.loops().get(0);
        Term v = new Term(variable(program, "v"), false);
        Term s = new Term(variable(program, "s"), false);
        Invariant vBelowS = new Invariant.Compare(Polynomial.of(v), Invariant.Op.LE, Polynomial.of(s));
        for (boolean together : new boolean[] {false, true}) {
            try (Context ctx = new Context()) {
                ProgramEncoding encoding = ProgramEncoding.build(ctx, program, loops);
                LoopInvariantStore store = new LoopInvariantStore(ctx, program.semantics());
                InvariantRefiner refiner = new InvariantRefiner(ctx, encoding, store, CegarOptions.defaults(), null, Progress.NONE);
                List<Invariant> increments = refiner.boundedIncrements(loop);
                assertEquals("[s - \\old(s) <= 255*i - 255*\\old(i), s - \\old(s) >= 0]", increments.toString());
                List<Invariant> entry = new EntryConstants(program).facts(loop, store.templates(loop).beforeExprs().keySet());
                assertEquals(3, entry.size(), "v, s and i are 0 on entry: " + entry);
                CandidateInvariants.Outcome o = together ? refiner.seed(loop, List.of(vBelowS), entry, increments)
                        : refiner.seed(loop, List.of(vBelowS), List.of(), List.of());
                if (!together) {
                    assertTrue(o.kept().isEmpty(), "alone, s near 2^32 on entry lets s + v wrap: " + o);
                    continue;
                }
                assertEquals(List.of(vBelowS, increments.get(0), increments.get(1)), o.joint(), o.toString());
                LoopInvariantStore.Templates t = store.templates(loop);
                BitVecExpr se = t.end().get(variable(program, "s")).current();
                BitVecExpr ve = t.end().get(variable(program, "v")).current();
                BoolExpr zeroOnEntry = ctx.mkAnd(entry.stream().map(f -> new pdpv.daikon.InvariantEncoder(ctx).atEntry(f, t.beforeExprs()))
                        .toArray(BoolExpr[]::new));
                assertTrue(implies(ctx, ctx.mkAnd(zeroOnEntry, store.conjunction(loop)), ctx.mkBVULE(ctx.mkZeroExt(24, ve), se)),
                        "v <= s at the head after an entry with s, i and v 0");
                assertFalse(implies(ctx, store.conjunction(loop), ctx.mkBVULE(ctx.mkZeroExt(24, ve), se)), "but not after any entry");
            }
        }
    }

    /**
     * The candidates with products of variables get a budget of their own
     * ({@link CegarOptions.Policy#candidateProductResources}): with one resource unit the product's
     * query gives up and it is dropped as undecided while the linear candidate, asked within the
     * linear budget, is kept; with the default budget both are kept. {@code a*b <= 65025} of two
     * unsigned chars that the body swaps needs the multiplier's bits (8-bit operands, a 16-bit
     * product at most).
     */
    @Test
    void productCandidatesHaveABudgetOfTheirOwn() {
        String source = """
                extern unsigned char __VERIFIER_nondet_uchar(void);
                int main(void) {
                    unsigned char a = __VERIFIER_nondet_uchar();
                    unsigned char b = __VERIFIER_nondet_uchar();
                    unsigned char i = 0;
                    while (i < 10) {
                        i++;
                        if (a > b) {
                            unsigned char t = a;
                            a = b;
                            b = t;
                        }
                    }
                    return 0;
                }
                """;
        Program program = FrontEnd.parse("product.c", source, new FrontEndOptions("main", DataModel.ILP32, false));
        LoopForest loops = LoopForest.of(program);
        Loop loop = loops.loops().get(0);
        Polynomial a = Polynomial.of(new Term(variable(program, "a"), false));
        Polynomial b = Polynomial.of(new Term(variable(program, "b"), false));
        Polynomial i = Polynomial.of(new Term(variable(program, "i"), false));
        Invariant product = new Invariant.Compare(a.times(b), Invariant.Op.LE, Polynomial.constant(65025));
        Invariant bound = new Invariant.Compare(i, Invariant.Op.LE, Polynomial.constant(10));
        for (long units : new long[] {1, CegarOptions.Policy.defaults().candidateProductResources()}) {
            try (Context ctx = new Context()) {
                ProgramEncoding encoding = ProgramEncoding.build(ctx, program, loops);
                LoopInvariantStore store = new LoopInvariantStore(ctx, program.semantics());
                CegarOptions options = CegarOptions.defaults().withPolicy(CegarOptions.Policy.defaults().withCandidateProductResources(units));
                InvariantRefiner refiner = new InvariantRefiner(ctx, encoding, store, options, null, Progress.NONE);
                CandidateInvariants.Outcome o = refiner.seed(loop, List.of(product, bound), List.of(), List.of());
                assertTrue(o.keptCandidates().contains(bound), units + " units: " + o);
                assertEquals(units == 1 ? 1 : 0, o.undecided(), units + " units: " + o);
                assertEquals(units != 1, o.keptCandidates().contains(product), units + " units: " + o);
            }
        }
    }

    private static Variable variable(Program program, String name) {
        return program.variables().stream().filter(v -> name.equals(v.sourceName())).findFirst().orElseThrow();
    }

    private static boolean implies(Context ctx, BoolExpr a, BoolExpr b) {
        Solver s = ctx.mkSolver();
        s.add(a, ctx.mkNot(b));
        return s.check() == Status.UNSATISFIABLE;
    }
}
