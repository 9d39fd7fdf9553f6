package pdpv.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static pdpv.interp.Ir.INT;
import static pdpv.interp.Ir.SEM;
import static pdpv.interp.Ir.UCHAR;
import static pdpv.interp.Ir.UINT;
import static pdpv.interp.Ir.assign;
import static pdpv.interp.Ir.assume;
import static pdpv.interp.Ir.bin;
import static pdpv.interp.Ir.block;
import static pdpv.interp.Ir.branch;
import static pdpv.interp.Ir.c;
import static pdpv.interp.Ir.check;
import static pdpv.interp.Ir.halt;
import static pdpv.interp.Ir.havoc;
import static pdpv.interp.Ir.jump;
import static pdpv.interp.Ir.ref;
import static pdpv.interp.Ir.var;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Block;
import pdpv.cfg.Program;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.interp.Execution.Outcome;
import pdpv.semantics.BinaryOp;

/** Interpretation runs of thesis §4.3.2 on hand-built programs. */
class InterpreterTest {
    private final Interpreter interpreter = new Interpreter(SEM);

    /** {@code i = 0; while (i < 10) i++; assert(i == expected);} as B0 -> B1 (head) -> B2 / B3. */
    private static final class CountToTen {
        final Variable i = var("i", INT);
        final Block entry = block(0, assign(i, c(INT, 0)));
        final Block head = block(1);
        final Block body = block(2, assign(i, bin(BinaryOp.ADD, ref(i), c(INT, 1))));
        final Stmt.Assert assertion;
        final Block exit;
        final Program program;

        CountToTen(int expected) {
            assertion = check(bin(BinaryOp.EQ, ref(i), c(INT, expected)));
            exit = block(3, assertion);
            jump(entry, head);
            branch(head, bin(BinaryOp.LT, ref(i), c(INT, 10)), body, exit);
            jump(body, head);
            halt(exit);
            program = new Program("test.c", "main", SEM, List.of(i), entry);
        }
    }

    @Test
    void loopCountingToTenSatisfiesItsAssertion() {
        CountToTen p = new CountToTen(10);
        Execution run = interpreter.run(p.program.entry(), Map.of(), InputOracle.constant(0));
        assertEquals(Outcome.HALTED, run.outcome());
        assertFalse(run.hitsAssertion());
        assertNull(run.failedAssertion());
        assertEquals(Map.of(p.i, 10L), run.finalState());
        // B0, then B1 B2 ten times, then B1 B3.
        assertEquals(23, run.blocksEntered());
        assertEquals(List.of(1, 2, 1, 3), run.path().subList(19, 23));
        // 1 + 10 assignments, 1 assertion, 23 terminators.
        assertEquals(35, run.steps());
        assertTrue(run.inputs().isEmpty());
    }

    @Test
    void loopCountingToTenViolatesAWrongAssertion() {
        CountToTen p = new CountToTen(11);
        Execution run = interpreter.run(p.entry, Map.of(), InputOracle.constant(0));
        assertEquals(Outcome.ASSERTION_FAILED, run.outcome());
        assertTrue(run.hitsAssertion());
        assertSame(p.assertion, run.failedAssertion());
        assertEquals(3, run.path().get(run.path().size() - 1));
    }

    @Test
    void runFromLoopHeadStartsWithTheGivenValues() {
        CountToTen p = new CountToTen(10);
        Execution fromSeven = interpreter.run(p.head, Map.of(p.i, 7L), InputOracle.constant(0));
        assertEquals(Outcome.HALTED, fromSeven.outcome());
        assertEquals(List.of(1, 2, 1, 2, 1, 2, 1, 3), fromSeven.path());
        assertEquals(Map.of(p.i, 10L), fromSeven.finalState());

        Execution fromEleven = interpreter.run(p.head, Map.of(p.i, 11L), InputOracle.constant(0));
        assertSame(p.assertion, fromEleven.failedAssertion());
        assertEquals(List.of(1, 3), fromEleven.path());

        Execution fromMinusOne = interpreter.run(p.head, Map.of(p.i, 0xFFFF_FFFFL), InputOracle.constant(0));
        assertEquals(Outcome.HALTED, fromMinusOne.outcome());
        // 0xFFFFFFFF is the int -1: the head is entered for i = -1..10, the body 11 times.
        assertEquals(24, fromMinusOne.blocksEntered());
    }

