package pdpv.cegar;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Model;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Variable;
import pdpv.daikon.Invariant;
import pdpv.daikon.InvariantEncoder;
import pdpv.daikon.Polynomial;
import pdpv.pdr.TransitionSystem;
import pdpv.smt.Cancellation;
import pdpv.smt.RelaxationBudget;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.ProductAbstraction;
import pdpv.smt.SmtStatistics;

/**
 * Checks likely loop invariants before they are used as external invariants (thesis §6.1-6.2: an
 * invariant from anywhere may be used once it passes initiation and consecution in QF_BV). Each
 * candidate P over the loop's head values is mapped to the templates as §6.1 says
 * ({@link InvariantEncoder#overLoop}: P on entry implies P at the head), which holds in I
 * (x_e = x_b); the largest inductive subset is found by Houdini: while some model of C ∧ T
 * violates a candidate in the next state, drop the candidates it violates. A candidate whose own
 * query gives up is dropped too, so what is left is inductive, and holds in every reachable
 * state of the loop's instance.
 */
final class CandidateInvariants {
    /** Its budgets: the joint query's, one candidate's and one loop's (see {@link CegarOptions.Policy}). */
    private final CegarOptions.Policy policy;
    private final RelaxationBudget relaxation;
    private final Context ctx;
    private final SmtStatistics stats;
    private volatile SmtSolver solver;
    private volatile boolean cancelled;

    /**
     * What Houdini made of a loop's candidates: the inductive ones ({@code kept}, with their
     * conjunction over the templates) and how many were dropped because a step of the loop breaks
     * them ({@code notInductive}), because a query gave up ({@code undecided}, all that were left
     * then), or because they read a variable the loop's templates do not have ({@code unencodable});
     * and how many of the kept are sums the loop's body conserves ({@link pdpv.daikon.ConservedSums})
     * that were not among the candidates ({@code conservedSums}). The {@code joint} ones (among
     * {@code kept}, after the others and before the sums) were kept only together, under one premise: the
     * {@code entry} facts and each of them on entry ({@link #inductive}'s third round).
     */
    record Outcome(List<Invariant> kept, BoolExpr formula, int notInductive, int undecided, int unencodable, int conservedSums,
                   List<Invariant> joint, List<Invariant> entry) {
        Outcome(List<Invariant> kept, BoolExpr formula, int notInductive, int undecided, int unencodable, int conservedSums) {
            this(kept, formula, notInductive, undecided, unencodable, conservedSums, List.of(), List.of());
        }

        /** The kept ones that were candidates: {@code kept} without the conserved sums, which come last. */
        List<Invariant> keptCandidates() {
            return kept.subList(0, kept.size() - conservedSums);
        }
    }

    /**
     * {@code relaxation}: how long a query that divides by a constant other than a power of two
     * ({@link RelaxationBudget#ifDividing}) goes to the bit-blaster before its exact integer relaxation is
     * tried ({@link SmtSolver}); a candidate over a quotient ({@code n == i / 3} beside the body's
     * {@code i % 3}) is shown inductive there in a few thousand units where the bit-blaster needs
     * seconds. Other queries are bit-blasted only: there the relaxation's attempts cost time and
     * decide nothing (SV-COMP divbin, ps3-ll).
     */
    CandidateInvariants(Context ctx, SmtStatistics stats, CegarOptions.Policy policy, RelaxationBudget relaxation) {
        this.ctx = ctx;
        this.stats = stats;
        this.policy = policy;
        this.relaxation = relaxation;
    }

