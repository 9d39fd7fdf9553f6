package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pdpv.cfg.Block;
import pdpv.cfg.Program;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.interp.Execution;
import pdpv.interp.Interpreter;
import pdpv.pdr.PdrOptions;
import pdpv.semantics.DataModel;

/**
 * The symbolic encoding of thesis §4.2.1 (one PDR instance with an explicit program counter)
 * end to end: proofs of small loops, counterexamples whose havoc values replay, and no verdict
 * that contradicts an exhaustive concrete run on random 8-bit programs.
 */
class SymbolicVerifierTest {
    private static final PdrOptions OPTIONS = PdrOptions.defaults().withTimeout(Duration.ofSeconds(30));

    @TempDir
    Path dir;

    @Test
    void provesTheCountingLoopWithItsInvariantAtTheHead() {
        Verdict v = new SymbolicVerifier(OPTIONS).verify(CProgram.example("counter_loop.c"));
        assertEquals(Verdict.Kind.SAFE, v.kind(), v.reason());
        assertEquals(1, v.invariants().size());
        assertNotEquals("1", v.invariants().get(0).invariant());
        assertEquals(7, v.invariants().get(0).head().line());
        assertEquals(1, v.statistics().pdrCalls());
        assertTrue(v.statistics().smtCalls() > 0);
    }

    @Test
    void signedOverflowOfALoopFreeProgramIsUnsafeAtIntMax() {
        Verdict v = new SymbolicVerifier(OPTIONS).verify(CProgram.example("overflow_signed_increment.c"));
        assertEquals(Verdict.Kind.UNSAFE, v.kind(), v.reason());
        assertEquals(List.of("2147483647"), v.inputs().stream().map(Verdict.InputValue::value).toList());
        assertEquals(10, v.failedAssertion().loc().line());
    }

    @Test
    void havocValuesOfALoopReplayInTheOrderTheProgramReadsThem() throws IOException {
        Program p = parse("""
                extern unsigned char __VERIFIER_nondet_uchar(void);
                extern void __VERIFIER_assume(int);
                extern void __VERIFIER_assert(int);
                int main(void) {
                    unsigned char s = 0;
                    for (unsigned char i = 0; i < 3; i++) {
                        unsigned char j = __VERIFIER_nondet_uchar();
                        __VERIFIER_assume(j == 10 * i + 1);
                        s = s + j;
                    }
                    __VERIFIER_assert(s != 33);
                    return 0;
                }
                """);
        Verdict v = new SymbolicVerifier(OPTIONS).verify(p);
        assertEquals(Verdict.Kind.UNSAFE, v.kind(), v.reason());
        assertEquals(List.of("1", "11", "21"), v.inputs().stream().map(Verdict.InputValue::value).toList());
    }

    @Test
    void aLongLongLoopIsDecidedAtItsFullWidth() throws IOException {
        Program p = parse("""
                extern long long __VERIFIER_nondet_longlong(void);
                extern void __VERIFIER_assert(int);
                int main(void) {
                    long long wide = __VERIFIER_nondet_longlong();
                    while (wide > 0) {
                        wide = wide - 1;
                    }
                    __VERIFIER_assert(wide <= 0);
                    return 0;
                }
                """);
        Verdict v = new SymbolicVerifier(OPTIONS).verify(p);
        assertEquals(Verdict.Kind.SAFE, v.kind(), v.reason());
    }

    @Test
    void cancelledRunsAreUnknown() {
        SymbolicVerifier verifier = new SymbolicVerifier(OPTIONS);
        verifier.cancel("cancelled");
        Verdict v = verifier.verify(CProgram.example("counter_loop.c"));
        assertEquals(Verdict.Kind.UNKNOWN, v.kind());
        assertEquals("cancelled", v.reason());
    }

    /**
     * Random programs over unsigned char a (any value), b (below 16) and signed char c, with
     * branches and a loop of at most three iterations, end in {@code assert(x != K)}; K is chosen,
     * in alternate rounds, from the values x takes at the end of some run (unsafe) or from those it
     * never takes (safe), found by running the program on all 4096 inputs. The symbolic verdict may be UNKNOWN but
     * never contradict that.
     */
    @Test
    void neverContradictsExhaustiveRunsOnRandom8BitPrograms() throws IOException {
        Random rnd = new Random(20131);
        PdrOptions quick = PdrOptions.defaults().withTimeout(Duration.ofSeconds(4));
        int decided = 0;
        int safe = 0;
        for (int round = 0; round < 12; round++) {
            boolean unsafe = round % 2 == 0;
            String body;
            String x;
            Set<Long> finals;
            do {
                body = new RandomBody(rnd).statements(2);
                x = List.of("a", "b", "c").get(rnd.nextInt(3));
                finals = finalValues(parse(program(body, "1")), x);
            } while (unsafe ? finals.isEmpty() : finals.size() == 256);
            long k = unsafe ? List.copyOf(finals).get(rnd.nextInt(finals.size())) : absentFrom(finals, rnd);
            String assertion = x + " != " + (x.equals("c") ? "(signed char)" + k : Long.toString(k));
            String source = program(body, assertion);
            Verdict v = new SymbolicVerifier(quick).verify(parse(source));
            Verdict.Kind wrong = unsafe ? Verdict.Kind.SAFE : Verdict.Kind.UNSAFE;
            assertNotEquals(wrong, v.kind(), "WRONG verdict for\n" + source + "\n" + v.reason());
            if (v.kind() != Verdict.Kind.UNKNOWN) {
                decided++;
                safe += v.kind() == Verdict.Kind.SAFE ? 1 : 0;
            }
        }
        assertTrue(decided >= 6 && safe >= 3, "decided " + decided + " of 12, " + safe + " safe");
    }

