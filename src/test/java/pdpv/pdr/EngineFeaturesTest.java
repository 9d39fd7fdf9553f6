package pdpv.pdr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import pdpv.smt.RelaxationBudget;
import pdpv.pdr.bench.ThesisExamples;

/** Reuse of the trace (§4.3.3), external invariants (§6.1), timeouts, and the independent checkers. */
class EngineFeaturesTest {
    private Context ctx;

    @BeforeEach
    void open() {
        ctx = new Context();
    }

    @AfterEach
    void close() {
        ctx.close();
    }

    private BitVecExpr c(long v) {
        return ctx.mkBV(v, ThesisExamples.WIDTH);
    }

    @Test
    void reuseKeepsFramesForNewBadAndStrongerTransition() {
        TransitionSystem functional = new ThesisExamples(ctx, true).simple(3);
        TransitionSystem relational = TransitionSystem.relational(functional.vars(), functional.inputs(),
                functional.init(), functional.trans(), functional.bad());
        for (TransitionSystem simple : List.of(functional, relational)) {
            PdrEngine engine = new PdrEngine(ctx, simple, PdrOptions.defaults());
            assertInstanceOf(PdrResult.Holds.class, engine.check());
            int frames = engine.statistics().frames();
            BitVecExpr x = simple.vars().get(1).current();
            BoolExpr stronger = ctx.mkNot(ctx.mkEq(simple.vars().get(1).next(), c(5)));
            PdrResult second = engine.check(ctx.mkBVSGE(x, c(2)), stronger);
            assertInstanceOf(PdrResult.Holds.class, second, "x = 2 is unreachable: n = 0 once x = 1");
            assertTrue(engine.statistics().frames() >= frames, "frames are kept");
            PdrResult third = engine.check(ctx.mkEq(x, c(1)), ctx.mkTrue());
            PdrResult.Fails fails = assertInstanceOf(PdrResult.Fails.class, third);
            assertEquals(1, fails.length());
            TransitionSystem strongerSystem = TransitionSystem.relational(simple.vars(), simple.inputs(), simple.init(),
                    ctx.mkAnd(simple.trans(), stronger), ctx.mkEq(x, c(1)));
            assertNull(new ResultChecker(ctx).checkTrace(strongerSystem, fails));
        }
    }

    @Test
    void externalInvariantIsAssumed() {
        ThesisExamples examples = new ThesisExamples(ctx, true);
        TransitionSystem linear = examples.linear();
        PdrEngine engine = new PdrEngine(ctx, linear, PdrOptions.defaults().withCubeProbability(1.0));
        engine.addExternalInvariant(linear.init());
        PdrResult.Holds holds = assertInstanceOf(PdrResult.Holds.class, engine.check(),
                "with J = (x + 2y ≤ 5) even cubes alone prove the linear example");
        assertNull(new ResultChecker(ctx).checkInvariant(linear, holds.invariant(), List.of(linear.init())));
    }

    /** By default (verify's and mc's --integer-resources), the linear example's polytope queries go to the integer relaxation. */
    @Test
    void theIntegerRelaxationDecidesTheLinearExamplesSlowQueries() {
        TransitionSystem linear = new ThesisExamples(ctx, true).linear();
        PdrEngine relaxed = new PdrEngine(ctx, linear, PdrOptions.defaults());
        assertInstanceOf(PdrResult.Holds.class, relaxed.check());
        assertTrue(relaxed.statistics().relaxedSmtCalls() > 0, relaxed.statistics().toString());
        PdrEngine plain = new PdrEngine(ctx, linear, PdrOptions.defaults().withRelaxation(RelaxationBudget.NONE));
        assertInstanceOf(PdrResult.Holds.class, plain.check());
        assertEquals(0, plain.statistics().relaxedSmtCalls());
    }

    @Test
    void timeoutAnswersUnknown() {
        TransitionSystem linear = new ThesisExamples(ctx, true).linear();
        PdrOptions options = PdrOptions.defaults().withCubeProbability(1.0).withTimeout(Duration.ofMillis(300));
        assertInstanceOf(PdrResult.Unknown.class, new PdrEngine(ctx, linear, options).check(),
                "cubes alone need 2^31 cubes for the linear invariant (§3.2.1)");
    }

