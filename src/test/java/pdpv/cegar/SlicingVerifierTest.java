package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.Context;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.ProgramSlice;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.interp.InputOracle;
import pdpv.interp.Interpreter;
import pdpv.interp.UnknownValues;
import pdpv.semantics.DataModel;
import pdpv.semantics.UbReading;
import pdpv.semantics.UbReadings;
import pdpv.semantics.UndefinedBehaviour;
import pdpv.smt.Cancellation;
import pdpv.smt.SmtStatistics;

/**
 * Program slicing before the engines ({@link LoopSlicer}, {@link SlicingVerifier}): a loop is skipped
 * only when it terminates, can fail no check and writes nothing a later check reads; an answer on
 * the sliced program agrees with the engines' on the whole one.
 */
class SlicingVerifierTest {
    private static final String HEADER = "extern void abort(void); void reach_error(){}\n"
            + "extern unsigned char __VERIFIER_nondet_uchar(void);\n"
            + "void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }\n";

    private static Program parse(String body, UbReadings readings) {
        return FrontEnd.parse("slice.c", HEADER + body, new FrontEndOptions("main", DataModel.ILP32, false, readings, false));
    }

    private static List<String> skipped(String body, UbReadings readings) {
        Program p = parse(body, readings);
        try (Context ctx = new Context()) {
            return new LoopSlicer(ctx, SliceOptions.defaults(), new Cancellation(ctx), new SmtStatistics()).slice(p).skipped();
        }
    }

    private static Verdict verify(Program p, boolean slice) {
        Portfolio engines = new Portfolio(List.of(
                new Portfolio.Engine("cegar", new Verifier(VerifierOptions.defaults())),
                new Portfolio.Engine("bmc", new BoundedModelChecker(BmcOptions.defaults(), VerifierOptions.defaults()))));
        SlicingVerifier verifier = new SlicingVerifier(engines, new SliceOptions(slice, SliceOptions.defaults().checkResources()),
                Progress.NONE);
        Thread limit = new Thread(() -> {
            try {
                Thread.sleep(60_000);
                verifier.cancel("test time limit");
            } catch (InterruptedException e) {
                // answered in time
            }
        });
        limit.setDaemon(true);
        limit.start();
        try {
            return verifier.verify(p);
        } finally {
            limit.interrupt();
        }
    }

    private static String heavy(int log2Size) {
        return "int main() { static char array[1 << " + log2Size + "] = {1}; unsigned int a = 1, i, j, k;\n"
                + "for (i = 0; i < sizeof(array); i++)\n"
                + "  for (j = 0; j < sizeof(array); j++)\n"
                + "    for (k = 0; k < sizeof(array); k++)\n"
                + "      array[i] = array[j] + array[k];\n"
                + "if (a != 0) goto ERROR;\n"
                + "return array[100 % sizeof(array)];\n"
                + "ERROR: { reach_error(); abort(); } return 1; }\n";
    }

    @Test
    void aHugeIrrelevantNestIsSkippedAndTheBugBehindItReplays() {
        for (UbReadings r : List.of(UbReadings.svcomp(), UbReadings.forC(), UbReadings.smtlib())) {
            Verdict v = verify(parse(heavy(20), r), true);
            assertEquals(Verdict.Kind.UNSAFE, v.kind(), r + ": " + v.reason());
            assertTrue(v.reason().contains("loop at line 5 skipped: terminates (i rises on every pass, unsigned)"), v.reason());
            assertTrue(v.reason().contains("writes only array, i, j, k"), v.reason());
            assertEquals(1, v.statistics().slicing().skipped());
        }
    }

    @Test
    void aSmallIrrelevantNestGivesTheSameAnswerWithAndWithoutSlicing() {
        Program p = parse(heavy(2), UbReadings.svcomp());
        Verdict sliced = verify(p, true);
        Verdict whole = verify(p, false);
        assertEquals(Verdict.Kind.UNSAFE, sliced.kind(), sliced.reason());
        assertEquals(Verdict.Kind.UNSAFE, whole.kind(), whole.reason());
        assertTrue(sliced.reason().contains("skipped"), sliced.reason());
        assertEquals(0, whole.statistics().slicing().skipped());
    }

