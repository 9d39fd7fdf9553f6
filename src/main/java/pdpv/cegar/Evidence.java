package pdpv.cegar;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.ProgramSlice;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.UbGuards;
import pdpv.cfg.UndefinedAt;
import pdpv.cfg.Variable;
import pdpv.encode.HavocValues;
import pdpv.interp.Execution;
import pdpv.interp.InputEvent;
import pdpv.interp.InputOracle;
import pdpv.interp.Interpreter;
import pdpv.interp.InterpreterOptions;
import pdpv.interp.Trace;
import pdpv.interp.TraceRecorder;
import pdpv.interp.UnknownValues;
import pdpv.semantics.ArrayValue;

/**
 * How the evidence behind a verdict is shown to the user, the same for the CEGAR loop (thesis
 * §4.3.2) and the symbolic encoding (§4.2.1): an UNSAFE verdict from a replayed run that fails an
 * assertion, and the source location that names a loop in a certificate or a reason.
 */
final class Evidence {
    private Evidence() {
    }

    /** The UNSAFE verdict of {@code run}, a run from the entry of {@code program} that failed an assertion. */
    static Verdict unsafe(Program program, Execution run, VerifierStatistics statistics) {
        if (!ProgramSlice.skippedHavocs(program).isEmpty()) {
            SourceLoc read = readOfUnknown(program, run);
            if (read != null) {
                throw new InternalCheckFailure("the replay of an unsafe run read at " + read
                        + " a value that a skipped loop wrote, which the slice showed no check reads");
            }
        }
        List<Verdict.InputValue> inputs = new ArrayList<>();
        for (InputEvent e : run.inputs()) {
            Stmt.Havoc h = e.havoc();
            if (h.reason() == Stmt.Havoc.Reason.SKIPPED_LOOP) {
                continue; // not an input: a value of a skipped loop, which the run never let decide anything
            }
            String name = h.target().kind() == Variable.Kind.TEMPORARY ? null
                    : e.isCell() ? h.target().cellName(e.index()) : h.target().sourceName();
            String source = e.isCell() ? h.description() + h.target().subscripts(e.index()) : h.description();
            inputs.add(new Verdict.InputValue(name, source, h.loc(), h.target().type().format(e.value())));
        }
        Stmt.Assert failed = run.failedAssertion();
        UndefinedAt undefined = UbGuards.kindOf(failed.condition()).map(k -> new UndefinedAt(k, failed.loc()))
                .orElse(run.firstUndefined());
        return Verdict.unsafe(inputs, new Verdict.FailedAssertion(failed.loc(), failed.text(), undefined, failed.callers()),
                trace(program, run), statistics);
    }

    /**
     * Where {@code run}, replayed from the entry of {@code program} with a skipped loop, first let a
     * value the loop wrote decide a check or a branch ({@link UnknownValues}); null if it never did, and
     * then the run is one of the real program, whatever the loop wrote.
     */
    private static SourceLoc readOfUnknown(Program program, Execution run) {
        HavocValues values = recordedInputs(program, run);
        UnknownValues unknown = new UnknownValues();
        Execution again = new Interpreter(program.semantics(), InterpreterOptions.DEFAULTS.withMaxSteps(run.steps()))
                .run(program.entry(), Map.of(), InputOracle.fromValues(values.scalars(), values.arrays(), 0L), unknown);
        if (!again.hitsAssertion() || !again.failedAssertion().equals(run.failedAssertion())) {
            throw new InternalCheckFailure("the replay of an unsafe run with a skipped loop does not fail its assertion again");
        }
        return unknown.firstRead();
    }

    /**
     * Steps of a run the trace records at most: recording costs far more per step than replaying (values
     * are kept for every statement until the iteration they belong to is folded away), so a run of 10^8
     * iterations, which an accelerated counterexample may take, is recorded for its first ten million
     * steps (the replay bound of a counterexample without accelerated passes) and its trace marked truncated.
     */
    static final long TRACE_STEPS = 10_000_000L;

    /**
     * {@code run} step by step: its inputs replayed from the entry once more, with a {@link TraceRecorder}
     * watching (the replays that found it do not record, so that the search pays nothing for it), for at most
     * {@link #TRACE_STEPS} steps.
     */
    private static Trace trace(Program program, Execution run) {
        HavocValues values = recordedInputs(program, run);
        TraceRecorder recorder = new TraceRecorder(LoopForest.of(program));
        Execution again = new Interpreter(program.semantics(), InterpreterOptions.DEFAULTS.withMaxSteps(Math.min(run.steps(),
                TRACE_STEPS))).run(program.entry(), Map.of(), InputOracle.fromValues(values.scalars(), values.arrays(), 0L),
                recorder);
        return recorder.trace(again);
    }

    /** The inputs {@code run} read, by havoc and occurrence, to replay it; an array's unread cells are 0. */
    static HavocValues recordedInputs(Program program, Execution run) {
        HavocValues values = new HavocValues();
        int indexWidth = program.semantics().indexType().width();
        for (InputEvent e : run.inputs()) {
            if (e.isCell()) {
                List<ArrayValue> list = values.arrays().computeIfAbsent(e.havoc(), k -> new ArrayList<>());
                while (list.size() <= e.occurrence()) {
                    list.add(ArrayValue.filled(0, e.havoc().target().type().width(), indexWidth));
                }
                list.set(e.occurrence(), list.get(e.occurrence()).store(e.index(), e.value()));
                continue;
            }
            List<Long> list = values.scalars().computeIfAbsent(e.havoc(), k -> new ArrayList<>());
            while (list.size() < e.occurrence()) {
                list.add(0L);
            }
            list.add(e.value());
        }
        return values;
    }

    /** Where a loop is, for the user: its head's branch, else its first statement ({@link Block#location()}). */
    static SourceLoc headLocation(Block head) {
        return head.location();
    }

    /** Where the loop statement of a head begins (its keyword), else the head's location. */
    static SourceLoc statementLocation(Block head) {
        return head.loopStatement() != null ? head.loopStatement() : headLocation(head);
    }

    /** A loop named for the user in a reason: "the loop at FILE:LINE". */
    static String describe(Loop l) {
        SourceLoc at = headLocation(l.head());
        return "the loop at " + at.file() + ":" + at.line();
    }

}
