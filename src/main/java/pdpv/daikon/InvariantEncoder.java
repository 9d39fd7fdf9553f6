package pdpv.daikon;

import com.microsoft.z3.ArrayExpr;
import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import pdpv.cfg.Variable;

/**
 * Turns an {@link Invariant} into a QF_BV formula with the meaning its Javadoc gives, and maps an
 * invariant of a loop head to the loop's templates as thesis §6.1 does: an invariant P that holds
 * at the head holds on entry too, where the head values are x_b, so it becomes
 * P[x := x_b] ⇒ P[x := x_e, \old(x) := x_b]. That formula holds in the initial states of the
 * loop's instance (x_e = x_b) whatever P is, and F supplies the entry values that make its premise
 * true; the premise is left out when it is true by itself (P about \old values and changes only).
 */
public final class InvariantEncoder {
    private final Context ctx;

    public InvariantEncoder(Context ctx) {
        this.ctx = ctx;
    }

    /**
     * The invariant over the loop's templates: {@code before} maps each x of R_l to x_b,
     * {@code end} each x of U_l to x_e; a variable without x_e is constant in the loop, its head
     * value is x_b. Fails if a term's variable has no template.
     */
    public BoolExpr overLoop(Invariant inv, Map<Variable, ? extends Expr<?>> before, Map<Variable, ? extends Expr<?>> end) {
        BoolExpr atHead = atHead(inv, before, end);
        return needsPremise(inv, before) ? ctx.mkImplies(atEntry(inv, before), atHead) : atHead;
    }

    /** Whether {@link #overLoop} has a premise: P[x := x_b] is not true by itself. */
    public boolean needsPremise(Invariant inv, Map<Variable, ? extends Expr<?>> before) {
        return !atEntry(inv, before).simplify().isTrue();
    }

    /** P[x := x_b]: the invariant on entry to the loop, {@link #overLoop}'s premise. */
    public BoolExpr atEntry(Invariant inv, Map<Variable, ? extends Expr<?>> before) {
        return formula(inv, t -> template(before, t));
    }

    /** P[x := x_e, \old(x) := x_b]: the invariant at the head, {@link #overLoop}'s conclusion. */
    public BoolExpr atHead(Invariant inv, Map<Variable, ? extends Expr<?>> before, Map<Variable, ? extends Expr<?>> end) {
        return formula(inv, t -> t.old() || !end.containsKey(t.variable()) ? template(before, t) : template(end, t));
    }

    /** The template of {@code t}'s variable in {@code templates}, or for a cell the array template's cell. */
    private BitVecExpr template(Map<Variable, ? extends Expr<?>> templates, Term t) {
        Expr<?> x = templates.get(t.variable());
        if (t.isCell() && x instanceof ArrayExpr<?, ?> a && a.getSort().getDomain() instanceof BitVecSort index) {
            return (BitVecExpr) ctx.mkSelect((ArrayExpr<BitVecSort, ?>) a, ctx.mkBV(t.cell(), index.getSize()));
        }
        if (t.isCell() || !(x instanceof BitVecExpr scalar)) {
            throw new IllegalArgumentException(t + " is not a " + (t.isCell() ? "cell of an array" : "scalar variable") + " of the loop");
        }
        return scalar;
    }

