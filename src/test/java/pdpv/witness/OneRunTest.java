package pdpv.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.Context;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;

/**
 * A correctness witness of an input-free program checked on its one run ({@link OneRun}), against
 * the symbolic induction check ({@link InvariantCheck}) on random loops and random invariants: an
 * invariant the induction proves is true in the run, one the run refutes the induction rejects, and
 * the run decides only input-free programs that end.
 */
class OneRunTest {
    @TempDir
    Path dir;

    private Program program(String c) throws Exception {
        Path file = dir.resolve("p" + System.nanoTime() + ".c");
        Files.writeString(file, c);
        return FrontEnd.parse(file, new FrontEndOptions("main", DataModel.ILP32, false));
    }

    /** {@code text} parsed as the invariant of each loop of {@code program}. */
    private static Map<Block, List<Expr>> invariants(Program program, String text) {
        LoopHeads loops = new LoopHeads(program);
        InvariantParser parser = new InvariantParser(program, DataModel.ILP32);
        Map<Block, List<Expr>> parsed = new LinkedHashMap<>();
        for (Block head : loops.heads()) {
            parsed.computeIfAbsent(head, k -> new ArrayList<>()).add(parser.parse(text, loops.body(head)));
        }
        return parsed;
    }

    @Test
    void randomLoopsAndInvariantsAgreeWithTheInductionCheck() throws Exception {
        Random random = new Random(34);
        int confirmedByInduction = 0;
        int refutedByRun = 0;
        for (int i = 0; i < 24; i++) {
            int start = random.nextInt(20);
            int step = 1 + random.nextInt(5);
            int bound = start + step * (1 + random.nextInt(40));
            Program p = program("""
                    extern void __VERIFIER_assert(int cond);
                    int main(void) {
                        unsigned int x = %d;
                        unsigned int n = 0;
                        while (x < %d) {
                            x += %d;
                            n++;
                        }
                        __VERIFIER_assert(x >= %d);
                        return 0;
                    }
                    """.formatted(start, bound, step, bound));
            String[] candidates = {
                "x >= " + (start + random.nextInt(3) - 1),
                "x <= " + (bound + random.nextInt(2 * step + 1) - step),
                "(x - " + start + ") % " + step + " == 0",
                "x == " + start + " + " + step + " * n",
                "n <= " + random.nextInt(50),
            };
            String inv = candidates[random.nextInt(candidates.length)];
            Map<Block, List<Expr>> parsed = invariants(p, inv);
            OneRun.Answer run = OneRun.check(p, parsed);
            assertTrue(run.decided(), "an input-free loop that ends is decided by its run: " + inv);
            String induction;
            try (Context ctx = new Context()) {
                induction = new InvariantCheck(ctx, p, new LoopHeads(p), parsed).check();
            }
            if (induction == null) {
                confirmedByInduction++;
                assertNull(run.problem(), inv + " is proved inductive, so the run must find it true");
            }
            if (run.problem() != null) {
                refutedByRun++;
                assertNotNull(induction, inv + " is false in the run, so the induction must reject it");
            }
        }
        assertTrue(confirmedByInduction > 0 && refutedByRun > 0, "both kinds occur: " + confirmedByInduction + ", " + refutedByRun);
    }

    @Test
    void aFailingAssertionIsFoundAndAProgramWithInputIsLeftToTheInduction() throws Exception {
        Program failing = program("""
                extern void __VERIFIER_assert(int cond);
                int main(void) {
                    int x = 0;
                    while (x < 10) { x++; }
                    __VERIFIER_assert(x == 11);
                    return 0;
                }
                """);
        OneRun.Answer a = OneRun.check(failing, invariants(failing, "x <= 10"));
        assertTrue(a.decided() && a.problem() != null && a.problem().contains("assertion"), String.valueOf(a));
        Program input = program("""
                extern int __VERIFIER_nondet_int(void);
                extern void __VERIFIER_assert(int cond);
                int main(void) {
                    int x = 0;
                    int n = __VERIFIER_nondet_int();
                    while (x < n) { x++; }
                    __VERIFIER_assert(x >= 0);
                    return 0;
                }
                """);
        assertFalse(OneRun.check(input, invariants(input, "x >= 0")).decided());
        Program endless = program("""
                extern void __VERIFIER_assert(int cond);
                int main(void) {
                    unsigned int x = 0;
                    while (1) { x += 2; __VERIFIER_assert(x != 1); }
                    return 0;
                }
                """);
        assertEquals(OneRun.Answer.UNDECIDED, OneRun.check(endless, invariants(endless, "x % 2 == 0")));
    }
}
