package pdpv.daikon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;

/**
 * {@code daikon-trace}'s files for Dijkstra's urn (thesis Fig. 6.1), read back with a strict reader
 * of Daikon's formats, and invariants in Daikon's printed format for the urn's program point read
 * back over the same names: the round trip daikon-trace → Daikon → --invariants without Daikon.
 */
class DaikonTracesTest {
    private static final Program URN = FrontEnd.parse(Path.of("examples", "fig6_1_dijkstra_urn.c"),
            new FrontEndOptions("main", DataModel.ILP32, false));
    private static final TestOptions OPTIONS = TestOptions.defaults().withTests(300).withSpreadTests(0);

    @Test
    void theFilesFollowDaikonsFormatsWithOnePointPairPerLoopAndTwoRecordsPerVisit() {
        DaikonTraces traces = DaikonTraces.of(URN, OPTIONS);
        assertNull(traces.failure());
        assertEquals(300, traces.runs());
        assertEquals(1, traces.loops());
        Map<String, DaikonFileReader.Ppt> decls = DaikonFileReader.decls(traces.decls());
        assertEquals(List.of("loop_at_12():::ENTER", "loop_at_12():::EXIT12"), List.copyOf(decls.keySet()));
        assertEquals("enter", decls.get("loop_at_12():::ENTER").fields().get("ppt-type"));
        assertEquals("subexit", decls.get("loop_at_12():::EXIT12").fields().get("ppt-type"));
        for (DaikonFileReader.Ppt p : decls.values()) {
            assertEquals(List.of("urn__w", "urn__b"), p.variables().stream().map(DaikonFileReader.Variable::name).toList(),
                    "urn's w and b, named apart from main's w and b; no front-end temporaries");
            for (DaikonFileReader.Variable v : p.variables()) {
                assertEquals(Map.of("var-kind", "variable", "dec-type", "int", "rep-type", "int", "comparability", "1",
                        "min-value", "-2147483648", "max-value", "2147483647"), v.fields());
            }
        }
        List<DaikonFileReader.Sample> records = DaikonFileReader.dtrace(traces.dtrace(), decls);
        assertEquals(2 * traces.samples(), records.size());
        assertTrue(traces.samples() > 100, "enough visits for Daikon: " + traces.samples());
        LoopForest loops = LoopForest.of(URN);
        Loop l = loops.loops().get(0);
        LoopSamples samples = TestRuns.run(URN, loops, OPTIONS).samples(l);
        List<Variable> vars = new ProgramPoints(URN, loops).variables(l);
        for (int i = 0; i < samples.size(); i++) {
            DaikonFileReader.Sample enter = records.get(2 * i);
            DaikonFileReader.Sample exit = records.get(2 * i + 1);
            assertEquals("loop_at_12():::ENTER", enter.ppt());
            assertEquals("loop_at_12():::EXIT12", exit.ppt());
            assertEquals(String.valueOf(i + 1), enter.nonce());
            assertEquals(enter.nonce(), exit.nonce(), "orig() at the exit comes from the ENTER record with its nonce");
            for (int k = 0; k < vars.size(); k++) {
                Variable v = vars.get(k);
                assertEquals(samples.value(i, new Term(v, true)).toString(), enter.values().get(k));
                assertEquals(samples.value(i, new Term(v, false)).toString(), exit.values().get(k));
            }
        }
    }

    /**
     * What Daikon prints for the urn's traces (thesis §6.3.1: w ≥ 0 and b ≥ 0, and how they change),
     * written as Daikon writes it, is read back over urn's w and b and holds on every sample.
     */
    @Test
    void invariantsPrintedForTheUrnsProgramPointAreReadBackAndHoldOnTheTrace() {
        String printed = """
                Daikon version 5.8.20, released June 20, 2024; http://plse.cs.washington.edu/daikon.
                Reading declaration files .
                Processing trace data; reading 1 dtrace file:
                ===========================================================================
                loop_at_12():::ENTER
                urn__w >= 0
                urn__b >= 0
                ===========================================================================
                loop_at_12():::EXIT
                urn__w >= 0
                urn__b >= 0
                urn__w <= orig(urn__w)
                Exiting Daikon.
                """;
        LoopForest loops = LoopForest.of(URN);
        ProgramPoints points = new ProgramPoints(URN, loops);
        Loop l = points.loops().get(0);
        ImportedInvariants imported = ImportedInvariants.read(printed, points);
        assertEquals(List.of("w >= 0", "b >= 0", "w <= \\old(w)"),
                imported.invariants(l).stream().map(Invariant::toString).toList());
        assertEquals(2, imported.skipped().size(), "the ENTER point's lines");
        LoopSamples samples = TestRuns.run(URN, loops, OPTIONS).samples(l);
        for (Invariant inv : imported.invariants(l)) {
            for (int i = 0; i < samples.size(); i++) {
                assertTrue(inv.holds(samples.sample(i)), inv + " at sample " + i);
            }
        }
    }
}