    /**
     * Houdini on {@code candidates} for the loop with templates {@code t} and instance {@code ts},
     * in two rounds: first the linear candidates, then the nonlinear ones (products of variables,
     * costly in QF_BV) with the linear survivors assumed, which are inductive on their own; so the
     * hard queries never slow down the easy ones, and each of them has a smaller budget of its own.
     * A candidate whose equalities one pass through the body ({@code step}: each template of U_l's
     * next-state term, with the nested loops' seeds as its facts) maps to themselves as polynomials ({@link pdpv.smt.ConservedEqualities}) is
     * inductive on its own: it is kept without a query, and
     * assumed in both rounds if it is linear. Equality candidates that the pass conserves only given
     * each other (Cohen's {@code x == n^3} given {@code y == 3n^2+3n+1} and {@code z == 6n+6}: a
     * Houdini fixpoint done by algebra, {@link pdpv.smt.ConservedEqualities#together}) are kept
     * without a query too, as one more conjunct {@code (A_1 ∧ ... ∧ A_n) ⇒ (E_1 ∧ ... ∧ E_n)} of
     * their formulas {@code A_i ⇒ E_i}, which the certificate checker re-checks the same way.
     * The {@code sums} its body conserves ({@link pdpv.daikon.ConservedSums}) not among the
     * candidates are kept when the pass preserves them and never assumed in Houdini's queries: a
     * two-state equality over all of a loop's variables there made Z3's joint query give up on
     * benchmark06's eight broken candidates (5 s, where it found a model at once without it).
     * A third round takes the linear candidates that the first dropped once more, with the
     * {@code increments} ({@link pdpv.daikon.BoundedIncrements}), together under one premise
     * ({@link #jointly}): {@code entry}, facts over the values on entry (\old terms) that hold on
     * every entry into the loop, and each candidate on entry. The increments' bounds are checked
     * there only: they speak of the progress since entry, which the entry facts pin down, and alone,
     * with the entry values free, proving that a wrap-around keeps them made Z3 give up on
     * {@code s - \old(s) <= 255*(i - \old(i))} (12 s of the 30 s backstop, where under the entry
     * facts it is shown at once).
     */
    Outcome inductive(List<Invariant> candidates, List<Invariant> sums, LoopInvariantStore.Templates t, TransitionSystem ts,
                      Step step, List<Invariant> entry, List<Invariant> increments) {
        InvariantEncoder encoder = new InvariantEncoder(ctx);
        Map<Invariant, BoolExpr> linear = new LinkedHashMap<>();
        Map<Invariant, BoolExpr> nonlinear = new LinkedHashMap<>();
        Map<Invariant, BoolExpr> conserved = new LinkedHashMap<>();
        int unencodable = 0;
        Map<Invariant, BoolExpr> encoded = new LinkedHashMap<>();
        for (Invariant inv : candidates) {
            try {
                encoded.putIfAbsent(inv, encoder.overLoop(inv, t.beforeExprs(), t.endExprs()));
            } catch (IllegalArgumentException e) {
                unencodable++;
            }
        }
        // the equalities conserved together (each given the others) and not alone: one more conjunct,
        // (A_1 ∧ ... ∧ A_n) ⇒ (E_1 ∧ ... ∧ E_n) of their formulas A_i ⇒ E_i
        Map<Invariant, BoolExpr> together = step == null || cancelled ? Map.of() : conservedTogether(encoded, step);
        boolean relative = false;
        for (Map.Entry<Invariant, BoolExpr> e : encoded.entrySet()) {
            if (step != null && !cancelled && step.preserves(e.getValue())) {
                conserved.put(e.getKey(), e.getValue());
            } else if (together.containsKey(e.getKey())) {
                conserved.put(e.getKey(), ctx.mkTrue());
                relative = true;
            } else {
                (isLinear(e.getKey()) ? linear : nonlinear).put(e.getKey(), e.getValue());
            }
        }
        List<BoolExpr> group = relative ? List.of(together(together.values())) : List.of();
        List<BoolExpr> background = new ArrayList<>();
        background.add(ts.trans());
        conserved.forEach((inv, f) -> {
            if (isLinear(inv)) {
                background.add(f);
            }
        });
        long deadline = processorTime() + policy.candidateLoopBudget().toNanos();
        Map<Invariant, BoolExpr> ownSums = new LinkedHashMap<>();
        for (Invariant inv : sums) {
            if (step == null || cancelled || encoded.containsKey(inv)) {
                continue;
            }
            try {
                BoolExpr f = encoder.overLoop(inv, t.beforeExprs(), t.endExprs());
                if (step.preserves(f)) {
                    ownSums.put(inv, f);
                }
            } catch (IllegalArgumentException e) {
                // a sum over a variable the templates cannot mention is not offered
            }
        }
        // the linear candidates of a loop whose step multiplies variables are checked with the products
        // abstracted (an over-approximation of T, so what is inductive there is inductive): a bound does
        // not depend on a product, and bit-blasting 32- or 64-bit multipliers made every query give up
        ProductAbstraction products = new ProductAbstraction(ctx);
        List<BoolExpr> abstracted = background.stream().map(products::apply).toList();
        Map<Invariant, BoolExpr> firstLinear = new LinkedHashMap<>(linear);
        Round first = products.changedAny()
                ? houdini(abstracted, linear, ts, deadline, products::apply, LINEAR)
                : houdini(background, linear, ts, deadline, f -> f, LINEAR);
        Map<Invariant, BoolExpr> droppedLinear = new LinkedHashMap<>(firstLinear);
        droppedLinear.keySet().removeAll(linear.keySet());
        background.addAll(linear.values());
        // products: each query within the policy's smaller budget for them
        Round second = houdini(background, nonlinear, ts, deadline, f -> f, PRODUCTS);
        java.util.Set<Invariant> third = new java.util.LinkedHashSet<>(droppedLinear.keySet());
        for (Invariant inv : increments) {
            if (encoded.containsKey(inv)) {
                continue;
            }
            try {
                encoder.overLoop(inv, t.beforeExprs(), t.endExprs());
                third.add(inv);
            } catch (IllegalArgumentException e) {
                unencodable++;
            }
        }
        Joint joint = jointly(third, entry, background, t, ts, deadline, products);
        int jointFromFirst = (int) joint.kept().stream().filter(droppedLinear::containsKey).count();
        int incrementsDropped = third.size() - droppedLinear.size() - (joint.kept().size() - jointFromFirst);
        List<Invariant> kept = new ArrayList<>(linear.keySet());
        kept.addAll(nonlinear.keySet());
        kept.addAll(conserved.keySet());
        kept.addAll(joint.kept());
        kept.addAll(ownSums.keySet());
        List<BoolExpr> formulas = new ArrayList<>(linear.values());
        formulas.addAll(nonlinear.values());
        conserved.values().stream().filter(f -> !f.isTrue()).forEach(formulas::add);
        formulas.addAll(group);
        if (!joint.kept().isEmpty()) {
            formulas.add(joint.formula());
        }
        formulas.addAll(ownSums.values());
        return new Outcome(kept, formulas.isEmpty() ? ctx.mkTrue() : and(formulas),
                first.notInductive + second.notInductive - jointFromFirst + incrementsDropped, first.undecided + second.undecided, unencodable,
                ownSums.size(), joint.kept(), joint.kept().isEmpty() ? List.of() : entry);
    }

