package pdpv.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;

/** The failing run as steps with values (issue 21), recorded while the interpreter runs it. */
class TraceRecorderTest {
    private static Trace record(String source, long input) {
        Program p = FrontEnd.parse("t.c", source, new FrontEndOptions("main", DataModel.ILP32, false));
        TraceRecorder recorder = new TraceRecorder(LoopForest.of(p));
        Execution run = new Interpreter(p.semantics()).run(p.entry(), Map.of(), InputOracle.constant(input), recorder);
        return recorder.trace(run);
    }

    private static List<String> lines(Trace t) {
        return t.steps().stream().map(TraceRecorderTest::describe).toList();
    }

    private static String describe(Trace.Step s) {
        if (s instanceof Trace.Iterations it) {
            return "lines " + it.firstLine() + "-" + it.lastLine() + " iterations " + it.from() + "-" + it.to() + " " + it.atStart()
                    + " " + it.atEnd();
        }
        Trace.Line l = (Trace.Line) s;
        return l.loc().line() + " " + l.kind() + " " + l.values() + (l.input() ? " input" : "")
                + (l.kind() == Trace.Kind.BRANCH ? " " + l.taken() : "") + (l.kind() == Trace.Kind.LOOP_HEAD ? " #" + l.iteration() : "");
    }

    @Test
    void countingLoopFailingInItsFifthIterationShowsEveryValue() {
        Trace t = record("""
                extern void __VERIFIER_assert(int);
                int main(void) {
                    int s = 0;
                    int i = 0;
                    while (i < 10) {
                        i = i + 1;
                        s = s + i;
                        __VERIFIER_assert(s != 15);
                    }
                    return 0;
                }
                """, 0);
        assertFalse(t.truncated());
        assertEquals(List.of(
                "3 STATEMENTS [s = 0]",
                "4 STATEMENTS [i = 0]",
                "5 LOOP_HEAD [s = 0, i = 0] #1",
                "6 STATEMENTS [i = 1]",
                "7 STATEMENTS [s = 1]",
                "lines 5-7 iterations 2-3 [s = 1, i = 1] [s = 6, i = 3]",
                "5 LOOP_HEAD [s = 6, i = 3] #4",
                "6 STATEMENTS [i = 4]",
                "7 STATEMENTS [s = 10]",
                "5 LOOP_HEAD [s = 10, i = 4] #5",
                "6 STATEMENTS [i = 5]",
                "7 STATEMENTS [s = 15]",
                "8 FAILED_ASSERTION [s = 15]"), lines(t));
    }

    @Test
    void branchesInputsAndLeavingALoopAreSteps() {
        Trace t = record("""
                extern int __VERIFIER_nondet_int(void);
                extern void __VERIFIER_assert(int);
                int main(void) {
                    int x = __VERIFIER_nondet_int();
                    int n = 0;
                    while (n < 2) { n++; }
                    if (x > 3) { x = x - 1; } else { x = 0; }
                    __VERIFIER_assert(x != 6);
                    return 0;
                }
                """, 7);
        assertEquals(List.of(
                "4 STATEMENTS [x = 7] input",
                "5 STATEMENTS [n = 0]",
                "6 LOOP_HEAD [n = 0] #1",
                "6 STATEMENTS [n = 1]",
                "6 LOOP_HEAD [n = 1] #2",
                "6 STATEMENTS [n = 2]",
                "6 LOOP_HEAD [n = 2] #0",
                "7 BRANCH [x = 7] true",
                "7 STATEMENTS [x = 6]",
                "8 FAILED_ASSERTION [x = 6]"), lines(t));
    }

    /** Ninety thousand iterations of nested loops leave a trace of a few dozen steps, with the right counts and values. */
    @Test
    void longNestedLoopsAreCompressedAsTheyRun() {
        Trace t = record("""
                extern void __VERIFIER_assert(int);
                int main(void) {
                    unsigned s = 0;
                    for (int i = 0; i < 300; i++) {
                        for (int j = 0; j < 300; j++) {
                            s = s + 1;
                        }
                    }
                    __VERIFIER_assert(s != 90000);
                    return 0;
                }
                """, 0);
        assertFalse(t.truncated());
        assertTrue(t.steps().size() < 80, t.steps().size() + " steps");
        Trace.Iterations outer = t.steps().stream().filter(s -> s instanceof Trace.Iterations it && it.loc().line() == 4)
                .map(s -> (Trace.Iterations) s).findFirst().orElseThrow();
        assertEquals(2, outer.from());
        assertEquals(299, outer.to());
        assertEquals("[s = 300, i = 1, j = 300]", outer.atStart().toString());
        assertEquals("[s = 89700, i = 299, j = 300]", outer.atEnd().toString());
        Trace.Line last = (Trace.Line) t.steps().get(t.steps().size() - 1);
        assertEquals(Trace.Kind.FAILED_ASSERTION, last.kind());
        assertEquals("[s = 90000]", last.values().toString());
    }
}
