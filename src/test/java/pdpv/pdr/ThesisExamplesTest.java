package pdpv.pdr;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.microsoft.z3.Context;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import pdpv.pdr.bench.ThesisExamples;

/**
 * The chapter-3 examples (§3.2) and §7.1 at 32 bits, in the ARU modes where the thesis says they
 * succeed: "Simple" in all modes, x ≥ 1000 with polytopes (c < 1), "Linear invariant" needs polytopes
 * (c < 1), "Hybrid invariant" needs both kinds (c = 0.5), the loop of Fig. 5.7b needs polytopes (c < 1). With wrapping sums they fail; polytopes alone cannot cover "x odd", so the
 * wrapping hybrid example is run with c ∈ {0.5, 1}.
 */
class ThesisExamplesTest {
    private Context ctx;

    @BeforeEach
    void open() {
        ctx = new Context();
    }

    @AfterEach
    void close() {
        ctx.close();
    }

    static Stream<Arguments> holding() {
        return Stream.of(
                Arguments.of("simple", 0.0), Arguments.of("simple", 0.5), Arguments.of("simple", 1.0),
                Arguments.of("x>=1000", 0.0), Arguments.of("x>=1000", 0.5),
                Arguments.of("linear", 0.0), Arguments.of("linear", 0.5),
                Arguments.of("hybrid", 0.5),
                Arguments.of("countup", 0.0), Arguments.of("countup", 0.5));
    }

    static Stream<Arguments> wrapping() {
        return Stream.of(Arguments.of("linear", 0.0), Arguments.of("linear", 0.5), Arguments.of("linear", 1.0),
                Arguments.of("hybrid", 0.5), Arguments.of("hybrid", 1.0));
    }

    private TransitionSystem system(String name, boolean mathematical) {
        ThesisExamples ex = new ThesisExamples(ctx, mathematical);
        Function<String, TransitionSystem> pick = n -> switch (n) {
            case "simple" -> ex.simple(3);
            case "x>=1000" -> ex.simple(1000);
            case "linear" -> ex.linear();
            case "countup" -> ex.countUp();
            default -> ex.hybrid();
        };
        return pick.apply(name);
    }

    private PdrOptions options(double c) {
        return PdrOptions.defaults().withCubeProbability(c).withTimeout(Duration.ofSeconds(30));
    }

    @ParameterizedTest(name = "{0} holds with c={1} (mathematical sums)")
    @MethodSource("holding")
    void holds(String name, double c) {
        TransitionSystem ts = system(name, true);
        PdrEngine engine = new PdrEngine(ctx, ts, options(c));
        PdrResult result = engine.check();
        System.out.println(name + " c=" + c + ": " + engine.statistics());
        PdrResult.Holds holds = assertInstanceOf(PdrResult.Holds.class, result);
        assertNull(new ResultChecker(ctx).checkInvariant(ts, holds.invariant(), List.of()));
    }

    /**
     * §7.1: eager expansion adds one frame per step of x. Covering counterexamples to generalization
     * finds the facts about n early when polytopes are available; with Boolean cubes only the engine
     * still climbs frame by frame, so within a short budget it must just not answer wrongly.
     */
    @ParameterizedTest(name = "x>=1000 is never refuted with c={0}")
    @ValueSource(doubles = {1.0})
    void x1000IsNeverRefuted(double c) {
        TransitionSystem ts = system("x>=1000", true);
        PdrEngine engine = new PdrEngine(ctx, ts, options(c).withTimeout(Duration.ofSeconds(3)));
        PdrResult result = engine.check();
        System.out.println("x>=1000 c=" + c + ": " + result.getClass().getSimpleName() + " " + engine.statistics());
        assertFalse(result instanceof PdrResult.Fails, result.toString());
    }

    @ParameterizedTest(name = "{0} fails with c={1} (wrapping sums)")
    @MethodSource("wrapping")
    void failsWithWrappingSums(String name, double c) {
        TransitionSystem ts = system(name, false);
        PdrEngine engine = new PdrEngine(ctx, ts, options(c));
        PdrResult result = engine.check();
        System.out.println(name + " wrapping c=" + c + ": " + engine.statistics());
        PdrResult.Fails fails = assertInstanceOf(PdrResult.Fails.class, result);
        assertNull(new ResultChecker(ctx).checkTrace(ts, fails));
    }
}