    /** What the third round kept: the candidates and their formula {@code premise ⇒ (E_1 ∧ ... ∧ E_n)}. */
    private record Joint(List<Invariant> kept, BoolExpr formula) {
    }

    /**
     * Houdini once more on the linear candidates the first round dropped, under one premise that
     * does not change along the loop (it reads only x_b): the {@code entry} facts and each live
     * candidate P_j on entry, {@code P_j(x_b)}. Alone, each P_j(x_b) ⇒ P_j(x_e) assumes only its own
     * entry value, so {@code v <= s} is not inductive where only {@code s}'s bound, another candidate
     * with another premise, keeps {@code s + v} from wrapping around. Each pass drops the candidates
     * some step breaks under the premise of the live ones, until a pass drops none: then
     * {@code (E(x_b) ∧ ∧_j P_j(x_b)) ⇒ ∧_j P_j(x_e)} holds initially (x_e = x_b) and is inductive
     * (x_b′ = x_b), as the certificate checker re-checks with the rest of LI_l. A candidate's premise
     * must follow from the entry facts, or, given them, read only the loop's parameters (variables it
     * does not update) and be consistent with them: issue 19's {@code k >= n} beside
     * {@code \old(n) == 0}. The round is skipped only when there is no candidate.
     */
    private Joint jointly(java.util.Set<Invariant> dropped, List<Invariant> entry, List<BoolExpr> background,
                          LoopInvariantStore.Templates t, TransitionSystem ts, long deadline, ProductAbstraction products) {
        InvariantEncoder encoder = new InvariantEncoder(ctx);
        Map<Invariant, BoolExpr> premises = new LinkedHashMap<>();
        Map<Invariant, BoolExpr> live = new LinkedHashMap<>();
        for (Invariant inv : dropped) {
            premises.put(inv, encoder.needsPremise(inv, t.beforeExprs()) ? encoder.atEntry(inv, t.beforeExprs()) : ctx.mkTrue());
            live.put(inv, encoder.atHead(inv, t.beforeExprs(), t.endExprs()));
        }
        List<BoolExpr> facts = new ArrayList<>();
        for (Invariant e : entry) {
            facts.add(encoder.atEntry(e, t.beforeExprs()));
        }
        // a candidate's value on entry must follow from the entry facts (initiation): premises that
        // contradict them, or each other (Daikon's false c == 7 beside \old(c) == 0), made the kept
        // conjunct vacuous; a premise that reads the entry values of updated variables only where the
        // entry facts fix them is a condition on the loop's parameters (k >= n with \old(n) == 0 is
        // k >= 0, issue 19's modulo guard), which every test's entry met: it stays in the premise if
        // it is consistent with the facts
        java.util.Set<Variable> fixed = new java.util.HashSet<>();
        entry.forEach(e -> e.terms().stream().filter(pdpv.daikon.Term::old).forEach(x -> fixed.add(x.variable())));
        for (Invariant inv : new ArrayList<>(live.keySet())) {
            BoolExpr p = premises.get(inv);
            if (p.isTrue() || check(facts, policy.candidateResources(), ctx.mkNot(p)) instanceof SmtResult.Unsat) {
                continue;
            }
            boolean onParameters = inv.terms().stream()
                    .allMatch(x -> !t.endExprs().containsKey(x.variable()) || fixed.contains(x.variable()));
            if (!onParameters || !(check(facts, policy.candidateResources(), p) instanceof SmtResult.Sat)) {
                live.remove(inv);
            }
        }
        if (live.isEmpty() || cancelled) {
            return new Joint(List.of(), ctx.mkTrue());
        }
        while (!live.isEmpty()) {
            int before = live.size();
            List<BoolExpr> assumed = new ArrayList<>(background);
            assumed.add(premise(facts, premises, live));
            if (products.changedAny()) {
                houdini(assumed.stream().map(products::apply).toList(), live, ts, deadline, products::apply, LINEAR);
            } else {
                houdini(assumed, live, ts, deadline, f -> f, LINEAR);
            }
            if (live.size() == before) {
                break;
            }
        }
        if (live.isEmpty()) {
            return new Joint(List.of(), ctx.mkTrue());
        }
        return new Joint(new ArrayList<>(live.keySet()), ctx.mkImplies(premise(facts, premises, live), and(new ArrayList<>(live.values()))));
    }

