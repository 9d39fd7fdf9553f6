package pdpv.interp.abstraction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.NestedLoopsExample;
import pdpv.cfg.Variable;
import pdpv.domain.AbstractValue;
import pdpv.domain.Bits;
import pdpv.domain.Interval;

/** Algorithm 4.5 of thesis §4.3.3 on its worked example and the soundness of its results. */
class CounterexampleGeneralizerTest {

    @Test
    void thesisExampleGeneralizesToEquation45() {
        NestedLoopsExample ex = new NestedLoopsExample();
        Loop outer = LoopForest.of(ex.program).loopAt(ex.b2);
        CounterexampleGeneralizer g = new CounterexampleGeneralizer(ex.program.semantics());
        GeneralizedCounterexample c = g.generalize(outer, Map.of(ex.x, 0L, ex.i, 0L), Map.of(ex.x, -1L, ex.i, 0L));
        assertEquals(new Interval(32, 0, Integer.MAX_VALUE), c.before().get(ex.x));
        assertTrue(c.before().get(ex.i).isTop());
        assertEquals(new Interval(32, Integer.MIN_VALUE, -1), c.after().get(ex.x));
        assertTrue(c.after().get(ex.i).isTop());
        assertEquals(2, c.before().size());
        assertEquals(2, c.after().size());
        String text = c.toString();
        assertTrue(text.startsWith("c = {c_b = {") && text.contains("x ≥ 0") && text.contains("x ≤ -1")
                && text.contains("i = ⊤"), text);
    }

    @Test
    void tooCoarseAbstractionReturnsThePointItself() {
        NestedLoopsExample ex = new NestedLoopsExample();
        Loop outer = LoopForest.of(ex.program).loopAt(ex.b2);
        CounterexampleGeneralizer g = new CounterexampleGeneralizer(ex.program.semantics());
        GeneralizedCounterexample c = g.generalize(outer, Map.of(ex.x, -3L, ex.i, 1L), Map.of(ex.x, -2L, ex.i, 0L));
        assertEquals(Interval.point(-3, 32), c.before().get(ex.x));
        assertEquals(Interval.point(1, 32), c.before().get(ex.i));
        assertEquals(Interval.point(-2, 32), c.after().get(ex.x));
        assertEquals(Interval.point(0, 32), c.after().get(ex.i));
    }

    /**
     * Soundness: for random counterexamples on every loop shape, random concrete members of the
     * generalized before-sets are run concretely from the loop head, and no visit of the head
     * may have values in the generalized after-sets.
     */
    @Test
    void everyGeneralizedCounterexampleIsSpurious() {
        Samples s = new Samples(2024);
        int generalized = 0;
        for (LoopShapes.Shape shape : LoopShapes.all()) {
            CounterexampleGeneralizer g = new CounterexampleGeneralizer(shape.program().semantics());
            ConcreteHeadVisits runner = new ConcreteHeadVisits(shape.program().semantics(), s.random());
            for (Loop loop : shape.loops()) {
                for (int n = 0; n < 6; n++) {
                    Map<Variable, Long> cb = randomValues(s, loop.referenced());
                    Map<Variable, Long> ce = randomValues(s, loop.updated());
                    GeneralizedCounterexample c = g.generalize(loop, cb, ce);
                    assertTrue(c.admits(cb, ce), shape.name() + ": " + c + " lost its own point");
                    if (c.after().values().stream().anyMatch(AbstractValue::isTop)) {
                        generalized++;
                    }
                    for (int m = 0; m < 10; m++) {
                        Map<Variable, Long> b = new HashMap<>();
                        c.before().forEach((v, set) -> b.put(v, s.member(set)));
                        for (Map<Variable, Long> head : runner.run(loop, b, 200, 5_000)) {
                            assertFalse(c.admits(b, head), shape.name() + " " + loop + ": " + c
                                    + " is reached from " + b + " at " + head);
                        }
                    }
                }
            }
        }
        assertTrue(generalized > 5, "only " + generalized + " counterexamples were generalized");
    }

    private static Map<Variable, Long> randomValues(Samples s, Iterable<Variable> variables) {
        Map<Variable, Long> values = new HashMap<>();
        for (Variable v : variables) {
            int w = v.type().width();
            values.put(v, s.random().nextInt(3) == 0 ? s.bits(w) : s.random().nextInt(21) - 10 & Bits.mask(w));
        }
        return values;
    }
}
