package pdpv.interp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;
import pdpv.cfg.VariableUses;

/**
 * Records a run as a {@link Trace} while the interpreter runs it (an observer: the run itself is
 * unchanged, and a run without it pays nothing). Statements on one line become one step with the
 * values they wrote or read; a branch becomes a step when the run enters the block it chose, with
 * the values its condition read; a loop's head test becomes a step naming the iteration it begins,
 * with the values of the loop's variables. Of each visit of a loop, the first iteration and the
 * last two are kept step by step and those between them become one {@link Trace.Iterations} step,
 * as they happen, so that a run of millions of iterations is recorded in the memory of a few.
 */
public final class TraceRecorder implements BlockObserver {
    private final LoopForest loops;
    private final List<Trace.Step> outside = new ArrayList<>();
    private final Deque<Visit> visits = new ArrayDeque<>();
    private Block previous;
    private Stmt.Assert pendingAssertion;
    private List<Trace.Value> assertionValues = List.of();

    public TraceRecorder(LoopForest loops) {
        this.loops = loops;
    }

    @Override
    public boolean watchesStatements() {
        return true;
    }

    @Override
    public void entered(Block block, State state) {
        pendingAssertion = null;
        if (previous != null && previous.terminator() instanceof Terminator.Branch br && br.ifTrue() != br.ifFalse()) {
            boolean taken = block == br.ifTrue();
            Loop l = loops.loopAt(previous);
            if (l != null && !visits.isEmpty() && visits.peek().loop == l) {
                Set<Variable> shown = new LinkedHashSet<>(VariableUses.reads(br.condition()));
                shown.addAll(l.updated());
                add(new Trace.Line(br.loc(), Trace.Kind.LOOP_HEAD, values(shown, state), false, taken,
                        l.body().contains(block) ? visits.peek().iteration : 0));
            } else {
                add(new Trace.Line(br.loc(), Trace.Kind.BRANCH, values(VariableUses.reads(br.condition()), state), false, taken, 0));
            }
        }
        while (!visits.isEmpty() && !visits.peek().loop.body().contains(block)) {
            Visit done = visits.pop();
            done.steps().forEach(this::add);
        }
        Loop l = loops.loopAt(block);
        if (l != null) {
            if (!visits.isEmpty() && visits.peek().loop == l) {
                visits.peek().next(values(l.updated(), state));
            } else {
                visits.push(new Visit(l, values(l.updated(), state)));
            }
        }
        previous = block;
    }

    @Override
    public void executed(Stmt statement, State state) {
        pendingAssertion = null;
        if (statement instanceof Stmt.Assign a) {
            statementStep(a.loc(), values(Set.of(a.target()), state), false);
        } else if (statement instanceof Stmt.Havoc h && !h.target().isArray() && h.reason() != Stmt.Havoc.Reason.SKIPPED_LOOP) {
            // a skipped loop's values are not shown: the run never lets them decide anything (UnknownValues)
            statementStep(h.loc(), values(Set.of(h.target()), state), true);
        } else if (statement instanceof Stmt.Assume a) {
            statementStep(a.loc(), values(VariableUses.reads(a.condition()), state), false);
        } else if (statement instanceof Stmt.Assert a) {
            // an assertion is a step only if it fails, which the run says by stopping here
            pendingAssertion = a;
            assertionValues = values(VariableUses.reads(a.condition()), state);
        }
    }

    /** The trace of the run that ended as {@code run} says; the recorder is used up. */
    public Trace trace(Execution run) {
        while (!visits.isEmpty()) {
            visits.pop().steps().forEach(this::add);
        }
        boolean failed = run.hitsAssertion() && pendingAssertion != null && pendingAssertion.equals(run.failedAssertion());
        if (failed) {
            outside.add(new Trace.Line(pendingAssertion.loc(), Trace.Kind.FAILED_ASSERTION, assertionValues, false, false, 0));
        }
        return new Trace(outside, !failed);
    }