    /** The entry facts and the premises of the live candidates. */
    private BoolExpr premise(List<BoolExpr> facts, Map<Invariant, BoolExpr> premises, Map<Invariant, BoolExpr> live) {
        List<BoolExpr> all = new ArrayList<>(facts);
        live.keySet().forEach(inv -> all.add(premises.get(inv)));
        return and(all);
    }

    /**
     * The equality candidates ({@code P} an equality, encoded as {@code P} or {@code P(x_b) ⇒ P(x_e)})
     * that one pass conserves together ({@link pdpv.smt.ConservedEqualities#together}), with their formulas.
     */
    private Map<Invariant, BoolExpr> conservedTogether(Map<Invariant, BoolExpr> encoded, Step step) {
        List<Invariant> invs = new ArrayList<>();
        List<BoolExpr> equalities = new ArrayList<>();
        encoded.forEach((inv, f) -> {
            BoolExpr e = f.isImplies() ? (BoolExpr) f.getArgs()[1] : f;
            if (e.isEq() && e.getArgs()[0] instanceof com.microsoft.z3.BitVecExpr) {
                invs.add(inv);
                equalities.add(e);
            }
        });
        Map<Invariant, BoolExpr> out = new LinkedHashMap<>();
        for (int i : step.conservedTogether(equalities)) {
            out.put(invs.get(i), encoded.get(invs.get(i)));
        }
        return out;
    }

