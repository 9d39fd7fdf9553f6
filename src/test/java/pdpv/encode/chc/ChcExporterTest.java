package pdpv.encode.chc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.Context;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;

/**
 * Exports small C programs as large-block Horn clauses (Gurfinkel 2018 slides, "Large Step
 * Encoding") in both encodings, solves them with Spacer directly and after a round trip through
 * SMT-LIB text, and compares with the known verdicts; the integer encoding is shown unsound where
 * a value wraps around.
 */
class ChcExporterTest {
    /**
     * A bound against a hang, not a speed claim (speeds belong in benchmarks): nestedLoops's four
     * Spacer runs took 12.5 s together under load 10, and one ran past a limit of 10 s beside another
     * test class under load 25.
     */
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private static final String SAFE_LOOP_FREE = """
            int main() { int x = __VERIFIER_nondet_int(); int y = x;
              if (x > 5) { y = y - 1; } assert(y <= x); return 0; }
            """;
    private static final String UNSAFE_LOOP_FREE = """
            int main() { int x = __VERIFIER_nondet_int(); int y = 0;
              if (x > 5) { y = x - 1; } assert(y != 9); return 0; }
            """;
    private static final String COUNTING_LOOP = """
            int main() { int i = 0; while (i < 10) i++; assert(i == 10); return 0; }
            """;
    /** Thesis Figure 4.2: two loops in series. */
    private static final String TWO_LOOPS = """
            int main() { int n = 1; int x = 0;
              while (n > 0) { x = x + 1; n = n - 1; }
              while (x > 0) { x = x - 1; n = n + 1; assert(n < 2); }
              return 0; }
            """;
    private static final String UNSAFE_LOOP = """
            int main() { int i = 0; int n = __VERIFIER_nondet_int();
              while (i < n) { i = i + 2; }
              assert(i != 7 || n != 7); assert(i != 8); return 0; }
            """;
    private static final String NESTED_LOOPS = """
            int main() { int s = 0;
              for (int i = 0; i < 4; i++) { for (int j = 0; j < 3; j++) { s++; } }
              assert(s == 12); return 0; }
            """;
    /** Wraps around only bit-precisely: x + 1 overflows at INT_MAX. */
    private static final String OVERFLOW = """
            int main() { int x = __VERIFIER_nondet_int();
              if (x > 0) { int y = x + 1; assert(y > 0); } return 0; }
            """;
    /** Thesis Figure 5.7a, the NetBSD excerpt: i <= off loops forever and overflows when len is INT_MAX. */
    private static final String NETBSD = """
            int main() { int len = __VERIFIER_nondet_int(); int lenPath = __VERIFIER_nondet_int(); int off, i;
              if (lenPath > 0) { off = len;
                for (i = 0; i <= off; i++) { assert(0 <= i); assert(i < len + 1); } }
              return 0; }
            """;

    private static String program(String name) {
        return switch (name) {
            case "safeLoopFree" -> SAFE_LOOP_FREE;
            case "unsafeLoopFree" -> UNSAFE_LOOP_FREE;
            case "countingLoop" -> COUNTING_LOOP;
            case "twoLoops" -> TWO_LOOPS;
            case "unsafeLoop" -> UNSAFE_LOOP;
            case "nestedLoops" -> NESTED_LOOPS;
            case "overflow" -> OVERFLOW;
            case "netbsd" -> NETBSD;
            default -> throw new IllegalArgumentException(name);
        };
    }

    private static Program parse(String source) {
        return FrontEnd.parse("test.c", source, FrontEndOptions.defaults());
    }

    @ParameterizedTest(name = "{0}: bit-vector {1}, integer {2}")
    @CsvSource({
        "safeLoopFree, SAFE, SAFE",
        "unsafeLoopFree, UNSAFE, UNSAFE",
        "countingLoop, SAFE, SAFE",
        "twoLoops, SAFE, SAFE",
        "unsafeLoop, UNSAFE, UNSAFE",
        "nestedLoops, SAFE, SAFE",
        "overflow, UNSAFE, SAFE",
        "netbsd, UNSAFE, SAFE"})
    void spacerGivesTheKnownVerdictDirectlyAndThroughText(String name, SpacerResult.Verdict bitVector,
                                                         SpacerResult.Verdict integer) {
        Program p = parse(program(name));
        check(name, p, ChcEncoding.BIT_VECTOR, bitVector);
        check(name, p, ChcEncoding.INTEGER, integer);
    }

