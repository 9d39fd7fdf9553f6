package pdpv.interp.abstraction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static pdpv.cfg.IrBuilder.assign;
import static pdpv.cfg.IrBuilder.bin;
import static pdpv.cfg.IrBuilder.branch;
import static pdpv.cfg.IrBuilder.c;
import static pdpv.cfg.IrBuilder.halt;
import static pdpv.cfg.IrBuilder.jump;
import static pdpv.cfg.IrBuilder.ref;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Block;
import pdpv.cfg.IrBuilder;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.NestedLoopsExample;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;
import pdpv.domain.AbstractValue;
import pdpv.domain.Interval;
import pdpv.semantics.BinaryOp;

/** Loop-head fixpoints of the abstract interpretation of thesis §4.3.3 (Figure 4.6). */
class AbstractInterpreterTest {
    private static final int MAX = Integer.MAX_VALUE;

    private static Interval range(long lo, long hi) {
        return new Interval(32, lo, hi);
    }

    @Test
    void figure46aLoopNotEnteredKeepsTheStartValues() {
        NestedLoopsExample ex = new NestedLoopsExample();
        Loop outer = LoopForest.of(ex.program).loopAt(ex.b2);
        AbstractInterpreter ai = new AbstractInterpreter(ex.program.semantics());
        Map<Variable, AbstractValue> r = ai.headState(outer, Map.of(ex.x, range(0, 0), ex.i, range(0, 0)));
        assertEquals(range(0, 0), r.get(ex.x));
        assertEquals(range(0, 0), r.get(ex.i));
    }

    @Test
    void figure46bNestedLoopsKeepXNonNegative() {
        NestedLoopsExample ex = new NestedLoopsExample();
        Loop outer = LoopForest.of(ex.program).loopAt(ex.b2);
        AbstractInterpreter ai = new AbstractInterpreter(ex.program.semantics());
        Map<Variable, AbstractValue> r = ai.headState(outer, Map.of(ex.x, range(0, MAX)));
        assertEquals(range(0, MAX), r.get(ex.x));
        assertTrue(r.get(ex.i).isTop());
    }

    @Test
    void innerLoopFixpointRefinesByItsCondition() {
        NestedLoopsExample ex = new NestedLoopsExample();
        Loop inner = LoopForest.of(ex.program).loopAt(ex.b5);
        AbstractInterpreter ai = new AbstractInterpreter(ex.program.semantics());
        Map<Variable, AbstractValue> r = ai.headState(inner, Map.of(ex.x, range(-5, -5), ex.i, range(10, 10)));
        assertEquals(range(-5, 2), r.get(ex.x));
    }

    /** {@code while (x < 1000000) x = x + 1;} from x = 0 needs widening. */
    @Test
    void wideningMakesALongLoopTerminateQuickly() {
        IrBuilder ir = new IrBuilder();
        Variable x = ir.var("x");
        Block entry = ir.block();
        Block head = ir.block();
        Block body = ir.block();
        Block exit = ir.block();
        jump(entry, head);
        branch(head, bin(BinaryOp.LT, ref(x), c(1_000_000)), body, exit);
        body.add(assign(x, bin(BinaryOp.ADD, ref(x), c(1))));
        jump(body, head);
        halt(exit);
        Program p = ir.program(entry);
        Loop loop = LoopForest.of(p).loopAt(head);
        AbstractInterpreter ai = new AbstractInterpreter(p.semantics());
        Map<Variable, AbstractValue> r = assertTimeoutPreemptively(Duration.ofSeconds(2),
                () -> ai.headState(loop, Map.of(x, range(0, 0))));
        assertEquals(range(0, 1_000_000), r.get(x));
    }

    /** Every loop shape reaches its fixpoint quickly from ⊤ and from random start values. */
    @Test
    void everyLoopShapeTerminates() {
        Samples s = new Samples(31);
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            for (LoopShapes.Shape shape : LoopShapes.all()) {
                AbstractInterpreter ai = new AbstractInterpreter(shape.program().semantics());
                for (Loop loop : shape.loops()) {
                    assertTrue(ai.headState(loop, Map.of()).keySet().containsAll(loop.referenced()));
                    for (int n = 0; n < 20; n++) {
                        Map<Variable, AbstractValue> start = new HashMap<>();
                        for (Variable v : loop.referenced()) {
                            start.put(v, s.value(v.type().width()));
                        }
                        Map<Variable, AbstractValue> r = ai.headState(loop, start);
                        start.forEach((v, x) -> assertTrue(r.get(v).contains(s.member(x)), shape.name() + " " + v));
                    }
                }
            }
        });
    }

    /** Soundness: every head visit of concrete runs from members of the start sets lies in the head state. */
    @Test
    void headStateContainsEveryConcreteHeadVisit() {
        Samples s = new Samples(53);
        for (LoopShapes.Shape shape : LoopShapes.all()) {
            AbstractInterpreter ai = new AbstractInterpreter(shape.program().semantics());
            ConcreteHeadVisits runner = new ConcreteHeadVisits(shape.program().semantics(), s.random());
            for (Loop loop : shape.loops()) {
                for (int n = 0; n < 30; n++) {
                    Map<Variable, AbstractValue> start = new HashMap<>();
                    for (Variable v : loop.referenced()) {
                        int w = v.type().width();
                        long lo = s.random().nextInt(41) - 20;
                        start.put(v, s.random().nextBoolean() ? s.value(w) : new Interval(w, lo, lo + s.random().nextInt(20)));
                    }
                    Map<Variable, AbstractValue> r = ai.headState(loop, start);
                    for (int m = 0; m < 5; m++) {
                        Map<Variable, Long> b = new HashMap<>();
                        start.forEach((v, set) -> b.put(v, s.member(set)));
                        for (Map<Variable, Long> visit : runner.run(loop, b, 100, 3_000)) {
                            r.forEach((v, set) -> assertTrue(set.contains(visit.getOrDefault(v, 0L)),
                                    shape.name() + " " + loop + ": " + v + " = " + visit.get(v) + " outside " + set
                                            + " from " + start));
                        }
                    }
                }
            }
        }
    }
}