    /** {@code (A_1 ∧ ... ∧ A_n) ⇒ (E_1 ∧ ... ∧ E_n)} of the formulas {@code A_i ⇒ E_i} (or {@code E_i}). */
    private BoolExpr together(java.util.Collection<BoolExpr> formulas) {
        List<BoolExpr> premises = new ArrayList<>();
        List<BoolExpr> equalities = new ArrayList<>();
        for (BoolExpr f : formulas) {
            if (f.isImplies()) {
                premises.add((BoolExpr) f.getArgs()[0]);
                equalities.add((BoolExpr) f.getArgs()[1]);
            } else {
                equalities.add(f);
            }
        }
        BoolExpr all = and(equalities);
        return premises.isEmpty() ? all : ctx.mkImplies(and(premises), all);
    }

    /** Which budgets a Houdini round's queries get ({@link #houdini}): the linear ones' or the products'. */
    private static final boolean LINEAR = false;
    private static final boolean PRODUCTS = true;

    /** Dropped candidates of one round of Houdini. */
    private record Round(int notInductive, int undecided) {
    }

    /**
     * One Houdini round: removes from {@code live} until the rest is inductive relative to what
     * the solver holds (T, and earlier rounds' survivors). It first asks for a model violating any
     * candidate, briefly, and drops the candidates that model violates. Once that joint query gives
     * up, it asks for each candidate on its own, with all the live ones assumed, which proves
     * inductive sets faster, and drops every one not shown to be kept in that pass (a candidate
     * that some step from the live set breaks is in no inductive subset of it, Houdini's argument);
     * the joint query is not asked again for this round, as it would give up again on the smaller
     * set; nor is it asked for a single candidate, whose own query it then is. At the deadline or when cancelled, all that are left are dropped.
     * The queries of a round on {@code products} get {@link CegarOptions.Policy#candidateProductResources}
     * each (the joint one at most that too), the others the policy's linear budgets.
     */
    private Round houdini(List<BoolExpr> background, Map<Invariant, BoolExpr> live, TransitionSystem ts, long deadline,
                          java.util.function.UnaryOperator<BoolExpr> view, boolean products) {
        long jointUnits = products ? Math.min(policy.candidateJointResources(), policy.candidateProductResources())
                : policy.candidateJointResources();
        long oneUnits = products ? policy.candidateProductResources() : policy.candidateResources();
        int notInductive = 0;
        int undecided = 0;
        boolean joint = true;
        while (!live.isEmpty()) {
            if (processorTime() > deadline || cancelled) {
                undecided += live.size();
                live.clear();
                break;
            }
            BoolExpr all = and(new ArrayList<>(live.values()));
            // with one candidate left the joint query is that candidate's own query with a smaller
            // budget: ask it once, with the larger (nest-len's product equality gave up in both, 3 s)
            if (joint && live.size() > 1) {
                SmtResult r = check(background, jointUnits, view.apply(all), view.apply(ctx.mkNot(ts.prime(all))));
                if (r instanceof SmtResult.Unsat) {
                    break;
                }
                if (r instanceof SmtResult.Sat sat) {
                    Model m = sat.model();
                    int before = live.size();
                    live.values().removeIf(c -> m.eval(view.apply(ts.prime(c)), true).isFalse());
                    notInductive += before - live.size();
                    continue;
                }
                joint = false;
            }
            List<Invariant> broken = new ArrayList<>();
            for (Map.Entry<Invariant, BoolExpr> c : live.entrySet()) {
                if (processorTime() > deadline || cancelled) {
                    break;
                }
                SmtResult one = check(background, oneUnits, view.apply(all),
                        view.apply(ctx.mkNot(ts.prime(c.getValue()))));
                if (one instanceof SmtResult.Sat) {
                    notInductive++;
                    broken.add(c.getKey());
                } else if (!(one instanceof SmtResult.Unsat)) {
                    undecided++;
                    broken.add(c.getKey());
                }
            }
            if (broken.isEmpty() && processorTime() <= deadline && !cancelled) {
                break;
            }
            broken.forEach(live::remove);
        }
        return new Round(notInductive, undecided);
    }

