package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pdpv.pdr.SimulationType;
import pdpv.daikon.TestOptions;
import pdpv.encode.accel.AccelerationOptions;

/** Algorithm 4.2 end to end on small programs: proofs come with checked invariants, bugs with inputs. */
class VerifierTest {
    private static final AccelerationOptions NO_ACCELERATION = AccelerationOptions.defaults().withEnabled(false);

    @Test
    void refinementProvesTheCountingLoopWithACertificate() {
        // without the tests, the mined invariants and acceleration, each of which proves this loop without PDR
        VerifierOptions noDynamic = VerifierOptions.defaults().withTests(TestOptions.defaults().withTests(0))
                .withCegar(CegarOptions.defaults().withCandidates(false)).withAcceleration(NO_ACCELERATION, true);
        Verdict v = new Verifier(noDynamic).verify(CProgram.example("counter_loop.c"));
        assertEquals(Verdict.Kind.SAFE, v.kind(), v.reason());
        assertEquals(1, v.invariants().size());
        assertNotEquals("1", v.invariants().get(0).invariant());
        assertTrue(v.statistics().pdrCalls() > 0);
        assertTrue(v.statistics().refinements().get(0).refinements() > 0);
    }

    @Test
    void withoutMemoizationTheVerdictIsTheSame() {
        VerifierOptions options = VerifierOptions.defaults().withCegar(CegarOptions.defaults().withMemoization(false));
        Verdict v = new Verifier(options).verify(CProgram.example("counter_loop.c"));
        assertEquals(Verdict.Kind.SAFE, v.kind(), v.reason());
    }

    @Test
    void uninitializedLocalInLoopIsUnsafeWithTwoDifferentValuesOfJ() {
        Verdict v = new Verifier(VerifierOptions.defaults()).verify(CProgram.example("fig4_8a_uninit_in_loop.c"));
        assertEquals(Verdict.Kind.UNSAFE, v.kind(), v.reason());
        List<String> js = v.inputs().stream().filter(in -> "j".equals(in.name())).map(Verdict.InputValue::value).toList();
        assertEquals(2, js.size(), v.inputs().toString());
        assertNotEquals(js.get(0), js.get(1));
    }

    /**
     * The loop's refinement instance is in functional form, so PDR expands its obligations by the
     * simulation the options name (§3.3), and only by the solver with SOLVER; the types differ in
     * what their checks accept.
     */
    @Test
    void everySimulationTypeExpandsObligationsOfTheLoopInstance() {
        Map<SimulationType, VerifierStatistics.Simulation> bySimulation = new EnumMap<>(SimulationType.class);
        for (SimulationType type : SimulationType.values()) {
            CegarOptions d = CegarOptions.defaults();
            // without chapter 6's tests and mined invariants and without acceleration, which prove this loop without PDR
            CegarOptions cegar = new CegarOptions(d.generalization(), d.memoization(), false, d.pdr().withSimulation(type));
            Verdict v = new Verifier(VerifierOptions.defaults().withCegar(cegar).withTests(TestOptions.defaults().withTests(0))
                    .withAcceleration(NO_ACCELERATION, true)).verify(CProgram.example("counter_loop.c"));
            assertEquals(Verdict.Kind.SAFE, v.kind(), type + ": " + v.reason());
            bySimulation.put(type, v.statistics().simulation());
        }
        assertEquals(VerifierStatistics.Simulation.NONE, bySimulation.remove(SimulationType.SOLVER));
        for (Map.Entry<SimulationType, VerifierStatistics.Simulation> e : bySimulation.entrySet()) {
            assertTrue(e.getValue().expansions() > 0, e.getKey() + ": " + e.getValue());
            assertTrue(e.getValue().checks() > 0, e.getKey() + ": " + e.getValue());
        }
        assertTrue(new HashSet<>(bySimulation.values()).size() > 1, bySimulation.toString());
    }

    @Test
    void cancelledRunsAreUnknownWithTheReasonOfTheCancel() {
        Verifier verifier = new Verifier(VerifierOptions.defaults());
        verifier.cancel("memory limit of 1 MB reached");
        verifier.cancel("timeout");
        Verdict v = verifier.verify(CProgram.example("counter_loop.c"));
        assertEquals(Verdict.Kind.UNKNOWN, v.kind());
        assertEquals("memory limit of 1 MB reached", v.reason());
    }
}
