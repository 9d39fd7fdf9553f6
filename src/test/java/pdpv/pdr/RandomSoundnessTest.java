package pdpv.pdr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.Context;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Randomized soundness: random systems over 2–4 variables of 3–5 bits, each solved in one of the
 * combinations of ARU mode (c ∈ {0, 0.5, 1}) and simulation type (cycling, so every combination is
 * covered many times), compared with exhaustive explicit-state reachability. Every seventh system is
 * solved as its 64-bit embedding ({@link RandomSystems#toSystem(Context, RandomSystems.Spec, boolean, int)}),
 * so that the engine's values, polytope rows and simulation are exercised at the full 64 bits. Every invariant and
 * trace is validated independently; a timeout (no verdict) is tolerated for at most 1% of the
 * systems (pure polytope mode on wrapping arithmetic can be slow). {@code -Dpdr.random.systems=N}
 * runs more systems.
 */
class RandomSoundnessTest {
    private static final double[] CUBE_PROBABILITIES = {0.0, 0.5, 1.0};

    @Test
    void agreesWithExplicitStateReachability() {
        int systems = Integer.getInteger("pdr.random.systems", 500);
        RandomSystems generator = new RandomSystems(20130601L);
        List<String> disagreements = new ArrayList<>();
        List<String> undecided = new ArrayList<>();
        int holds = 0;
        try (Context ctx = new Context()) {
            for (int k = 0; k < systems; k++) {
                RandomSystems.Spec spec = generator.next();
                boolean expectFails = RandomSystems.badReachable(spec);
                double c = CUBE_PROBABILITIES[k % 3];
                SimulationType sim = SimulationType.values()[(k / 3) % SimulationType.values().length];
                boolean functional = k % 5 != 4;
                int width = k % 7 == 6 ? 64 : spec.width();
                TransitionSystem ts = RandomSystems.toSystem(ctx, spec, functional, width);
                PdrOptions options = PdrOptions.defaults().withCubeProbability(c).withSimulation(sim).withSeed(k)
                        .withTimeout(Duration.ofSeconds(20));
                String label = "system " + k + " c=" + c + " " + sim + (functional ? "" : " relational")
                        + (width == spec.width() ? "" : " in " + width + " bits") + ": " + spec;
                PdrResult result;
                try {
                    result = new PdrEngine(ctx, ts, options).check();
                } catch (RuntimeException e) {
                    throw new AssertionError("engine failed on " + label, e);
                }
                if (result instanceof PdrResult.Holds h) {
                    holds++;
                    if (expectFails) {
                        disagreements.add("HOLDS but bad is reachable: " + label);
                    }
                    assertNull(new ResultChecker(ctx).checkInvariant(ts, h.invariant(), List.of()), label);
                } else if (result instanceof PdrResult.Fails f) {
                    if (!expectFails) {
                        disagreements.add("FAILS but bad is unreachable: " + label);
                    }
                    assertNull(new ResultChecker(ctx).checkTrace(ts, f), label);
                } else {
                    undecided.add(result + " for " + label);
                }
            }
        }
        assertEquals(List.of(), disagreements);
        System.out.println("random systems: " + systems + ", holding: " + holds + ", undecided: " + undecided);
        assertTrue(undecided.size() * 100 <= systems, "too many undecided: " + undecided);
    }
}
