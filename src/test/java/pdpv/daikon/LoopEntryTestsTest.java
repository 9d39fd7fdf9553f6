package pdpv.daikon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.Context;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.encode.ProgramEncoding;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/** Tests directed at loops the random tests miss: they enter the loop, with varied values, and only where F can. */
class LoopEntryTestsTest {
    @Test
    void aLoopTheRandomTestsMissIsEnteredWithDifferentValues() {
        Program p = FrontEnd.parse(Path.of("examples", "rare_precondition_loop.c"),
                new FrontEndOptions("main", DataModel.ILP32, false));
        LoopForest loops = LoopForest.of(p);
        Loop l = loops.loops().get(0);
        // A budget no test run reaches, so that a loaded machine does not cut the directed tests.
        TestOptions options = TestOptions.defaults().withTests(100).withEntryTests(10).withBudget(Duration.ofMinutes(10));
        TestRuns runs = TestRuns.run(p, loops, options);
        assertEquals(0, runs.entries(l), "the random tests of this seed never meet the precondition");
        try (Context ctx = new Context()) {
            ProgramEncoding encoding = ProgramEncoding.build(ctx, p, loops);
            SmtSolver solver = new SmtSolver(ctx, new SmtStatistics());
            solver.add(encoding.formula());
            int directed = LoopEntryTests.run(encoding, solver, runs, options);
            assertEquals(10, directed);
            assertEquals(10, runs.entries(l), "every directed test follows its model into the loop");
            assertEquals(110, runs.runs());
            assertNull(runs.failure());
            LoopSamples s = runs.samples(l);
            Term i = new Term(TestRunsTest.var(p, "i"), false);
            Term k = new Term(TestRunsTest.var(p, "k"), false);
            Term n = new Term(TestRunsTest.var(p, "n"), false);
            Set<BigInteger> bounds = new HashSet<>();
            for (int j = 0; j < s.size(); j++) {
                assertEquals(s.value(j, i), s.value(j, k), "real runs: i == k at the head");
                bounds.add(s.value(j, n));
            }
            assertTrue(bounds.size() >= 3, "the entry values are drawn, not one model's: " + bounds);
            assertEquals(0, LoopEntryTests.run(encoding, solver, runs, options), "entered often enough now");
        }
        TestRuns again = TestRuns.run(p, loops, options);
        assertEquals(10, LoopEntryTests.run(p, loops, again, options), "with F in a context of its own, as daikon-trace runs them");
        assertEquals(10, again.entries(l));
    }

    @Test
    void aLoopFCannotReachGetsNoTestAndTheOthersStillDo() {
        Program p = TestRunsTest.parse("""
                extern unsigned __VERIFIER_nondet_uint(void);
                extern void __VERIFIER_assert(int);
                int main(void) {
                    unsigned x = __VERIFIER_nondet_uint();
                    unsigned y = 0;
                    if (x * 2u == 7u) { while (y < x) y++; }
                    if (x == 123456789u) { while (y < 3u) y++; }
                    __VERIFIER_assert(y != 5u);
                    return 0;
                }
                """);
        LoopForest loops = LoopForest.of(p);
        TestOptions options = TestOptions.defaults().withTests(50).withEntryTests(4).withBudget(Duration.ofMinutes(10));
        TestRuns runs = TestRuns.run(p, loops, options);
        try (Context ctx = new Context()) {
            ProgramEncoding encoding = ProgramEncoding.build(ctx, p, loops);
            SmtSolver solver = new SmtSolver(ctx, new SmtStatistics());
            solver.add(encoding.formula());
            assertEquals(4, LoopEntryTests.run(encoding, solver, runs, options), "only the second loop is reachable");
            assertEquals(java.util.List.of(0, 4), loops.loops().stream().map(runs::entries).sorted().toList());
            assertTrue(solver.check() instanceof SmtResult.Sat, "the solver is left as it was found, F without pins");
        }
    }
}
