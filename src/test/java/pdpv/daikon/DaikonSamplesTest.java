package pdpv.daikon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;

/**
 * The real Daikon output in {@code ../shared/daikon/samples/} (goal files of Daikon's own
 * regression tests, see SOURCES.md there): every invariant line parses as an int invariant or is
 * reported with its reason, with the counts per file fixed here; Daikon's real declaration file
 * passes the format reader that checks what {@code daikon-trace} writes.
 */
class DaikonSamplesTest {
    private static final List<Path> DIRS = List.of(Path.of("../shared/daikon/samples"),
            Path.of("../../shared/daikon/samples"), Path.of("/work/shared/daikon/samples"));

    static String sample(String name) throws IOException {
        Path dir = DIRS.stream().filter(Files::isDirectory).findFirst()
                .orElseThrow(() -> new IOException("the Daikon samples are not in any of " + DIRS));
        return Files.readString(dir.resolve(name));
    }

    /** Program points, invariant lines, lines that parse as int invariants (the rest are reported). */
    private record Counts(int ppts, int lines, int parsed) {
    }

    private static Counts count(String text) {
        PrintedInvariants p = PrintedInvariants.parse(text);
        int lines = 0;
        int parsed = 0;
        for (PrintedInvariants.Block b : p.blocks()) {
            for (PrintedInvariants.Line l : b.invariants()) {
                lines++;
                try {
                    InvariantParser.parse(l.text());
                    parsed++;
                } catch (UnsupportedInvariantException e) {
                    assertTrue(!e.getMessage().isBlank(), l.text());
                }
            }
        }
        return new Counts(p.blocks().size(), lines, parsed);
    }

    @Test
    void everyInvariantLineOfEachSampleParsesOrIsReported() throws IOException {
        // fib: every int line parses; args[], getClass() and "has only one value" (7 lines) do not.
        assertEquals(new Counts(5, 33, 26), count(sample("fib.txt-daikon.goal")));
        // IntTest (Kvasir, C): 11 scalar lines; arrays, strings, size(..), "in" (185 lines) do not.
        assertEquals(new Counts(4, 196, 11), count(sample("IntTest.invs.goal")));
        // tcas: scalars, one-of, !=, <==>/==> implications parse; arrays, null, isPointer, subsets do not.
        assertEquals(new Counts(3, 45, 29), count(sample("tcas.txt-daikon.goal.excerpt")));
        // A point with no invariant still has its header.
        assertEquals(new Counts(2, 1, 0), count(sample("KnownValuesNewDecls.txt-daikon.goal")));
    }

    private static final Program FIB = TestRunsTest.parse("""
            extern int __VERIFIER_nondet_int(void);
            int main(void) {
                int a = 0, b = 1, c = 1;
                while (__VERIFIER_nondet_int() && c < 1000) { a = b; b = c; c = a + b; }
                return 0;
            }
            """);

    /** Daikon's file for another program names none of our loops: every line is reported, none is fatal. */
    @Test
    void aSampleOfAnotherProgramGivesNothingAndReportsEveryLine() throws IOException {
        ProgramPoints points = new ProgramPoints(FIB, LoopForest.of(FIB));
        for (String f : List.of("fib.txt-daikon.goal", "IntTest.invs.goal", "tcas.txt-daikon.goal.excerpt")) {
            ImportedInvariants imported = ImportedInvariants.read(sample(f), points);
            assertEquals(0, imported.taken(), f);
            assertEquals(count(sample(f)).lines(), imported.skipped().size(), f);
        }
    }

    /**
     * Fib's class invariants (they hold whenever an object is observed, as a loop invariant holds
     * at every visit of the head) put at our Fibonacci loop's exit point: all 9 are taken, and they
     * hold on every sample of the loop's tests, as Daikon's would on our trace.
     */
    @Test
    void fibsClassInvariantsAreReadAsTheInvariantsOfAFibonacciLoop() throws IOException {
        LoopForest loops = LoopForest.of(FIB);
        ProgramPoints points = new ProgramPoints(FIB, loops);
        Loop l = points.loops().get(0);
        String text = sample("fib.txt-daikon.goal").replace("misc.Fib:::CLASS", points.exit(l)).replace("misc.Fib.", "");
        ImportedInvariants imported = ImportedInvariants.read(text, points);
        assertEquals(9, imported.taken());
        assertEquals(33 - 9, imported.skipped().size());
        assertEquals(List.of("a >= 0", "(!(b == 0) || (a == 0))", "a <= b", "(!(c == 0) || (a == 0))", "a <= c",
                "(!(b == 0) || (c == 0))", "(!(c == 0) || (b == 0))", "b <= c", "a + b - c == 0"),
                imported.invariants(l).stream().map(Invariant::toString).toList());
        LoopSamples samples = TestRuns.run(FIB, loops, TestOptions.defaults().withTests(20)).samples(l);
        assertTrue(samples.size() > 20);
        for (Invariant inv : imported.invariants(l)) {
            for (int i = 0; i < samples.size(); i++) {
                assertTrue(inv.holds(samples.sample(i)), inv + " at sample " + i);
            }
        }
    }

    @Test
    void daikonsOwnDeclarationFilePassesTheFormatReader() throws IOException {
        Map<String, DaikonFileReader.Ppt> ppts = DaikonFileReader.decls(sample("KnownValuesNewDecls.decls"));
        assertEquals(List.of("constantMinMaxMatch:::ENTER", "constantMinMaxMatch:::EXIT1",
                "singletonSequenceOneOfSuppressed:::ENTER", "singletonSequenceOneOfSuppressed:::EXIT1"), List.copyOf(ppts.keySet()));
        assertEquals("1", ppts.get("constantMinMaxMatch:::EXIT1").variables().get(0).fields().get("max-value"));
        assertEquals(2, ppts.get("singletonSequenceOneOfSuppressed:::EXIT1").variables().size());
    }
}
