package pdpv.pdr.btor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.microsoft.z3.Context;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import pdpv.pdr.PdrEngine;
import pdpv.pdr.PdrOptions;
import pdpv.pdr.PdrResult;
import pdpv.pdr.SimulationType;

/** The test models through the reader and the PDR engine; every witness is replayed concretely. */
class Btor2EngineTest {
    private Context ctx;

    @BeforeEach
    void open() {
        ctx = new Context();
    }

    @AfterEach
    void close() {
        ctx.close();
    }

    private PdrResult check(Btor2Model model, double c, SimulationType simulation) {
        PdrOptions options = PdrOptions.defaults().withCubeProbability(c).withSimulation(simulation)
                .withTimeout(Duration.ofSeconds(60));
        return new PdrEngine(ctx, model.system(), options).check();
    }

    @ParameterizedTest(name = "{0} holds (c={1}, {2})")
    @CsvSource({
        "counter_holds.btor2, 1.0, HYBRID",
        "counter_holds.btor2, 0.5, TERNARY",
        "counter_holds.btor2, 0.0, INTERVAL",
        "input_constraint_holds.btor2, 0.5, HYBRID",
        "input_constraint_holds.btor2, 1.0, SOLVER",
        "constraint_last_step.btor2, 0.5, HYBRID",
        "counter64_holds.btor2, 0.5, HYBRID",
        "counter64_holds.btor2, 0.0, INTERVAL",
        "counter64_holds.btor2, 1.0, TERNARY",
    })
    void holds(String file, double c, SimulationType simulation) throws Btor2Exception {
        assertInstanceOf(PdrResult.Holds.class, check(Btor2Models.read(ctx, file), c, simulation));
    }

    @ParameterizedTest(name = "{0} fails at depth {1} (c={2}, {3})")
    @CsvSource({
        "counter_fails.btor2, 7, 1.0, HYBRID",
        "counter_fails.btor2, 7, 0.0, INTERVAL",
        "counter_fails.btor2, 7, 0.5, TERNARY",
        "input_constraint_fails.btor2, 5, 0.5, HYBRID",
        "input_constraint_fails.btor2, 5, 1.0, SOLVER",
        "havoc_state.btor2, 1, 0.5, HYBRID",
        "counter64_fails.btor2, 7, 0.5, HYBRID",
        "counter64_fails.btor2, 7, 0.0, INTERVAL",
        "counter64_fails.btor2, 7, 1.0, SOLVER",
    })
    void fails(String file, int depth, double c, SimulationType simulation) throws Btor2Exception {
        Btor2Model model = Btor2Models.read(ctx, file);
        PdrResult.Fails fails = assertInstanceOf(PdrResult.Fails.class, check(model, c, simulation));
        assertNull(new WitnessReplay(ctx, model.system()).replay(fails.states(), fails.inputs()));
        assertEquals(depth, fails.length(), "PDR's traces are shortest on these models");
    }

    @Test
    void counterWitnessCountsToSeven() throws Btor2Exception {
        Btor2Model model = Btor2Models.read(ctx, "counter_fails.btor2");
        PdrResult.Fails fails = assertInstanceOf(PdrResult.Fails.class, check(model, 0.5, SimulationType.HYBRID));
        for (int k = 0; k < fails.states().size(); k++) {
            assertEquals(Map.of("counter", (long) k), fails.states().get(k));
        }
    }

    @ParameterizedTest(name = "{0} without states: bad is {1}")
    @CsvSource({"'1 sort bitvec 1\\n2 input 1 b\\n3 bad 2', true", "'1 sort bitvec 1\\n2 input 1 b\\n3 bad 2\\n4 constraint -2', false"})
    void modelsWithoutStates(String text, boolean reachable) throws Btor2Exception {
        Btor2Model model = Btor2Reader.read(ctx, text.replace("\\n", "\n"));
        PdrResult result = check(model, 0.5, SimulationType.HYBRID);
        assertEquals(reachable, result instanceof PdrResult.Fails, result.toString());
        assertEquals(!reachable, result instanceof PdrResult.Holds, result.toString());
    }
}
