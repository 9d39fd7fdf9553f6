package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Timer;
import java.util.TimerTask;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.interp.Interpreter;
import pdpv.semantics.DataModel;

/**
 * The CEGAR loop with the small arrays' cell terms ({@code TestOptions#cellTerms}, issue #20)
 * against exhaustive execution: random loops that copy, add, swap and compare the cells of an
 * {@code unsigned char} array of 2 to 4 cells, with an input trip count n in 0..20 and an input s
 * that the loop's values derive from; the interpreter runs all 21 * 256 inputs. The CEGAR loop
 * alone (no bounded model checking, which unrolls such loops completely) must answer SAFE only
 * if no input fails, UNSAFE only if one does.
 */
class SmallArrayCellsDifferentialTest {
    private final Random rnd = new Random(20261134L);

    @Test
    void cegarVerdictsWithCellInvariantsAgreeWithAllInputs() {
        int safe = 0;
        int unsafe = 0;
        int overCells = 0;
        for (int round = 0; round < 16; round++) {
            String source = program();
            Program p = FrontEnd.parse("cells" + round + ".c", source, new FrontEndOptions("main", DataModel.ILP32, false));
            boolean fails = failsForSomeInput(p);
            Verifier cegar = new Verifier(VerifierOptions.defaults());
            Timer backstop = new Timer(true);
            backstop.schedule(new TimerTask() {
                @Override
                public void run() {
                    cegar.cancel("test backstop");
                }
            }, 30_000);
            Verdict v = cegar.verify(p);
            backstop.cancel();
            if (v.kind() != Verdict.Kind.UNKNOWN) {
                assertEquals(fails ? Verdict.Kind.UNSAFE : Verdict.Kind.SAFE, v.kind(), source + "\n" + v.reason());
                safe += fails ? 0 : 1;
                unsafe += fails ? 1 : 0;
                overCells += v.invariants().stream().anyMatch(c -> c.invariant().contains("a[")) ? 1 : 0;
            }
        }
        assertTrue(safe >= 3 && unsafe >= 3 && overCells >= 2,
                "decided " + safe + " safe and " + unsafe + " unsafe programs, " + overCells + " with invariants over cells");
    }

    /** Whether some n in 0..20 and s in 0..255 fail an assertion (n is read on line 5, s on line 6). */
    private static boolean failsForSomeInput(Program p) {
        Interpreter interpreter = new Interpreter(p.semantics());
        for (long n = 0; n <= 20; n++) {
            for (long s = 0; s < 256; s++) {
                long vn = n;
                long vs = s;
                if (interpreter.run(p.entry(), Map.of(), (h, occurrence) -> h.loc().line() == 5 ? vn : vs).hitsAssertion()) {
                    return true;
                }
            }
        }
        return false;
    }

    private String program() {
        int cells = 2 + rnd.nextInt(3);
        List<String> init = new ArrayList<>();
        for (int k = 0; k < cells; k++) {
            init.add(String.valueOf(rnd.nextInt(6)));
        }
        StringBuilder body = new StringBuilder();
        for (int o = 1 + rnd.nextInt(3); o > 0; o--) {
            int k = rnd.nextInt(cells);
            int j = rnd.nextInt(cells);
            body.append("        ").append(switch (rnd.nextInt(7)) {
                case 0 -> "a[" + k + "] = a[" + j + "];";
                case 1 -> "a[" + k + "] = (unsigned char)(a[" + k + "] + " + (rnd.nextBoolean() ? "x" : "1") + ");";
                case 2 -> "if (x > a[" + k + "]) a[" + k + "] = x;";
                case 3 -> "if (x < a[" + k + "]) a[" + k + "] = x;";
                case 4 -> "{ unsigned char t = a[" + k + "]; a[" + k + "] = a[" + j + "]; a[" + j + "] = t; }";
                case 5 -> "if (a[" + j + "] < a[" + k + "]) a[" + k + "] = (unsigned char)(a[" + k + "] + 1);";
                default -> "a[" + k + "] = " + rnd.nextInt(10) + ";";
            }).append('\n');
        }
        int i = rnd.nextInt(cells);
        int j = rnd.nextInt(cells);
        String property = switch (rnd.nextInt(5)) {
            case 0 -> "a[" + i + "] <= a[" + j + "]";
            case 1 -> "a[" + i + "] + a[" + j + "] <= " + (5 + rnd.nextInt(300));
            case 2 -> "a[" + i + "] != " + rnd.nextInt(20);
            case 3 -> "a[" + i + "] == a[" + j + "]";
            default -> "a[" + i + "] >= " + rnd.nextInt(4);
        };
        return "extern unsigned char nondet_uchar(void);\nextern void assert(int);\nint main(void) {\n"
                + "    unsigned char a[" + cells + "] = {" + String.join(", ", init) + "};\n"
                + "    unsigned char n = nondet_uchar();\n"
                + "    unsigned char s = nondet_uchar();\n"
                + "    if (n > 20) return 0;\n"
                + "    for (unsigned char i = 0; i < n; i++) {\n"
                + "        unsigned char x = (unsigned char)(i * 7 + s);\n"
                + body
                + "    }\n"
                + "    assert(" + property + ");\n"
                + "    return 0;\n}\n";
    }
}
