package pdpv.cegar;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.smt.SolverOutOfMemory;

/**
 * Several engines on one program at the same time, one thread each (issue #10: the CEGAR loop and
 * bounded model checking on the machine's two cores): the first SAFE or UNSAFE wins (a
 * {@link Engine#reserve} engine's SAFE only when no other answers), and the other
 * engines are cancelled through their {@link ProgramVerifier#cancel} and not waited for: their
 * figures are reported as they stand at the answer (wall time and their thread's processor time).
 * A cancel from outside (a limit) gives the first engine, whose statistics the answer carries,
 * {@link #GRACE_MILLIS} to stop. Every engine keeps the soundness contract, so the
 * first definite answer is as good as any. When every engine answers UNKNOWN, so does the portfolio,
 * with each engine's reason. A program without loops is decided by the first engine alone (for it
 * the CEGAR loop is one SMT check, and a second engine would only cost). The statistics are the
 * winner's (else the first engine's) with every engine's {@link VerifierStatistics.EngineRun}.
 */
public final class Portfolio implements ProgramVerifier {
    /**
     * One engine of the portfolio, named for the statistics and {@code --engine}. A {@code reserve}
     * engine's SAFE comes without what the caller needs of a proof (bounded model checking's
     * complete unrolling has no loop invariants for {@code verify --witness}): it waits for the
     * other engines and answers only when none of them gives a definite answer, also after a cancel.
     */
    public record Engine(String name, ProgramVerifier verifier, boolean reserve) {
        public Engine(String name, ProgramVerifier verifier) {
            this(name, verifier, false);
        }
    }

    /** Deep recursion over large formulas needs a bigger stack than a default thread has (as cli's Watchdog). */
    private static final long STACK_BYTES = 1L << 28;
    /**
     * How long the first engine gets to stop after a cancel from outside before the portfolio
     * answers without its statistics: a cancel reaches a running Z3 check at once, so it stops
     * within milliseconds; less than the command line's own grace of 500 ms after a limit, so that
     * the statistics still arrive.
     */
    private static final long GRACE_MILLIS = 400;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final List<Engine> engines;
    private final CancelReason cancelled = new CancelReason();
    /** Set once the engines are asked to stop, so that a failure after it can be told from one before it. */
    private volatile boolean stopping;

    private final Progress progress;

    public Portfolio(List<Engine> engines) {
        this(engines, Progress.NONE);
    }

    /** A portfolio that tells {@code progress} which engines it starts. */
    public Portfolio(List<Engine> engines, Progress progress) {
        if (engines.isEmpty()) {
            throw new IllegalArgumentException("a portfolio needs an engine");
        }
        this.engines = List.copyOf(engines);
        this.progress = progress;
    }

    @Override
    public void cancel(String reason) {
        stopping = true;
        cancelled.set(reason);
        engines.forEach(e -> e.verifier().cancel(reason));
    }

