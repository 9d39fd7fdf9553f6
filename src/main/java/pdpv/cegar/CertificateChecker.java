package pdpv.cegar;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Variable;
import pdpv.encode.LoopIteration;
import pdpv.encode.LoopSite;
import pdpv.encode.ProgramEncoding;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/**
 * Re-checks a SAFE answer apart from the engines that produced it (soundness contract, design
 * page), each query in a fresh solver: for every loop l, initiation (LI_l holds with no iteration
 * done, LI_l(x_b, x_b)) and consecution (LI_l(x_b, x_e) and one pass through the body from x_e to
 * x_e′, nested loops through their invariants, imply LI_l(x_b, x_e′)); and F with all loop
 * invariants instantiated is unsatisfiable (thesis §4.3.1–4.3.3). Body passes are those with all
 * their assertions holding: a pass that fails an assertion is a path of F.
 */
final class CertificateChecker {
    private final Context ctx;
    private final LoopForest loops;
    private final SmtStatistics stats;

    CertificateChecker(Context ctx, LoopForest loops, SmtStatistics stats) {
        this.ctx = ctx;
        this.loops = loops;
        this.stats = stats;
    }

    /** Null if the invariants of {@code store} prove {@code encoding} safe, else what fails. */
    String check(ProgramEncoding encoding, LoopInvariantStore store) {
        for (Loop l : loops.loops()) {
            String problem = checkLoop(encoding, l, store);
            if (problem != null) {
                return problem;
            }
        }
        List<BoolExpr> f = new ArrayList<>();
        f.add(encoding.formula());
        for (LoopSite site : encoding.loopSites()) {
            f.add(store.instantiateFrom(site, 0));
        }
        return unsat(f) ? null : "F with the loop invariants is satisfiable";
    }

    /** Initiation and consecution of LI_l; LI_l = true (nothing learned) needs no check. */
    private String checkLoop(ProgramEncoding encoding, Loop l, LoopInvariantStore store) {
        if (store.count(l) == 0) {
            return null;
        }
        LoopInvariantStore.Templates t = store.templates(l);
        BoolExpr inv = store.conjunction(l);
        Map<Variable, BitVecExpr> atStart = new LinkedHashMap<>();
        t.end().keySet().forEach(v -> atStart.put(v, t.before().get(v).current()));
        if (!unsat(List.of(ctx.mkNot(withEnd(inv, t, atStart))))) {
            return "the invariant of " + Evidence.describe(l) + " does not hold on entry";
        }
        Map<Variable, BitVecExpr> next = new LinkedHashMap<>();
        t.end().forEach((v, s) -> next.put(v, (BitVecExpr) ctx.mkFreshConst(s.name() + "'", s.current().getSort())));
        LoopIteration pass = encoding.relationalIteration(l, t.beforeExprs(), t.endExprs());
        List<BoolExpr> step = new ArrayList<>();
        step.add(inv);
        step.add(pass.relation(next));
        for (LoopSite site : pass.dag().loopSites()) {
            step.add(store.instantiateFrom(site, 0));
        }
        step.add(ctx.mkNot(withEnd(inv, t, next)));
        return unsat(step) ? null : "the invariant of " + Evidence.describe(l) + " is not preserved by its body";
    }

    /** inv with x_e replaced by {@code end(x)}. */
    private static BoolExpr withEnd(BoolExpr inv, LoopInvariantStore.Templates t, Map<Variable, BitVecExpr> end) {
        List<Expr<?>> from = new ArrayList<>();
        List<Expr<?>> to = new ArrayList<>();
        t.end().forEach((v, s) -> {
            from.add(s.current());
            to.add(end.get(v));
        });
        return (BoolExpr) inv.substitute(from.toArray(new Expr<?>[0]), to.toArray(new Expr<?>[0]));
    }

    private boolean unsat(List<BoolExpr> conjuncts) {
        SmtSolver solver = new SmtSolver(ctx, stats);
        solver.add(conjuncts.toArray(new BoolExpr[0]));
        return solver.check() instanceof SmtResult.Unsat;
    }
}
