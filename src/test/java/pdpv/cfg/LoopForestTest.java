package pdpv.cfg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static pdpv.cfg.IrBuilder.bin;
import static pdpv.cfg.IrBuilder.branch;
import static pdpv.cfg.IrBuilder.c;
import static pdpv.cfg.IrBuilder.halt;
import static pdpv.cfg.IrBuilder.jump;
import static pdpv.cfg.IrBuilder.ref;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import pdpv.semantics.BinaryOp;

class LoopForestTest {
    private final NestedLoopsExample ex = new NestedLoopsExample();

    @Test
    void dominatorsOfThesisFigure45() {
        Dominators d = Dominators.of(ex.program);
        assertNull(d.immediateDominator(ex.b1));
        assertSame(ex.b1, d.immediateDominator(ex.b2));
        assertSame(ex.b2, d.immediateDominator(ex.b3));
        assertSame(ex.b2, d.immediateDominator(ex.b4));
        assertSame(ex.b4, d.immediateDominator(ex.b5));
        assertSame(ex.b5, d.immediateDominator(ex.b6));
        assertSame(ex.b5, d.immediateDominator(ex.b7));
        assertTrue(d.dominates(ex.b2, ex.b7));
        assertTrue(d.dominates(ex.b6, ex.b6));
        assertFalse(d.dominates(ex.b6, ex.b7));
        assertFalse(d.dominates(ex.b3, ex.b4));
        assertEquals(List.of(ex.b7, ex.b5, ex.b4, ex.b2, ex.b1), d.dominatorsOf(ex.b7));
    }

    @Test
    void loopsOfThesisFigure45() {
        LoopForest f = LoopForest.of(ex.program);
        assertEquals(2, f.loops().size());
        Loop l1 = f.loopAt(ex.b2);
        Loop l2 = f.loopAt(ex.b5);
        assertEquals(List.of(l1, l2), f.loops());
        assertEquals(Set.of(ex.b7), l1.tails());
        assertEquals(Set.of(ex.b6), l2.tails());
        assertEquals(Set.of(ex.b2, ex.b4, ex.b5, ex.b6, ex.b7), l1.body());
        assertEquals(Set.of(ex.b5, ex.b6), l2.body());
        assertEquals(Set.of(ex.x, ex.i), l1.updated());
        assertEquals(Set.of(ex.x, ex.i), l1.referenced());
        assertEquals(Set.of(ex.x, ex.i), l2.updated());
        assertEquals(Set.of(ex.x, ex.i), l2.referenced());
        assertNull(l1.parent());
        assertSame(l1, l2.parent());
        assertEquals(List.of(l2), l1.children());
        assertEquals(List.of(l1), f.topLevel());
        assertTrue(f.isBackEdge(ex.b7, ex.b2));
        assertTrue(f.isBackEdge(ex.b6, ex.b5));
        assertFalse(f.isBackEdge(ex.b4, ex.b5));
        assertFalse(f.isBackEdge(ex.b5, ex.b6));
        assertNull(f.loopAt(ex.b4));
        assertSame(l2, f.innermostLoopOf(ex.b6));
        assertSame(l1, f.innermostLoopOf(ex.b7));
        assertNull(f.innermostLoopOf(ex.b3));
    }

    @Test
    void referencedButNotUpdatedAndMergedBackEdges() {
        IrBuilder ir = new IrBuilder();
        Variable n = ir.var("n");
        Variable k = ir.var("k");
        Block entry = ir.block();
        Block head = ir.block();
        Block body = ir.block();
        Block other = ir.block();
        Block exit = ir.block();
        jump(entry, head);
        branch(head, bin(BinaryOp.LT, ref(k), ref(n)), body, exit);
        body.add(IrBuilder.assign(k, bin(BinaryOp.ADD, ref(k), c(1))));
        branch(body, bin(BinaryOp.EQ, ref(k), c(5)), other, head);
        jump(other, head);
        halt(exit);
        LoopForest f = LoopForest.of(ir.program(entry));
        assertEquals(1, f.loops().size());
        Loop l = f.loopAt(head);
        assertEquals(Set.of(body, other), l.tails());
        assertEquals(Set.of(head, body, other), l.body());
        assertEquals(Set.of(k), l.updated());
        assertEquals(Set.of(k, n), l.referenced());
    }

    @Test
    void selfLoopIsALoop() {
        IrBuilder ir = new IrBuilder();
        Variable k = ir.var("k");
        Block entry = ir.block();
        Block spin = ir.block();
        Block exit = ir.block();
        jump(entry, spin);
        branch(spin, ref(k), spin, exit);
        halt(exit);
        LoopForest f = LoopForest.of(ir.program(entry));
        Loop l = f.loopAt(spin);
        assertEquals(Set.of(spin), l.body());
        assertEquals(Set.of(spin), l.tails());
        assertEquals(Set.of(), l.updated());
        assertEquals(Set.of(k), l.referenced());
    }

    @Test
    void irreducibleCfgIsRejected() {
        IrBuilder ir = new IrBuilder();
        Variable k = ir.var("k");
        Block entry = ir.block();
        Block a = ir.block();
        Block b = ir.block();
        Block exit = ir.block();
        branch(entry, ref(k), a, b);
        branch(a, ref(k), b, exit);
        branch(b, ref(k), a, exit);
        halt(exit);
        Program p = ir.program(entry);
        assertThrows(IllegalArgumentException.class, () -> LoopForest.of(p));
    }
}
