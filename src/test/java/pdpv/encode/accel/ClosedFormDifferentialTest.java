package pdpv.encode.accel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.IrBuilder;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;
import pdpv.encode.ExprEncoder;
import pdpv.encode.Z3Algebra;
import pdpv.interp.Evaluator;
import pdpv.interp.State;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.BitVec;
import pdpv.semantics.CType;
import pdpv.semantics.UnaryOp;
import pdpv.smt.Cancellation;

/**
 * Randomized differential test of the accelerators against concrete iteration: random loops over
 * variables of random widths 1-64 and signedness, whose bodies translate, reset, add other
 * variables (quadratic closed forms), cast, multiply and mask, with guards and branches that make
 * several paths. For each path an accelerator was found for, at random start states and counts n
 * (wrapping around in narrow variables and with large steps in wide ones), the closed form must
 * give the values n concrete passes give (the passes applying the path's assignments whatever its
 * conditions say), the sufficient condition must imply that every pass takes the path, the
 * necessary condition must follow from it, both must agree with it where the accelerator says it
 * is exact, and the continuation must be the path condition after n passes.
 */
class ClosedFormDifferentialTest {
    private final Random rnd = new Random(20261125);

    @Test
    void acceleratorsAgreeWithConcreteIteration() {
        int accelerators = 0;
        int exact = 0;
        int quadratic = 0;
        int wrapped = 0;
        for (int round = 0; round < 120; round++) {
            RandomLoop loop = new RandomLoop(rnd);
            Program p = loop.program;
            LoopForest forest = LoopForest.of(p);
            LoopAcceleration acc;
            try (Context ctx = new Context()) {
                acc = LoopAcceleration.analyze(ctx, new Cancellation(ctx), p, forest, AccelerationOptions.defaults().withMaxDegree(3));
            }
            Loop l = forest.loops().get(0);
            for (PathAccelerator a : acc.accelerators(l)) {
                accelerators++;
                exact += a.exact() ? 1 : 0;
                quadratic += a.degrees().values().stream().anyMatch(d -> d >= 2) ? 1 : 0;
                try (Context ctx = new Context()) {
                    for (int trial = 0; trial < 12; trial++) {
                        wrapped += check(ctx, p, a, loop.variables, trial) ? 1 : 0;
                    }
                }
            }
        }
        assertTrue(accelerators >= 60 && exact >= 20 && quadratic >= 8 && wrapped >= 50,
                accelerators + " accelerators, " + exact + " exact, " + quadratic + " quadratic, " + wrapped + " trials wrapped");
    }

    /**
     * The analysis's processor-time budget ({@link AccelerationOptions#totalSeconds}): spent at once,
     * no path is accelerated; the default leaves the same random loops their accelerators.
     */
    @Test
    void aSpentBudgetEndsTheAnalysisWithNoAccelerator() {
        int withBudget = 0;
        int spent = 0;
        for (int round = 0; round < 20; round++) {
            RandomLoop loop = new RandomLoop(rnd);
            LoopForest forest = LoopForest.of(loop.program);
            Loop l = forest.loops().get(0);
            try (Context ctx = new Context()) {
                withBudget += LoopAcceleration.analyze(ctx, new Cancellation(ctx), loop.program, forest,
                        AccelerationOptions.defaults()).accelerators(l).size();
                spent += LoopAcceleration.analyze(ctx, new Cancellation(ctx), loop.program, forest,
                        AccelerationOptions.defaults().withTotalSeconds(1e-9)).accelerators(l).size();
            }
        }
        assertTrue(withBudget >= 5, withBudget + " accelerators with the default budget");
        assertEquals(0, spent);
    }

