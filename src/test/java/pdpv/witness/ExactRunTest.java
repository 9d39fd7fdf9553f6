package pdpv.witness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

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
import pdpv.cfg.SourceLoc;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;

/**
 * The exact invariants of an input-free program's one run (the witness of a proof by complete
 * unrolling) for loops too deep to run step by step: the passes of an exactly accelerated path are
 * taken at once and written as one progression (issue #19), and the validator's own induction
 * check confirms what is written.
 */
class ExactRunTest {
    @TempDir
    Path dir;

    /** The invariants ExactRun writes for {@code source}, checked by the validator's induction; null if it writes none. */
    private static Map<SourceLoc, String> confirmed(Path source) throws Exception {
        Program program = FrontEnd.parse(source, new FrontEndOptions("main", DataModel.ILP32, false));
        Map<SourceLoc, String> invariants = ExactRun.invariants(program);
        if (invariants == null) {
            return null;
        }
        LoopHeads loops = new LoopHeads(program);
        InvariantParser parser = new InvariantParser(program, DataModel.ILP32);
        Map<Block, List<Expr>> parsed = new LinkedHashMap<>();
        invariants.forEach((loc, text) -> {
            for (Block head : loops.all(loc.line(), loc.column())) {
                parsed.computeIfAbsent(head, k -> new ArrayList<>()).add(parser.parse(text, loops.body(head)));
            }
        });
        assertEquals(loops.heads().size(), parsed.size(), "an invariant for each loop: " + invariants);
        try (Context ctx = new Context()) {
            assertNull(new InvariantCheck(ctx, program, loops, parsed).check(), invariants.toString());
        }
        return invariants;
    }

    @Test
    void loopsOfUpTo10To11PassesGetTheirExactInvariants() throws Exception {
        // 20,000, 1.1 * 10^11 and 1.4 * 10^8 passes: no step-by-step run (10^7 steps) reaches the end
        Map<SourceLoc, String> invariants = confirmed(Path.of("examples", "accel_strides_safe.c"));
        assertNotNull(invariants);
        assertEquals(3, invariants.size());
    }

    /** A loop with an array live at its head has no exact invariant written (it was a crash: an array has no VarRef). */
    @Test
    void aLoopWithALiveArrayGetsNoExactInvariant() throws Exception {
        Path file = dir.resolve("cells.c");
        Files.writeString(file, """
                extern void __VERIFIER_assert(int cond);
                int main(void) {
                    unsigned char a[2] = {1, 2};
                    int i = 0;
                    while (i < 300) { a[0] = a[1]; i++; }
                    __VERIFIER_assert(a[0] == 2);
                    return 0;
                }
                """);
        assertNull(ExactRun.invariants(FrontEnd.parse(file, new FrontEndOptions("main", DataModel.ILP32, false))));
    }

    /**
     * Random strides, starts, bounds, directions and widths (char to long long, signed and
     * unsigned), two phases where the bound allows: the invariant is written and holds.
     */
    @Test
    void randomDeepStridesGetInvariantsTheValidatorConfirms() throws Exception {
        Random random = new Random(19);
        String[] types = {"unsigned char", "unsigned short", "unsigned int", "int", "unsigned long long", "long long"};
        for (int i = 0; i < 6; i++) {
            String type = types[random.nextInt(types.length)];
            boolean wide = type.contains("long long");
            boolean small = type.contains("char") || type.contains("short");
            long limit = wide ? 1L << 40 : small ? (type.contains("char") ? 200 : 60000) : 1L << 30;
            long step = 1 + random.nextInt(9);
            long start = random.nextInt(5);
            long switchAt = start + step * (5 + random.nextInt(20));
            String suffix = wide ? (type.startsWith("unsigned") ? "ull" : "ll") : "";
            String c = """
                    extern void __VERIFIER_assert(int cond);
                    int main(void) {
                        %1$s x = %2$d%5$s;
                        while (x < %3$d%5$s) {
                            if (x < %4$d%5$s) {
                                x += 1;
                            } else {
                                x += %6$d;
                            }
                        }
                        __VERIFIER_assert(x >= %3$d%5$s);
                        return 0;
                    }
                    """.formatted(type, start, limit, switchAt, suffix, step);
            Path file = dir.resolve("strides" + i + ".c");
            Files.writeString(file, c);
            assertNotNull(confirmed(file), c);
        }
    }
}
