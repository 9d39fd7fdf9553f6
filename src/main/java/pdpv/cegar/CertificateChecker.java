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
import pdpv.encode.ExprEncoder;
import pdpv.encode.LoopIteration;
import pdpv.encode.LoopSite;
import pdpv.encode.ProgramEncoding;
import pdpv.encode.Z3Algebra;
import pdpv.encode.accel.PhaseSummary;
import pdpv.smt.Cancellation;
import pdpv.smt.ConservedEqualities;
import pdpv.smt.Conjuncts;
import pdpv.smt.ProductAbstraction;
import pdpv.smt.RelaxationBudget;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/**
 * Re-checks a SAFE answer apart from the engines that produced it (soundness contract, design
 * page), each query in a fresh solver: for every loop l, initiation (LI_l holds with no iteration
 * done, LI_l(x_b, x_b)) and consecution (LI_l(x_b, x_e) and one pass through the body from x_e to
 * x_e′, nested loops through their invariants, imply LI_l(x_b, x_e′)); and F with all loop
 * invariants instantiated is unsatisfiable (thesis §4.3.1–4.3.3). Body passes are those with all
 * their assertions holding: a pass that fails an assertion is a path of F. Consecution takes the
 * body in functional form (x_e′ as terms over x_b, x_e and the pass's inputs, {@link
 * ProgramEncoding#iteration}; the same relation as F's relational form, which LoopIterationTest
 * checks on every example loop): Z3 substitutes those terms and normalizes the sums, where the
 * relational form leaves it guarded equalities to bit-blast (a sum of three counters: 9 s instead
 * of 0.02 s for one invariant).
 * <p>
 * A loop may also be summarized by its accelerated phases ({@link PhaseSummary}, issue #19): S(x_b,
 * x_e, N) with counts N that F leaves open. S is a loop invariant too, with its counts read
 * existentially; it is checked with witnesses for them: initiation S(x_b, x_b, 0), and consecution
 * S(x_b, x_e, N) ∧ LI_l ∧ one pass ⇒ S(x_b, x_e′, N′) for N′ one more pass in some phase.
 */
final class CertificateChecker {
    private final Context ctx;
    private final LoopForest loops;
    private final SmtStatistics stats;
    private final long jointResources;
    private final Cancellation cancellation;
    private final RelaxationBudget relaxation;

    /**
     * A checker whose consecution query for all of a loop's invariants at once gets
     * {@code jointResources} Z3 resource units (0: no limit); if it gives up, each invariant is
     * asked on its own without limit, which proves a conjunction of sums of counters in well under
     * a second where the joint query takes ten (see {@link CegarOptions.Policy#candidateJointResources}).
     */
    CertificateChecker(Context ctx, LoopForest loops, SmtStatistics stats, long jointResources) {
        this(ctx, loops, stats, jointResources, new Cancellation(ctx), RelaxationBudget.NONE);
    }

    /**
     * As above, every check stopped (answering that it could not show what it checks) once
     * {@code cancellation} is cancelled; a check that divides by a constant other than a power of two
     * ({@link RelaxationBudget#ifDividing}) and that the bit-blaster does not decide quickly goes to its exact
     * integer relaxation within {@code relaxation} ({@link pdpv.smt.SmtSolver}), whose
     * unsatisfiability implies the check's.
     */
    CertificateChecker(Context ctx, LoopForest loops, SmtStatistics stats, long jointResources, Cancellation cancellation,
                       RelaxationBudget relaxation) {
        this.ctx = ctx;
        this.loops = loops;
        this.stats = stats;
        this.jointResources = jointResources;
        this.cancellation = cancellation;
        this.relaxation = relaxation;
    }

    /** Null if the invariants of {@code store} prove {@code encoding} safe, else what fails. */
    String check(ProgramEncoding encoding, LoopInvariantStore store) {
        return check(encoding, store, List.of(), List.of());
    }

    /**
     * Null if the invariants of {@code store} and the phase {@code summaries}, which F has as
     * {@code summaryClauses}, prove {@code encoding} safe, else what fails.
     */
    String check(ProgramEncoding encoding, LoopInvariantStore store, List<PhaseSummary> summaries, List<BoolExpr> summaryClauses) {
        for (Loop l : loops.loops()) {
            String problem = checkLoop(encoding, l, store);
            if (problem != null) {
                return problem;
            }
        }
        for (PhaseSummary s : summaries) {
            String problem = checkSummary(encoding, store, s, 0);
            if (problem != null) {
                return problem;
            }
        }
        List<BoolExpr> f = new ArrayList<>();
        f.add(encoding.formula());
        for (LoopSite site : encoding.loopSites()) {
            f.add(store.instantiateFrom(site, 0));
        }
        f.addAll(summaryClauses);
        List<BoolExpr> given = List.copyOf(f);
        f.addAll(ConservedEqualities.normalForms(ctx, given));
        // the invariants' equalities, not the program's assignments, imply the program's nonlinear equalities
        f.addAll(ConservedEqualities.entailments(ctx, given.subList(1, given.size()), given));
        // the program's assignments imply the invariants' equalities at the loops' entries
        f.addAll(ConservedEqualities.definitionEntailments(ctx, encoding.formula(), given.subList(1, given.size())));
        return unsat(f) ? null : "F with the loop invariants is satisfiable";
    }

