package pdpv.cegar;

import com.microsoft.z3.Context;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.encode.BlockSummary;
import pdpv.encode.HavocValues;
import pdpv.encode.UnrolledEncoding;
import pdpv.encode.accel.LoopAcceleration;
import pdpv.encode.accel.PathAccelerator;
import pdpv.interp.Execution;
import pdpv.interp.InputOracle;
import pdpv.interp.Interpreter;
import pdpv.interp.InterpreterOptions;
import pdpv.smt.Cancellation;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/**
 * Bounded model checking beside the CEGAR loop (issue #10; Biere et al. 1999 on programs, as CBMC
 * does it): the formula F of §4.3.1 over the program with every loop unrolled k times
 * ({@link UnrolledEncoding}) instead of cut, for k = 1, 2, 4, ... A model is replayed from the entry
 * by the concrete interpreter like every other counterexample; UNSAFE only then. When no assertion
 * fails within the unrolling and the unwinding check shows that no path takes a back edge once
 * more, the unrolling covers every execution and SAFE is answered with that argument as evidence.
 * k stops growing at {@link BmcOptions#maxBlocks()} (UNKNOWN).
 *
 * <p>k doubles rather than growing by one: each bound is a new formula in a fresh context and
 * solver (Z3 decides QF_BV fastest in its non-incremental mode, and the memory of the previous bound
 * is freed), so with doubling the work of all bounds is at most about twice that of the last one,
 * while k + 1 would repeat it k times; the price is that a counterexample needing k iterations is
 * found at a bound up to 2k.
 *
 * <p>Loops are accelerated (issue #19, {@link LoopAcceleration}): every path of an innermost loop
 * with a closed form and a sufficient condition gets an accelerator before each copy of the loop's
 * head, so that one copy can stand for any number of passes along the path, as CBMC's
 * {@code goto-instrument --accelerate} puts it into the loop (Kroening et al., FMSD 2015). A
 * counterexample 10^8 iterations deep is then found at a small bound, and replayed concretely
 * from the entry like any other, with a step bound that covers its passes. Exact accelerators
 * stand for maximal repetitions only, so the unwinding check can show a deep loop's unrolling
 * complete. The plain unrolling goes on beside the accelerated one ({@link Track}): the one that
 * has taken less time so far is checked next, so that shallow answers cost what they did before.
 */
public final class BoundedModelChecker implements ProgramVerifier {
    private final BmcOptions options;
    private final VerifierOptions verifierOptions;
    private final CancelReason cancelled = new CancelReason();
    private volatile SmtSolver solver;
    private volatile Cancellation analysis;
    private volatile String summary = "";

    public BoundedModelChecker(BmcOptions options, VerifierOptions verifierOptions) {
        this.options = options;
        this.verifierOptions = verifierOptions;
    }

    @Override
    public void cancel(String reason) {
        cancelled.set(reason);
        SmtSolver s = solver;
        if (s != null) {
            s.interrupt();
        }
        Cancellation a = analysis;
        if (a != null) {
            a.cancel(reason);
        }
    }

    @Override
    public String summary() {
        return summary;
    }

