package pdpv.cegar;

import java.time.Duration;
import java.util.List;
import pdpv.pdr.PdrOptions;

/**
 * Options of invariant refinement (thesis §4.3.3).
 *
 * @param generalization widen a spurious counterexample before it becomes B: first to all of F's
 *     violations through the loop, then by Algorithm 4.5; false refines with the counterexample's
 *     point alone (the thesis's "no generalization" column)
 * @param memoization keep each loop's PDR engine, and so its trace, across refinements (§4.3.3);
 *     false starts a fresh engine for every PDR call
 * @param candidates before the first refinement, seed each LI_l with the inductive ones of the
 *     likely invariants mined from the tests' samples (chapter 6's external invariants, checked
 *     by {@link CandidateInvariants}), and each loop that stores into an array with the inductive
 *     ones of its cell invariants ({@link CellInvariants}, issue #20: fitted to the same samples, each
 *     Z3 query within {@link Policy#candidateResources})
 * @param pdr options of the QF_BV PDR engine
 * @param policy the refinement policy: which B's Algorithm 4.4 hands to PDR, in which order and with
 *     which budgets ({@link RefinementPolicy}), and the look-ahead and candidate budgets
 */
public record CegarOptions(boolean generalization, boolean memoization, boolean candidates, PdrOptions pdr,
                           Policy policy) {
    /** The options with the default {@link RefinementPolicy}. */
    public CegarOptions(boolean generalization, boolean memoization, boolean candidates, PdrOptions pdr) {
        this(generalization, memoization, candidates, pdr, Policy.defaults());
    }

    public static CegarOptions defaults() {
        return new CegarOptions(true, true, true, PdrOptions.defaults());
    }

    public CegarOptions withGeneralization(boolean on) {
        return new CegarOptions(on, memoization, candidates, pdr, policy);
    }

    public CegarOptions withMemoization(boolean on) {
        return new CegarOptions(generalization, on, candidates, pdr, policy);
    }

    public CegarOptions withCandidates(boolean on) {
        return new CegarOptions(generalization, memoization, on, pdr, policy);
    }

    public CegarOptions withPolicy(Policy p) {
        return new CegarOptions(generalization, memoization, candidates, pdr, p);
    }

    /**
     * The refinement policy as data (issue #10). The defaults of the first four come from the sweep
     * of {@code invgen-bench/policy-sweep.tsv} over the thesis set and the SV-COMP development set
     * ({@code invgen-bench/results/2026-11-24-policy-sweep/}: each varied alone, {@code --engine
     * cegar}, 20 s a task, then the tasks that changed again at 60 s).
     *
     * @param badOrder the B's tried for a loop visit, in this order, as long as PDR shows them
     *     reachable ({@link BadKind}); it ends with {@link BadKind#POINT}, which every other B contains.
     *     Default: from the widest (all violations through the loop, which excludes the most at once)
     *     to the point, as the thesis's generalization goes; in the sweep, every order that does not
     *     start with the violations loses thesis id_trans and SV-COMP jain_5-2
     * @param wideBadBudget PDR's time for each B wider than the point before the next B is tried
     *     (default 10 s: in the sweep, 5 and 10 s each decided one task more than 60 s, loop-zilu
     *     benchmark13, again at 60 s a task where 60 s per wide B timed out, and lost none, at 2-3%
     *     more time on the tasks both decide; 2 s cost 12%)
     * @param lookaheadSteps loop iterations unrolled to find a short trace to B with one SMT call
     *     before PDR runs (default 3: each step adds a copy of the loop body to the query; in the
     *     sweep, 0 and 1 lost nothing and 6 lost two tasks, and the two tasks 0 gained at 20 s
     *     timed out again at 60 s)
     * @param candidateJointResources Z3 resource units of Houdini's query for a model violating any
     *     candidate, before the candidates are asked one by one (default {@link #CANDIDATE_JOINT_RESOURCES},
     *     about a second: the PDR engine's candidate checks count 2,500,000 as half a second); counted rather than
     *     timed so that what survives does not depend on the machine's load; the certificate
     *     check's consecution query for all of a loop's invariants gets as many before it asks
     *     them one by one too
     * @param candidateResources resource units of Houdini's query for one candidate; one that gives
     *     up drops that candidate as undecided (default {@link #CANDIDATE_RESOURCES}, about 2 s: a likely invariant
     *     that Z3 cannot show inductive quickly rarely pays for itself later)
     * @param candidateProductResources resource units of each of Houdini's queries on the candidates
     *     with products of variables (its second round, after the linear survivors): those queries
     *     bit-blast 32- or 64-bit multipliers, and a non-inductive product equality whose
     *     counterexample needs a zero divisor (heapsort1's (l - 1)*(n - r) == 0, from the samples'
     *     l == 1 || r == n) or one Z3 cannot decide (nest-len's i*k + n == k*n + i) can spend the
     *     whole budget; how much of it Z3 needs varies from run to run with the context's history
     *     (heapsort1's query, the same text, was refuted within 0.6 million units in some runs and
     *     gave up at 10 million in others: 3.7 to 9.9 s for the row). Default
     *     {@link #PRODUCT_CANDIDATE_RESOURCES}
     * @param candidateLoopBudget processor time of all Houdini's queries for one loop (the seeding
     *     thread's, so that what is kept does not depend on the load), a backstop; the candidates left
     *     then are dropped as undecided (default 30 s)
     */
    public record Policy(List<BadKind> badOrder, Duration wideBadBudget, int lookaheadSteps,
                         long candidateJointResources, long candidateResources, long candidateProductResources,
                         Duration candidateLoopBudget)
            implements RefinementPolicy {
        public Policy {
            badOrder = List.copyOf(badOrder);
            if (badOrder.isEmpty() || badOrder.get(badOrder.size() - 1) != BadKind.POINT
                    || badOrder.indexOf(BadKind.POINT) != badOrder.size() - 1) {
                throw new IllegalArgumentException("the order of the B's must end with point, once");
            }
            if (lookaheadSteps < 0) {
                throw new IllegalArgumentException("negative look-ahead");
            }
            if (candidateProductResources <= 0 || candidateJointResources <= 0 || candidateResources <= 0) {
                throw new IllegalArgumentException("the candidates' resources must be positive");
            }
        }

        /**
         * Default budget of a query on a product candidate: 1,000,000 units, from the sweep of
         * invgen-bench/results/2026-11-26-product-sweep (the thesis set and the SV-COMP set kept every
         * verdict at 1 M as at 10 M, nest-len 7.3 -> 4.9 s, sumt4 60.6 -> 56.0 s; the only product
         * candidate seen proved took 0.27 M units).
         */
        public static final long PRODUCT_CANDIDATE_RESOURCES = 1_000_000L;

        /** Default of {@code candidateJointResources}: 5,000,000 units, about a second; not swept yet. */
        public static final long CANDIDATE_JOINT_RESOURCES = 5_000_000L;

        /**
         * Default of {@code candidateResources}: 10,000,000 units, about 2 s. Swept over both sets and
         * issue #19's families at 2.5 M and 40 M (invgen-bench/results/2026-11-27-candidate-sweep):
         * neither decides more; 40 M loses the two SV-COMP tasks nearest the time limit.
         */
        public static final long CANDIDATE_RESOURCES = 10_000_000L;

        public static Policy defaults() {
            return new Policy(List.of(BadKind.VIOLATIONS, BadKind.GENERALIZED, BadKind.ENTRY_VIOLATIONS, BadKind.POINT),
                    Duration.ofSeconds(10), 3, CANDIDATE_JOINT_RESOURCES, CANDIDATE_RESOURCES, PRODUCT_CANDIDATE_RESOURCES, Duration.ofSeconds(30));
        }

        public Policy withBadOrder(List<BadKind> order) {
            return new Policy(order, wideBadBudget, lookaheadSteps, candidateJointResources, candidateResources, candidateProductResources, candidateLoopBudget);
        }

        public Policy withWideBadBudget(Duration budget) {
            return new Policy(badOrder, budget, lookaheadSteps, candidateJointResources, candidateResources, candidateProductResources, candidateLoopBudget);
        }

        public Policy withCandidateProductResources(long units) {
            return new Policy(badOrder, wideBadBudget, lookaheadSteps, candidateJointResources, candidateResources, units, candidateLoopBudget);
        }

        public Policy withCandidateResources(long joint, long one) {
            return new Policy(badOrder, wideBadBudget, lookaheadSteps, joint, one, candidateProductResources, candidateLoopBudget);
        }

        public Policy withLookaheadSteps(int steps) {
            return new Policy(badOrder, wideBadBudget, steps, candidateJointResources, candidateResources, candidateProductResources, candidateLoopBudget);
        }

        /**
         * The B's of {@link #badOrder}: the wide ones only {@code withGeneralization}, and
         * {@link BadKind#VIOLATIONS} only for the first visit, whose values before the loop come from
         * a loop-free prefix.
         */
        @Override
        public List<BadKind> bads(int visit, boolean withGeneralization) {
            return badOrder.stream()
                    .filter(k -> k == BadKind.POINT || withGeneralization)
                    .filter(k -> k != BadKind.VIOLATIONS || visit == 0)
                    .toList();
        }

        /** {@link #wideBadBudget} for a wide B, else {@code pdrTimeout}. */
        @Override
        public Duration budget(BadKind kind, Duration pdrTimeout) {
            return kind.wide() ? wideBadBudget : pdrTimeout;
        }
    }

    /**
     * The B's of Algorithm 4.4 for a loop visit of a spurious counterexample. {@code pinsF}: it
     * includes F, so a trace reaching it ends at a point F admits. {@code wide}: larger than the
     * point, so PDR gets the policy's wide budget for it and, if that runs out, the next B is tried.
     */
    public enum BadKind {
        /** All violations of F through the loop. */
        VIOLATIONS(true, true),
        /** The counterexample generalized by abstract interpretation (Algorithm 4.5). */
        GENERALIZED(false, true),
        /** The violations of F with the visit's values before the loop. */
        ENTRY_VIOLATIONS(true, true),
        /** The counterexample's point (c_b, c_e) itself. */
        POINT(false, false);

        private final boolean pinsF;
        private final boolean wide;

        BadKind(boolean pinsF, boolean wide) {
            this.pinsF = pinsF;
            this.wide = wide;
        }

        public boolean pinsF() {
            return pinsF;
        }

        public boolean wide() {
            return wide;
        }

        /** The name on the command line: lower case with dashes. */
        public String optionName() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }
}
