package pdpv.cegar;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Model;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.encode.ExprEncoder;
import pdpv.encode.LoopSite;
import pdpv.encode.ProgramEncoding;
import pdpv.encode.Z3Algebra;
import pdpv.encode.accel.AccelerationOptions;
import pdpv.encode.accel.LoopAcceleration;
import pdpv.encode.accel.PathAccelerator;
import pdpv.encode.accel.PhaseSummary;
import pdpv.smt.Cancellation;
import pdpv.smt.SmtStatistics;

/**
 * Loop acceleration in the CEGAR loop (issue #19): each innermost loop whose runs are a sequence
 * of accelerated phases gets its {@link PhaseSummary} S as a constraint of F at its loop site,
 * b_H ⇒ S(pre, post, N) with fresh counts N, next to LI_l. A summary enters F only once the
 * {@link CertificateChecker} has shown it inductive (so that it over-approximates the loop, as
 * an invariant does), and is checked again with the certificate of a SAFE answer. With the
 * summary, F follows the loop exactly where the phases are exact: a deep counterexample is found
 * in one check and replayed from the entry, and an assertion that holds after the phases is
 * proved without PDR. The summaries sit behind one activation literal, so that a run whose SAFE
 * answer must come with loop invariants alone (a witness is asked for) uses them to find bugs only.
 */
final class LoopSummaries {
    private final Context ctx;
    private final ProgramEncoding encoding;
    private final List<PhaseSummary> summaries = new ArrayList<>();
    private final List<BoolExpr> clauses = new ArrayList<>();
    /** Per summarized site: the summary and its counts in F. */
    private final Map<LoopSite, List<BitVecExpr>> counts = new LinkedHashMap<>();
    private final Map<LoopSite, PhaseSummary> bySite = new LinkedHashMap<>();
    private final BoolExpr active;
    private VerifierStatistics.Acceleration statistics = VerifierStatistics.Acceleration.NONE;

    LoopSummaries(Context ctx, ProgramEncoding encoding) {
        this.ctx = ctx;
        this.encoding = encoding;
        this.active = (BoolExpr) ctx.mkFreshConst("summaries", ctx.mkBoolSort());
    }

    /**
     * Analyzes the loops of {@code program}, builds the summaries, keeps those {@code checker}
     * shows inductive and returns their clauses for F, each guarded by {@link #literal()}.
     */
    List<BoolExpr> build(Program program, LoopForest loops, LoopInvariantStore store, CertificateChecker checker,
                         AccelerationOptions options, SmtStatistics smt, Cancellation cancellation) {
        BooleanSupplier stop = cancellation::isCancelled;
        LoopAcceleration acceleration = LoopAcceleration.analyze(ctx, cancellation, program, loops, options);
        ExprEncoder exprs = new ExprEncoder(program.semantics(), new Z3Algebra(ctx));
        int paths = 0;
        int exact = 0;
        List<BoolExpr> added = new ArrayList<>();
        for (LoopSite site : encoding.loopSites()) {
            if (stop.getAsBoolean()) {
                break;
            }
            PhaseSummary s = PhaseSummary.of(site.loop(), acceleration, exprs, smt, cancellation, options.checkResources());
            if (s == null || checker.checkSummary(encoding, store, s, options.checkResources()) != null) {
                continue;
            }
            List<BitVecExpr> n = s.freshCounts(ctx, "N" + site.loop().head().id() + "_");
            BoolExpr clause = ctx.mkImplies(active, ctx.mkImplies(site.headVar(), s.encode(exprs, site.pre(), site.post(), n)));
            summaries.add(s);
            clauses.add(clause);
            counts.put(site, n);
            bySite.put(site, s);
            added.add(clause);
            paths += s.phases().size();
            exact += (int) s.phases().stream().filter(PathAccelerator::exact).count();
        }
        LoopAcceleration.Statistics a = acceleration.statistics();
        statistics = new VerifierStatistics.Acceleration(a.paths(), paths, exact, a.smtCalls(), a.seconds(), paths, false);
        return added;
    }

    /** The literal under which F has the summaries. */
    BoolExpr literal() {
        return active;
    }

    boolean isEmpty() {
        return summaries.isEmpty();
    }

    List<PhaseSummary> summaries() {
        return List.copyOf(summaries);
    }

    /** The summaries' clauses as F has them, the literal assumed. */
    List<BoolExpr> clausesInForce() {
        List<BoolExpr> out = new ArrayList<>(clauses);
        if (!clauses.isEmpty()) {
            out.add(active);
        }
        return out;
    }

    /**
     * The passes a model of F takes through the summarized loops: the most in one phase, and the
     * steps the interpreter needs for all of them (saturated at Long.MAX_VALUE).
     */
    long[] passes(Model m) {
        long longest = 0;
        long steps = 0;
        for (Map.Entry<LoopSite, List<BitVecExpr>> e : counts.entrySet()) {
            if (!m.eval(e.getKey().headVar(), true).isTrue()) {
                continue;
            }
            PhaseSummary s = bySite.get(e.getKey());
            for (int j = 0; j < e.getValue().size(); j++) {
                BigInteger count = ((BitVecNum) m.eval(e.getValue().get(j), true)).getBigInteger();
                long n = count.bitLength() > 62 ? Long.MAX_VALUE : count.longValue();
                longest = Math.max(longest, n);
                long per = s.phases().get(j).path().steps();
                steps = n > Long.MAX_VALUE / Math.max(1, per) || steps > Long.MAX_VALUE - n * per ? Long.MAX_VALUE : steps + n * per;
            }
        }
        return new long[] {longest, steps};
    }

    /** How the summary of {@code l}'s loop site reads for the user ({@link PhaseSummary#describe}), or null if it has none. */
    String describe(Loop l) {
        ExprEncoder exprs = new ExprEncoder(encoding.semantics(), new Z3Algebra(ctx));
        return bySite.values().stream().filter(s -> s.loop() == l).findFirst().map(s -> s.describe(exprs)).orElse(null);
    }

    /** What was accelerated, with the answer's use of it. */
    VerifierStatistics.Acceleration statistics(boolean needed) {
        return statistics.withUse(statistics.used(), needed);
    }
}
