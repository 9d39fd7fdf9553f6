package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Program;
import pdpv.daikon.TestOptions;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.interp.Execution;
import pdpv.interp.Interpreter;
import pdpv.interp.InterpreterOptions;
import pdpv.semantics.DataModel;

/**
 * Differential test of the accelerated engines (issue #19) against exhaustive execution: random
 * programs over 16-bit counters with strides, two phases, a second translated variable and a sum
 * of degree 2, whose loops run up to tens of thousands of times (too deep for a plain unrolling
 * within its size bound), with two small inputs; the concrete interpreter runs all 256 inputs.
 * Bounded model checking and the CEGAR loop (without the tests, so that its loop summaries or PDR
 * decide) must agree with them: SAFE only if no input fails, UNSAFE only if some input does.
 */
class AcceleratedEnginesDifferentialTest {
    private static final int SECONDS = 15;
    private final Random rnd = new Random(20261125);

    @Test
    void acceleratedVerdictsAgreeWithAllInputs() throws Exception {
        int decided = 0;
        int accelerated = 0;
        int unsafe = 0;
        int safe = 0;
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try {
            for (int round = 0; round < 14; round++) {
                String source = program();
                Program p = FrontEnd.parse("accel" + round + ".c", source, new FrontEndOptions("main", DataModel.ILP32, false));
                boolean fails = failsForSomeInput(p);
                List<ProgramVerifier> engines = List.of(
                        new BoundedModelChecker(BmcOptions.defaults().withMaxBlocks(2000), VerifierOptions.defaults()),
                        new Verifier(VerifierOptions.defaults().withTests(TestOptions.defaults().withTests(0))));
                for (ProgramVerifier engine : engines) {
                    ScheduledFuture<?> stop = timer.schedule(() -> engine.cancel("timeout"), SECONDS, TimeUnit.SECONDS);
                    Verdict v = engine.verify(p);
                    stop.cancel(false);
                    if (v.kind() == Verdict.Kind.UNKNOWN) {
                        continue;
                    }
                    assertEquals(fails ? Verdict.Kind.UNSAFE : Verdict.Kind.SAFE, v.kind(),
                            engine.getClass().getSimpleName() + " on\n" + source + "\n" + v.reason());
                    decided++;
                    unsafe += fails ? 1 : 0;
                    safe += fails ? 0 : 1;
                    accelerated += v.statistics().acceleration().needed() ? 1 : 0;
                }
            }
        } finally {
            timer.shutdownNow();
        }
        assertTrue(decided >= 20 && accelerated >= 12 && safe >= 5 && unsafe >= 5,
                decided + " decided (" + safe + " safe, " + unsafe + " unsafe), " + accelerated + " needing acceleration");
    }

    private static boolean failsForSomeInput(Program p) {
        Interpreter interpreter = new Interpreter(p.semantics(), InterpreterOptions.DEFAULTS.withMaxSteps(50_000_000L));
        for (long a = 0; a < 64; a++) {
            for (long b = 0; b < 4; b++) {
                long va = a;
                long vb = b;
                Execution run = interpreter.run(p.entry(), Map.of(), (h, occurrence) -> h.loc().line() == 4 ? va : vb);
                assertTrue(run.outcome() != Execution.Outcome.STEP_LIMIT, "a run within the step bound");
                if (run.hitsAssertion()) {
                    return true;
                }
            }
        }
        return false;
    }

    private String program() {
        int bound = 1000 + rnd.nextInt(64000);
        int stride = 1 + rnd.nextInt(9);
        StringBuilder sb = new StringBuilder();
        sb.append("extern unsigned char nondet_uchar(void);\nextern void assert(int);\nint main(void) {\n");
        sb.append("    unsigned char a = nondet_uchar() & 63;\n");
        sb.append("    unsigned char b = nondet_uchar() & 3;\n");
        sb.append("    unsigned short x = ").append(rnd.nextBoolean() ? "a" : String.valueOf(rnd.nextInt(50))).append(";\n");
        sb.append("    unsigned short y = b; unsigned int s = 0;\n");
        sb.append("    while (x < ").append(bound).append(") {\n");
        if (rnd.nextBoolean()) {
            int switchAt = 10 + rnd.nextInt(bound - 10);
            sb.append("        if (x < ").append(switchAt).append(") x += ").append(stride).append("; else x += ")
                    .append(1 + rnd.nextInt(9)).append(";\n");
        } else {
            sb.append("        x += ").append(stride).append(";\n");
        }
        List<String> extra = new ArrayList<>(List.of("y += " + (1 + rnd.nextInt(5)) + ";", "s += y;", "s += 3;"));
        for (String e : extra) {
            if (rnd.nextBoolean()) {
                sb.append("        ").append(e).append('\n');
            }
        }
        sb.append("    }\n");
        String value = List.of("x", "y", "s").get(rnd.nextInt(3));
        sb.append(switch (rnd.nextInt(3)) {
            case 0 -> "    assert(" + value + " % " + (2 + rnd.nextInt(5)) + " != " + rnd.nextInt(2) + ");\n";
            case 1 -> "    assert(" + value + " != " + (bound + rnd.nextInt(10)) + ");\n";
            default -> "    assert(" + value + " < " + (bound + 4 + rnd.nextInt(20)) + ");\n";
        });
        sb.append("    return 0;\n}\n");
        return sb.toString();
    }
}
