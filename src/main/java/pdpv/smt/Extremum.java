package pdpv.smt;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.math.BigInteger;
import java.util.Optional;
import java.util.function.Function;

/**
 * The greatest or least unsigned value a bit-vector term takes in the models of a constraint, by
 * satisfiability checks alone: first the extreme value of the width (an input unconstrained there
 * takes it, in one check), then a binary search that moves to the value of each model found
 * rather than to the midpoint asked for, so that a constraint allowing few values is done in a few
 * checks instead of the width's 32 or 64. Exact: the same value Z3's optimizer finds.
 */
public final class Extremum {
    private Extremum() {
    }

    /**
     * One check of a bound on the term: the term's unsigned value in a model of the constraint and
     * {@code bound}, empty when there is none, null when the check gives up.
     */
    public interface Probe extends Function<Bound, Optional<BigInteger>> {
    }

    /** {@code term >= value} (greatest) or {@code term <= value}, or {@code term == value} when {@code exact}; null: the constraint alone. */
    public record Bound(BigInteger value, boolean greatest, boolean exact) {
        /** The bound on {@code term} as a formula; {@code true} for a null bound. */
        public static BoolExpr on(Context ctx, BitVecExpr term, Bound b) {
            if (b == null) {
                return ctx.mkTrue();
            }
            BitVecExpr v = ctx.mkBV(b.value().toString(), term.getSortSize());
            return b.exact() ? ctx.mkEq(term, v) : b.greatest() ? ctx.mkBVUGE(term, v) : ctx.mkBVULE(term, v);
        }
    }

    /** The greatest (or least) value of the term over {@code width} bits; empty when the constraint has no model, null when a check gives up. */
    public static Optional<BigInteger> of(Probe probe, int width, boolean greatest) {
        BigInteger max = BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE);
        BigInteger extreme = greatest ? max : BigInteger.ZERO;
        Optional<BigInteger> at = probe.apply(new Bound(extreme, greatest, true));
        if (at == null) {
            return null;
        }
        if (at.isPresent()) {
            return at;
        }
        Optional<BigInteger> first = probe.apply(null);
        if (first == null || first.isEmpty()) {
            return first;
        }
        // the optimum lies in [low, high]; the model's value bounds it on one side
        BigInteger low = greatest ? first.get() : BigInteger.ZERO;
        BigInteger high = greatest ? max : first.get();
        while (low.compareTo(high) < 0) {
            BigInteger mid = greatest ? low.add(high).add(BigInteger.ONE).shiftRight(1) : low.add(high).shiftRight(1);
            Optional<BigInteger> p = probe.apply(new Bound(mid, greatest, false));
            if (p == null) {
                return null;
            }
            if (greatest) {
                if (p.isPresent()) {
                    low = p.get();
                } else {
                    high = mid.subtract(BigInteger.ONE);
                }
            } else if (p.isPresent()) {
                high = p.get();
            } else {
                low = mid.add(BigInteger.ONE);
            }
        }
        return Optional.of(low);
    }
}
