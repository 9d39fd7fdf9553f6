package pdpv.pdr;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.Function;
import pdpv.smt.Cancellation;
import pdpv.smt.SmtSolver;

/**
 * Expansion of proof obligations (§3.3): bad points by check 3.3, predecessors by check 3.4, either
 * by simulation (ternary, interval or hybrid, when T is in functional form) or through the solver,
 * dropping parts while "some state of the candidate cannot reach the successor" stays unsatisfiable.
 * Never guesses: every state of the result reaches B.
 */
final class ObligationExpander {
    private final Context ctx;
    private final Encoding enc;
    private final PdrOptions options;
    private final Expander expander;
    private final SmtSolver lift;
    private final PdrStatistics stats;
    private long comparisons;

    /** The simulation types of {@link PdrStatistics#simulationComparisons()}, in its order. */
    static final SimulationType[] COMPARED = {SimulationType.TERNARY, SimulationType.INTERVAL, SimulationType.HYBRID};

    ObligationExpander(Context ctx, Encoding enc, PdrOptions options, PdrStatistics stats, Expander expander,
            Cancellation cancellation) {
        this.ctx = ctx;
        this.enc = enc;
        this.options = options;
        this.expander = expander;
        this.lift = new SmtSolver(ctx, stats.smt, cancellation, options.relaxation());
        this.stats = stats;
    }

    /**
     * Expands a bad point while every state stays bad (check 3.3). By the solver, a state is bad if
     * B holds for it with some inputs. When B reads inputs (the refinement instances of §4.3.3 read
     * the values at other program points), that check is quantified, ∀x ∈ ã ∃i. B(x, i), and costs
     * tens of milliseconds; then only its unsat core is kept, which drops the variables B does not
     * constrain, and the obligation is generalized again when it is blocked.
     */
    Aru expandBad(Aru point, Assignment model, TransitionSystem ts) {
        if (useSimulation(ts)) {
            return simulated(point, type -> SimulationChecks.bad(type, enc, ts, model));
        }
        CoreQuery query = solverBadQuery(ts);
        if (ts.inputs().isEmpty()) {
            return expandIfValid(point, query);
        }
        BitSet core = query.core(point);
        return core == null ? point : point.keep(core);
    }

    /** Expands a predecessor point while every state reaches {@code successor} in one step (check 3.4). */
    Aru expandPredecessor(Aru point, Assignment model, Aru successor, TransitionSystem ts) {
        if (useSimulation(ts)) {
            return simulated(point, type -> SimulationChecks.predecessor(type, enc, ts, model, successor));
        }
        return expandIfValid(point, solverPredecessorQuery(model, successor, ts));
    }

    /** Expansion by a simulation check, counted with its checks and expansion factor (§3.4.3, Fig. 3.12). */
    private Aru simulated(Aru point, Function<SimulationType, CoreQuery> check) {
        CoreQuery query = check.apply(options.simulation());
        Aru result = expandIfValid(point, candidate -> {
            BitSet core = query.core(candidate);
            stats.recordSimulationCheck(core != null);
            return core;
        });
        stats.recordSimulationExpansion(point.log2Volume(enc), result.log2Volume(enc));
        if (stats.comparingSimulations()) {
            compare(point, check);
        }
        return result;
    }

    /** Fig. 3.12: the same point expanded by each simulation type, with the same random choices. */
    private void compare(Aru point, Function<SimulationType, CoreQuery> check) {
        double[] factors = new double[COMPARED.length];
        long seed = comparisons++;
        for (int i = 0; i < COMPARED.length; i++) {
            CoreQuery query = check.apply(COMPARED[i]);
            BitSet core = query.core(point);
            Aru expanded = core == null ? point : expander.comparison(seed).expand(point, core, query);
            factors[i] = expanded.log2Volume(enc) - point.log2Volume(enc);
        }
        stats.recordSimulationComparison(factors);
    }

    private boolean useSimulation(TransitionSystem ts) {
        return options.simulation() != SimulationType.SOLVER && ts.isFunctional();
    }

    private Aru expandIfValid(Aru point, CoreQuery query) {
        BitSet core = query.core(point);
        return core == null ? point : expander.expand(point, core, query);
    }

    /** Check 3.3 by the solver: no state of the candidate is good for all inputs, ¬∃x ∈ ã ∀i. ¬B(x, i). */
    private CoreQuery solverBadQuery(TransitionSystem ts) {
        SolverQueries queries = new SolverQueries(lift, enc, ts, options.generalizationResources());
        List<BoolExpr> assertions = List.of(forallNot(ts.bad(), inputs(ts)));
        return aru -> queries.checkCandidate(List.of(), assertions, aru, ts.currentVars(), ts.currentVars()).core();
    }

    /** ∀ bound. ¬body, or just ¬body if nothing is bound. */
    private BoolExpr forallNot(BoolExpr body, List<Expr<?>> bound) {
        if (bound.isEmpty()) {
            return ctx.mkNot(body);
        }
        return ctx.mkForall(bound.toArray(new Expr<?>[0]), ctx.mkNot(body), 1, null, null, null, null);
    }

    private static List<Expr<?>> inputs(TransitionSystem ts) {
        return ts.inputs().stream().<Expr<?>>map(InputVar::expr).toList();
    }

    private CoreQuery solverPredecessorQuery(Assignment model, Aru successor, TransitionSystem ts) {
        SolverQueries queries = new SolverQueries(lift, enc, ts, options.generalizationResources());
        List<BoolExpr> assertions = new ArrayList<>();
        if (ts.isFunctional()) {
            List<BitVecExpr> images = ts.vars().stream().map(v -> ts.nextFunctions().get(v.name())).toList();
            for (int i = 0; i < ts.inputs().size(); i++) {
                InputVar in = ts.inputs().get(i);
                assertions.add(ctx.mkEq(in.expr(), ctx.mkBV(model.inputs()[i], in.width())));
            }
            List<BoolExpr> ok = new ArrayList<>(ts.constraints());
            ok.add(successor.formula(enc, images));
            assertions.add(ctx.mkNot(enc.and(ok)));
        } else {
            List<Expr<?>> bound = new ArrayList<>(ts.nextVars());
            bound.addAll(inputs(ts));
            assertions.add(forallNot(ctx.mkAnd(ts.trans(), successor.formula(enc, ts.nextVars())), bound));
        }
        return aru -> queries.checkCandidate(List.of(), assertions, aru, ts.currentVars(), ts.currentVars()).core();
    }
}
