package pdpv.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static pdpv.cfg.IrBuilder.assertion;
import static pdpv.cfg.IrBuilder.assign;
import static pdpv.cfg.IrBuilder.assume;
import static pdpv.cfg.IrBuilder.bin;
import static pdpv.cfg.IrBuilder.branch;
import static pdpv.cfg.IrBuilder.c;
import static pdpv.cfg.IrBuilder.halt;
import static pdpv.cfg.IrBuilder.havoc;
import static pdpv.cfg.IrBuilder.jump;
import static pdpv.cfg.IrBuilder.ref;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Model;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.IrBuilder;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.NestedLoopsExample;
import pdpv.cfg.Program;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.semantics.BinaryOp;

class ProgramEncodingTest {

    private static Model model(Context ctx, BoolExpr... assertions) {
        Solver s = ctx.mkSolver();
        s.add(assertions);
        assertEquals(Status.SATISFIABLE, s.check());
        return s.getModel();
    }

    private static void assertUnsat(Context ctx, BoolExpr... assertions) {
        Solver s = ctx.mkSolver();
        s.add(assertions);
        assertEquals(Status.UNSATISFIABLE, s.check());
    }

    private static ProgramEncoding encode(Context ctx, Program p) {
        return ProgramEncoding.build(ctx, p, LoopForest.of(p));
    }

    private static int signed(long bits) {
        return (int) bits;
    }

    /** C's {@code a || b} on int 0/1 operands, as the front end lowers it. */
    private static Expr or(Expr a, Expr b) {
        return bin(BinaryOp.NE, bin(BinaryOp.OR, a, b), c(0));
    }

    /** {@code x = *; y = *; z = x + y; if (x > 0) assert(z > x);}: violated when y <= 0 or on overflow. */
    @Test
    void loopFreeViolationDecodesToARealPath() {
        IrBuilder ir = new IrBuilder();
        Variable x = ir.var("x");
        Variable y = ir.var("y");
        Variable z = ir.var("z");
        Block b1 = ir.block();
        Block check = ir.block();
        Block end = ir.block();
        Stmt.Havoc hx = havoc(x);
        Stmt.Havoc hy = havoc(y);
        b1.add(hx);
        b1.add(hy);
        b1.add(assign(z, bin(BinaryOp.ADD, ref(x), ref(y))));
        branch(b1, bin(BinaryOp.GT, ref(x), c(0)), check, end);
        Stmt.Assert a = assertion(bin(BinaryOp.GT, ref(z), ref(x)));
        check.add(a);
        halt(check);
        halt(end);
        Program p = ir.program(b1);
        try (Context ctx = new Context()) {
            ProgramEncoding enc = encode(ctx, p);
            assertTrue(enc.loopSites().isEmpty());
            Counterexample cex = enc.decode(model(ctx, enc.formula()));
            assertSame(a, cex.violated());
            assertEquals(List.of(b1, check), cex.path());
            assertEquals(List.of(), cex.loopVisits());
            assertEquals(Set.of(hx, hy), cex.havocValues().keySet());
            int xv = signed(cex.havocValues().get(hx));
            int yv = signed(cex.havocValues().get(hy));
            int zv = xv + yv;
            assertTrue(xv > 0, "branch taken");
            assertFalse(zv > xv, "assertion violated by x=" + xv + " y=" + yv);
            assertEquals(Set.of(x, y, z), cex.entryState().keySet());
        }
    }

    /** {@code x = *; assume(x < 100); y = x + 1; assert(y > x);} is safe. */
    @Test
    void loopFreeSafeProgramIsUnsat() {
        IrBuilder ir = new IrBuilder();
        Variable x = ir.var("x");
        Variable y = ir.var("y");
        Block b1 = ir.block();
        b1.add(havoc(x));
        b1.add(assume(bin(BinaryOp.LT, ref(x), c(100))));
        b1.add(assign(y, bin(BinaryOp.ADD, ref(x), c(1))));
        b1.add(assertion(bin(BinaryOp.GT, ref(y), ref(x))));
        halt(b1);
        try (Context ctx = new Context()) {
            assertUnsat(ctx, encode(ctx, ir.program(b1)).formula());
        }
    }

    /** {@code x = *; if (x > 5) y = 1; else y = 2; assert(...)} with the join block B4. */
    private static final class Diamond {
        final IrBuilder ir = new IrBuilder();
        final Variable x = ir.var("x");
        final Variable y = ir.var("y");
        final Block b1 = ir.block();
        final Block then = ir.block();
        final Block otherwise = ir.block();
        final Block join = ir.block();
        final Stmt.Havoc hx = havoc(x);

        Program with(Stmt.Assert a) {
            b1.add(hx);
            branch(b1, bin(BinaryOp.GT, ref(x), c(5)), then, otherwise);
            then.add(assign(y, c(1)));
            jump(then, join);
            otherwise.add(assign(y, c(2)));
            jump(otherwise, join);
            join.add(a);
            halt(join);
            return ir.program(b1);
        }
    }

