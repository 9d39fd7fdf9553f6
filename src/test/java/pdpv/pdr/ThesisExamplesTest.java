package pdpv.pdr;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.microsoft.z3.Context;
import java.time.Duration;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The chapter-3 examples (§3.2) and §7.1 at 32 bits, in the ARU modes where the thesis says they succeed. */
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
                Arguments.of("x>=1000", 0.0), Arguments.of("x>=1000", 0.5), Arguments.of("x>=1000", 1.0),
                Arguments.of("linear", 0.0), Arguments.of("linear", 0.5),
                Arguments.of("hybrid", 0.5));
    }

    static Stream<Arguments> wrapping() {
        return Stream.of(0.0, 0.5, 1.0).flatMap(c -> Stream.of(Arguments.of("linear", c), Arguments.of("hybrid", c)));
    }

    private TransitionSystem system(String name, boolean mathematical) {
        ThesisExamples ex = new ThesisExamples(ctx, mathematical);
        Function<String, TransitionSystem> pick = n -> switch (n) {
            case "simple" -> ex.simple(3);
            case "x>=1000" -> ex.simple(1000);
            case "linear" -> ex.linear();
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
        assertNull(new ResultChecker(ctx).checkInvariant(ts, holds.invariant(), java.util.List.of()));
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