    private static void check(String name, Program p, ChcEncoding encoding, SpacerResult.Verdict expected) {
        try (Context ctx = new Context()) {
            ChcSystem system = ChcExporter.export(ctx, p, encoding);
            SpacerResult direct = SpacerRunner.solve(system, TIMEOUT);
            String text = system.toSmtLib();
            SpacerResult reparsed = SpacerRunner.solve(text, TIMEOUT);
            System.out.printf(Locale.ROOT, "%-15s %-10s expected %-6s direct %-6s %6.3f s, text %-6s %6.3f s%n", name,
                    encoding, expected, direct.verdict(), seconds(direct), reparsed.verdict(), seconds(reparsed));
            assertEquals(expected, direct.verdict(), () -> name + " " + encoding + ": " + direct.reason() + "\n" + text);
            assertEquals(expected, reparsed.verdict(), () -> name + " " + encoding + " from text: " + reparsed.reason());
        }
    }

    private static double seconds(SpacerResult r) {
        return r.time().toNanos() / 1e9;
    }

    @Test
    void textIsAHornScriptWithOnePredicatePerLoopHead() {
        try (Context ctx = new Context()) {
            ChcSystem system = ChcExporter.export(ctx, parse(TWO_LOOPS), ChcEncoding.BIT_VECTOR);
            String text = system.toSmtLib();
            assertEquals(2, system.predicates().size());
            assertTrue(text.contains("(set-logic HORN)"), text);
            assertTrue(text.trim().endsWith("(check-sat)"), text);
            assertEquals(2, text.split("\\(declare-fun inv_B", -1).length - 1, text);
            assertTrue(text.contains("(_ BitVec 32)") && text.contains("forall") && text.contains("false"), text);
        }
    }

    @Test
    void integerTextUsesIntSortOnly() {
        try (Context ctx = new Context()) {
            String text = ChcExporter.export(ctx, parse(COUNTING_LOOP), ChcEncoding.INTEGER).toSmtLib();
            assertTrue(text.contains("Int") && !text.contains("BitVec"), text);
        }
    }

    @Test
    void integerEncodingRejectsBitwiseOperators() {
        Program p = parse("int main() { int x = __VERIFIER_nondet_int(); assert((x & 1) != 2); return 0; }");
        try (Context ctx = new Context()) {
            IntegerEncodingException e = assertThrows(IntegerEncodingException.class,
                    () -> ChcExporter.export(ctx, p, ChcEncoding.INTEGER));
            assertTrue(e.getMessage().contains("&"), e.getMessage());
            assertEquals(SpacerResult.Verdict.SAFE,
                    SpacerRunner.solve(ChcExporter.export(ctx, p, ChcEncoding.BIT_VECTOR), TIMEOUT).verdict());
        }
    }

    @Test
    void integerDivisionTruncatesTowardZeroAsInC() {
        Program p = parse("""
                int main() { int a = __VERIFIER_nondet_int(); int b = __VERIFIER_nondet_int();
                  __VERIFIER_assume(a == -7 && b == 7);
                  assert(a / 2 == -3 && a % 2 == -1 && b / -2 == -3 && b % -2 == 1 && a / -2 == 3 && a % -2 == -1);
                  return 0; }
                """);
        for (ChcEncoding encoding : ChcEncoding.values()) {
            try (Context ctx = new Context()) {
                assertEquals(SpacerResult.Verdict.SAFE, SpacerRunner.solve(ChcExporter.export(ctx, p, encoding), TIMEOUT).verdict());
            }
        }
    }

    @Test
    void timeoutGivesUnknown() {
        try (Context ctx = new Context()) {
            ChcSystem system = ChcExporter.export(ctx, parse(NESTED_LOOPS), ChcEncoding.BIT_VECTOR);
            SpacerResult r = SpacerRunner.solve(system, Duration.ofMillis(50));
            assertEquals(SpacerResult.Verdict.UNKNOWN, r.verdict(), r.toString());
        }
    }
}