    @Test
    void diamondViolationOnlyThroughTheElseBranch() {
        Diamond d = new Diamond();
        Program p = d.with(assertion(bin(BinaryOp.EQ, ref(d.y), c(1))));
        try (Context ctx = new Context()) {
            ProgramEncoding enc = encode(ctx, p);
            Model m = model(ctx, enc.formula());
            Counterexample cex = enc.decode(m);
            assertEquals(List.of(d.b1, d.otherwise, d.join), cex.path());
            assertTrue(signed(cex.havocValues().get(d.hx)) <= 5);
            com.microsoft.z3.Expr<?> yAtJoin = enc.dag().block(d.join).entryVariants().get(d.y);
            assertEquals("2", m.eval(yAtJoin, true).toString());
        }
    }

    /** Exact joins: y == 2 only if the else branch ran, so {@code assert(y == 1 || x <= 5)} holds. */
    @Test
    void diamondJoinIsExact() {
        Diamond d = new Diamond();
        Program p = d.with(assertion(or(bin(BinaryOp.EQ, ref(d.y), c(1)), bin(BinaryOp.LE, ref(d.x), c(5)))));
        try (Context ctx = new Context()) {
            assertUnsat(ctx, encode(ctx, p).formula());
        }
    }

    /** {@code x = 0; while (x < 10) x = x + 1; assert(x <= 10);} blocks B1..B4, head B2. */
    private static final class CountingLoop {
        final IrBuilder ir = new IrBuilder();
        final Variable x = ir.var("x");
        final Block b1 = ir.block();
        final Block head = ir.block();
        final Block body = ir.block();
        final Block exit = ir.block();
        final Stmt.Assert a = assertion(bin(BinaryOp.LE, ref(x), c(10)));
        final Program program;

        CountingLoop() {
            b1.add(assign(x, c(0)));
            jump(b1, head);
            branch(head, bin(BinaryOp.LT, ref(x), c(10)), body, exit);
            body.add(assign(x, bin(BinaryOp.ADD, ref(x), c(1))));
            jump(body, head);
            exit.add(a);
            halt(exit);
            program = ir.program(b1);
        }
    }

    @Test
    void loopWithTrueInvariantIsSatAndDecodesTheLoopVisit() {
        CountingLoop l = new CountingLoop();
        try (Context ctx = new Context()) {
            ProgramEncoding enc = encode(ctx, l.program);
            assertEquals(1, enc.loopSites().size());
            LoopSite site = enc.loopSites().get(0);
            assertSame(l.head, site.loop().head());
            assertEquals(Set.of(l.x), site.pre().keySet());
            assertEquals(Set.of(l.x), site.post().keySet());
            Counterexample cex = enc.decode(model(ctx, enc.formula()));
            assertSame(l.a, cex.violated());
            assertEquals(List.of(l.b1, l.head, l.exit), cex.path());
            assertEquals(1, cex.loopVisits().size());
            LoopVisit visit = cex.loopVisits().get(0);
            assertSame(site.loop(), visit.loop());
            assertEquals(0L, visit.before().get(l.x));
            assertTrue(signed(visit.after().get(l.x)) > 10);
        }
    }

    @Test
    void inductiveInvariantInstanceMakesTheLoopSafe() {
        CountingLoop l = new CountingLoop();
        try (Context ctx = new Context()) {
            ProgramEncoding enc = encode(ctx, l.program);
            LoopSite site = enc.loopSites().get(0);
            BitVecExpr t = ctx.mkBVConst("x_e", 32);
            BoolExpr inv = ctx.mkAnd(ctx.mkBVSLE(ctx.mkBV(0, 32), t), ctx.mkBVSLE(t, ctx.mkBV(10, 32)));
            BoolExpr instance = site.instantiate(inv, Map.of(), Map.of(l.x, t));
            assertUnsat(ctx, enc.formula(), instance);
        }
    }

    @Test
    void instantiateRejectsTemplatesOutsideTheLoopsVariables() {
        NestedLoopsExample ex = new NestedLoopsExample();
        try (Context ctx = new Context()) {
            LoopSite site = encode(ctx, ex.program).loopSites().get(0);
            BitVecExpr t = ctx.mkBVConst("t", 32);
            BoolExpr inv = ctx.mkBVSGE(t, ctx.mkBV(0, 32));
            assertThrows(IllegalArgumentException.class, () -> site.instantiate(inv, Map.of(), Map.of(ex.y, t)));
            BitVecExpr narrow = ctx.mkBVConst("n", 8);
            assertThrows(IllegalArgumentException.class, () -> site.instantiate(ctx.mkTrue(), Map.of(ex.x, narrow), Map.of()));
        }
    }

