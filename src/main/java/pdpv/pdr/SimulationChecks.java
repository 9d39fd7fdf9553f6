package pdpv.pdr;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import java.math.BigInteger;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import pdpv.domain.AbstractTruth;
import pdpv.domain.AbstractValue;
import pdpv.domain.Interval;
import pdpv.domain.TernaryVector;

/**
 * Checks 3.3 and 3.4 by simulation (§3.3): a candidate ARU is valid if Φ_B(ã) = true, resp. if the
 * constraints simulate to true and Φ_next(ã) lies inside the successor obligation a′. Inputs are
 * fixed to the values of the model that produced the point. Polytope candidates must be boxes.
 */
final class SimulationChecks {
    private SimulationChecks() {
    }

    static CoreQuery bad(SimulationType type, Encoding enc, TransitionSystem ts, Assignment model) {
        return candidate -> {
            Map<Expr<?>, AbstractValue> env = environment(enc, ts, model, candidate);
            if (env == null) {
                return null;
            }
            return isTrue(new Simulator(type, env).eval(ts.bad())) ? all(candidate) : null;
        };
    }

    static CoreQuery predecessor(SimulationType type, Encoding enc, TransitionSystem ts, Assignment model, Aru successor) {
        return candidate -> {
            Map<Expr<?>, AbstractValue> env = environment(enc, ts, model, candidate);
            if (env == null) {
                return null;
            }
            Simulator sim = new Simulator(type, env);
            for (BoolExpr c : ts.constraints()) {
                if (!isTrue(sim.eval(c))) {
                    return null;
                }
            }
            AbstractValue[] next = new AbstractValue[ts.vars().size()];
            for (int v = 0; v < next.length; v++) {
                next[v] = sim.eval(ts.nextFunctions().get(ts.vars().get(v).name()));
            }
            return inside(next, successor, enc) ? all(candidate) : null;
        };
    }

    private static boolean isTrue(AbstractValue v) {
        return Simulator.truth(v) == AbstractTruth.TRUE;
    }

    private static BitSet all(Aru candidate) {
        BitSet core = new BitSet();
        core.set(0, candidate.partCount());
        return core;
    }

    /** Φ_x(ã) for each state variable, the inputs as constants; null if ã is not a box. */
    private static Map<Expr<?>, AbstractValue> environment(Encoding enc, TransitionSystem ts, Assignment model, Aru candidate) {
        Map<Expr<?>, AbstractValue> env = new HashMap<>();
        for (int i = 0; i < ts.inputs().size(); i++) {
            InputVar in = ts.inputs().get(i);
            env.put(in.expr(), TernaryVector.exactly(model.inputs()[i], in.width()));
        }
        List<BitVecExpr> vars = ts.currentVars();
        if (candidate instanceof BooleanCube cube) {
            long[] known = new long[vars.size()];
            long[] value = new long[vars.size()];
            for (BooleanCube.Literal l : cube.literals()) {
                known[l.var()] |= 1L << l.bit();
                value[l.var()] |= (l.value() ? 1L : 0L) << l.bit();
            }
            for (int v = 0; v < vars.size(); v++) {
                env.put(vars.get(v), new TernaryVector(enc.widths()[v], known[v], value[v]));
            }
            return env;
        }
        Polytope p = (Polytope) candidate;
        if (p.rows().stream().anyMatch(r -> r.arity() != 1)) {
            return null;
        }
        long[][] box = p.box(enc);
        for (int v = 0; v < vars.size(); v++) {
            if (box[v][0] > box[v][1]) {
                return null;
            }
            env.put(vars.get(v), new Interval(enc.widths()[v], box[v][0], box[v][1]));
        }
        return env;
    }

    /** ∀ x_i. Φ_next_i(ã) ⊆ Φ_x_i(a′) (check 3.4). */
    private static boolean inside(AbstractValue[] next, Aru successor, Encoding enc) {
        if (successor instanceof BooleanCube cube) {
            for (BooleanCube.Literal l : cube.literals()) {
                TernaryVector t = next[l.var()].toTernary();
                long bit = 1L << l.bit();
                if ((t.mask() & bit) == 0 || ((t.value() & bit) != 0) != l.value()) {
                    return false;
                }
            }
            return true;
        }
        BigInteger limit = BigInteger.ONE.shiftLeft(enc.polytopeWidth() - 1);
        for (Polytope.Row row : ((Polytope) successor).rows()) {
            BigInteger lo = BigInteger.ZERO;
            BigInteger hi = BigInteger.ZERO;
            for (int v = 0; v < next.length; v++) {
                long a = row.coeffs()[v];
                if (a == 0) {
                    continue;
                }
                Interval r = next[v].toInterval();
                BigInteger x = BigInteger.valueOf(a).multiply(BigInteger.valueOf(r.lo()));
                BigInteger y = BigInteger.valueOf(a).multiply(BigInteger.valueOf(r.hi()));
                lo = lo.add(x.min(y));
                hi = hi.add(x.max(y));
            }
            if (hi.compareTo(BigInteger.valueOf(row.bound())) > 0 || lo.compareTo(limit.negate()) < 0 || hi.compareTo(limit) >= 0) {
                return false;
            }
        }
        return true;
    }
}