    /** One trial; true if some variable wrapped around on the way. */
    private boolean check(Context ctx, Program p, PathAccelerator a, List<Variable> vars, int trial) {
        Map<Variable, Long> entry = new LinkedHashMap<>();
        for (Variable v : vars) {
            entry.put(v, randomValue(v.type()));
        }
        long n = trial < 2 ? trial : trial < 8 ? rnd.nextInt(40) : rnd.nextInt(trial < 11 ? 600 : 3000);
        Evaluator eval = new Evaluator(p.semantics());
        State s = State.of(entry);
        boolean allTaken = true;
        boolean wrapped = false;
        for (long i = 0; i < n; i++) {
            Map<Variable, Long> before = s.toBits();
            allTaken &= pass(a.path(), s, eval);
            for (Variable v : a.degrees().keySet()) {
                wrapped |= a.degrees().get(v) == 1 && crossed(v.type(), before.getOrDefault(v, 0L), s.get(v).bits());
            }
        }
        Map<Variable, Long> expected = s.toBits();
        State after = State.of(expected);
        boolean continues = pass(a.path(), after, eval);
        {
            ExprEncoder exprs = new ExprEncoder(p.semantics(), new Z3Algebra(ctx));
            Map<Variable, BitVecExpr> start = new LinkedHashMap<>();
            for (Variable v : p.variables()) {
                start.put(v, ctx.mkBV(new BigInteger(Long.toUnsignedString(entry.getOrDefault(v, 0L))).toString(), v.type().width()));
            }
            PathAccelerator.Segment seg = a.encode(exprs, start, ctx.mkBV(Long.toUnsignedString(n), 64));
            String where = a + " from " + entry + " n = " + n;
            for (Variable v : vars) {
                long got = ((BitVecNum) seg.exit().get(v).simplify()).getBigInteger().longValue();
                assertEquals(expected.getOrDefault(v, 0L).longValue(), got, v + " after " + where);
            }
            boolean necessary = seg.necessary().simplify().isTrue();
            assertTrue(!allTaken || necessary, "necessary condition false although every pass takes the path: " + where);
            if (seg.sufficient() != null) {
                boolean sufficient = seg.sufficient().simplify().isTrue();
                assertTrue(!sufficient || allTaken, "sufficient condition true although some pass leaves the path: " + where);
                if (a.exact()) {
                    assertEquals(allTaken, sufficient, "exact condition: " + where);
                }
            }
            assertEquals(continues, ((BoolExpr) seg.continues().simplify()).isTrue(), "continuation: " + where);
        }
        return wrapped;
    }

    /** Whether the step from {@code before} to {@code after} left the type's range (read as the type reads it). */
    private static boolean crossed(CType t, long before, long after) {
        BigInteger b = reading(t, before);
        CType diffType = new CType(CType.Kind.INT, t.width(), true);
        BigInteger step = BigInteger.valueOf(diffType.toLong(after - before));
        return !b.add(step).equals(reading(t, after));
    }

    private static BigInteger reading(CType t, long bits) {
        return t.signed() ? BigInteger.valueOf(t.toLong(bits)) : new BigInteger(Long.toUnsignedString(t.normalize(bits)));
    }

    /** One concrete pass along the path's statements; true if it takes the path and passes its checks. */
    private static boolean pass(LoopPath path, State s, Evaluator eval) {
        boolean taken = true;
        List<Block> blocks = path.blocks();
        for (int i = 0; i < blocks.size(); i++) {
            Block b = blocks.get(i);
            for (Stmt st : b.statements()) {
                if (st instanceof Stmt.Assign as) {
                    s.set(as.target(), eval.evaluate(as.value(), s));
                } else if (st instanceof Stmt.Assume as) {
                    taken &= eval.isTrue(as.condition(), s);
                } else if (st instanceof Stmt.Assert as) {
                    taken &= eval.isTrue(as.condition(), s);
                }
            }
            if (b.terminator() instanceof Terminator.Branch br && br.ifTrue() != br.ifFalse()) {
                taken &= eval.isTrue(br.condition(), s) == (path.next(i) == br.ifTrue());
            }
        }
        return taken;
    }

    private long randomValue(CType t) {
        return switch (rnd.nextInt(4)) {
            case 0 -> rnd.nextInt(7) - 3;
            case 1 -> t.maxBits() - rnd.nextInt(4);
            default -> rnd.nextLong();
        } & t.mask();
    }

    /** A loop {@code while (guard) { [if (c) A else B] updates; [assume/assert] }} over random variables. */
    private static final class RandomLoop {
        final IrBuilder ir = new IrBuilder();
        final List<Variable> variables = new ArrayList<>();
        final Program program;
        private final Random rnd;