    @Test
    void assertionFailsOnlyForOneInput() {
        Variable x = var("x", INT);
        Stmt.Havoc read = havoc(x);
        Stmt.Assert assertion = check(bin(BinaryOp.NE, ref(x), c(INT, -42)));
        Block b = block(0, read, assertion);
        halt(b);

        Execution bad = interpreter.run(b, Map.of(), InputOracle.constant(-42));
        assertSame(assertion, bad.failedAssertion());
        assertEquals(List.of(new InputEvent(read, 0, 0xFFFF_FFD6L)), bad.inputs());
        assertEquals(Map.of(x, 0xFFFF_FFD6L), bad.finalState());

        Execution good = interpreter.run(b, Map.of(), InputOracle.constant(42));
        assertEquals(Outcome.HALTED, good.outcome());

        Execution fromModel = interpreter.run(b, Map.of(),
                InputOracle.fromValues(Map.of(read, List.of(0xFFFF_FFD6L)), 0));
        assertTrue(fromModel.hitsAssertion());
    }

    @Test
    void havocOccurrencesAreCountedPerStatementAndCutToWidth() {
        Variable n = var("n", INT);
        Variable u = var("u", UCHAR);
        Stmt.Havoc readU = havoc(u);
        Stmt.Havoc readOnce = havoc(n);
        Block entry = block(0, readOnce);
        Block head = block(1);
        Block body = block(2, readU, assign(n, bin(BinaryOp.SUB, ref(n), c(INT, 1))));
        Block exit = block(3);
        jump(entry, head);
        branch(head, bin(BinaryOp.GT, ref(n), c(INT, 0)), body, exit);
        jump(body, head);
        halt(exit);

        InputOracle oracle = InputOracle.fromValues(Map.of(readOnce, List.of(3L), readU, List.of(300L, 7L)), 99);
        Execution run = interpreter.run(entry, Map.of(), oracle);
        assertEquals(Outcome.HALTED, run.outcome());
        assertEquals(List.of(
                new InputEvent(readOnce, 0, 3),
                new InputEvent(readU, 0, 44),
                new InputEvent(readU, 1, 7),
                new InputEvent(readU, 2, 99)), run.inputs());
        assertEquals(4, run.inputsRead());
        assertEquals(99L, run.finalState().get(u));
    }

    @Test
    void infiniteLoopWithoutInputsEndsInRepeatedState() {
        Variable x = var("x", INT);
        Block entry = block(0, assign(x, c(INT, 0)));
        Block loop = block(1, assign(x, bin(BinaryOp.AND, bin(BinaryOp.ADD, ref(x), c(INT, 1)), c(INT, 3))));
        jump(entry, loop);
        jump(loop, loop);

        Execution run = interpreter.run(entry, Map.of(), InputOracle.constant(0));
        assertEquals(Outcome.REPEATED_STATE, run.outcome());
        assertFalse(run.hitsAssertion());
        // x at the loop entries: 0, 1, 2, 3, then 0 again.
        assertEquals(6, run.blocksEntered());
    }

    @Test
    void emptySelfLoopEndsInRepeatedState() {
        Block spin = block(0);
        jump(spin, spin);
        Execution run = interpreter.run(spin, Map.of(), InputOracle.constant(0));
        assertEquals(Outcome.REPEATED_STATE, run.outcome());
        assertEquals(1, run.steps());
    }

    @Test
    void loopThatSettlesAfterALongPrefixEndsInRepeatedState() {
        // while (1) { if (i < 100000) i++; }
        Variable i = var("i", INT);
        Block head = block(0);
        Block inc = block(1, assign(i, bin(BinaryOp.ADD, ref(i), c(INT, 1))));
        branch(head, bin(BinaryOp.LT, ref(i), c(INT, 100_000)), inc, head);
        jump(inc, head);
        Execution run = interpreter.run(head, Map.of(), InputOracle.constant(0));
        assertEquals(Outcome.REPEATED_STATE, run.outcome());
        assertEquals(100_000L, run.finalState().get(i));
    }

    @Test
    void repetitionIsSeenWhenOnePeriodFitsTheRememberedStates() {
        // while (1) x = (x + 1) & 7; enters its head with 8 distinct states per period.
        Variable x = var("x", INT);
        Block loop = block(0, assign(x, bin(BinaryOp.AND, bin(BinaryOp.ADD, ref(x), c(INT, 1)), c(INT, 7))));
        jump(loop, loop);
        Map<Variable, Long> start = Map.of(x, 0L);
        Execution fits = new Interpreter(SEM, new InterpreterOptions(1_000, 8, 10, 10))
                .run(loop, start, InputOracle.constant(0));
        assertEquals(Outcome.REPEATED_STATE, fits.outcome());
        assertEquals(9, fits.blocksEntered());
        Execution tooSmall = new Interpreter(SEM, new InterpreterOptions(1_000, 7, 10, 10))
                .run(loop, start, InputOracle.constant(0));
        assertEquals(Outcome.STEP_LIMIT, tooSmall.outcome());
    }

