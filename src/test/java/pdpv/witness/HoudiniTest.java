package pdpv.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.Context;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;

/**
 * Houdini's step drops the failing candidates by the models of one check over all of them (issue 21's
 * cost): its result is still the largest inductive subset, as the union of all inductive subsets,
 * found by brute force, says; and every check of the plain step stops once its budget is spent.
 */
class HoudiniTest {

    private static final String PROGRAM = """
            extern int __VERIFIER_nondet_int(void);
            extern void __VERIFIER_error(void);
            int main(void) {
              int x = 0;
              int y = 0;
              int n = __VERIFIER_nondet_int();
              while (x < 100) {
                x = x + 1;
                if (n > 0) {
                  y = y + 2;
                }
              }
              if (y > 200) {
                __VERIFIER_error();
              }
              return 0;
            }
            """;

    private static final List<String> POOL = List.of("x >= 0", "x <= 100", "y >= 0", "y <= 2 * x", "y == 2 * x", "y == 0",
            "x <= 50", "y <= 200", "n > 0 || y == 0", "x != 7", "y >= x", "n <= 0 || y == 2 * x", "y % 2 == 0", "x < 100");

    @TempDir
    Path dir;

    private Program program() throws Exception {
        Path file = dir.resolve("houdini.c");
        Files.writeString(file, PROGRAM);
        return FrontEnd.parse(file, new FrontEndOptions("main", DataModel.ILP32, false));
    }

    @Test
    void houdiniKeepsTheUnionOfAllInductiveSubsetsOfRandomCandidates() throws Exception {
        Program program = program();
        LoopHeads loops = new LoopHeads(program);
        Block head = loops.heads().iterator().next();
        InvariantParser parser = new InvariantParser(program, DataModel.ILP32);
        Random random = new Random(21);
        Set<Boolean> proved = new java.util.HashSet<>();
        for (int round = 0; round < 6; round++) {
            List<String> pool = new ArrayList<>(POOL);
            java.util.Collections.shuffle(pool, random);
            List<String> texts = pool.subList(0, 7);
            List<Expr> candidates = texts.stream().map(t -> parser.parse(t, loops.body(head))).toList();
            Set<Expr> expected = new java.util.HashSet<>();
            try (Context ctx = new Context()) {
                for (int mask = 1; mask < 1 << candidates.size(); mask++) {
                    List<Expr> subset = new ArrayList<>();
                    for (int i = 0; i < candidates.size(); i++) {
                        if ((mask >> i & 1) != 0) {
                            subset.add(candidates.get(i));
                        }
                    }
                    if (new InvariantCheck(ctx, program, loops, Map.of(head, subset)).unestablished(true).isEmpty()) {
                        expected.addAll(subset);
                    }
                }
            }
            Map<Block, List<Expr>> kept = Houdini.inductive(program, loops, Map.of(head, candidates));
            assertEquals(names(expected, candidates, texts), names(Set.copyOf(kept.get(head)), candidates, texts), texts.toString());
            try (Context ctx = new Context()) {
                // for Houdini's answer the assertions alone decide the validator's check
                String problem = new InvariantCheck(ctx, program, loops, kept).check();
                assertEquals(problem, new InvariantCheck(ctx, program, loops, kept).assertionsOfInductive(), texts.toString());
                proved.add(problem == null);
            }
        }
        assertEquals(Set.of(true, false), proved, "rounds whose candidates prove the assertion and rounds whose do not");
    }

    private static Set<String> names(Set<Expr> exprs, List<Expr> candidates, List<String> texts) {
        return exprs.stream().map(e -> texts.get(candidates.indexOf(e))).collect(Collectors.toCollection(java.util.TreeSet::new));
    }

    @Test
    void aSpentBudgetStopsTheSelectionAndNothingUncheckedIsShown() throws Exception {
        Program program = program();
        SourceLoc loop = new LoopHeads(program).heads().iterator().next().loopStatement();
        Map<SourceLoc, String> atHeads = new LinkedHashMap<>(Map.of(loop, "x >= 0 && x <= 100 && y <= 2 * x && y >= 0"));
        InvariantSelection.Selection free = InvariantSelection.select(program, atHeads, Map.of(), PlainBudget.NONE);
        assertFalse(free.late());
        assertEquals("0 <= x && x <= 100 && y >= 0 && y <= 2 * x", free.invariants().get(loop));
        PlainBudget spent = new PlainBudget(0, Long.MAX_VALUE);
        spent.cancel();
        InvariantSelection.Selection cut = InvariantSelection.select(program, atHeads, Map.of(), spent);
        assertTrue(cut.late());
        assertTrue(cut.invariants().isEmpty(), cut.invariants().toString());
    }
}