    private static String program(String body, String assertion) {
        return """
                extern unsigned char __VERIFIER_nondet_uchar(void);
                extern void __VERIFIER_assume(int);
                extern void __VERIFIER_assert(int);
                int main(void) {
                    unsigned char a = __VERIFIER_nondet_uchar();
                    unsigned char b = __VERIFIER_nondet_uchar();
                    __VERIFIER_assume(b < 16);
                    signed char c = 5;
                """ + body + "    __VERIFIER_assert(" + assertion + ");\n    return 0;\n}\n";
    }

    /** The values (as unsigned bit patterns) that {@code name} has at the end of the runs over all inputs. */
    private static Set<Long> finalValues(Program p, String name) {
        List<Stmt.Havoc> havocs = new ArrayList<>();
        for (Block b : p.blocks()) {
            b.statements().stream().filter(s -> s instanceof Stmt.Havoc).forEach(s -> havocs.add((Stmt.Havoc) s));
        }
        assertEquals(2, havocs.size(), p.toString());
        Variable x = p.variables().stream().filter(v -> v.sourceName().equals(name)).findFirst().orElseThrow();
        Interpreter interpreter = new Interpreter(p.semantics());
        Set<Long> values = new HashSet<>();
        for (long a = 0; a < 256; a++) {
            for (long b = 0; b < 16; b++) {
                Map<Stmt.Havoc, Long> in = new HashMap<>(Map.of(havocs.get(0), a, havocs.get(1), b));
                Execution run = interpreter.run(p.entry(), Map.of(), (h, occurrence) -> in.get(h));
                if (run.outcome() == Execution.Outcome.HALTED) {
                    values.add(run.finalState().getOrDefault(x, 0L));
                }
            }
        }
        return values;
    }

    private static long absentFrom(Set<Long> values, Random rnd) {
        while (true) {
            long k = rnd.nextInt(256);
            if (!values.contains(k)) {
                return k;
            }
        }
    }

    private Program parse(String source) throws IOException {
        Path f = Files.createTempFile(dir, "symbolic", ".c");
        Files.writeString(f, source);
        return FrontEnd.parse(f, new FrontEndOptions("main", DataModel.ILP32, false));
    }

    /** Random statements over a, b, c: assignments, if/else and at most one loop of at most three iterations. */
    private static final class RandomBody {
        private static final String[] VARS = {"a", "b", "c"};
        private static final String[] OPS = {"+", "-", "*", "&", "|", "^", "/", "%"};
        private static final String[] COMPARISONS = {"==", "!=", "<", "<=", ">", ">="};
        private final Random rnd;
        private boolean loopUsed;

        RandomBody(Random rnd) {
            this.rnd = rnd;
        }

        String statements(int depth) {
            StringBuilder sb = new StringBuilder();
            int n = 1 + rnd.nextInt(3);
            for (int i = 0; i < n; i++) {
                int kind = depth == 0 ? 0 : rnd.nextInt(4);
                if (kind <= 1) {
                    sb.append("    ").append(VARS[rnd.nextInt(3)]).append(" = ").append(expr(2)).append(";\n");
                } else if (kind == 2) {
                    sb.append("    if (").append(comparison()).append(") {\n").append(statements(depth - 1))
                            .append("    } else {\n").append(statements(depth - 1)).append("    }\n");
                } else if (!loopUsed) {
                    loopUsed = true;
                    String bound = rnd.nextBoolean() ? Integer.toString(1 + rnd.nextInt(3)) : "(b & 3)";
                    sb.append("    for (unsigned char k = 0; k < ").append(bound).append("; k++) {\n")
                            .append(statements(depth - 1)).append("    }\n");
                }
            }
            return sb.toString();
        }

        private String comparison() {
            return VARS[rnd.nextInt(3)] + " " + COMPARISONS[rnd.nextInt(COMPARISONS.length)] + " " + expr(1);
        }

        private String expr(int depth) {
            int kind = rnd.nextInt(depth == 0 ? 2 : 4);
            if (kind == 0) {
                return Integer.toString(rnd.nextInt(20));
            }
            if (kind == 1) {
                return VARS[rnd.nextInt(3)];
            }
            return "(" + expr(depth - 1) + " " + OPS[rnd.nextInt(OPS.length)] + " " + expr(depth - 1) + ")";
        }
    }
}
