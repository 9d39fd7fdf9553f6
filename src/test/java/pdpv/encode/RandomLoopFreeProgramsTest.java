package pdpv.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static pdpv.cfg.IrBuilder.INT;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.IrBuilder;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.interp.Execution;
import pdpv.interp.Interpreter;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CSemantics;
import pdpv.semantics.DataModel;
import pdpv.semantics.UnaryOp;

/**
 * Differential test of the passified DAG (thesis §4.3.1) on random loop-free int programs: with
 * entry values and havoc values fixed, F is satisfiable exactly when the concrete interpreter's run
 * fails an assertion, and the decoded path is the run's path.
 */
class RandomLoopFreeProgramsTest {
    private static final long[] SPECIAL = {0, 1, 2, 3, -1, -2, 31, 32, 33, 0x7FFFFFFFL, 0x80000000L};
    private final CSemantics sem = new CSemantics(DataModel.ILP32);
    private final Random rnd = new Random(4711);
    private int line;

    @Test
    void encodingAgreesWithConcreteRuns() {
        int violations = 0;
        try (Context ctx = new Context()) {
            for (int round = 0; round < 400; round++) {
                IrBuilder ir = new IrBuilder();
                List<Variable> vars = List.of(ir.var("v0"), ir.var("v1"), ir.var("v2"));
                Program p = randomProgram(ir, vars);
                Map<Variable, Long> entry = new HashMap<>();
                vars.forEach(v -> entry.put(v, value()));
                Map<Stmt.Havoc, Long> inputs = new HashMap<>();
                Execution run = run(p, entry, inputs);

                ProgramEncoding enc = ProgramEncoding.build(ctx, p, LoopForest.of(p));
                Solver s = ctx.mkSolver();
                s.add(enc.formula());
                Z3Algebra z3 = new Z3Algebra(ctx);
                EncodedBlock start = enc.dag().block(p.entry());
                vars.forEach(v -> s.add(ctx.mkEq(start.entryVariants().get(v), z3.constant(entry.get(v), 32))));
                for (Block b : enc.dag().blocks()) {
                    for (HavocVariant h : enc.dag().block(b).havocs()) {
                        BitVecExpr fixed = z3.constant(inputs.computeIfAbsent(h.havoc(), k -> value()), 32);
                        s.add(ctx.mkEq(h.variant(), fixed));
                    }
                }
                Status status = s.check();
                assertEquals(run.hitsAssertion() ? Status.SATISFIABLE : Status.UNSATISFIABLE, status, p.toString());
                if (run.hitsAssertion()) {
                    violations++;
                    Counterexample cex = enc.decode(s.getModel());
                    assertSame(run.failedAssertion(), cex.violated());
                    assertEquals(run.path().stream().map(p::block).toList(), cex.path(), p.toString());
                }
            }
        }
        assertEquals(true, violations > 80, "enough violating runs: " + violations);
    }

    /** Runs {@code p} in the interpreter; havocs not yet in {@code inputs} get a random value recorded there. */
    private Execution run(Program p, Map<Variable, Long> entry, Map<Stmt.Havoc, Long> inputs) {
        return new Interpreter(sem).run(p.entry(), entry, (h, occurrence) -> inputs.computeIfAbsent(h, k -> value()));
    }

    private long value() {
        return rnd.nextBoolean() ? SPECIAL[rnd.nextInt(SPECIAL.length)] & 0xFFFFFFFFL : rnd.nextInt() & 0xFFFFFFFFL;
    }

    private Program randomProgram(IrBuilder ir, List<Variable> vars) {
        int n = 3 + rnd.nextInt(5);
        List<Block> blocks = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            blocks.add(ir.block());
        }
        for (int k = 0; k < n; k++) {
            Block b = blocks.get(k);
            int statements = rnd.nextInt(4);
            for (int s = 0; s < statements; s++) {
                Variable v = vars.get(rnd.nextInt(vars.size()));
                int kind = rnd.nextInt(10);
                SourceLoc loc = new SourceLoc("random.c", ++line, 0);
                if (kind < 6) {
                    b.add(new Stmt.Assign(v, expr(vars, 2), loc));
                } else if (kind < 8) {
                    b.add(new Stmt.Havoc(v, Stmt.Havoc.Reason.INPUT, "nondet()", loc));
                } else {
                    b.add(new Stmt.Assume(expr(vars, 2), loc));
                }
            }
            if (rnd.nextInt(10) < 4) {
                b.add(new Stmt.Assert(comparison(vars), "random", new SourceLoc("random.c", ++line, 0)));
            }
            if (k == n - 1 || rnd.nextInt(10) == 0) {
                IrBuilder.halt(b);
            } else if (rnd.nextBoolean()) {
                IrBuilder.jump(b, later(blocks, k));
            } else {
                IrBuilder.branch(b, rnd.nextBoolean() ? comparison(vars) : expr(vars, 1), later(blocks, k), later(blocks, k));
            }
        }
        return ir.program(blocks.get(0));
    }

    /** A block after the k-th, most often one of the next two (so that paths join). */
    private Block later(List<Block> blocks, int k) {
        int range = Math.min(blocks.size() - k - 1, rnd.nextInt(4) == 0 ? blocks.size() : 2);
        return blocks.get(k + 1 + rnd.nextInt(range));
    }

    /** A comparison of a variable with an expression: false often enough to fail assertions. */
    private Expr comparison(List<Variable> vars) {
        BinaryOp op = BinaryOp.values()[BinaryOp.EQ.ordinal() + rnd.nextInt(6)];
        return IrBuilder.bin(op, IrBuilder.ref(vars.get(rnd.nextInt(vars.size()))), expr(vars, 1));
    }

    private Expr expr(List<Variable> vars, int depth) {
        int kind = rnd.nextInt(depth == 0 ? 2 : 5);
        if (kind == 0) {
            return IrBuilder.c(value());
        }
        if (kind == 1) {
            return IrBuilder.ref(vars.get(rnd.nextInt(vars.size())));
        }
        if (kind == 2) {
            UnaryOp op = UnaryOp.values()[rnd.nextInt(UnaryOp.values().length)];
            return new Expr.Unary(op, expr(vars, depth - 1), INT);
        }
        if (kind == 3) {
            return new Expr.Ite(expr(vars, depth - 1), expr(vars, depth - 1), expr(vars, depth - 1), INT);
        }
        BinaryOp op = BinaryOp.values()[rnd.nextInt(BinaryOp.values().length)];
        return IrBuilder.bin(op, expr(vars, depth - 1), expr(vars, depth - 1));
    }
}
