package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;

/** Cube bits and polytope rows of a PDR invariant print as C with explicit signedness. */
class InvariantPrinterTest {
    @Test
    void printsCubeBitsAndPolytopeRows() {
        Program program = CProgram.example("counter_loop.c");
        Loop loop = LoopForest.of(program).loops().get(0);
        try (Context ctx = new Context()) {
            LoopInvariantStore.Templates t = new LoopInvariantStore(ctx, program.semantics()).templates(loop);
            BitVecExpr ib = t.before().values().iterator().next().current();
            BitVecExpr ie = t.end().values().iterator().next().current();
            BoolExpr bit = ctx.mkEq(ctx.mkExtract(3, 3, ib), ctx.mkBV(1, 1));
            BitVecExpr row = ctx.mkBVAdd(ctx.mkSignExt(3, ie), ctx.mkBVNeg(ctx.mkSignExt(3, ib)));
            BoolExpr bounded = ctx.mkBVSLE(row, ctx.mkBV(10, 35));
            BoolExpr inv = ctx.mkAnd(ctx.mkNot(bit), ctx.mkOr(bounded, ctx.mkBVULE(ie, ctx.mkBV(7, 32))));
            assertEquals("(((unsigned)\\old(i) >> 3 & 1u) != 1u && ((long long)i - \\old(i) <= 10"
                    + " || (unsigned)i <= 7u))", new InvariantPrinter(ctx, loop, t, pdpv.cfg.Addresses.NONE).print(inv));
            BitVecExpr wide = ctx.mkBVMul(ctx.mkBV(1L << 33, 35), ctx.mkSignExt(3, ie));
            assertEquals("((long long)(((unsigned long long)8589934592LL * (unsigned long long)(long long)(int)i) << 29)"
                    + " >> 29) <= 0", new InvariantPrinter(ctx, loop, t, pdpv.cfg.Addresses.NONE).print(ctx.mkBVSLE(wide, ctx.mkBV(0, 35))));
            // a row of C's width that can wrap: the sum in unsigned long long, converted to int (no shifts)
            assertEquals("(int)((unsigned long long)2LL * (unsigned long long)(long long)(int)i) <= 0",
                    new InvariantPrinter(ctx, loop, t, pdpv.cfg.Addresses.NONE).print(ctx.mkBVSLE(ctx.mkBVMul(ctx.mkBV(2, 32), ie), ctx.mkBV(0, 32))));
            BoolExpr signKept = ctx.mkImplies(ctx.mkBVSLE(ctx.mkBV(0, 32), ib), ctx.mkBVSLE(ctx.mkBV(0, 32), ie));
            assertEquals("(\\old(i) < 0 || i >= 0)", new InvariantPrinter(ctx, loop, t, pdpv.cfg.Addresses.NONE).print(signKept));
            assertEquals("(\\old(i) < i && i <= 0)",
                    new InvariantPrinter(ctx, loop, t, pdpv.cfg.Addresses.NONE).print(ctx.mkNot(ctx.mkImplies(ctx.mkBVSLT(ib, ie), ctx.mkBVSLT(ctx.mkBV(0, 32), ie)))));
            assertEquals("(unsigned)\\old(i) <= (unsigned)i", new InvariantPrinter(ctx, loop, t, pdpv.cfg.Addresses.NONE).print(ctx.mkBVULE(ib, ie)));
            BoolExpr parity = ctx.mkEq(ctx.mkExtract(0, 0, ie), ctx.mkBV(1, 1));
            assertEquals("(i % 2 != 0 && i < 11)", new InvariantPrinter(ctx, loop, t, pdpv.cfg.Addresses.NONE).print(ctx.mkAnd(parity, parity,
                    ctx.mkAnd(ctx.mkBVSGT(ctx.mkBVAdd(ctx.mkBVNeg(ctx.mkSignExt(3, ie)), ctx.mkBV(-2, 35)), ctx.mkBV(-13, 35)),
                            ctx.mkTrue()))));
        }
    }

    /**
     * Issue #20: a pointer variable's condition (here an unsigned comparison of its target id, as a
     * polytope row can say it) is split over its targets and printed by them, q == &x, never as an id.
     */
    @Test
    void pointerConditionsPrintTheirTargets() {
        Program program = pdpv.frontend.FrontEnd.parse("pointer.c", """
                extern unsigned int __VERIFIER_nondet_uint(void);
                int main(void) {
                    int x = 0, y = 0;
                    int *q = &x;
                    unsigned int n = __VERIFIER_nondet_uint();
                    for (unsigned int i = 0; i < n; i++) {
                        *q += 1;
                        q = &y;
                    }
                    return x;
                }
                """, new pdpv.frontend.FrontEndOptions("main", pdpv.semantics.DataModel.ILP32, false));
        Loop loop = LoopForest.of(program).loops().get(0);
        try (Context ctx = new Context()) {
            LoopInvariantStore.Templates t = new LoopInvariantStore(ctx, program.semantics()).templates(loop);
            Variable q = program.addresses().pointers().keySet().iterator().next();
            Variable x = program.variables().stream().filter(v -> "x".equals(v.sourceName())).findFirst().orElseThrow();
            BitVecExpr qe = t.end().get(q).current();
            BitVecExpr xe = t.end().get(x).current();
            long idOfX = program.addresses().ids().get(x);
            BoolExpr inv = ctx.mkOr(ctx.mkBVULE(qe, ctx.mkBV(idOfX, qe.getSortSize())), ctx.mkEq(xe, ctx.mkBV(0, 32)));
            assertEquals("(q != &y || x == 0)", new InvariantPrinter(ctx, loop, t, program.addresses()).print(inv));
            assertEquals("q != &y", new InvariantPrinter(ctx, loop, t, program.addresses())
                    .print(ctx.mkBVULE(qe, ctx.mkBV(idOfX, qe.getSortSize()))));
        }
    }
}