    @Override
    public Verdict verify(Program program) {
        long start = System.nanoTime();
        LoopForest loops = LoopForest.of(program);
        SmtStatistics smt = new SmtStatistics();
        Interpreter interpreter = new Interpreter(program.semantics(),
                InterpreterOptions.DEFAULTS.withMaxSteps(verifierOptions.maxInterpreterSteps()));
        LoopAcceleration accelerated;
        try (Context ctx = new Context()) {
            Cancellation c = new Cancellation(ctx);
            analysis = c;
            if (cancelled.isSet()) {
                c.cancel(cancelled.get());
            }
            accelerated = LoopAcceleration.analyze(ctx, c, program, loops, options.acceleration());
        } finally {
            analysis = null;
        }
        Map<Loop, List<BlockSummary>> summaries = new LinkedHashMap<>();
        int paths = 0;
        for (Loop l : loops.loops()) {
            List<BlockSummary> steps = accelerated.underApproximating(l).stream().map(PathAccelerator::unrollingStep).toList();
            paths += steps.size();
            if (!steps.isEmpty()) {
                summaries.put(l, steps);
            }
        }
        LoopAcceleration.Statistics a = accelerated.statistics();
        Statistics stats = new Statistics(program, loops, smt, start, new VerifierStatistics.Acceleration(a.paths(), paths,
                a.exact(), a.smtCalls(), a.seconds(), 0, false));
        List<Track> tracks = new ArrayList<>();
        tracks.add(new Track("", Map.of()));
        if (!summaries.isEmpty() && options.acceleratedCopies() > 0) {
            tracks.add(new Track("accelerated ", summaries));
        }
        while (true) {
            if (cancelled.isSet()) {
                return unknown(cancelled.get(), tracks, stats);
            }
            Track t = tracks.stream().filter(x -> x.exhausted == null).min(Comparator.comparingDouble(x -> x.seconds)).orElse(null);
            if (t == null) {
                return unknown(tracks.get(0).exhausted + (tracks.size() > 1 ? "; " + tracks.get(1).name + "unrolling: "
                        + tracks.get(1).exhausted : ""), tracks, stats);
            }
            long t0 = System.nanoTime();
            Verdict v = step(t, program, loops, interpreter, smt, stats, tracks);
            t.seconds += (System.nanoTime() - t0) / 1e9;
            if (v != null) {
                return v;
            }
        }
    }

    /**
     * One unrolling of the program, with or without its accelerated paths: bound k doubles on each
     * track alone. When the program has accelerated paths, bounded model checking keeps both tracks
     * and checks next the one that has taken less time so far: an accelerated unrolling reaches a
     * deep run at a small bound, a plain one is cheaper per bound (a closed form over a 64-bit count
     * is far more for the solver than a copy of a block), so neither delays the other's answer by
     * more than its own time.
     */
    private final class Track {
        final String name;
        final Map<Loop, List<BlockSummary>> summaries;
        int k = options.firstBound();
        int checked = -1;
        double seconds;
        String exhausted;
        String found = "";

        Track(String name, Map<Loop, List<BlockSummary>> summaries) {
            this.name = name;
            this.summaries = summaries;
        }
    }

    /** The next bound of track {@code t}: a verdict, or null to go on (the track's bound doubled or it exhausted). */
    private Verdict step(Track t, Program program, LoopForest loops, Interpreter interpreter, SmtStatistics smt, Statistics stats,
                         List<Track> tracks) {
        int k = t.k;
        try (Context ctx = new Context()) {
            UnrolledEncoding enc = UnrolledEncoding.build(ctx, program, loops, k, options.maxBlocks(), t.summaries,
                    options.acceleratedCopies());
            if (enc == null) {
                t.exhausted = "no assertion fails with every loop's back edge taken at most " + t.checked
                        + " times; unrolling to " + k + " would exceed the size bound of " + options.maxBlocks() + " blocks";
                return null;
            }
            stats.bounds++;
            t.found = String.format(Locale.ROOT, "%sbound %d (%d blocks)", t.name, k, enc.blocks());
            summary = describe(tracks, false);
            verifierOptions.progress().report("checking " + t.found);
            SmtSolver s = new SmtSolver(ctx, smt);
            solver = s;
            if (cancelled.isSet()) {
                s.interrupt();
            }
            s.add(enc.violation());
            SmtResult r = s.check();
            if (r instanceof SmtResult.Sat sat) {
                HavocValues inputs = enc.inputs(sat.model());
                UnrolledEncoding.Replay replay = enc.replay(sat.model());
                long steps = Math.max(verifierOptions.maxInterpreterSteps(), replay.steps());
                Execution run = interpreter.run(program.entry(), Map.of(), InputOracle.fromValues(inputs.scalars(), inputs.arrays(), 0L), steps,
                        cancelled::isSet);
                if (run.outcome() == Execution.Outcome.INTERRUPTED && cancelled.isSet()) {
                    return unknown(cancelled.get(), tracks, stats);
                }
                if (run.hitsAssertion()) {
                    return Evidence.unsafe(program, run, stats.of(enc.summaries(), replay.longestSummary() > 1));
                }
                throw new InternalCheckFailure("bounded model checking's counterexample at " + t.name + "bound " + k
                        + " does not replay to a failing assertion (" + run.outcome() + ")");
            }
            if (r instanceof SmtResult.Unknown u) {
                return gaveUp(t, u, tracks, stats);
            }
            t.checked = k;
            if (enc.exact()) {
                return complete(program, t, stats.of(enc.summaries(), enc.summaries() > 0), false, tracks);
            }
            SmtSolver unwinding = new SmtSolver(ctx, smt);
            solver = unwinding;
            if (cancelled.isSet()) {
                unwinding.interrupt();
            }
            unwinding.add(enc.unwinding());
            SmtResult u = unwinding.check();
            if (u instanceof SmtResult.Unsat) {
                return complete(program, t, stats.of(enc.summaries(), enc.summaries() > 0), true, tracks);
            }
            if (u instanceof SmtResult.Unknown unknown) {
                return gaveUp(t, unknown, tracks, stats);
            }
            t.k = Math.multiplyExact(k, 2);
            return null;
        } finally {
            solver = null;
        }
    }