    @Override
    public Verdict verify(Program program) {
        List<Engine> chosen = LoopForest.of(program).loops().isEmpty() ? engines.subList(0, 1) : engines;
        progress.report("engines started: " + String.join(", ", chosen.stream().map(Engine::name).toList()));
        if (chosen.size() == 1) {
            Finished f = run(0, chosen.get(0), program);
            return answer(chosen, List.of(f), f.verdict() != null && f.verdict().kind() != Verdict.Kind.UNKNOWN ? f : null,
                    List.of(Thread.currentThread()), System.nanoTime());
        }
        BlockingQueue<Finished> done = new LinkedBlockingQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < chosen.size(); i++) {
            int index = i;
            Engine e = chosen.get(i);
            Thread t = new Thread(null, () -> done.add(run(index, e, program)), "pdpv-" + e.name(), STACK_BYTES);
            t.setDaemon(true);
            threads.add(t);
        }
        long started = System.nanoTime();
        threads.forEach(Thread::start);
        List<Finished> finished = new ArrayList<>();
        Finished winner = null;
        Finished reserved = null;
        boolean interrupted = false;
        while (winner == null && finished.size() < chosen.size() && !cancelled.isSet()) {
            try {
                Finished f = done.take();
                finished.add(f);
                if (f.verdict() != null && f.verdict().kind() != Verdict.Kind.UNKNOWN) {
                    if (f.verdict().kind() == Verdict.Kind.SAFE && chosen.get(f.index()).reserve()) {
                        reserved = reserved == null ? f : reserved;
                    } else {
                        winner = f;
                    }
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        winner = winner == null ? reserved : winner;
        if (winner != null) {
            stopping = true;
            chosen.forEach(e -> e.verifier().cancel("another engine answered"));
        }
        // after a limit, the first engine's statistics are the answer's: it alone is waited for
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(winner == null ? GRACE_MILLIS : 0);
        while (finished.stream().noneMatch(f -> f.index() == 0) && System.nanoTime() < deadline) {
            try {
                Finished f = done.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                if (f != null) {
                    finished.add(f);
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        done.drainTo(finished);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return answer(chosen, finished, winner, threads, started);
    }

    /**
     * How one engine's run ended: its verdict, or what it threw (and whether before it was asked to
     * stop); its wall and CPU time.
     */
    private record Finished(int index, Verdict verdict, Throwable failure, boolean failedUnasked, double seconds,
            double cpuSeconds) {
    }

    private Finished run(int index, Engine e, Program program) {
        long start = System.nanoTime();
        long cpu = THREADS.getCurrentThreadCpuTime();
        Verdict v = null;
        Throwable failure = null;
        try {
            v = e.verifier().verify(program);
        } catch (RuntimeException | Error t) {
            failure = t;
        }
        return new Finished(index, v, failure, failure != null && !stopping, (System.nanoTime() - start) / 1e9,
                (THREADS.getCurrentThreadCpuTime() - cpu) / 1e9);
    }

    /**
     * The winner's verdict, else UNKNOWN with each engine's reason (or the cancel's); a failure of an
     * engine is thrown when no engine answered, so that the command line reports it as it would
     * without a portfolio (memory exhaustion as the memory limit, anything else as a crash).
     */
    private Verdict answer(List<Engine> chosen, List<Finished> finished, Finished winner, List<Thread> threads,
                           long started) {
        Finished[] byIndex = new Finished[chosen.size()];
        finished.forEach(f -> byIndex[f.index()] = f);
        List<VerifierStatistics.EngineRun> runs = new ArrayList<>();
        StringBuilder reasons = new StringBuilder();
        Throwable failure = null;
        for (int i = 0; i < chosen.size(); i++) {
            Engine e = chosen.get(i);
            Finished f = byIndex[i];
            String found = e.verifier().summary();
            if (f == null) {
                // still stopping: its figures as they stand now
                long cpu = THREADS.getThreadCpuTime(threads.get(i).getId());
                runs.add(new VerifierStatistics.EngineRun(e.name(), (System.nanoTime() - started) / 1e9,
                        Math.max(0, cpu) / 1e9, "unknown", (winner != null ? "another engine answered" : cancelled.get())
                        + " (still stopping when the portfolio answered)", found, false));
                continue;
            }
            String reason = f.verdict() != null ? f.verdict().reason() : "internal error: " + f.failure();
            failure = failure == null ? f.failure() : failure;
            runs.add(new VerifierStatistics.EngineRun(e.name(), f.seconds(), f.cpuSeconds(),
                    f.verdict() != null ? f.verdict().kind().word() : "unknown", reason, found, f == winner));
            reasons.append(reasons.length() == 0 ? "" : "; ").append(chosen.size() > 1 ? e.name() + ": " : "").append(reason);
        }
        for (Finished f : finished) {
            if (f.failure() instanceof InternalCheckFailure broken) {
                throw broken; // a failed internal check is a bug, also when another engine answered
            }
            if (f.failedUnasked() && f.failure() instanceof RuntimeException crash && isFault(crash)) {
                throw crash; // so is a crash that no cancel caused: the command line reports it as one
            }
        }
        if (winner != null) {
            return withEngines(winner.verdict(), runs);
        }
        if (failure instanceof RuntimeException r) {
            throw r;
        }
        if (failure instanceof Error err) {
            throw err;
        }
        Finished first = byIndex[0];
        Verdict primary = first == null ? null : first.verdict();
        if (chosen.size() == 1 && primary != null) {
            return withEngines(primary, runs);
        }
        String reason = cancelled.isSet() ? cancelled.get() : reasons.toString();
        VerifierStatistics stats = primary == null || primary.statistics() == null ? null
                : primary.statistics().withEngines(runs);
        return Verdict.unknown(reason, stats);
    }

    /** Whether an engine's exception is a fault of PDPV, not the solver's memory running out (a limit). */
    private static boolean isFault(RuntimeException e) {
        return !(e instanceof SolverOutOfMemory);
    }

    private static Verdict withEngines(Verdict v, List<VerifierStatistics.EngineRun> runs) {
        VerifierStatistics s = v.statistics() == null ? null : v.statistics().withEngines(runs);
        return new Verdict(v.kind(), v.reason(), v.inputs(), v.failedAssertion(), v.trace(), v.invariants(), s);
    }
}
