package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.interp.Interpreter;
import pdpv.semantics.DataModel;

/**
 * Differential test of bounded model checking (issue #10) against exhaustive execution: random
 * programs with two inputs in 0..7 and loops (while, do-while, for with break, nested) whose trip
 * counts the inputs choose; the concrete interpreter runs all 64 inputs. A SAFE of the complete
 * unrolling must mean that no input fails, an UNSAFE that some input does.
 */
class BoundedModelCheckerDifferentialTest {
    private static final String[] BOUNDS = {"a", "b", "a + b", "3", "(a ^ b)", "a + 1"};
    private static final String[] UPDATES = {"s += i;", "s = s * 3 + j;", "s ^= i + a;", "s -= b;", "s += 2;", "s = s + (i & b);"};
    private final Random rnd = new Random(20261123);

    @Test
    void verdictsAgreeWithAllInputs() {
        int safe = 0;
        int unsafe = 0;
        for (int round = 0; round < 24; round++) {
            String source = program();
            Program p = FrontEnd.parse("random" + round + ".c", source, new FrontEndOptions("main", DataModel.ILP32, false));
            boolean fails = failsForSomeInput(p);
            Verdict v = new BoundedModelChecker(BmcOptions.defaults(), VerifierOptions.defaults()).verify(p);
            if (v.kind() != Verdict.Kind.UNKNOWN) {
                assertEquals(fails ? Verdict.Kind.UNSAFE : Verdict.Kind.SAFE, v.kind(), source + "\n" + v.reason());
                safe += fails ? 0 : 1;
                unsafe += fails ? 1 : 0;
            }
        }
        assertTrue(safe >= 3 && unsafe >= 3, "decided " + safe + " safe and " + unsafe + " unsafe programs");
    }

    private static boolean failsForSomeInput(Program p) {
        Interpreter interpreter = new Interpreter(p.semantics());
        for (long a = 0; a < 8; a++) {
            for (long b = 0; b < 8; b++) {
                long va = a;
                long vb = b;
                if (interpreter.run(p.entry(), Map.of(), (h, occurrence) -> h.loc().line() == 4 ? va : vb).hitsAssertion()) {
                    return true;
                }
            }
        }
        return false;
    }

    private String program() {
        StringBuilder sb = new StringBuilder();
        sb.append("extern unsigned char nondet_uchar(void);\nextern void assert(int);\nint main(void) {\n");
        sb.append("    unsigned char a = nondet_uchar() & 7;\n");
        sb.append("    unsigned char b = nondet_uchar() & 7;\n");
        sb.append("    int s = ").append(rnd.nextInt(5)).append("; int i = 0; int j = 0;\n");
        sb.append(loop(rnd.nextInt(3) == 0));
        if (rnd.nextBoolean()) {
            sb.append("    i = 0;\n").append(loop(false));
        }
        sb.append(rnd.nextBoolean() ? "    assert(s != " + rnd.nextInt(40) + ");\n" : "    assert(s < " + rnd.nextInt(200) + ");\n");
        sb.append("    return 0;\n}\n");
        return sb.toString();
    }

    private String loop(boolean nested) {
        String bound = pick(BOUNDS);
        String body = pick(UPDATES) + (nested ? " j = 0; while (j < " + pick(BOUNDS) + ") { " + pick(UPDATES) + " j++; }" : "");
        return switch (rnd.nextInt(3)) {
            case 0 -> "    while (i < " + bound + ") { " + body + " i++; }\n";
            case 1 -> "    do { " + body + " i++; } while (i < " + bound + ");\n";
            default -> "    for (i = 0; i < " + bound + "; i++) { " + body + " if (s > " + rnd.nextInt(60) + ") break; }\n";
        };
    }

    private String pick(String[] options) {
        return options[rnd.nextInt(options.length)];
    }
}