    @Test
    void anInterruptedThreadStopsTheRunLongBeforeTheStepLimit() {
        // while (1) x = x + 1; repeats no state within the step bound.
        Variable x = var("x", INT);
        Block loop = block(0, assign(x, bin(BinaryOp.ADD, ref(x), c(INT, 1))));
        jump(loop, loop);
        Thread.currentThread().interrupt();
        Execution run;
        try {
            run = interpreter.run(loop, Map.of(), InputOracle.constant(0));
        } finally {
            Thread.interrupted();
        }
        assertEquals(Outcome.INTERRUPTED, run.outcome());
        assertFalse(run.hitsAssertion());
        assertTrue(run.steps() < 10_000, run.steps() + " steps");
    }

    @Test
    void infiniteLoopReadingInputsHitsTheStepLimit() {
        // while (1) { x = nondet(); x = 0; }: the state repeats, but every pass reads a new input.
        Variable x = var("x", INT);
        Stmt.Havoc read = havoc(x);
        Block loop = block(0, read, assign(x, c(INT, 0)));
        jump(loop, loop);
        Interpreter bounded = new Interpreter(SEM, InterpreterOptions.DEFAULTS.withMaxSteps(3_000));
        Execution run = bounded.run(loop, Map.of(), InputOracle.constant(5));
        assertEquals(Outcome.STEP_LIMIT, run.outcome());
        assertEquals(3_000, run.steps());
        assertEquals(1_000, run.inputsRead());
    }

    @Test
    void repeatedStateAcrossInputsDoesNotHideALaterFailure() {
        // while (1) { x = nondet(); assert(x != 1); x = 0; } with inputs 0, 0, 0, 0, 0, 1.
        Variable x = var("x", INT);
        Stmt.Havoc read = havoc(x);
        Stmt.Assert assertion = check(bin(BinaryOp.NE, ref(x), c(INT, 1)));
        Block head = block(0, read, assertion);
        Block reset = block(1, assign(x, c(INT, 0)));
        jump(head, reset);
        jump(reset, head);
        InputOracle oracle = (havoc, occurrence) -> occurrence == 5 ? 1 : 0;
        Execution run = interpreter.run(head, Map.of(), oracle);
        assertSame(assertion, run.failedAssertion());
        assertEquals(6, run.inputs().size());
        assertEquals(new InputEvent(read, 5, 1), run.inputs().get(5));
    }

    @Test
    void assumeStopsTheRun() {
        Variable x = var("x", INT);
        Stmt.Assert unreachable = check(c(INT, 0));
        Block b = block(0, havoc(x), assume(bin(BinaryOp.GT, ref(x), c(INT, 5))), unreachable);
        halt(b);
        Execution stopped = interpreter.run(b, Map.of(), InputOracle.constant(3));
        assertEquals(Outcome.ASSUMPTION_FAILED, stopped.outcome());
        assertNull(stopped.failedAssertion());
        Execution passed = interpreter.run(b, Map.of(), InputOracle.constant(6));
        assertSame(unreachable, passed.failedAssertion());
    }

    @Test
    void unsignedArithmeticWraps() {
        Variable u = var("u", UINT);
        Variable big = var("big", UINT);
        Stmt.Assert assertion = check(bin(BinaryOp.GT, ref(u), ref(big)));
        Block b = block(0,
                assign(u, bin(BinaryOp.SUB, c(UINT, 0), c(UINT, 1))),
                assign(big, bin(BinaryOp.MUL, c(UINT, 0x10000), c(UINT, 0x10001))),
                assertion);
        halt(b);
        Execution run = interpreter.run(b, Map.of(), InputOracle.constant(0));
        assertEquals(Outcome.HALTED, run.outcome());
        assertEquals(0xFFFF_FFFFL, run.finalState().get(u));
        assertEquals(0x10000L, run.finalState().get(big));
    }

    @Test
    void pathKeepsTheLatestBlocks() {
        CountToTen p = new CountToTen(10);
        InterpreterOptions options = new InterpreterOptions(1_000, 100, 3, 10);
        Execution run = new Interpreter(SEM, options).run(p.entry, Map.of(), InputOracle.constant(0));
        assertEquals(List.of(2, 1, 3), run.path());
        assertTrue(run.pathTruncated());
        assertEquals(23, run.blocksEntered());
    }
}