        RandomLoop(Random rnd) {
            this.rnd = rnd;
            int count = 2 + rnd.nextInt(3);
            for (int i = 0; i < count; i++) {
                int w = switch (rnd.nextInt(5)) {
                    case 0 -> 1 + rnd.nextInt(8);
                    case 1 -> 8;
                    case 2 -> 32;
                    case 3 -> 64;
                    default -> 1 + rnd.nextInt(64);
                };
                variables.add(ir.var("v" + i, new CType(CType.Kind.INT, w, rnd.nextBoolean())));
            }
            Block entry = ir.block();
            Block head = ir.block();
            Block exit = ir.block();
            Block body = ir.block();
            IrBuilder.jump(entry, head);
            IrBuilder.branch(head, comparison(), body, exit);
            IrBuilder.halt(exit);
            Block join = body;
            if (rnd.nextInt(3) == 0) {
                Block left = ir.block();
                Block right = ir.block();
                join = ir.block();
                IrBuilder.branch(body, comparison(), left, right);
                updates(left, 1 + rnd.nextInt(2));
                updates(right, 1 + rnd.nextInt(2));
                IrBuilder.jump(left, join);
                IrBuilder.jump(right, join);
            }
            updates(join, 1 + rnd.nextInt(3));
            if (rnd.nextInt(4) == 0) {
                join.add(rnd.nextBoolean() ? IrBuilder.assume(comparison()) : IrBuilder.assertion(comparison()));
            }
            IrBuilder.jump(join, head);
            program = ir.program(entry);
        }

        private void updates(Block b, int count) {
            if (rnd.nextInt(3) == 0) {
                Variable i = pick();
                Variable x = pick();
                Stmt step = IrBuilder.assign(i, bin(BinaryOp.ADD, IrBuilder.ref(i), constant(i.type())));
                Stmt sum = IrBuilder.assign(x, bin(BinaryOp.ADD, IrBuilder.ref(x), as(IrBuilder.ref(i), x.type())));
                b.add(rnd.nextBoolean() ? step : sum);
                b.add(b.statements().get(b.statements().size() - 1) == step ? sum : step);
            }
            for (int i = 0; i < count; i++) {
                Variable x = pick();
                b.add(IrBuilder.assign(x, update(x)));
            }
        }

        private Expr update(Variable x) {
            CType t = x.type();
            Expr self = IrBuilder.ref(x);
            CType wide = wider(t);
            return switch (rnd.nextInt(12)) {
                case 0, 1, 10 -> bin(BinaryOp.ADD, self, constant(t));
                case 2 -> bin(BinaryOp.SUB, self, constant(t));
                case 3, 11 -> bin(BinaryOp.ADD, self, as(IrBuilder.ref(pick()), t));
                case 4 -> constant(t);
                case 5 -> bin(BinaryOp.ADD, bin(BinaryOp.MUL, as(IrBuilder.ref(pick()), t), constant(t)), constant(t));
                case 6 -> as(bin(BinaryOp.ADD, as(self, wide), constant(wide)), t);
                case 7 -> bin(BinaryOp.MUL, self, constant(t));
                case 8 -> bin(rnd.nextBoolean() ? BinaryOp.XOR : BinaryOp.AND, self, constant(t));
                default -> new Expr.Unary(UnaryOp.NEG, bin(BinaryOp.SUB, constant(t), self), t);
            };
        }

        private Expr comparison() {
            Variable x = pick();
            CType t = x.type();
            BinaryOp op = List.of(BinaryOp.LT, BinaryOp.LE, BinaryOp.GT, BinaryOp.GE, BinaryOp.NE, BinaryOp.EQ).get(rnd.nextInt(6));
            Expr right = rnd.nextInt(3) == 0 ? as(IrBuilder.ref(pick()), t) : constant(t);
            return new Expr.Binary(op, IrBuilder.ref(x), right, IrBuilder.INT);
        }

        private Expr constant(CType t) {
            long v = switch (rnd.nextInt(4)) {
                case 0 -> rnd.nextInt(5);
                case 1 -> -rnd.nextInt(5);
                case 2 -> rnd.nextLong();
                default -> rnd.nextInt(1000);
            };
            return new Expr.Const(t, v);
        }

        private CType wider(CType t) {
            return new CType(CType.Kind.INT, Math.min(64, t.width() + 1 + rnd.nextInt(20)), rnd.nextBoolean());
        }

        private static Expr as(Expr e, CType t) {
            return e.type().equals(t) ? e : new Expr.Cast(e, t);
        }

        private static Expr bin(BinaryOp op, Expr a, Expr b) {
            return new Expr.Binary(op, a, b, a.type());
        }

        private Variable pick() {
            return variables.get(rnd.nextInt(variables.size()));
        }
    }
}
