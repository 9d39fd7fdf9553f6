package pdpv.daikon;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.interp.BlockObserver;
import pdpv.interp.Execution;
import pdpv.interp.InputOracle;
import pdpv.interp.Interpreter;
import pdpv.interp.InterpreterOptions;
import pdpv.interp.State;
import pdpv.semantics.BitVec;

/**
 * The tests of thesis Algorithm 6.1 run from the program's entry in the concrete interpreter, with
 * a step bound per run and a time budget for all: the first run that fails an assertion (an
 * UNSAFE answer once replayed), and the {@link LoopSamples} of every loop, the traces of §6.3.1.
 * A run stops early at an assumption that fails; what it showed until then happened and is kept.
 */
public final class TestRuns {
    private final Program program;
    private final TestOptions options;
    private final Map<Loop, LoopSamples> samples = new LinkedHashMap<>();
    private final Map<Loop, Integer> entries = new HashMap<>();
    private final Interpreter interpreter;
    private final TestGenerator generator;
    /** The end of the budget in the processor time of the thread that made these runs ({@link #cpu}). */
    private final long deadline;
    private final long thread = Thread.currentThread().getId();
    private Execution failure;
    private int runs;
    private int spread;

    private static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    private TestRuns(Program program, LoopForest loops, TestOptions options) {
        this.program = program;
        this.options = options;
        loops.loops().forEach(l -> samples.put(l, new LoopSamples(l, options.cellTerms())));
        this.interpreter = new Interpreter(program.semantics(),
                InterpreterOptions.DEFAULTS.withMaxSteps(options.maxSteps()));
        this.generator = new TestGenerator(options.seed());
        this.deadline = cpu() + options.budget().toNanos();
    }

    /**
     * Runs the tests of {@code options} on {@code program}; stops at the first failing one, at the
     * budget, or when interrupted. A program that reads no input runs the same way every time: if
     * its first run stops at the step bound, it is run once more, for as many steps as the tests
     * it stands for would have taken together and the budget's time left allows at the first
     * run's pace, instead of repeating that run. Its loops are then sampled to the end (six loops
     * nested six deep take 46,656 innermost iterations, past one run's bound), so that the bounds
     * mined at an outer head are its last values and not those where the bound cut the run.
     */
    public static TestRuns run(Program program, LoopForest loops, TestOptions options) {
        TestRuns t = new TestRuns(program, loops, options);
        boolean readsInputs = false;
        for (int i = 0; i < options.tests() && t.failure == null && t.timeLeft(); i++) {
            long start = t.cpu();
            Execution e = t.run(t.interpreter, t.generator.test(i));
            readsInputs |= e.inputsRead() > 0;
            if (i == 0 && e.inputsRead() == 0 && e.outcome() == Execution.Outcome.STEP_LIMIT && options.tests() > 1) {
                double stepsPerNano = e.steps() / (double) Math.max(1, t.cpu() - start);
                long steps = (long) Math.min((double) options.maxSteps() * (options.tests() - 1),
                        stepsPerNano * t.nanosLeft());
                if (steps > options.maxSteps()) {
                    t.run(new Interpreter(program.semantics(), InterpreterOptions.DEFAULTS.withMaxSteps(steps)),
                            t.generator.test(1));
                }
                break;
            }
        }
        // a program that reads no input runs the same way whatever the tests draw
        for (int i = 0; readsInputs && i < options.spreadTests() && t.failure == null && t.timeLeft() && t.needsSpread(); i++) {
            t.run(t.interpreter, t.generator.spreadTest(i));
            t.spread++;
        }
        return t;
    }

    /**
     * Whether a loop that the tests entered has fewer than {@link TestOptions#spreadTests} distinct
     * head states: too few rows for the polynomial miner, whose accidental equalities Houdini then
     * has to refute.
     */
    private boolean needsSpread() {
        for (LoopSamples s : samples.values()) {
            if (s.size() > 0 && s.size() < options.maxSamples() && distinctHeadStates(s) < options.spreadTests()) {
                return true;
            }
        }
        return false;
    }

    private static int distinctHeadStates(LoopSamples s) {
        List<Term> head = s.terms().stream().filter(t -> !t.old()).toList();
        return DaikonTemplates.distinctRows(s, head).size();
    }

    /** The runs of them that were spread tests ({@link TestOptions#spreadTests}). */
    public int spreadRuns() {
        return spread;
    }

    /**
     * One more test, directed: havoc {@code h} takes {@code first.get(h)} the first time it runs,
     * every other input is drawn as Algorithm 6.1 draws it (a test of the generator past the random
     * ones). Its samples and a failure count like any test's.
     */
    public void runDirected(Map<Stmt.Havoc, Long> first) {
        InputOracle drawn = generator.test(options.tests() + runs);
        run(interpreter, new InputOracle() {
            @Override
            public long next(Stmt.Havoc havoc, int occurrence) {
                return occurrence == 0 && first.containsKey(havoc) ? first.get(havoc) : drawn.next(havoc, occurrence);
            }

            @Override
            public long cell(Stmt.Havoc havoc, int occurrence, long index) {
                return drawn.cell(havoc, occurrence, index);
            }
        });
    }