    /**
     * Initiation and consecution of a loop's phase summary, with one more pass in some phase as the
     * witness; each check within {@code resources} Z3 units (0: no limit), a check that gives up failing.
     */
    String checkSummary(ProgramEncoding encoding, LoopInvariantStore store, PhaseSummary summary, long resources) {
        Loop l = summary.loop();
        LoopInvariantStore.Templates t = store.templates(l);
        ExprEncoder exprs = new ExprEncoder(encoding.semantics(), new Z3Algebra(ctx));
        Map<Variable, BitVecExpr> atStart = new LinkedHashMap<>();
        t.end().keySet().forEach(v -> atStart.put(v, t.before().get(v).current()));
        if (!(check(List.of(ctx.mkNot(summary.encode(exprs, t.beforeExprs(), atStart, summary.zeroCounts(ctx)))), resources)
                instanceof SmtResult.Unsat)) {
            return "the phase summary of " + Evidence.describe(l) + " does not hold on entry";
        }
        List<BitVecExpr> counts = summary.freshCounts(ctx, "N");
        LoopIteration pass = encoding.iteration(l, t.beforeExprs(), t.endExprs());
        List<BoolExpr> step = new ArrayList<>(pass.constraints());
        step.add(summary.encode(exprs, t.beforeExprs(), t.endExprs(), counts));
        step.add(store.conjunction(l));
        for (LoopSite site : pass.dag().loopSites()) {
            step.add(store.instantiateFrom(site, 0));
        }
        List<BoolExpr> next = new ArrayList<>();
        for (List<BitVecExpr> successor : summary.successors(ctx, counts)) {
            next.add(summary.encode(exprs, t.beforeExprs(), pass.nextFunctions(), successor));
        }
        step.add(ctx.mkNot(ctx.mkOr(next.toArray(new BoolExpr[0]))));
        return check(step, resources) instanceof SmtResult.Unsat ? null
                : "the phase summary of " + Evidence.describe(l) + " is not preserved by its body";
    }

    /** Initiation and consecution of LI_l; LI_l = true (nothing learned) needs no check. */
    private String checkLoop(ProgramEncoding encoding, Loop l, LoopInvariantStore store) {
        if (store.count(l) == 0) {
            return null;
        }
        LoopInvariantStore.Templates t = store.templates(l);
        BoolExpr inv = store.conjunction(l);
        Map<Variable, Expr<?>> atStart = new LinkedHashMap<>();
        Map<Variable, Expr<?>> before = t.beforeExprs();
        t.endExprs().keySet().forEach(v -> atStart.put(v, before.get(v)));
        if (!unsat(List.of(ctx.mkNot(withEnd(inv, t, atStart))))) {
            return "the invariant of " + Evidence.describe(l) + " does not hold on entry";
        }
        LoopIteration pass = encoding.iteration(l, t.beforeExprs(), t.endExprs());
        List<BoolExpr> body = new ArrayList<>(pass.constraints());
        for (LoopSite site : pass.dag().loopSites()) {
            body.add(store.instantiateFrom(site, 0));
        }
        BoolExpr fact = cellFact(Conjuncts.of(inv), t);
        if (fact != null) {
            // P(a_b) is the same before and after every pass: preserved if it is with P false (its
            // conjuncts vanish) and with P true (they are X; P's instances at the pass's reads assumed)
            List<BoolExpr> withFact = new ArrayList<>(body);
            List<Expr<?>> read = new ArrayList<>(pass.constraints());
            read.addAll(pass.nextFunctions().values());
            withFact.addAll(Instances.atReads(ctx, Conjuncts.of(fact), read));
            BoolExpr whenTrue = (BoolExpr) inv.substitute(fact, ctx.mkTrue());
            BoolExpr whenFalse = (BoolExpr) inv.substitute(fact, ctx.mkFalse());
            return preservedBy(withFact, whenTrue, t, pass, l, store) && preservedBy(body, whenFalse, t, pass, l, store) ? null
                    : "the invariant of " + Evidence.describe(l) + " is not preserved by its body";
        }
        return preservedBy(body, inv, t, pass, l, store) ? null : "the invariant of " + Evidence.describe(l) + " is not preserved by its body";
    }

    /**
     * The premise P of LI_l's conjuncts {@code P ⇒ X} that are facts about the cells of arrays the
     * loop reads and does not write ({@link CellInvariants#readOnly}: universally quantified, over
     * no template of U_l), if there is exactly one such premise; else null.
     */
    private BoolExpr cellFact(List<BoolExpr> conjuncts, LoopInvariantStore.Templates t) {
        java.util.Set<Expr<?>> ends = new java.util.HashSet<>(t.endExprs().values());
        BoolExpr found = null;
        for (BoolExpr c : conjuncts) {
            if (!c.isImplies()) {
                continue;
            }
            BoolExpr p = (BoolExpr) c.getArgs()[0];
            List<BoolExpr> parts = Conjuncts.of(p);
            if (parts.stream().allMatch(Expr::isQuantifier) && !pdpv.smt.Mentions.any(p, ends)) {
                if (found != null && !found.equals(p)) {
                    return null;
                }
                found = p;
            }
        }
        return found;
    }

