package pdpv.pdr;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Model;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;

/**
 * Checks of an ARU's parts against an incremental solver: each part gets an assumption literal, so
 * that the unsat core names the parts that are needed (the core shortcut of §3.4.1). A check whose
 * answer only decides how far an ARU generalizes may give up: typical checks take milliseconds,
 * but a candidate with coefficients like 3·x − y can keep the solver busy for minutes, and treating
 * it as invalid only makes that one expansion smaller.
 */
final class SolverQueries {
    private final SmtSolver solver;
    private final Encoding enc;
    private final TransitionSystem ts;
    private final long candidateResources;
    private final List<BoolExpr> partLiterals = new ArrayList<>();

    /** {@code candidateResources}: the Z3 resource units a candidate check may spend before it gives up. */
    SolverQueries(SmtSolver solver, Encoding enc, TransitionSystem ts, long candidateResources) {
        this.solver = solver;
        this.enc = enc;
        this.ts = ts;
        this.candidateResources = candidateResources;
    }

    /** The outcome of one check: a model's values, or the core as part indices; neither if it gave up. */
    record Outcome(Assignment model, BitSet core) {
        boolean sat() {
            return model != null;
        }

        boolean gaveUp() {
            return model == null && core == null;
        }
    }

    /**
     * Checks {@code assertions ∧ aru(vars)} under the frame assumptions; on sat, reads the model over
     * {@code modelVars} (and the inputs).
     */
    Outcome check(List<BoolExpr> assumptions, List<BoolExpr> assertions, Aru aru, List<BitVecExpr> vars,
            List<BitVecExpr> modelVars) {
        return check(false, assumptions, assertions, aru, vars, modelVars);
    }

    /** A check like {@link #check} that gives up after the candidate resources ({@link PdrOptions#generalizationResources}). */
    Outcome checkCandidate(List<BoolExpr> assumptions, List<BoolExpr> assertions, Aru aru, List<BitVecExpr> vars,
            List<BitVecExpr> modelVars) {
        return check(true, assumptions, assertions, aru, vars, modelVars);
    }

    private Outcome check(boolean candidate, List<BoolExpr> assumptions, List<BoolExpr> assertions, Aru aru,
            List<BitVecExpr> vars, List<BitVecExpr> modelVars) {
        Context ctx = enc.ctx();
        List<BoolExpr> parts = aru.parts(enc, vars);
        solver.push();
        try {
            for (BoolExpr a : assertions) {
                solver.add(a);
            }
            List<BoolExpr> assume = new ArrayList<>(assumptions);
            for (int j = 0; j < parts.size(); j++) {
                BoolExpr lit = partLiteral(ctx, j);
                solver.add(ctx.mkImplies(lit, parts.get(j)));
                assume.add(lit);
            }
            SmtResult result = candidate ? solver.checkWithinResources(candidateResources, assume) : solver.check(assume);
            if (result instanceof SmtResult.Sat sat) {
                return new Outcome(read(sat.model(), modelVars), null);
            }
            if (result instanceof SmtResult.Unsat unsat) {
                BitSet core = new BitSet();
                for (BoolExpr e : unsat.core()) {
                    int idx = partLiterals.indexOf(e);
                    if (idx >= 0) {
                        core.set(idx);
                    }
                }
                return new Outcome(null, core);
            }
            if (candidate) {
                return new Outcome(null, null);
            }
            throw new PdrInterrupted("solver: " + ((SmtResult.Unknown) result).reason());
        } finally {
            solver.pop();
        }
    }

    private BoolExpr partLiteral(Context ctx, int j) {
        while (partLiterals.size() <= j) {
            partLiterals.add(ctx.mkBoolConst("pdr!part" + partLiterals.size()));
        }
        return partLiterals.get(j);
    }

    Assignment read(Model model, List<BitVecExpr> modelVars) {
        long[] state = new long[modelVars.size()];
        for (int i = 0; i < state.length; i++) {
            state[i] = value(model, modelVars.get(i));
        }
        long[] inputs = new long[ts.inputs().size()];
        for (int i = 0; i < inputs.length; i++) {
            inputs[i] = value(model, ts.inputs().get(i).expr());
        }
        return new Assignment(state, inputs);
    }

    static long value(Model model, BitVecExpr e) {
        return ((BitVecNum) model.eval(e, true)).getBigInteger().longValue();
    }
}