    /** A check of track {@code t} gave up: the run's answer if it was cancelled, else the track ends and the other goes on. */
    private Verdict gaveUp(Track t, SmtResult.Unknown u, List<Track> tracks, Statistics stats) {
        if (cancelled.isSet()) {
            return unknown(cancelled.get(), tracks, stats);
        }
        t.exhausted = "solver gave up: " + u.reason();
        return null;
    }

    /** What the tracks found, for the portfolio's statistics; {@code checked}: with the bound each checked without failure. */
    private static String describe(List<Track> tracks, boolean checked) {
        StringBuilder sb = new StringBuilder();
        for (Track t : tracks) {
            if (t.found.isEmpty()) {
                continue;
            }
            sb.append(sb.length() == 0 ? "" : "; ").append(t.found);
            if (checked && t.checked >= 0) {
                sb.append(", no failure up to bound ").append(t.checked);
            }
        }
        return sb.toString();
    }

    /** SAFE: no assertion fails in an unrolling that covers every execution. */
    private Verdict complete(Program program, Track t, VerifierStatistics stats, boolean hasLoops, List<Track> tracks) {
        summary = describe(tracks, false) + ", complete";
        int k = t.k;
        String reason = !hasLoops ? "no assertion can fail (the program has no loop)"
                : t.summaries.isEmpty() ? "no assertion can fail: bounded model checking is complete at bound " + k
                + " (the unwinding assertions hold: no loop takes its back edge more than " + k
                + " times per entry) and no assertion fails in the program unrolled " + k + " times"
                : "no assertion can fail: bounded model checking with accelerated loop paths is complete at bound " + k
                + " (the unwinding assertions hold: besides the accelerated passes, no loop takes its back edge more than " + k
                + " times per entry) and no assertion fails in the program unrolled " + k + " times with them";
        return new Verdict(Verdict.Kind.SAFE, reason, List.of(), null, null, List.of(), stats);
    }

    private Verdict unknown(String reason, List<Track> tracks, Statistics stats) {
        summary = describe(tracks, true);
        return Verdict.unknown(reason, stats.of(0, false));
    }

    /** The figures of a run for {@link VerifierStatistics}: bounds checked count as iterations. */
    private static final class Statistics {
        private final Program program;
        private final LoopForest loops;
        private final SmtStatistics smt;
        private final long start;
        private final VerifierStatistics.Acceleration acceleration;
        int bounds;

        Statistics(Program program, LoopForest loops, SmtStatistics smt, long start, VerifierStatistics.Acceleration acceleration) {
            this.program = program;
            this.loops = loops;
            this.smt = smt;
            this.start = start;
            this.acceleration = acceleration;
        }

        /** With {@code used} accelerated paths in the unrolling that answered, and whether the answer {@code needed} them. */
        VerifierStatistics of(int used, boolean needed) {
            return new VerifierStatistics(program.blocks().size(), program.variables().size(), loops.loops().size(),
                    bounds, smt.calls(), smt.seconds(), 0, 0, VerifierStatistics.Simulation.NONE, List.of(),
                    (System.nanoTime() - start) / 1e9).withAcceleration(acceleration.withUse(used, needed));
        }
    }
}
