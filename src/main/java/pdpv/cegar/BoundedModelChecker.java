package pdpv.cegar;

import com.microsoft.z3.Context;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.encode.HavocValues;
import pdpv.encode.UnrolledEncoding;
import pdpv.interp.Execution;
import pdpv.interp.InputOracle;
import pdpv.interp.Interpreter;
import pdpv.interp.InterpreterOptions;
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
 */
public final class BoundedModelChecker implements ProgramVerifier {
    private final BmcOptions options;
    private final VerifierOptions verifierOptions;
    private final CancelReason cancelled = new CancelReason();
    private volatile SmtSolver solver;
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
        int bounds = 0;
        int checked = -1;
        for (int k = options.firstBound(); ; k = Math.multiplyExact(k, 2)) {
            Statistics stats = new Statistics(program, loops, smt, start);
            if (cancelled.isSet()) {
                return unknown(cancelled.get(), checked, stats.of(bounds));
            }
            try (Context ctx = new Context()) {
                UnrolledEncoding enc = UnrolledEncoding.build(ctx, program, loops, k, options.maxBlocks());
                if (enc == null) {
                    return unknown("no assertion fails with every loop's back edge taken at most " + checked
                            + " times; unrolling to " + k + " would exceed the size bound of " + options.maxBlocks()
                            + " blocks", checked, stats.of(bounds));
                }
                bounds++;
                summary = String.format(Locale.ROOT, "bound %d (%d blocks)", k, enc.blocks());
                verifierOptions.progress().report("checking " + summary);
                SmtSolver s = new SmtSolver(ctx, smt);
                solver = s;
                if (cancelled.isSet()) {
                    s.interrupt();
                }
                s.add(enc.violation());
                SmtResult r = s.check();
                if (r instanceof SmtResult.Sat sat) {
                    HavocValues inputs = enc.inputs(sat.model());
                    Execution run = interpreter.run(program.entry(), Map.of(),
                            InputOracle.fromValues(inputs.scalars(), inputs.arrays(), 0L));
                    if (run.hitsAssertion()) {
                        return Evidence.unsafe(program, run, stats.of(bounds));
                    }
                    throw new InternalCheckFailure("bounded model checking's counterexample at bound " + k
                            + " does not replay to a failing assertion (" + run.outcome() + ")");
                }
                if (r instanceof SmtResult.Unknown u) {
                    return unknown(cancelled.isSet() ? cancelled.get() : "solver gave up: " + u.reason(), checked, stats.of(bounds));
                }
                checked = k;
                if (enc.exact()) {
                    return options.proofs() ? complete(program, k, stats.of(bounds), false)
                            : unknown("no assertion can fail, but proofs are left to the CEGAR loop", checked, stats.of(bounds));
                }
                SmtSolver unwinding = new SmtSolver(ctx, smt);
                solver = unwinding;
                if (cancelled.isSet()) {
                    unwinding.interrupt();
                }
                unwinding.add(enc.unwinding());
                SmtResult u = unwinding.check();
                if (u instanceof SmtResult.Unsat) {
                    return options.proofs() ? complete(program, k, stats.of(bounds), true)
                            : unknown("complete at bound " + k + ", but proofs are left to the CEGAR loop (its loop invariants are "
                            + "the evidence a witness needs)", checked, stats.of(bounds));
                }
                if (u instanceof SmtResult.Unknown unknown) {
                    return unknown(cancelled.isSet() ? cancelled.get() : "solver gave up: " + unknown.reason(), checked,
                            stats.of(bounds));
                }
            } finally {
                solver = null;
            }
        }
    }

    /** SAFE: no assertion fails in an unrolling that covers every execution. */
    private Verdict complete(Program program, int k, VerifierStatistics stats, boolean hasLoops) {
        summary = summary + ", complete";
        String reason = !hasLoops ? "no assertion can fail (the program has no loop)"
                : "no assertion can fail: bounded model checking is complete at bound " + k
                + " (the unwinding assertions hold: no loop takes its back edge more than " + k
                + " times per entry) and no assertion fails in the program unrolled " + k + " times";
        return new Verdict(Verdict.Kind.SAFE, reason, List.of(), null, null, List.of(), stats);
    }

    private Verdict unknown(String reason, int checked, VerifierStatistics stats) {
        summary = checked < 0 ? summary : summary + ", no failure up to bound " + checked;
        return Verdict.unknown(reason, stats);
    }

    /** The figures of a run for {@link VerifierStatistics}: bounds checked count as iterations. */
    private record Statistics(Program program, LoopForest loops, SmtStatistics smt, long start) {
        VerifierStatistics of(int bounds) {
            return new VerifierStatistics(program.blocks().size(), program.variables().size(), loops.loops().size(),
                    bounds, smt.calls(), smt.seconds(), 0, 0, VerifierStatistics.Simulation.NONE, List.of(),
                    (System.nanoTime() - start) / 1e9);
        }
    }
}