    /** The invariant with each term's value given by {@code values}, a bit-vector of its variable's width. */
    public BoolExpr formula(Invariant inv, Function<Term, BitVecExpr> values) {
        if (inv instanceof Invariant.Compare c) {
            Polynomial d = c.left().minus(c.right());
            if (d.isConstant()) {
                return ctx.mkBool(c.holds(t -> BigInteger.ZERO));
            }
            if (c.op() == Invariant.Op.EQ || c.op() == Invariant.Op.NE) {
                int w = d.modularWidth();
                BoolExpr eq = ctx.mkEq(value(d, w, values), ctx.mkBV(0, w));
                return c.op() == Invariant.Op.EQ ? eq : ctx.mkNot(eq);
            }
            int w = d.exactWidth();
            BitVecExpr v = value(d, w, values);
            BitVecExpr zero = ctx.mkBV(0, w);
            return switch (c.op()) {
                case LT -> ctx.mkBVSLT(v, zero);
                case LE -> ctx.mkBVSLE(v, zero);
                case GT -> ctx.mkBVSGT(v, zero);
                case GE -> ctx.mkBVSGE(v, zero);
                default -> throw new IllegalStateException();
            };
        }
        if (inv instanceof Invariant.Congruence c) {
            if (c.modulus().bitCount() == 1) {
                int k = c.modulus().bitLength() - 1;
                int w = Math.max(c.value().modularWidth(), k);
                return ctx.mkEq(ctx.mkExtract(k - 1, 0, value(c.value(), w, values)), constant(c.residue(), k));
            }
            int w = Math.max(c.value().exactWidth(), c.modulus().bitLength() + 2);
            BitVecExpr v = value(c.value(), w, values);
            return ctx.mkEq(ctx.mkBVSMod(v, constant(c.modulus(), w)), constant(c.residue(), w));
        }
        if (inv instanceof Invariant.Quotient q) {
            int w = q.width();
            BitVecExpr y = extend(values.apply(q.value()), q.value().variable().type().signed(), w);
            BitVecExpr quotient = extend(quotient(q, values.apply(q.dividend())), q.dividend().variable().type().signed(), w);
            return ctx.mkEq(y, ctx.mkBVAdd(ctx.mkBVMul(constant(q.scale(), w), quotient), constant(q.constant(), w)));
        }
        if (inv instanceof Invariant.OneOf o) {
            List<BoolExpr> eqs = new ArrayList<>();
            for (BigInteger c : o.values()) {
                eqs.add(formula(new Invariant.Compare(o.value(), Invariant.Op.EQ, Polynomial.constant(c)), values));
            }
            return ctx.mkOr(eqs.toArray(new BoolExpr[0]));
        }
        if (inv instanceof Invariant.PowerOfTwo p) {
            BitVecExpr x = values.apply(p.term());
            int w = x.getSortSize();
            BoolExpr positive = p.term().variable().type().signed() ? ctx.mkBVSGT(x, ctx.mkBV(0, w))
                    : ctx.mkNot(ctx.mkEq(x, ctx.mkBV(0, w)));
            return ctx.mkAnd(positive, ctx.mkEq(ctx.mkBVAND(x, ctx.mkBVSub(x, ctx.mkBV(1, w))), ctx.mkBV(0, w)));
        }
        Invariant.Implication i = (Invariant.Implication) inv;
        BoolExpr p = formula(i.premise(), values);
        BoolExpr c = formula(i.conclusion(), values);
        return i.both() ? ctx.mkEq(p, c) : ctx.mkImplies(p, c);
    }

    /**
     * {@link Invariant.Quotient#quotient} of the dividend's bits {@code x}, at x's width: the sum
     * {@code x + offset} is exact two bits wider (x extended by its type's signedness; an unsigned
     * maximum plus an offset below 2^w stays positive there), divided with C's truncating signed
     * division; the quotient lies in the range of x's type, so its low bits are it.
     */
    private BitVecExpr quotient(Invariant.Quotient q, BitVecExpr x) {
        int w = x.getSortSize();
        int wide = w + 2;
        BitVecExpr sum = extend(x, q.dividend().variable().type().signed(), wide);
        if (q.offset().signum() != 0) {
            sum = ctx.mkBVAdd(sum, constant(q.offset(), wide));
        }
        return ctx.mkExtract(w - 1, 0, ctx.mkBVSDiv(sum, constant(q.modulus(), wide)));
    }

    /** The polynomial at width w: each term extended by its type's signedness, arithmetic modulo 2^w. */
    private BitVecExpr value(Polynomial p, int w, Function<Term, BitVecExpr> values) {
        BitVecExpr sum = null;
        for (Map.Entry<List<Term>, BigInteger> e : p.coefficients().entrySet()) {
            BitVecExpr product = constant(e.getValue(), w);
            for (Term t : e.getKey()) {
                product = ctx.mkBVMul(product, extend(values.apply(t), t.variable().type().signed(), w));
            }
            sum = sum == null ? product : ctx.mkBVAdd(sum, product);
        }
        return sum == null ? ctx.mkBV(0, w) : sum;
    }

    private BitVecExpr extend(BitVecExpr x, boolean signed, int w) {
        int have = x.getSortSize();
        if (have == w) {
            return x;
        }
        if (have > w) {
            return ctx.mkExtract(w - 1, 0, x);
        }
        return signed ? ctx.mkSignExt(w - have, x) : ctx.mkZeroExt(w - have, x);
    }

    private BitVecExpr constant(BigInteger c, int w) {
        return ctx.mkBV(c.mod(BigInteger.ONE.shiftLeft(w)).toString(), w);
    }
}