    private Execution run(Interpreter with, InputOracle oracle) {
        Recorder recorder = new Recorder(samples, options, program.semantics().indexType().width());
        Execution e = with.run(program.entry(), Map.of(), oracle, recorder);
        recorder.flush();
        recorder.entry.keySet().forEach(l -> entries.merge(l, 1, Integer::sum));
        runs++;
        if (e.hitsAssertion() && failure == null) {
            failure = e;
        }
        return e;
    }

    /** Whether the budget of {@code options} has time left and the thread was not interrupted. */
    public boolean timeLeft() {
        return cpu() < deadline && !Thread.currentThread().isInterrupted();
    }

    /** The nanoseconds left of the budget (at least 0). */
    public long nanosLeft() {
        return Math.max(0, deadline - cpu());
    }

    /**
     * The processor time of the thread that made these runs, which the runs and the directed tests'
     * Z3 checks take: a budget of wall time gave a loaded machine fewer tests (2 runs instead of 5
     * for examples/array_fill_then_sum_const.c with six verifications on two cores), too few to
     * mine the reading loop's {@code s == 3*i}, and the verdict changed with the load.
     */
    private long cpu() {
        long t = THREADS.getThreadCpuTime(thread);
        return t >= 0 ? t : System.nanoTime();
    }

    /** The first run that failed an assertion, or null. */
    public Execution failure() {
        return failure;
    }

    /** The runs made (fewer than asked when the budget ran out or a run failed). */
    public int runs() {
        return runs;
    }

    /** The runs that reached the head of {@code l} from outside the loop at least once. */
    public int entries(Loop l) {
        return entries.getOrDefault(l, 0);
    }

    /** The samples of loop {@code l}. */
    public LoopSamples samples(Loop l) {
        return samples.get(l);
    }

    /** Records one run's loop-head visits into the samples. */
    private static final class Recorder implements BlockObserver {
        private final Map<Block, List<Loop>> headOf = new HashMap<>();
        private final Map<Loop, LoopSamples> samples;
        private final TestOptions options;
        private final Map<Loop, long[]> entry = new HashMap<>();
        private final Map<Loop, Long> visits = new HashMap<>();
        private final Map<Loop, long[][]> pending = new HashMap<>();
        /** The width of an array index (ptrdiff_t's), for reading the sampled cells. */
        private final int indexWidth;
        private Block previous;

        Recorder(Map<Loop, LoopSamples> samples, TestOptions options, int indexWidth) {
            this.samples = samples;
            this.options = options;
            this.indexWidth = indexWidth;
            samples.keySet().forEach(l -> headOf.computeIfAbsent(l.head(), k -> new ArrayList<>()).add(l));
        }

        @Override
        public void entered(Block block, State state) {
            List<Loop> heads = headOf.get(block);
            if (heads != null) {
                for (Loop l : heads) {
                    visit(l, state);
                }
            }
            previous = block;
        }

        private void visit(Loop l, State state) {
            LoopSamples s = samples.get(l);
            long[] now = values(s, state);
            if (previous == null || !l.body().contains(previous)) {
                entry.put(l, now);
            }
            if (!entry.containsKey(l)) {
                return;
            }
            long k = visits.merge(l, 1L, Long::sum) - 1;
            boolean keep = k < options.firstSamples() || (k & (k - 1)) == 0;
            pending.remove(l);
            if (!keep) {
                pending.put(l, new long[][] {now, entry.get(l)});
            } else if (s.size() < options.maxSamples()) {
                s.add(now, entry.get(l));
            }
        }

        /** Keeps the last visit of each loop when thinning left it out: often the one with the extreme values. */
        void flush() {
            pending.forEach((l, p) -> {
                LoopSamples s = samples.get(l);
                if (s.size() < options.maxSamples()) {
                    s.add(p[0], p[1]);
                }
            });
            pending.clear();
        }

        /** The row of {@code s}'s scalars and then its cells in {@code state}. */
        private long[] values(LoopSamples s, State state) {
            List<Variable> vars = s.variables();
            long[] out = new long[vars.size() + s.cells().size()];
            for (int i = 0; i < vars.size(); i++) {
                out[i] = state.get(vars.get(i)).bits();
            }
            for (int i = 0; i < s.cells().size(); i++) {
                Term c = s.cells().get(i);
                out[vars.size() + i] = state.cell(c.variable(), new BitVec(c.cell(), indexWidth)).bits();
            }
            return out;
        }
    }
}
