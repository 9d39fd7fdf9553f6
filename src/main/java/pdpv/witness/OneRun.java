package pdpv.witness;

import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Program;
import pdpv.interp.Evaluator;
import pdpv.interp.Execution;
import pdpv.interp.InputOracle;
import pdpv.interp.Interpreter;
import pdpv.interp.InterpreterOptions;

/**
 * A correctness witness of a program that reads no input, checked on the program's one run: that
 * run is the program's every execution, so the witness holds when the run ends without failing an
 * assertion and each loop invariant is true at every visit of its loop's head. The symbolic check
 * ({@link InvariantCheck}) proves the same by induction, which for the closed forms of an
 * accelerated run ({@link ExactRun}: {@code s == i*(i-1)/2} modulo 2^32) means proving two
 * multipliers equal (46 s for {@code examples/accel_quadratic_safe.c}'s 10^5 passes, which this
 * runs in a fraction of a second). The run answers only when it decides; otherwise the symbolic
 * check does.
 */
final class OneRun {
    /**
     * The run's step bound: 10^7 steps take about a second in the interpreter with the invariants
     * evaluated at each head; a longer run (10^11 passes of an accelerated loop) is left to the
     * symbolic check, which is then faster.
     */
    static final long MAX_STEPS = 10_000_000L;

    /** The run's answer: {@code decided} with {@code problem} null (confirmed) or the reason to reject; not decided, no answer. */
    record Answer(boolean decided, String problem) {
        static final Answer UNDECIDED = new Answer(false, null);
    }

    private OneRun() {
    }

    /**
     * The answer of the one run of {@code program} for the loop {@code invariants} by head; undecided
     * when the program reads input, an invariant quantifies over cells, or the run does not end
     * (within {@link #MAX_STEPS}) at a halt or a failing assertion.
     */
    static Answer check(Program program, Map<Block, List<Expr>> invariants) {
        if (!ExactRun.inputFree(program) || invariants.values().stream().flatMap(List::stream).anyMatch(Quantified::in)) {
            return Answer.UNDECIDED;
        }
        Evaluator evaluator = new Evaluator(program.semantics());
        String[] problem = {null};
        long[] visits = {0};
        Execution run = new Interpreter(program.semantics(), InterpreterOptions.DEFAULTS.withMaxSteps(MAX_STEPS))
                .run(program.entry(), Map.of(), InputOracle.constant(0), (block, state) -> {
                    List<Expr> here = invariants.get(block);
                    if (here == null || problem[0] != null) {
                        return;
                    }
                    visits[0]++;
                    for (Expr inv : here) {
                        if (!evaluator.isTrue(inv, state)) {
                            problem[0] = "the invariant at " + InvariantCheck.where(block) + " is false in the program's one run"
                                    + " (it reads no input) at visit " + visits[0] + " of its loop's head";
                            return;
                        }
                    }
                });
        if (run.outcome() == Execution.Outcome.ASSERTION_FAILED) {
            return new Answer(true, "the assertion at " + run.failedAssertion().loc() + " fails in the program's one run (it reads no input)");
        }
        if (problem[0] != null) {
            return new Answer(true, problem[0]);
        }
        return run.outcome() == Execution.Outcome.HALTED ? new Answer(true, null) : Answer.UNDECIDED;
    }
}
