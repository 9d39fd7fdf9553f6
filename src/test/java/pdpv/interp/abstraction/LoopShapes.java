package pdpv.interp.abstraction;

import static pdpv.cfg.IrBuilder.assign;
import static pdpv.cfg.IrBuilder.bin;
import static pdpv.cfg.IrBuilder.branch;
import static pdpv.cfg.IrBuilder.c;
import static pdpv.cfg.IrBuilder.halt;
import static pdpv.cfg.IrBuilder.havoc;
import static pdpv.cfg.IrBuilder.jump;
import static pdpv.cfg.IrBuilder.ref;

import java.util.ArrayList;
import java.util.List;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.IrBuilder;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.NestedLoopsExample;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CType;

/** Hand-built loops for the tests of Algorithm 4.5 (thesis §4.3.3): each a program with the loops to generalize on. */
final class LoopShapes {
    record Shape(String name, Program program, List<Loop> loops) {
    }

    private LoopShapes() {
    }

    static List<Shape> all() {
        List<Shape> shapes = new ArrayList<>();
        NestedLoopsExample ex = new NestedLoopsExample();
        shapes.add(new Shape("figure 4.3", ex.program, LoopForest.of(ex.program).loops()));
        shapes.add(stepping());
        shapes.add(masking());
        shapes.add(unsignedCounting());
        shapes.add(narrowing());
        return shapes;
    }

    /** {@code while (x < n) { x = x + 2; t = nondet(); }} */
    private static Shape stepping() {
        IrBuilder ir = new IrBuilder();
        Variable x = ir.var("x");
        Variable n = ir.var("n");
        Variable t = ir.var("t");
        Block entry = ir.block();
        Block head = ir.block();
        Block body = ir.block();
        Block exit = ir.block();
        jump(entry, head);
        branch(head, bin(BinaryOp.LT, ref(x), ref(n)), body, exit);
        body.add(assign(x, bin(BinaryOp.ADD, ref(x), c(2))));
        body.add(havoc(t));
        jump(body, head);
        halt(exit);
        return single("stepping", ir, entry, head);
    }

    /** {@code while (k > 0) { k = k - 1; f = (f & 0xF0) | (k << 8); }} */
    private static Shape masking() {
        IrBuilder ir = new IrBuilder();
        Variable k = ir.var("k");
        Variable f = ir.var("f");
        Block entry = ir.block();
        Block head = ir.block();
        Block body = ir.block();
        Block exit = ir.block();
        jump(entry, head);
        branch(head, bin(BinaryOp.GT, ref(k), c(0)), body, exit);
        body.add(assign(k, bin(BinaryOp.SUB, ref(k), c(1))));
        body.add(assign(f, bin(BinaryOp.OR, bin(BinaryOp.AND, ref(f), c(0xF0)), bin(BinaryOp.SHL, ref(k), c(8)))));
        jump(body, head);
        halt(exit);
        return single("masking", ir, entry, head);
    }

    /** {@code unsigned u; while (u < 10u) u = u + 3u;} */
    private static Shape unsignedCounting() {
        IrBuilder ir = new IrBuilder();
        CType uint = CType.unsignedInt();
        Variable u = ir.var("u", uint);
        Block entry = ir.block();
        Block head = ir.block();
        Block body = ir.block();
        Block exit = ir.block();
        jump(entry, head);
        branch(head, bin(BinaryOp.LT, ref(u), c(10, uint)), body, exit);
        body.add(assign(u, bin(BinaryOp.ADD, ref(u), c(3, uint))));
        jump(body, head);
        halt(exit);
        return single("unsigned counting", ir, entry, head);
    }

    /** {@code signed char c; while ((int) c != 0) { s = s % 7 + (int) c; c = (signed char) ((int) c / 2 - 1); }} */
    private static Shape narrowing() {
        IrBuilder ir = new IrBuilder();
        CType schar = new CType(CType.Kind.CHAR, 8, true);
        Variable ch = ir.var("c", schar);
        Variable sum = ir.var("s");
        Block entry = ir.block();
        Block head = ir.block();
        Block body = ir.block();
        Block exit = ir.block();
        Expr wide = new Expr.Cast(ref(ch), IrBuilder.INT);
        jump(entry, head);
        branch(head, bin(BinaryOp.NE, wide, c(0)), body, exit);
        body.add(assign(sum, bin(BinaryOp.ADD, bin(BinaryOp.REM, ref(sum), c(7)), wide)));
        body.add(assign(ch, new Expr.Cast(bin(BinaryOp.SUB, bin(BinaryOp.DIV, wide, c(2)), c(1)), schar)));
        jump(body, head);
        halt(exit);
        return single("narrowing", ir, entry, head);
    }

    private static Shape single(String name, IrBuilder ir, Block entry, Block head) {
        Program p = ir.program(entry);
        return new Shape(name, p, List.of(LoopForest.of(p).loopAt(head)));
    }
}
