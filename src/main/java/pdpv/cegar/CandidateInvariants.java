package pdpv.cegar;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Model;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Loop;
import pdpv.cfg.Variable;
import pdpv.pdr.TransitionSystem;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/**
 * Initial loop invariants from templates, checked before use (thesis chapter 6: external
 * invariants, §6.1, which the thesis takes from Daikon, §6.3). For each predicate P over a loop's
 * variables from a small fixed family (sign, parity, order between two variables of one width,
 * sum of two updated variables at least 1), the candidate is P(x_b) ⇒ P(x_e): whatever P held on
 * entry still holds at the head; besides, each updated variable and each sum of two of them may
 * never grow or never shrink (x_e ≤ x_b, x_e ≥ x_b). Every candidate holds in I (x_e = x_b); the largest
 * inductive subset is found by Houdini: while some model of C ∧ T violates a candidate in the next
 * state, drop the candidates it violates. What is left is inductive, so it holds in every
 * reachable state of the loop's instance.
 */
final class CandidateInvariants {
    private final Context ctx;
    private final SmtStatistics stats;
    /** Its candidate budgets: the joint query's time, and one candidate's (longer gives up: the loop is not seeded). */
    private final CegarOptions.Policy policy;

    CandidateInvariants(Context ctx, SmtStatistics stats, CegarOptions.Policy policy) {
        this.ctx = ctx;
        this.stats = stats;
        this.policy = policy;
    }

    /**
     * The inductive candidates of loop {@code l}'s instance {@code ts} over templates {@code t}, as
     * one formula. Each round first asks for a model violating any candidate, briefly; if that
     * query is hard, it asks for each candidate on its own, which proves inductive sets faster.
     */
    BoolExpr inductive(Loop l, LoopInvariantStore.Templates t, TransitionSystem ts) {
        List<BoolExpr> candidates = candidates(l, t);
        SmtSolver solver = new SmtSolver(ctx, stats);
        solver.add(ts.trans());
        while (!candidates.isEmpty()) {
            BoolExpr all = and(candidates);
            solver.setTimeoutMillis(policy.candidateJointQuery().toMillis());
            SmtResult r = solver.check(all, ctx.mkNot(ts.prime(all)));
            if (r instanceof SmtResult.Unsat) {
                return all;
            }
            if (!(r instanceof SmtResult.Sat)) {
                solver.setTimeoutMillis(policy.candidateQuery().toMillis());
                r = firstViolation(solver, all, candidates, ts);
                if (r == null) {
                    return all;
                }
            }
            if (!(r instanceof SmtResult.Sat sat)) {
                return ctx.mkTrue();
            }
            Model m = sat.model();
            candidates.removeIf(c -> m.eval(ts.prime(c), true).isFalse());
        }
        return ctx.mkTrue();
    }

    /** The first answer other than unsat to "all ∧ T ∧ ¬c′", candidate by candidate; null if every c is inductive. */
    private SmtResult firstViolation(SmtSolver solver, BoolExpr all, List<BoolExpr> candidates, TransitionSystem ts) {
        for (BoolExpr c : candidates) {
            SmtResult r = solver.check(all, ctx.mkNot(ts.prime(c)));
            if (!(r instanceof SmtResult.Unsat)) {
                return r;
            }
        }
        return null;
    }

    private List<BoolExpr> candidates(Loop l, LoopInvariantStore.Templates t) {
        Map<Variable, BitVecExpr> before = t.beforeExprs();
        Map<Variable, BitVecExpr> end = t.endExprs();
        List<Variable> vars = new ArrayList<>(l.updated());
        l.referenced().stream().filter(v -> !end.containsKey(v)).forEach(vars::add);
        List<BoolExpr> out = new ArrayList<>();
        for (Variable x : l.updated()) {
            if (before.get(x) == null) {
                continue;
            }
            boolean signed = x.type().signed();
            int w = x.type().width();
            out.add(le(before.get(x), end.get(x), signed));
            out.add(le(end.get(x), before.get(x), signed));
            add(out, le(ctx.mkBV(0, w), before.get(x), signed), le(ctx.mkBV(0, w), end.get(x), signed));
            add(out, lt(ctx.mkBV(0, w), before.get(x), signed), lt(ctx.mkBV(0, w), end.get(x), signed));
            add(out, ctx.mkEq(lowBit(before.get(x)), ctx.mkBV(0, 1)), ctx.mkEq(lowBit(end.get(x)), ctx.mkBV(0, 1)));
            add(out, ctx.mkEq(lowBit(before.get(x)), ctx.mkBV(1, 1)), ctx.mkEq(lowBit(end.get(x)), ctx.mkBV(1, 1)));
            for (Variable y : vars) {
                if (y == x || y.type().width() != w) {
                    continue;
                }
                BitVecExpr yb = before.get(y);
                BitVecExpr ye = end.getOrDefault(y, yb);
                if (yb == null) {
                    continue;
                }
                add(out, le(before.get(x), yb, signed), le(end.get(x), ye, signed));
                add(out, lt(before.get(x), yb, signed), lt(end.get(x), ye, signed));
                add(out, le(yb, before.get(x), signed), le(ye, end.get(x), signed));
                add(out, lt(yb, before.get(x), signed), lt(ye, end.get(x), signed));
                if (end.containsKey(y) && x.id() < y.id() && signed == y.type().signed()) {
                    add(out, sumAtLeast(before.get(x), yb, 1, signed), sumAtLeast(end.get(x), ye, 1, signed));
                    out.add(le(wideSum(end.get(x), ye, signed), wideSum(before.get(x), yb, signed), signed));
                    out.add(le(wideSum(before.get(x), yb, signed), wideSum(end.get(x), ye, signed), signed));
                }
            }
        }
        return out;
    }

    private void add(List<BoolExpr> out, BoolExpr atEntry, BoolExpr atHead) {
        out.add(ctx.mkImplies(atEntry, atHead));
    }

    private BoolExpr le(BitVecExpr a, BitVecExpr b, boolean signed) {
        return signed ? ctx.mkBVSLE(a, b) : ctx.mkBVULE(a, b);
    }

    private BoolExpr lt(BitVecExpr a, BitVecExpr b, boolean signed) {
        return signed ? ctx.mkBVSLT(a, b) : ctx.mkBVULT(a, b);
    }

    private BitVecExpr lowBit(BitVecExpr x) {
        return ctx.mkExtract(0, 0, x);
    }

    /** a + b ≥ k, computed one bit wider so that it cannot wrap. */
    private BoolExpr sumAtLeast(BitVecExpr a, BitVecExpr b, long k, boolean signed) {
        return le(ctx.mkBV(k, a.getSortSize() + 1), wideSum(a, b, signed), signed);
    }

    /** a + b one bit wider than a and b, so that it cannot wrap. */
    private BitVecExpr wideSum(BitVecExpr a, BitVecExpr b, boolean signed) {
        BitVecExpr wa = signed ? ctx.mkSignExt(1, a) : ctx.mkZeroExt(1, a);
        BitVecExpr wb = signed ? ctx.mkSignExt(1, b) : ctx.mkZeroExt(1, b);
        return ctx.mkBVAdd(wa, wb);
    }

    private BoolExpr and(List<BoolExpr> fs) {
        return ctx.mkAnd(fs.toArray(new BoolExpr[0]));
    }
}