    /** Consecution of {@code inv} over one pass with {@code body}, by the algebra where it applies and else by Z3. */
    private boolean preservedBy(List<BoolExpr> body, BoolExpr inv, LoopInvariantStore.Templates t, LoopIteration pass,
                                Loop l, LoopInvariantStore store) {
        // conjuncts the pass maps to themselves as polynomials (alone, or equalities given each other) are
        // preserved together; the solver, which gives up on their products of 64-bit vectors, is asked about
        // the others alone, with only those assumed
        Step substitution = Step.of(t, pass.nextFunctions(), store, l, pass.dag().loopSites(), loops.dominators());
        List<BoolExpr> conjuncts = Conjuncts.of(inv);
        List<BoolExpr> algebra = substitution == null ? List.of() : substitution.preservedConjuncts(conjuncts);
        if (!algebra.isEmpty()) {
            List<BoolExpr> rest = conjuncts.stream().filter(c -> !algebra.contains(c)).toList();
            if (rest.isEmpty() || preserved(body, and(rest), t, pass)) {
                return true;
            }
        }
        return preserved(body, inv, t, pass);
    }

    /** Whether {@code inv} and one pass through the body ({@code body}: its constraints) imply {@code inv} after the pass. */
    private boolean preserved(List<BoolExpr> body, BoolExpr inv, LoopInvariantStore.Templates t, LoopIteration pass) {
        List<BoolExpr> step = new ArrayList<>(body);
        step.add(inv);
        BoolExpr after = withEnd(inv, t, pass.nextFunctions());
        List<BoolExpr> joint = new ArrayList<>(step);
        joint.add(ctx.mkNot(after));
        // first with the products abstracted (an over-approximation: unsatisfiable there is unsatisfiable),
        // which shows the bounds Houdini kept the same way without multiplying vectors
        ProductAbstraction products = new ProductAbstraction(ctx);
        List<BoolExpr> abstracted = joint.stream().map(products::apply).toList();
        if (products.changedAny() && check(abstracted, jointResources) instanceof SmtResult.Unsat) {
            return true;
        }
        SmtResult all = check(joint, jointResources);
        boolean preserved = all instanceof SmtResult.Unsat;
        if (all instanceof SmtResult.Unknown) {
            // each conjunct on its own: within the budget given all of inv, then within it given only
            // itself (preserved alone is preserved given more), and only then without a limit; a large
            // conjunct among the assumptions (an implication under entry facts) made Z3 search without
            // end for a bound the pass keeps on its own (SV-COMP sumt2's i <= l)
            preserved = true;
            for (BoolExpr c : Conjuncts.of(inv)) {
                BoolExpr notAfter = ctx.mkNot(withEnd(c, t, pass.nextFunctions()));
                List<BoolExpr> one = new ArrayList<>(step);
                one.add(notAfter);
                if (check(one, jointResources) instanceof SmtResult.Unsat) {
                    continue;
                }
                List<BoolExpr> alone = new ArrayList<>(body);
                alone.add(c);
                alone.add(notAfter);
                if (check(alone, jointResources) instanceof SmtResult.Unsat) {
                    continue;
                }
                if (!unsat(one)) {
                    preserved = false;
                    break;
                }
            }
        }
        return preserved;
    }

    private BoolExpr and(List<BoolExpr> conjuncts) {
        return conjuncts.size() == 1 ? conjuncts.get(0) : ctx.mkAnd(conjuncts.toArray(new BoolExpr[0]));
    }

    /** inv with x_e replaced by {@code end(x)}. */
    static BoolExpr withEnd(BoolExpr inv, LoopInvariantStore.Templates t, Map<Variable, Expr<?>> end) {
        List<Expr<?>> from = new ArrayList<>();
        List<Expr<?>> to = new ArrayList<>();
        t.endExprs().forEach((v, s) -> {
            from.add(s);
            to.add(end.get(v));
        });
        return (BoolExpr) inv.substitute(from.toArray(new Expr<?>[0]), to.toArray(new Expr<?>[0]));
    }

    private boolean unsat(List<BoolExpr> conjuncts) {
        return check(conjuncts, 0) instanceof SmtResult.Unsat;
    }

    /** The conjuncts checked together in a fresh solver, within {@code resources} Z3 resource units (0: no limit). */
    private SmtResult check(List<BoolExpr> conjuncts, long resources) {
        SmtSolver solver = new SmtSolver(ctx, stats, cancellation, relaxation.ifDividing(conjuncts));
        solver.add(conjuncts.toArray(new BoolExpr[0]));
        return resources > 0 ? solver.checkWithinResources(resources, List.of()) : solver.check();
    }
}