    /**
     * Whether the background and the formulas are satisfiable within {@code resources} Z3
     * resource units, in a fresh solver without assumptions: Z3 then preprocesses the query as a whole (solving the next-state equations,
     * normalizing sums of monomials), which makes consecution of a linear equality easy, where
     * its incremental core bit-blasts both sides and often gives up.
     */
    private SmtResult check(List<BoolExpr> background, long resources, BoolExpr... formulas) {
        List<BoolExpr> query = new ArrayList<>(background);
        query.addAll(List.of(formulas));
        SmtSolver s = new SmtSolver(ctx, stats, new Cancellation(ctx), relaxation.ifDividing(query));
        solver = s;
        if (cancelled) {
            return new SmtResult.Unknown("cancelled");
        }
        s.add(query.toArray(new BoolExpr[0]));
        return s.checkWithinResources(resources, List.of());
    }

    /**
     * This thread's processor time in nanoseconds (Z3 answers on the calling thread), or the wall
     * clock where the JVM cannot tell it: the loop's backstop counts the work done, so that what
     * Houdini keeps does not depend on the load. fermat1's outer loop takes about 6 s of processor
     * time; under a load of 10-28 on two cores it reached the 30 s backstop in wall time and kept 8
     * of the 16 candidates it keeps otherwise, and the run then timed out where it is safe with all 16.
     */
    private static long processorTime() {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /** No product of two terms in it. */
    private static boolean isLinear(Invariant inv) {
        if (inv instanceof Invariant.Compare c) {
            return degree(c.left()) <= 1 && degree(c.right()) <= 1;
        }
        if (inv instanceof Invariant.Congruence c) {
            return degree(c.value()) <= 1;
        }
        if (inv instanceof Invariant.OneOf o) {
            return degree(o.value()) <= 1;
        }
        if (inv instanceof Invariant.Implication i) {
            return isLinear(i.premise()) && isLinear(i.conclusion());
        }
        return true;
    }

    private static int degree(Polynomial p) {
        return p.coefficients().keySet().stream().mapToInt(List::size).max().orElse(0);
    }

    /** Stops the running query from another thread; the check then keeps nothing. */
    void cancel() {
        cancelled = true;
        SmtSolver s = solver;
        if (s != null) {
            s.interrupt();
        }
    }

    private BoolExpr and(List<BoolExpr> fs) {
        return ctx.mkAnd(fs.toArray(new BoolExpr[0]));
    }
}