    /** Thesis §4.3.1, Figure 4.5d: LI_1(x1, i1, x0, i0) at B2 and LI_2(x2, i3, x1, i2) at B5. */
    @Test
    void nestedLoopsPlaceInvariantsAsInFigure45() {
        NestedLoopsExample ex = new NestedLoopsExample();
        try (Context ctx = new Context()) {
            ProgramEncoding enc = encode(ctx, ex.program);
            List<LoopSite> sites = enc.loopSites();
            assertEquals(2, sites.size());
            LoopSite li1 = sites.get(0);
            LoopSite li2 = sites.get(1);
            assertSame(ex.b2, li1.loop().head());
            assertSame(ex.b5, li2.loop().head());
            DagEncoding dag = enc.dag();
            assertEquals(dag.block(ex.b1).exitVariants().get(ex.x), li1.pre().get(ex.x));
            assertEquals(li1.post().get(ex.x), li2.pre().get(ex.x));
            assertEquals(dag.block(ex.b4).exitVariants().get(ex.i), li2.pre().get(ex.i));
            assertEquals(List.of(ex.b2), dag.predecessors(ex.b4));
            assertEquals(List.of(ex.b4), dag.predecessors(ex.b5));
            assertEquals(List.of(ex.b1), dag.predecessors(ex.b2));

            Counterexample cex = enc.decode(model(ctx, enc.formula()));
            assertEquals(List.of(ex.b1, ex.b2, ex.b3), cex.path());
            assertEquals(1, cex.loopVisits().size());
            LoopVisit v = cex.loopVisits().get(0);
            assertSame(li1.loop(), v.loop());
            assertEquals(Set.of(ex.x, ex.y, ex.i), v.before().keySet());
            assertEquals(v.before().get(ex.y), v.after().get(ex.y));
            Stmt.Havoc hx = (Stmt.Havoc) ex.b1.statements().get(0);
            assertEquals(cex.havocValues().get(hx), v.before().get(ex.x));
            assertTrue(signed(v.after().get(ex.x)) < signed(v.before().get(ex.y)));
            assertTrue(signed(v.after().get(ex.i)) <= 0);

            BitVecExpr xb = ctx.mkBVConst("x_b", 32);
            BitVecExpr xe = ctx.mkBVConst("x_e", 32);
            BoolExpr thesisInvariant = li1.instantiate(ctx.mkBVSGE(xe, xb), Map.of(ex.x, xb), Map.of(ex.x, xe));
            assertUnsat(ctx, enc.formula(), thesisInvariant);
        }
    }

    /** An assertion inside the loop body is reached through the invariant: the path visits both heads. */
    @Test
    void pathThroughNestedHeadsListsBothLoopVisitsInOrder() {
        IrBuilder ir = new IrBuilder();
        Variable x = ir.var("x");
        Block b1 = ir.block();
        Block outer = ir.block();
        Block inner = ir.block();
        Block innerBody = ir.block();
        Block check = ir.block();
        Block exit = ir.block();
        b1.add(assign(x, c(0)));
        jump(b1, outer);
        branch(outer, bin(BinaryOp.LT, ref(x), c(100)), inner, exit);
        branch(inner, bin(BinaryOp.LT, ref(x), c(50)), innerBody, check);
        innerBody.add(assign(x, bin(BinaryOp.ADD, ref(x), c(1))));
        jump(innerBody, inner);
        Stmt.Assert a = assertion(bin(BinaryOp.NE, ref(x), c(77)));
        check.add(a);
        jump(check, outer);
        halt(exit);
        Program p = ir.program(b1);
        try (Context ctx = new Context()) {
            ProgramEncoding enc = encode(ctx, p);
            Counterexample cex = enc.decode(model(ctx, enc.formula()));
            assertSame(a, cex.violated());
            assertEquals(List.of(b1, outer, inner, check), cex.path());
            List<Loop> visited = cex.loopVisits().stream().map(LoopVisit::loop).toList();
            assertEquals(List.of(enc.loopSites().get(0).loop(), enc.loopSites().get(1).loop()), visited);
            LoopVisit innerVisit = cex.loopVisits().get(1);
            assertEquals(cex.loopVisits().get(0).after().get(x), innerVisit.before().get(x));
            assertEquals(77L, innerVisit.after().get(x));
        }
    }

    /** {@code x = *; assert(x != 3); assert(x != 3);}: a failed assertion ends the execution. */
    @Test
    void controlLeavesABlockOnlyWhenItsAssertionHolds() {
        IrBuilder ir = new IrBuilder();
        Variable x = ir.var("x");
        Block b1 = ir.block();
        Block b2 = ir.block();
        Stmt.Assert first = assertion(bin(BinaryOp.NE, ref(x), c(3)));
        b1.add(havoc(x));
        b1.add(first);
        jump(b1, b2);
        b2.add(assertion(bin(BinaryOp.NE, ref(x), c(3))));
        halt(b2);
        try (Context ctx = new Context()) {
            ProgramEncoding enc = encode(ctx, ir.program(b1));
            Counterexample cex = enc.decode(model(ctx, enc.formula()));
            assertSame(first, cex.violated());
            assertEquals(List.of(b1), cex.path());
            assertEquals(3L, cex.havocValues().values().iterator().next());
            assertUnsat(ctx, enc.formula(), enc.dag().block(b2).blockVar());
        }
    }
}
