package pdpv.cegar;

import com.microsoft.z3.Context;
import pdpv.cfg.Program;
import pdpv.smt.Cancellation;
import pdpv.smt.SmtStatistics;

/**
 * The slicing stage before the engines: {@link LoopSlicer} skips the loops that cannot matter, then
 * the engines (the {@link Portfolio} on verify's default path) decide the program that is left. The
 * answer says which loops were skipped and why; an UNSAFE answer's replay runs the sliced program
 * from the entry and is watched for reads of what a skipped loop wrote ({@link Evidence}).
 */
public final class SlicingVerifier implements ProgramVerifier {
    private final ProgramVerifier engines;
    private final SliceOptions options;
    private final Progress progress;
    private final CancelReason cancelled = new CancelReason();
    private volatile Cancellation slicing;

    public SlicingVerifier(ProgramVerifier engines, SliceOptions options, Progress progress) {
        this.engines = engines;
        this.options = options;
        this.progress = progress;
    }

    @Override
    public Verdict verify(Program program) {
        if (!options.enabled() || !LoopSlicer.mayApply(program)) {
            return engines.verify(program);
        }
        long start = System.nanoTime();
        LoopSlicer.Sliced sliced;
        try (Context ctx = new Context()) {
            Cancellation c = new Cancellation(ctx);
            slicing = c;
            if (cancelled.isSet()) {
                c.cancel(cancelled.get());
            }
            sliced = new LoopSlicer(ctx, options, c, new SmtStatistics()).slice(program);
        } finally {
            slicing = null;
        }
        if (cancelled.isSet()) {
            return Verdict.unknown(cancelled.get(), null);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        sliced.skipped().forEach(progress::report);
        progress.report(String.format(java.util.Locale.ROOT, "slicing: %d loop nests skipped in %.2f s", sliced.skipped().size(),
                seconds));
        Verdict v = engines.verify(sliced.program());
        if (sliced.skipped().isEmpty()) {
            return v;
        }
        String reason = v.reason() + "; " + String.join("; ", sliced.skipped());
        VerifierStatistics stats = v.statistics() == null ? null
                : v.statistics().withSlicing(new VerifierStatistics.Slicing(sliced.skipped().size(), seconds));
        return new Verdict(v.kind(), reason, v.inputs(), v.failedAssertion(), v.trace(), v.invariants(), stats);
    }

    @Override
    public void cancel(String reason) {
        cancelled.set(reason);
        Cancellation c = slicing;
        if (c != null) {
            c.cancel(reason);
        }
        engines.cancel(reason);
    }

    @Override
    public String summary() {
        return engines.summary();
    }
}
