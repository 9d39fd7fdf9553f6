package pdpv.pdr.btor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.microsoft.z3.Context;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pdpv.pdr.PdrOptions;
import pdpv.pdr.PdrResult;

/**
 * {@code mc}'s re-check apart from the engine ({@link Btor2Check#recheck}): it confirms the engine's
 * answers on a fresh reading of the model, and rejects deliberately broken invariants and traces.
 */
class Btor2RecheckTest {
    @Test
    void confirmsTheEnginesAnswers() throws Exception {
        for (String name : List.of("counter_holds.btor2", "counter_fails.btor2", "transfer_holds.btor2", "input_constraint_fails.btor2",
                "havoc_state.btor2")) {
            try (Context ctx = new Context()) {
                Btor2Check check = new Btor2Check(ctx, Btor2Models.read(ctx, name),
                        PdrOptions.defaults().withTimeout(Duration.ofSeconds(60)));
                check.run();
                assertNull(check.recheck(Btor2Models.text(name)), name);
            }
        }
    }

    @Test
    void rejectsBrokenInvariantsAndTraces() throws Exception {
        String holds = Btor2Models.text("counter_holds.btor2");
        try (Context ctx = new Context()) {
            assertEquals("the invariant does not exclude B",
                    Btor2Check.recheck(holds, new PdrResult.Holds(ctx.mkTrue(), List.of())));
            assertEquals("I does not imply the invariant",
                    Btor2Check.recheck(holds, new PdrResult.Holds(ctx.mkFalse(), List.of())));
        }
        String fails = Btor2Models.text("counter_fails.btor2");
        List<Map<String, Long>> states = List.of(Map.of("counter", 0L), Map.of("counter", 2L));
        List<Map<String, Long>> inputs = List.of(Map.of(), Map.of());
        assertEquals("no transition from step 0 to step 1", Btor2Check.recheck(fails, new PdrResult.Fails(states, inputs)));
        assertEquals("the last step is not bad", Btor2Check.recheck(fails,
                new PdrResult.Fails(List.of(Map.of("counter", 0L), Map.of("counter", 1L)), inputs)));
    }
}
