package pdpv.pdr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.Context;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import pdpv.pdr.btor.Btor2Reader;
import pdpv.pdr.btor.Btor2Writer;

/**
 * Randomized round trip of {@link Btor2Writer}: random functional systems (constraints and bad
 * states that read an input, some state variables without an initial value) are written as BTOR2,
 * read back by {@link Btor2Reader} and decided by the engine; the verdict must be what exhaustive
 * explicit-state search says of the original system.
 */
class Btor2RoundTripTest {
    @Test
    void writtenSystemsReadBackToTheVerdictOfExhaustiveSearch() throws Exception {
        int systems = Integer.getInteger("pdr.random.systems", 150);
        RandomSystems generator = new RandomSystems(20261123L);
        Random values = new Random(11);
        List<String> disagreements = new ArrayList<>();
        int undecided = 0;
        for (int k = 0; k < systems; k++) {
            RandomSystems.Spec random = generator.next();
            RandomSystems.Spec spec = new RandomSystems.Spec(random.width(), random.vars(), random.inputs(),
                    pointInit(random, values), random.next(), random.constraint(), random.bad());
            boolean expectFails = RandomSystems.badReachable(spec);
            try (Context ctx = new Context()) {
                String text = Btor2Writer.write(RandomSystems.toSystem(ctx, spec, true), List.of("system " + k));
                TransitionSystem read = Btor2Reader.read(ctx, text).system();
                PdrOptions options = PdrOptions.defaults().withSeed(k).withTimeout(Duration.ofSeconds(20));
                PdrResult result = new PdrEngine(ctx, read, options).check();
                if (result instanceof PdrResult.Unknown) {
                    undecided++;
                } else if ((result instanceof PdrResult.Fails) != expectFails) {
                    disagreements.add("system " + k + ": " + result.getClass().getSimpleName() + ", " + spec + "\n" + text);
                }
            }
        }
        assertEquals(List.of(), disagreements);
        assertTrue(undecided <= systems / 50, undecided + " of " + systems + " undecided");
    }

    /** I as s_v = constant for variable 0 and a random choice of the others; the rest start anywhere. */
    private static RandomSystems.Pred pointInit(RandomSystems.Spec spec, Random values) {
        RandomSystems.Pred p = eq(0, values.nextInt(1 << spec.width()));
        for (int v = 1; v < spec.vars(); v++) {
            if (values.nextBoolean()) {
                p = new RandomSystems.Pred("and", null, null, p, eq(v, values.nextInt(1 << spec.width())));
            }
        }
        return p;
    }

    private static RandomSystems.Pred eq(int var, long value) {
        return new RandomSystems.Pred("eq", new RandomSystems.Var(var), new RandomSystems.Const(value), null, null);
    }
}