    /** Adds the values of a statement to the step of its line, or begins a step there. */
    private void statementStep(SourceLoc loc, List<Trace.Value> values, boolean input) {
        List<Trace.Step> steps = current();
        if (!steps.isEmpty() && steps.get(steps.size() - 1) instanceof Trace.Line last && last.kind() == Trace.Kind.STATEMENTS
                && last.loc().line() == loc.line() && last.loc().file().equals(loc.file())) {
            Map<String, Trace.Value> merged = new LinkedHashMap<>();
            last.values().forEach(v -> merged.put(v.name(), v));
            values.forEach(v -> {
                merged.remove(v.name());
                merged.put(v.name(), v);
            });
            steps.set(steps.size() - 1, new Trace.Line(last.loc(), Trace.Kind.STATEMENTS, new ArrayList<>(merged.values()),
                    last.input() || input, false, 0));
            return;
        }
        if (!values.isEmpty() || input) {
            steps.add(new Trace.Line(loc, Trace.Kind.STATEMENTS, values, input, false, 0));
        }
    }

    private void add(Trace.Step step) {
        current().add(step);
    }

    private List<Trace.Step> current() {
        return visits.isEmpty() ? outside : visits.peek().current.steps;
    }

    /** The values of the named variables among {@code vars} (a compiler temporary is no step's business). */
    private static List<Trace.Value> values(Set<Variable> vars, State state) {
        List<Trace.Value> out = new ArrayList<>();
        // in the order the program declares them, the same on every run
        for (Variable v : vars.stream().sorted(java.util.Comparator.comparingInt(Variable::id)).toList()) {
            // an array's cells are shown by the subscripts that read them: the indices are in the step
            if (!v.isArray() && v.kind() != Variable.Kind.TEMPORARY && v.sourceName() != null && v.sourceName().matches("[A-Za-z_]\\w*")) {
                out.add(new Trace.Value(v.sourceName(), v.type(), state.get(v).bits()));
            }
        }
        return out;
    }

    /** One iteration of a loop visit: its number, the loop's values when it began, its steps. */
    private static final class Iteration {
        final long number;
        final List<Trace.Value> start;
        final List<Trace.Step> steps = new ArrayList<>();

        Iteration(long number, List<Trace.Value> start) {
            this.number = number;
            this.start = start;
        }
    }

    /**
     * One visit of a loop (from entering it to leaving it): its first iteration, the iterations
     * after it folded into a summary as later ones complete, the last completed one and the current one.
     */
    private static final class Visit {
        final Loop loop;
        Iteration first;
        Iteration middleFirst;
        long middleCount;
        long middleTo;
        List<Trace.Value> middleEnd = List.of();
        int lowLine = Integer.MAX_VALUE;
        int highLine = Integer.MIN_VALUE;
        Iteration recent;
        Iteration current;
        long iteration = 1;

        Visit(Loop loop, List<Trace.Value> start) {
            this.loop = loop;
            this.current = new Iteration(1, start);
        }

        /** The next iteration begins with the loop's values {@code start}. */
        void next(List<Trace.Value> start) {
            Iteration done = current;
            if (done.number == 1) {
                first = done;
            } else {
                if (recent != null) {
                    fold(recent, done.start);
                }
                recent = done;
            }
            iteration++;
            current = new Iteration(iteration, start);
        }

        private void fold(Iteration it, List<Trace.Value> end) {
            if (middleCount == 0) {
                middleFirst = it;
            } else if (middleCount == 1) {
                middleFirst.steps.clear(); // only the summary of two or more is shown
            }
            middleCount++;
            middleTo = it.number;
            middleEnd = end;
            for (Trace.Step s : it.steps) {
                lowLine = Math.min(lowLine, s instanceof Trace.Iterations i ? i.firstLine() : s.loc().line());
                highLine = Math.max(highLine, s instanceof Trace.Iterations i ? i.lastLine() : s.loc().line());
            }
        }

        /** The visit's steps: the first iteration, the middle ones (one step if more than one), the last two. */
        List<Trace.Step> steps() {
            List<Trace.Step> out = new ArrayList<>();
            if (first != null) {
                out.addAll(first.steps);
            }
            if (middleCount == 1) {
                out.addAll(middleFirst.steps);
            } else if (middleCount > 1) {
                SourceLoc head = loop.head().location();
                out.add(new Trace.Iterations(head, Math.min(lowLine, head.line()), Math.max(highLine, head.line()),
                        middleFirst.number, middleTo, middleFirst.start, middleEnd));
            }
            if (recent != null) {
                out.addAll(recent.steps);
            }
            out.addAll(current.steps);
            return out;
        }
    }
}