    @Test
    void cancelAnswersUnknown() throws InterruptedException {
        TransitionSystem linear = new ThesisExamples(ctx, true).linear();
        PdrEngine engine = new PdrEngine(ctx, linear, PdrOptions.defaults().withCubeProbability(1.0));
        Thread canceller = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            engine.cancel();
        });
        canceller.start();
        assertInstanceOf(PdrResult.Unknown.class, engine.check());
        canceller.join();
    }

    /**
     * 320 counters x_i′ = x_i + x_{i−1} of 32 bits: expanding the first bad point by ternary
     * simulation tries its 10240 literals one by one without asking the solver, which takes several
     * seconds; the cancel comes in the middle of it. The engine tests' one timing assertion (issue
     * #4, limits): the answer must come within a couple of seconds of the cancel, not after the expansion.
     */
    @Test
    void aCancelStopsAnExpansionThatAsksNoSolver() throws InterruptedException {
        int n = 320;
        List<StateVar> vars = new ArrayList<>();
        Map<String, BitVecExpr> next = new LinkedHashMap<>();
        List<BoolExpr> init = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            vars.add(StateVar.of(ctx, "x" + i, ThesisExamples.WIDTH));
        }
        for (int i = 0; i < n; i++) {
            BitVecExpr x = vars.get(i).current();
            next.put("x" + i, ctx.mkBVAdd(x, i == 0 ? c(1) : vars.get(i - 1).current()));
            init.add(ctx.mkEq(x, c(i == 0 ? 1 : 0)));
        }
        BoolExpr bad = ctx.mkEq(vars.get(n - 1).current(), c(0xDEADBEEFL));
        TransitionSystem counters = TransitionSystem.functional(ctx, vars, List.of(), ctx.mkAnd(init.toArray(new BoolExpr[0])),
                next, List.of(), bad);
        PdrOptions options = PdrOptions.defaults().withCubeProbability(1.0).withTimeout(Duration.ofSeconds(25));
        PdrEngine engine = new PdrEngine(ctx, counters, options);
        long[] cancelledAt = new long[1];
        Thread canceller = new Thread(() -> {
            try {
                Thread.sleep(1500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            cancelledAt[0] = System.nanoTime();
            engine.cancel();
        });
        canceller.start();
        PdrResult result = engine.check();
        long answeredAt = System.nanoTime();
        canceller.join();
        assertInstanceOf(PdrResult.Unknown.class, result);
        double late = (answeredAt - cancelledAt[0]) / 1e9;
        assertTrue(late < 3.0, "answered " + late + " s after the cancel");
    }

    @Test
    void linearInvariantNeedsReshape() {
        TransitionSystem linear = new ThesisExamples(ctx, true).linear();
        PdrOptions noReshape = PdrOptions.defaults().withCubeProbability(0.0).withGuides(0).withTimeout(Duration.ofSeconds(2));
        assertInstanceOf(PdrResult.Unknown.class, new PdrEngine(ctx, linear, noReshape).check(),
                "unary polytopes alone only build a staircase along x + 2y = 6 (Fig. 3.3)");
    }

    @Test
    void lemmaThatHoldsForGoodRelatesTheLoopBound() {
        TransitionSystem functional = new ThesisExamples(ctx, true).countUp();
        TransitionSystem countUp = TransitionSystem.relational(functional.vars(), functional.inputs(),
                functional.init(), functional.trans(), functional.bad());
        PdrOptions options = PdrOptions.defaults().withCubeProbability(0.0).withTimeout(Duration.ofSeconds(30));
        PdrEngine engine = new PdrEngine(ctx, countUp, options);
        PdrResult.Holds holds = assertInstanceOf(PdrResult.Holds.class, engine.check(),
                "no state outside B reaches B, so B's points are blocked at ∞, where x_e > n_b is found");
        assertTrue(holds.cover().stream().anyMatch(a -> a instanceof Polytope p
                && p.rows().stream().anyMatch(r -> r.coeffs()[1] == 1 && r.coeffs()[2] == -1)),
                "a polytope row n_b − x_e ≤ c: " + holds.cover());
        assertNull(new ResultChecker(ctx).checkInvariant(countUp, holds.invariant(), List.of()));
    }

    @Test
    void invariantCheckerRejectsBrokenInvariants() {
        TransitionSystem simple = new ThesisExamples(ctx, true).simple(3);
        StateVar n = simple.vars().get(0);
        StateVar x = simple.vars().get(1);
        ResultChecker checker = new ResultChecker(ctx);
        assertNotNull(checker.checkInvariant(simple, ctx.mkTrue(), List.of()), "true does not exclude B");
        assertNotNull(checker.checkInvariant(simple, ctx.mkEq(x.current(), c(0)), List.of()), "x = 0 is not inductive");
        assertNotNull(checker.checkInvariant(simple, ctx.mkEq(x.current(), c(1)), List.of()), "x = 1 misses I");
        BoolExpr good = ctx.mkOr(ctx.mkAnd(ctx.mkEq(n.current(), c(1)), ctx.mkEq(x.current(), c(0))),
                ctx.mkAnd(ctx.mkEq(n.current(), c(0)), ctx.mkEq(x.current(), c(1))));
        assertNull(checker.checkInvariant(simple, good, List.of()), "the reachable states are an invariant");
    }

    @Test
    void traceCheckerRejectsBrokenTraces() {
        TransitionSystem linear = new ThesisExamples(ctx, false).linear();
        PdrResult.Fails fails = assertInstanceOf(PdrResult.Fails.class, new PdrEngine(ctx, linear, PdrOptions.defaults()).check());
        ResultChecker checker = new ResultChecker(ctx);
        assertNull(checker.checkTrace(linear, fails));
        List<Map<String, Long>> states = new ArrayList<>(fails.states());
        Map<String, Long> changed = new LinkedHashMap<>(states.get(states.size() - 1));
        changed.put("x", changed.get("x") + 1);
        states.set(states.size() - 1, changed);
        assertNotNull(checker.checkTrace(linear, new PdrResult.Fails(states, fails.inputs())));
        assertNotNull(checker.checkTrace(linear, new PdrResult.Fails(fails.states().subList(0, 1), fails.inputs().subList(0, 1))),
                "a trace that stops in a state that is not bad");
    }
}
