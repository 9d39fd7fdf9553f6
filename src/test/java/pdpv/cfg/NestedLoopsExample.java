package pdpv.cfg;

import static pdpv.cfg.IrBuilder.assertion;
import static pdpv.cfg.IrBuilder.assign;
import static pdpv.cfg.IrBuilder.bin;
import static pdpv.cfg.IrBuilder.branch;
import static pdpv.cfg.IrBuilder.c;
import static pdpv.cfg.IrBuilder.halt;
import static pdpv.cfg.IrBuilder.havoc;
import static pdpv.cfg.IrBuilder.jump;
import static pdpv.cfg.IrBuilder.ref;

import pdpv.semantics.BinaryOp;

/**
 * The nested loops example of thesis Figures 4.3 and 4.5, blocks numbered as there:
 * {@code y = x; while (i > 0) { i = i - 1; while (x < 2) { i = i + 1; x = x + 1; } } assert(x >= y);}
 * with x and i inputs (havocked in B1).
 */
public final class NestedLoopsExample {
    public final Variable x;
    public final Variable y;
    public final Variable i;
    public final Block b1 = new Block(1);
    public final Block b2 = new Block(2);
    public final Block b3 = new Block(3);
    public final Block b4 = new Block(4);
    public final Block b5 = new Block(5);
    public final Block b6 = new Block(6);
    public final Block b7 = new Block(7);
    public final Program program;

    public NestedLoopsExample() {
        IrBuilder ir = new IrBuilder();
        x = ir.var("x");
        y = ir.var("y");
        i = ir.var("i");
        b1.add(havoc(x));
        b1.add(havoc(i));
        b1.add(assign(y, ref(x)));
        jump(b1, b2);
        branch(b2, bin(BinaryOp.GT, ref(i), c(0)), b4, b3);
        b3.add(assertion(bin(BinaryOp.GE, ref(x), ref(y))));
        halt(b3);
        b4.add(assign(i, bin(BinaryOp.SUB, ref(i), c(1))));
        jump(b4, b5);
        branch(b5, bin(BinaryOp.LT, ref(x), c(2)), b6, b7);
        b6.add(assign(i, bin(BinaryOp.ADD, ref(i), c(1))));
        b6.add(assign(x, bin(BinaryOp.ADD, ref(x), c(1))));
        jump(b6, b5);
        jump(b7, b2);
        program = ir.program(b1);
    }
}