    @Test
    void aLoopThatMayNotTerminateStays() {
        // x even never meets 3; unsigned x += 2 wraps, so it does not rise on every pass
        assertEquals(List.of(), skipped("int main() { unsigned x = 0; while (x != 3) x += 2; reach_error(); return 0; }",
                UbReadings.svcomp()));
        // the body keeps its guard true
        assertEquals(List.of(), skipped("int main() { int x = 0; unsigned n = __VERIFIER_nondet_uchar();"
                + " while (x < 10) { x = x * 1; n++; } reach_error(); return 0; }", UbReadings.svcomp()));
        // the counter of an inner loop is reset on every pass
        assertEquals(List.of(), skipped("int main() { unsigned i, j; for (i = 0; i < 10; i++) for (j = 0; j < 10; j = j * 2) { }"
                + " reach_error(); return 0; }", UbReadings.svcomp()));
        // x += 2 below an arbitrary n may wrap (the proof holds from every state at the head, not only the reachable ones)
        assertEquals(List.of(), skipped("int main() { unsigned x = 0, n = __VERIFIER_nondet_uchar(); while (x < n) x += 2;"
                + " reach_error(); return 0; }", UbReadings.svcomp()));
        // a counter that rises is skipped, so the tests above fail for the reason they name
        assertEquals(1, skipped("int main() { unsigned x = 0, n = __VERIFIER_nondet_uchar(); while (x < n) x++;"
                + " reach_error(); return 0; }", UbReadings.svcomp()).size());
    }

    @Test
    void aLoopWithAnOutOfBoundsWriteStaysUnderEveryReadingThatChecksIt() {
        String oob = "int main() { int a[4]; unsigned i; for (i = 0; i <= 4; i++) a[i] = 0; reach_error(); return 0; }";
        assertEquals(List.of(), skipped(oob, UbReadings.svcomp()));
        assertEquals(List.of(), skipped(oob, UbReadings.forC()));
        String inBounds = "int main() { int a[4]; unsigned i; for (i = 0; i < 4; i++) a[i] = 0; reach_error(); return 0; }";
        assertEquals(1, skipped(inBounds, UbReadings.svcomp()).size());
        assertEquals(1, skipped(inBounds, UbReadings.forC()).size());
    }

    @Test
    void aLoopWithASignedOverflowStaysUnderEveryReadingThatChecksIt() {
        String overflow = "int main() { int s = 1; unsigned i; for (i = 0; i < 100; i++) s = s * 1000; reach_error(); return 0; }";
        assertEquals(List.of(), skipped(overflow, UbReadings.svcomp()));
        assertEquals(List.of(), skipped(overflow, UbReadings.forC().with(UndefinedBehaviour.SIGNED_OVERFLOW, UbReading.ERROR)));
        // where signed overflow wraps (SMT-LIB's reading, a C file's default) nothing stops the run in the loop
        assertEquals(1, skipped(overflow, UbReadings.smtlib()).size());
        assertEquals(1, skipped(overflow, UbReadings.forC()).size());
    }

    @Test
    void aLoopWithAnAssertionOrAnExitInsideStays() {
        assertEquals(List.of(), skipped("int main() { unsigned i; for (i = 0; i < 10; i++) __VERIFIER_assert(i != 7);"
                + " reach_error(); return 0; }", UbReadings.svcomp()));
        assertEquals(List.of(), skipped("int main() { unsigned i; for (i = 0; i < 10; i++) if (i == 7) abort();"
                + " reach_error(); return 0; }", UbReadings.svcomp()));
        // an assertion that holds on every pass does not keep it
        assertEquals(1, skipped("int main() { unsigned i; for (i = 0; i < 10; i++) __VERIFIER_assert(i != 70);"
                + " reach_error(); return 0; }", UbReadings.svcomp()).size());
    }

