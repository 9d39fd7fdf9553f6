package pdpv.witness;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;
import pdpv.encode.ExprEncoder;
import pdpv.encode.Z3Algebra;
import pdpv.encode.accel.AccelerationOptions;
import pdpv.encode.accel.LoopAcceleration;
import pdpv.encode.accel.PathAccelerator;
import pdpv.interp.State;
import pdpv.semantics.BitVec;
import pdpv.smt.Cancellation;

/**
 * The one run of an input-free program ({@link ExactRun}) with each exactly accelerated loop path
 * (issue #19, {@link PathAccelerator#exact()}) taken all its passes at once: at a loop head, the
 * largest n for which every one of n passes takes the path (its exact condition is downward closed
 * in n, so a binary search over the 64-bit counts finds it), then the state after the n passes by
 * the path's closed forms. The head states of the n passes form a progression of degree at most 2
 * in the pass number k, which {@link Leap#text} writes as one C condition. So a loop that runs 10^11
 * times (examples/accel_strides_safe.c) gets its exact invariant without running it.
 */
final class AcceleratedRun implements AutoCloseable {
    private static final int COUNT_WIDTH = 64;
    /**
     * Most leaps of one run: each costs about 130 simplifications of the closed forms (a binary search
     * over 64-bit counts), so a nest whose inner loop is entered thousands of times is not written
     * this way (the run fails: no invariants), and writing a witness takes seconds at most.
     */
    static final int MAX_LEAPS = 100;
    private int leaps;
    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);
    private final Context ctx = new Context();
    private final ExprEncoder exprs;
    private final LoopForest loops;
    private final LoopAcceleration acceleration;
    private final List<Variable> scalars;

    AcceleratedRun(Program program) {
        this.exprs = new ExprEncoder(program.semantics(), new Z3Algebra(ctx));
        this.loops = LoopForest.of(program);
        this.acceleration = LoopAcceleration.analyze(ctx, new Cancellation(ctx), program, loops, AccelerationOptions.defaults());
        this.scalars = program.variables().stream().filter(v -> !v.isArray()).toList();
    }

    /** The passes taken at once: the head states f(k) = s + k*d + C(k,2)*e (mod 2^w), k from 0 to {@code count}. */
    record Leap(Map<Variable, BigInteger> s, Map<Variable, BigInteger> d, Map<Variable, BigInteger> e, BigInteger count) {
        /**
         * The states as one C condition over {@code vars} (unsigned long long arithmetic, which has
         * no undefined behaviour): the pass number k is solved from a pivot variable's value, and
         * every variable is its progression's value at k. Null when no variable of degree 1 tells
         * the passes apart.
         */
        String text(List<Variable> vars) {
            Variable pivot = null;
            for (Variable v : vars) {
                int w = v.type().width();
                BigInteger dv = d.get(v);
                if (dv.signum() != 0 && e.get(v).signum() == 0
                        && count.compareTo(BigInteger.ONE.shiftLeft(w - dv.getLowestSetBit())) < 0) {
                    pivot = v;
                    break;
                }
            }
            if (pivot == null) {
                return null;
            }
            int w = pivot.type().width();
            int t = d.get(pivot).getLowestSetBit();
            BigInteger odd = d.get(pivot).shiftRight(t);
            BigInteger inverse = odd.modInverse(BigInteger.ONE.shiftLeft(w - t));
            String off = s.get(pivot).signum() == 0 ? bits(pivot) : mask("(" + bits(pivot) + " - " + ull(s.get(pivot)) + ")", w);
            String k = t == 0 ? off : "(" + off + " >> " + t + ")";
            if (!inverse.equals(BigInteger.ONE)) {
                k = mask("(" + k + " * " + ull(inverse) + ")", w - t);
            }
            List<String> parts = new ArrayList<>();
            if (t > 0) {
                parts.add("(" + off + " & " + ull(BigInteger.ONE.shiftLeft(t).subtract(BigInteger.ONE)) + ") == 0ull");
            }
            parts.add(k + " <= " + ull(count));
            for (Variable v : vars) {
                if (v == pivot) {
                    continue;
                }
                int vw = v.type().width();
                String value = ull(s.get(v));
                if (d.get(v).signum() != 0) {
                    value = value + " + " + k + " * " + ull(d.get(v));
                }
                if (e.get(v).signum() != 0) {
                    // C(k,2) = k(k-1)/2 exactly modulo 2^64 (2^32 in unsigned int, enough for a variable of 32 bits
                    // or fewer and a quarter of the validator's work): halve the even factor before the product
                    String u = vw <= 32 ? "(unsigned int)" : "";
                    String c2 = "(" + u + "(" + k + " >> 1) * " + u + "(" + k + " - 1ull) + " + u + "(" + k + " & 1ull) * "
                            + u + "((" + k + " - 1ull) >> 1))";
                    value = value + " + " + c2 + " * " + ull(e.get(v));
                }
                parts.add(bits(v) + " == " + mask("(" + value + ")", vw));
            }
            return "(" + String.join(" && ", parts) + ")";
        }

        private static String bits(Variable v) {
            return mask("(unsigned long long)" + v.sourceName(), v.type().width());
        }

        private static String mask(String x, int width) {
            return width >= 64 ? x : "(" + x + " & " + ull(BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE)) + ")";
        }

        private static String ull(BigInteger value) {
            return value + "ull";
        }
    }

    /**
     * At the head of a loop in {@code state}: if an exactly accelerated path of the loop takes at
     * least two passes from there, takes them all (the state becomes the one after them) and returns
     * them; else null and the state is unchanged.
     */
    Leap leap(Block head, State state) {
        Loop l = loops.loopAt(head);
        if (l == null || leaps >= MAX_LEAPS) {
            return null;
        }
        for (PathAccelerator a : acceleration.accelerators(l)) {
            if (!a.exact() || !a.underApproximates() || a.degrees().values().stream().anyMatch(deg -> deg > 2)) {
                continue;
            }
            Map<Variable, BitVecExpr> entry = new LinkedHashMap<>();
            for (Variable v : scalars) {
                entry.put(v, ctx.mkBV(Long.toUnsignedString(state.get(v).bits()), v.type().width()));
            }
            BigInteger n = largest(a, entry);
            int base = a.shift();
            if (n == null || n.compareTo(BigInteger.valueOf(base + 2)) < 0) {
                continue;
            }
            Map<Variable, BigInteger> f0 = valuesAt(a, entry, BigInteger.valueOf(base));
            Map<Variable, BigInteger> f1 = valuesAt(a, entry, BigInteger.valueOf(base + 1));
            Map<Variable, BigInteger> f2 = valuesAt(a, entry, BigInteger.valueOf(base + 2));
            Map<Variable, BigInteger> end = valuesAt(a, entry, n);
            if (f0 == null || f1 == null || f2 == null || end == null) {
                continue;
            }
            Map<Variable, BigInteger> d = new LinkedHashMap<>();
            Map<Variable, BigInteger> e = new LinkedHashMap<>();
            for (Variable v : scalars) {
                BigInteger m = BigInteger.ONE.shiftLeft(v.type().width());
                d.put(v, f1.get(v).subtract(f0.get(v)).mod(m));
                e.put(v, f2.get(v).subtract(f1.get(v).shiftLeft(1)).add(f0.get(v)).mod(m));
            }
            for (Variable v : scalars) {
                if (end.get(v).longValue() != state.get(v).bits()) {
                    state.set(v, new BitVec(end.get(v).longValue(), v.type().width()));
                }
            }
            leaps++;
            return new Leap(f0, d, e, n.subtract(BigInteger.valueOf(base)));
        }
        return null;
    }

    /** The largest n (below 2^64) for which all n passes take {@code a}'s path from {@code entry}; 0 if not one does, null if unknown. */
    private BigInteger largest(PathAccelerator a, Map<Variable, BitVecExpr> entry) {
        Boolean one = takes(a, entry, BigInteger.ONE);
        if (one == null || !one) {
            return one == null ? null : BigInteger.ZERO;
        }
        BigInteger lo = BigInteger.ONE;
        BigInteger hi = TWO_64.subtract(BigInteger.ONE);
        Boolean all = takes(a, entry, hi);
        if (all == null) {
            return null;
        }
        if (all) {
            return hi;
        }
        while (hi.subtract(lo).compareTo(BigInteger.ONE) > 0) {
            BigInteger mid = lo.add(hi).shiftRight(1);
            Boolean t = takes(a, entry, mid);
            if (t == null) {
                return null;
            }
            if (t) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private Boolean takes(PathAccelerator a, Map<Variable, BitVecExpr> entry, BigInteger n) {
        BoolExpr c = (BoolExpr) a.encode(exprs, entry, ctx.mkBV(n.toString(), COUNT_WIDTH)).sufficient().simplify();
        return c.isTrue() ? Boolean.TRUE : c.isFalse() ? Boolean.FALSE : null;
    }

    /** Every scalar's value after n passes, or null if the closed forms do not simplify to constants. */
    private Map<Variable, BigInteger> valuesAt(PathAccelerator a, Map<Variable, BitVecExpr> entry, BigInteger n) {
        Map<Variable, BitVecExpr> exit = a.encode(exprs, entry, ctx.mkBV(n.toString(), COUNT_WIDTH)).exit();
        Map<Variable, BigInteger> out = new LinkedHashMap<>();
        for (Variable v : scalars) {
            Expr<?> x = exit.getOrDefault(v, entry.get(v)).simplify();
            if (!(x instanceof BitVecNum num)) {
                return null;
            }
            out.put(v, num.getBigInteger());
        }
        return out;
    }

    @Override
    public void close() {
        ctx.close();
    }
}