    @Test
    void aLoopWritingWhatAnAssertionReadsStays() {
        assertEquals(List.of(), skipped("int main() { unsigned x = 0, i; for (i = 0; i < 10; i++) x++;"
                + " __VERIFIER_assert(x == 10); return 0; }", UbReadings.svcomp()));
        // through an assignment after the loop, and through a branch
        assertEquals(List.of(), skipped("int main() { unsigned x = 0, y, i; for (i = 0; i < 10; i++) x++;"
                + " y = x + 1; __VERIFIER_assert(y == 11); return 0; }", UbReadings.svcomp()));
        assertEquals(List.of(), skipped("int main() { unsigned x = 0, i; for (i = 0; i < 10; i++) x++;"
                + " if (x == 10) reach_error(); return 0; }", UbReadings.svcomp()));
    }

    @Test
    void aLoopThatReadsAnInputStays() {
        // the answer's inputs are listed in the order the program reads them, the loop's among them
        assertEquals(List.of(), skipped("int main() { unsigned x = 0, i; for (i = 0; i < 10; i++) x = __VERIFIER_nondet_uchar();"
                + " reach_error(); return 0; }", UbReadings.svcomp()));
        assertEquals(1, skipped("int main() { unsigned x = 0, i; for (i = 0; i < 10; i++) x = x + i;"
                + " reach_error(); return 0; }", UbReadings.svcomp()).size());
    }

    @Test
    void theReplayWatchCatchesAReadOfASkippedValue() {
        // the slicer refuses this loop; skipping it anyway, the replay must notice that the branch reads x
        Program p = parse("int main() { unsigned x = 0, i; for (i = 0; i < 10; i++) x++; if (x == 10) reach_error(); return 0; }",
                UbReadings.svcomp());
        Loop l = LoopForest.of(p).loops().get(0);
        Program forced = ProgramSlice.withoutLoop(p, l, l.updated(), ProgramSlice.exitTarget(l), "forced");
        UnknownValues unknown = new UnknownValues();
        new Interpreter(forced.semantics()).run(forced.entry(), Map.of(), InputOracle.constant(10), unknown);
        assertNotNull(unknown.firstRead());
        // and a run of the real program's slice that reads no skipped value passes
        Program heavy = parse(heavy(2), UbReadings.svcomp());
        Loop outer = LoopForest.of(heavy).topLevel().get(0);
        Program sliced = ProgramSlice.withoutLoop(heavy, outer, outer.updated(), ProgramSlice.exitTarget(outer), "skipped");
        UnknownValues none = new UnknownValues();
        new Interpreter(sliced.semantics()).run(sliced.entry(), Map.of(), InputOracle.constant(7), none);
        assertEquals(null, none.firstRead());
    }

    /**
     * Random programs with a loop that may or may not matter (its bound, stride, what it writes and
     * whether a check reads it are drawn) before a check over inputs: the verdict with slicing is the
     * verdict without it, whenever both are definite.
     */
    @Test
    void randomProgramsGetTheSameVerdictWithAndWithoutSlicing() {
        Random random = new Random(20261126);
        int fired = 0;
        for (int n = 0; n < 12; n++) {
            int bound = 1 + random.nextInt(9); // 9: an out-of-bounds write of buf[8], which ends the run
            int stride = 1 + random.nextInt(2);
            boolean relevant = random.nextBoolean();
            boolean overflow = random.nextInt(3) == 0;
            int c = random.nextInt(40);
            StringBuilder src = new StringBuilder("int main() { unsigned char a = __VERIFIER_nondet_uchar(); unsigned i; int t = 1;"
                    + " int buf[8];\n");
            src.append("for (i = 0; i < ").append(bound).append("; i += ").append(stride).append(") { buf[i] = t; t = t * ")
                    .append(overflow ? "100000" : "1").append(" + ").append(c % 3).append("; }\n");
            src.append("__VERIFIER_assert(a != ").append(c).append(relevant ? " || t != 12345" : "").append(");\nreturn 0; }\n");
            Program p = parse(src.toString(), UbReadings.svcomp());
            Verdict sliced = verify(p, true);
            Verdict whole = verify(p, false);
            if (sliced.kind() != Verdict.Kind.UNKNOWN && whole.kind() != Verdict.Kind.UNKNOWN) {
                assertEquals(whole.kind(), sliced.kind(), src + "\n" + sliced.reason() + "\n" + whole.reason());
            }
            fired += sliced.reason().contains("skipped") ? 1 : 0;
        }
        assertTrue(fired > 0, "the slice fired on none of the random programs");
    }

}
