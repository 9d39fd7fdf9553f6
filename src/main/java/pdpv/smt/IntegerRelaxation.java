package pdpv.smt;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.BoolSort;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.IntExpr;
import com.microsoft.z3.IntSort;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import com.microsoft.z3.enumerations.Z3_decl_kind;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A QF_BV formula read in linear integer arithmetic ("int-blasting", Zohar et al., VMCAI 2022):
 * every bit-vector term becomes the integer of its signed reading, every wrap-around a multiple of
 * 2^w that a fresh integer subtracts, division by a constant a quotient and a remainder.
 * Addition, subtraction, negation, complement, products with a constant, extensions, the low bits,
 * concatenation, shifts, division and remainder by constants, masks of low bits, ite and every
 * comparison are exact; any other term (higher bits among them) becomes a fresh integer of its
 * width's range and any other atom a fresh Boolean. The result is therefore implied by the formula: if it is
 * unsatisfiable, so is the formula, with the same core of assumptions (Boolean constants, which
 * keep their names). The PDR engine's relative-induction queries over polytope rows (§3.2.2)
 * take a bit-blasting solver 50-300 ms and an integer solver a few milliseconds.
 *
 * <p>The relaxation lives in a Z3 context of its own: integer terms and a second solver in the
 * caller's context change how fast Z3 decides that context's bit-vector queries (one query of the
 * chapter-3 instance fermat1-ll took 5 s instead of 0.7 s), so the bit-vector side must not see them.
 */
final class IntegerRelaxation implements AutoCloseable {
    private final Context ctx;
    private final Solver solver;
    private final Deque<Map<Expr<?>, Object>> scopes = new ArrayDeque<>();
    private int fresh;
    private int abstracted;

    /** The signed reading of a bit-vector term and bounds on it. */
    private record Term(ArithExpr<IntSort> value, BigInteger lo, BigInteger hi) {
    }

    /**
     * A relaxation of formulas of any context, in a context of its own ({@link #close} frees it),
     * whose checks give up after {@code resources} of Z3's resource count (0: never).
     */
    IntegerRelaxation(long resources) {
        this.ctx = new Context();
        this.solver = ctx.mkSolver();
        Params p = ctx.mkParams();
        p.add("rlimit", (int) Math.min(Integer.MAX_VALUE, Math.max(0, resources)));
        solver.setParameters(p);
        scopes.push(new HashMap<>());
    }

    @Override
    public void close() {
        scopes.clear();
        ctx.close();
    }

    void add(BoolExpr f) {
        solver.add(bool(f));
    }

    void push() {
        solver.push();
        scopes.push(new HashMap<>());
    }

    void pop() {
        solver.pop();
        scopes.pop();
    }

    /** How many terms and atoms were read as fresh values so far (0: every assertion is exact). */
    int abstracted() {
        return abstracted;
    }

    /**
     * Checks the relaxation under the assumptions; answers Unsat with a core among the given
     * assumptions, or null when it is satisfiable or undecided (then only the bit-vector check can tell).
     */
    SmtResult.Unsat checkUnsat(BoolExpr[] assumptions) {
        Map<BoolExpr, BoolExpr> original = new HashMap<>();
        BoolExpr[] translated = new BoolExpr[assumptions.length];
        for (int i = 0; i < assumptions.length; i++) {
            translated[i] = bool(assumptions[i]);
            original.put(translated[i], assumptions[i]);
        }
        if (solver.check(translated) != Status.UNSATISFIABLE) {
            return null;
        }
        List<BoolExpr> answer = new ArrayList<>();
        for (BoolExpr c : solver.getUnsatCore()) {
            answer.add(original.getOrDefault(c, c));
        }
        return new SmtResult.Unsat(answer);
    }

    private BoolExpr bool(BoolExpr e) {
        Object known = cached(e);
        if (known != null) {
            return (BoolExpr) known;
        }
        BoolExpr r = translateBool(e);
        scopes.peek().put(e, r);
        return r;
    }

    private Object cached(Expr<?> e) {
        for (Map<Expr<?>, Object> scope : scopes) {
            Object v = scope.get(e);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    private BoolExpr translateBool(BoolExpr e) {
        if (e.isTrue() || e.isFalse()) {
            return ctx.mkBool(e.isTrue());
        }
        if (!e.isApp()) {
            return freshBool();
        }
        Expr<?>[] a = e.getArgs();
        Z3_decl_kind kind = e.getFuncDecl().getDeclKind();
        switch (kind) {
            case Z3_OP_UNINTERPRETED:
                return a.length == 0 ? ctx.mkBoolConst(e.getFuncDecl().getName().toString()) : freshBool();
            case Z3_OP_NOT:
                return ctx.mkNot(bool((BoolExpr) a[0]));
            case Z3_OP_AND:
                return ctx.mkAnd(bools(a));
            case Z3_OP_OR:
                return ctx.mkOr(bools(a));
            case Z3_OP_IMPLIES:
                return ctx.mkImplies(bool((BoolExpr) a[0]), bool((BoolExpr) a[1]));
            case Z3_OP_XOR: {
                BoolExpr[] b = bools(a);
                BoolExpr r = b[0];
                for (int i = 1; i < b.length; i++) {
                    r = ctx.mkXor(r, b[i]);
                }
                return r;
            }
            case Z3_OP_IFF:
                return ctx.mkEq(bool((BoolExpr) a[0]), bool((BoolExpr) a[1]));
            case Z3_OP_ITE:
                return (BoolExpr) ctx.mkITE(bool((BoolExpr) a[0]), bool((BoolExpr) a[1]), bool((BoolExpr) a[2]));
            case Z3_OP_EQ:
            case Z3_OP_DISTINCT:
                return equality(kind, a);
            case Z3_OP_SLEQ:
            case Z3_OP_SGEQ:
            case Z3_OP_SLT:
            case Z3_OP_SGT:
                return comparison(kind, term(a[0]), term(a[1]));
            case Z3_OP_ULEQ:
            case Z3_OP_UGEQ:
            case Z3_OP_ULT:
            case Z3_OP_UGT:
                return comparison(kind, unsigned(a[0]), unsigned(a[1]));
            default:
                return freshBool();
        }
    }

    /** A signed or unsigned comparison of the readings x and y. */
    private BoolExpr comparison(Z3_decl_kind kind, Term x, Term y) {
        return switch (kind) {
            case Z3_OP_SLEQ, Z3_OP_ULEQ -> ctx.mkLe(x.value, y.value);
            case Z3_OP_SGEQ, Z3_OP_UGEQ -> ctx.mkGe(x.value, y.value);
            case Z3_OP_SLT, Z3_OP_ULT -> ctx.mkLt(x.value, y.value);
            default -> ctx.mkGt(x.value, y.value);
        };
    }

    private BoolExpr equality(Z3_decl_kind kind, Expr<?>[] a) {
        if (a[0].getSort() instanceof BoolSort) {
            BoolExpr[] b = bools(a);
            return kind == Z3_decl_kind.Z3_OP_EQ ? ctx.mkEq(b[0], b[1]) : ctx.mkDistinct(b);
        }
        if (!(a[0].getSort() instanceof BitVecSort)) {
            return freshBool();
        }
        @SuppressWarnings("unchecked")
        Expr<IntSort>[] values = new Expr[a.length];
        for (int i = 0; i < a.length; i++) {
            values[i] = term(a[i]).value;
        }
        return kind == Z3_decl_kind.Z3_OP_EQ ? ctx.mkEq(values[0], values[1]) : ctx.mkDistinct(values);
    }

    private BoolExpr[] bools(Expr<?>[] a) {
        BoolExpr[] b = new BoolExpr[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = bool((BoolExpr) a[i]);
        }
        return b;
    }

    private Term term(Expr<?> e) {
        Object known = cached(e);
        if (known != null) {
            return (Term) known;
        }
        Term t = translateTerm((BitVecExpr) e);
        scopes.peek().put(e, t);
        return t;
    }

    private Term translateTerm(BitVecExpr e) {
        int w = e.getSortSize();
        if (e instanceof BitVecNum n) {
            BigInteger v = toSigned(n.getBigInteger(), w);
            return new Term(ctx.mkInt(v.toString()), v, v);
        }
        if (!e.isApp()) {
            return freshTerm(w);
        }
        Expr<?>[] a = e.getArgs();
        switch (e.getFuncDecl().getDeclKind()) {
            case Z3_OP_UNINTERPRETED:
                return a.length == 0 ? variable(e, w) : freshTerm(w);
            case Z3_OP_BADD: {
                Term r = term(a[0]);
                for (int i = 1; i < a.length; i++) {
                    Term b = term(a[i]);
                    r = new Term(ctx.mkAdd(r.value, b.value), r.lo.add(b.lo), r.hi.add(b.hi));
                }
                return wrap(r, w);
            }
            case Z3_OP_BSUB: {
                Term x = term(a[0]);
                Term y = term(a[1]);
                return wrap(new Term(ctx.mkSub(x.value, y.value), x.lo.subtract(y.hi), x.hi.subtract(y.lo)), w);
            }
            case Z3_OP_BNEG: {
                Term x = term(a[0]);
                return wrap(new Term(ctx.mkUnaryMinus(x.value), x.hi.negate(), x.lo.negate()), w);
            }
            case Z3_OP_BNOT: {
                Term x = term(a[0]);
                return new Term(ctx.mkSub(ctx.mkUnaryMinus(x.value), ctx.mkInt(1)), x.hi.negate().subtract(BigInteger.ONE),
                        x.lo.negate().subtract(BigInteger.ONE));
            }
            case Z3_OP_BMUL:
                return product(a, w);
            case Z3_OP_SIGN_EXT:
                return term(a[0]);
            case Z3_OP_ZERO_EXT:
                return w == ((BitVecExpr) a[0]).getSortSize() ? term(a[0]) : unsigned(a[0]);
            case Z3_OP_EXTRACT: {
                int[] p = extractBounds(e);
                // Bits above the lowest (a Boolean cube's, §3.2.3) are a bit-blaster's strength and
                // a quotient per bit is hard for the integer solver: they are read as fresh values.
                return p[1] > 0 ? freshTerm(w) : lowBits(term(a[0]), ((BitVecExpr) a[0]).getSortSize(), p[0]);
            }
            case Z3_OP_CONCAT: {
                Term r = term(a[0]);
                for (int i = 1; i < a.length; i++) {
                    Term low = unsigned(a[i]);
                    BigInteger scale = pow2(((BitVecExpr) a[i]).getSortSize());
                    r = new Term(ctx.mkAdd(ctx.mkMul(ctx.mkInt(scale.toString()), r.value), low.value),
                            r.lo.multiply(scale).add(low.lo), r.hi.multiply(scale).add(low.hi));
                }
                return r;
            }
            case Z3_OP_ITE: {
                Term x = term(a[1]);
                Term y = term(a[2]);
                @SuppressWarnings("unchecked")
                ArithExpr<IntSort> v = (ArithExpr<IntSort>) ctx.mkITE(bool((BoolExpr) a[0]), x.value, y.value);
                return new Term(v, x.lo.min(y.lo), x.hi.max(y.hi));
            }
            case Z3_OP_BSHL:
                return shift(a, w, 0);
            case Z3_OP_BASHR:
                return shift(a, w, 1);
            case Z3_OP_BLSHR:
                return shift(a, w, 2);
            case Z3_OP_BAND:
                return lowMask(a, w);
            case Z3_OP_BUDIV:
            case Z3_OP_BUDIV_I:
                return unsignedDivision(a, w, true);
            case Z3_OP_BUREM:
            case Z3_OP_BUREM_I:
                return unsignedDivision(a, w, false);
            case Z3_OP_BSDIV:
            case Z3_OP_BSDIV_I:
                return signedDivision(a, w, true);
            case Z3_OP_BSREM:
            case Z3_OP_BSREM_I:
                return signedDivision(a, w, false);
            default:
                return freshTerm(w);
        }
    }

    private static int[] extractBounds(BitVecExpr e) {
        var params = e.getFuncDecl().getParameters();
        return new int[] {params[0].getInt(), params[1].getInt()};
    }

    private Term variable(BitVecExpr e, int w) {
        IntExpr v = ctx.mkIntConst(e.getFuncDecl().getName() + "!" + w);
        solver.add(inRange(v, w));
        return new Term(v, min(w), max(w));
    }

    /** The product with constants; a product of two variable terms is read as a fresh value. */
    private Term product(Expr<?>[] a, int w) {
        BigInteger constant = BigInteger.ONE;
        Term variable = null;
        for (Expr<?> x : a) {
            if (x instanceof BitVecNum n) {
                constant = constant.multiply(toSigned(n.getBigInteger(), w));
            } else if (variable == null) {
                variable = term(x);
            } else {
                return freshTerm(w);
            }
        }
        constant = toSigned(constant.mod(pow2(w)), w);
        if (variable == null) {
            return new Term(ctx.mkInt(constant.toString()), constant, constant);
        }
        BigInteger lo = variable.lo.multiply(constant);
        BigInteger hi = variable.hi.multiply(constant);
        return wrap(new Term(ctx.mkMul(ctx.mkInt(constant.toString()), variable.value), lo.min(hi), lo.max(hi)), w);
    }

    /** kind 0: shift left, 1: arithmetic right, 2: logical right; by a constant only. */
    private Term shift(Expr<?>[] a, int w, int kind) {
        if (!(a[1] instanceof BitVecNum n)) {
            return freshTerm(w);
        }
        BigInteger amount = n.getBigInteger();
        if (amount.signum() == 0) {
            return term(a[0]);
        }
        if (kind == 1) {
            int by = amount.min(BigInteger.valueOf(w - 1)).intValueExact();
            return floorDivision(term(a[0]), pow2(by))[0];
        }
        if (amount.compareTo(BigInteger.valueOf(w)) >= 0) {
            return new Term(ctx.mkInt(0), BigInteger.ZERO, BigInteger.ZERO);
        }
        int by = amount.intValueExact();
        if (kind == 2) {
            return floorDivision(unsigned(a[0]), pow2(by))[0];
        }
        Term x = term(a[0]);
        BigInteger scale = pow2(by);
        return wrap(new Term(ctx.mkMul(ctx.mkInt(scale.toString()), x.value), x.lo.multiply(scale), x.hi.multiply(scale)), w);
    }

    /** x & (2^m - 1), the m low bits of x; any other conjunction of bits is read as a fresh value. */
    private Term lowMask(Expr<?>[] a, int w) {
        if (a.length != 2) {
            return freshTerm(w);
        }
        int mask = a[0] instanceof BitVecNum ? 0 : a[1] instanceof BitVecNum ? 1 : -1;
        if (mask < 0) {
            return freshTerm(w);
        }
        BigInteger m = ((BitVecNum) a[mask]).getBigInteger();
        int bits = m.add(BigInteger.ONE).bitLength() - 1;
        if (!m.add(BigInteger.ONE).equals(pow2(bits))) {
            return freshTerm(w);
        }
        if (bits == 0) {
            return new Term(ctx.mkInt(0), BigInteger.ZERO, BigInteger.ZERO);
        }
        Term x = term(a[1 - mask]);
        return bits >= w ? x : floorDivision(x, pow2(bits))[1];
    }

    private Term unsignedDivision(Expr<?>[] a, int w, boolean quotient) {
        if (!(a[1] instanceof BitVecNum n) || n.getBigInteger().signum() == 0) {
            return freshTerm(w);
        }
        Term[] qr = floorDivision(unsigned(a[0]), n.getBigInteger());
        return signedOfUnsigned(quotient ? qr[0] : qr[1], w);
    }

    /** Truncating division by a constant d ≠ 0 (C's and SMT-LIB's bvsdiv, bvsrem). */
    private Term signedDivision(Expr<?>[] a, int w, boolean quotient) {
        if (!(a[1] instanceof BitVecNum n) || n.getBigInteger().signum() == 0) {
            return freshTerm(w);
        }
        BigInteger d = toSigned(n.getBigInteger(), w);
        Term x = term(a[0]);
        if (d.equals(BigInteger.ONE) || d.equals(BigInteger.ONE.negate())) {
            if (!quotient) {
                return new Term(ctx.mkInt(0), BigInteger.ZERO, BigInteger.ZERO);
            }
            return d.signum() > 0 ? x : wrap(new Term(ctx.mkUnaryMinus(x.value), x.hi.negate(), x.lo.negate()), w);
        }
        BigInteger abs = d.abs();
        BigInteger bound = x.lo.abs().max(x.hi.abs()).divide(abs);
        IntExpr q = freshInt();
        IntExpr r = freshInt();
        BigInteger rmax = abs.subtract(BigInteger.ONE);
        solver.add(ctx.mkEq(x.value, ctx.mkAdd(ctx.mkMul(ctx.mkInt(d.toString()), q), r)),
                ctx.mkImplies(ctx.mkGe(x.value, ctx.mkInt(0)),
                        ctx.mkAnd(ctx.mkGe(r, ctx.mkInt(0)), ctx.mkLe(r, ctx.mkInt(rmax.toString())))),
                ctx.mkImplies(ctx.mkLt(x.value, ctx.mkInt(0)),
                        ctx.mkAnd(ctx.mkLe(r, ctx.mkInt(0)), ctx.mkGe(r, ctx.mkInt(rmax.negate().toString())))));
        return quotient ? new Term(q, bound.negate(), bound) : new Term(r, rmax.negate(), rmax);
    }

    /** Bits 0..hi of a term of width w: the term itself, or reduced to hi + 1 bits. */
    private Term lowBits(Term x, int w, int hi) {
        return hi == w - 1 ? x : wrap(x, hi + 1);
    }

    /** {quotient, remainder} of floor division by d > 0: x = d·q + r, 0 ≤ r < d. */
    private Term[] floorDivision(Term x, BigInteger d) {
        if (d.equals(BigInteger.ONE)) {
            return new Term[] {x, new Term(ctx.mkInt(0), BigInteger.ZERO, BigInteger.ZERO)};
        }
        IntExpr q = freshInt();
        IntExpr r = freshInt();
        BigInteger rmax = d.subtract(BigInteger.ONE);
        solver.add(ctx.mkEq(x.value, ctx.mkAdd(ctx.mkMul(ctx.mkInt(d.toString()), q), r)),
                ctx.mkGe(r, ctx.mkInt(0)), ctx.mkLe(r, ctx.mkInt(rmax.toString())));
        return new Term[] {new Term(q, floorDiv(x.lo, d), floorDiv(x.hi, d)), new Term(r, BigInteger.ZERO, rmax)};
    }

    /** The unsigned reading of a bit-vector term. */
    private Term unsigned(Expr<?> e) {
        Term s = term(e);
        if (s.lo.signum() >= 0) {
            return s;
        }
        int w = ((BitVecExpr) e).getSortSize();
        BigInteger m = pow2(w);
        @SuppressWarnings("unchecked")
        ArithExpr<IntSort> v = (ArithExpr<IntSort>) ctx.mkITE(ctx.mkLt(s.value, ctx.mkInt(0)),
                ctx.mkAdd(s.value, ctx.mkInt(m.toString())), s.value);
        return new Term(v, BigInteger.ZERO, s.hi.signum() < 0 ? s.hi.add(m) : m.subtract(BigInteger.ONE));
    }

    /** The signed reading of w bits whose unsigned reading is u. */
    private Term signedOfUnsigned(Term u, int w) {
        if (u.hi.compareTo(max(w)) <= 0) {
            return u;
        }
        BigInteger m = pow2(w);
        @SuppressWarnings("unchecked")
        ArithExpr<IntSort> v = (ArithExpr<IntSort>) ctx.mkITE(ctx.mkGt(u.value, ctx.mkInt(max(w).toString())),
                ctx.mkSub(u.value, ctx.mkInt(m.toString())), u.value);
        return new Term(v, min(w), max(w));
    }

    /** The exact sum or product reduced to w bits: a fresh value r = x − 2^w·k in range, unless x is. */
    private Term wrap(Term x, int w) {
        if (x.lo.compareTo(min(w)) >= 0 && x.hi.compareTo(max(w)) <= 0) {
            return x;
        }
        IntExpr r = freshInt();
        IntExpr k = freshInt();
        solver.add(ctx.mkEq(r, ctx.mkSub(x.value, ctx.mkMul(ctx.mkInt(pow2(w).toString()), k))), inRange(r, w));
        return new Term(r, min(w), max(w));
    }

    private Term freshTerm(int w) {
        abstracted++;
        IntExpr v = freshInt();
        solver.add(inRange(v, w));
        return new Term(v, min(w), max(w));
    }

    private BoolExpr freshBool() {
        abstracted++;
        return ctx.mkBoolConst("int!b" + fresh++);
    }

    private IntExpr freshInt() {
        return ctx.mkIntConst("int!k" + fresh++);
    }

    private BoolExpr inRange(ArithExpr<IntSort> v, int w) {
        return ctx.mkAnd(ctx.mkGe(v, ctx.mkInt(min(w).toString())), ctx.mkLe(v, ctx.mkInt(max(w).toString())));
    }

    private static BigInteger pow2(int bits) {
        return BigInteger.ONE.shiftLeft(bits);
    }

    private static BigInteger min(int w) {
        return pow2(w - 1).negate();
    }

    private static BigInteger max(int w) {
        return pow2(w - 1).subtract(BigInteger.ONE);
    }

    private static BigInteger toSigned(BigInteger unsigned, int w) {
        return unsigned.testBit(w - 1) ? unsigned.subtract(pow2(w)) : unsigned;
    }

    private static BigInteger floorDiv(BigInteger x, BigInteger d) {
        BigInteger[] qr = x.divideAndRemainder(d);
        return qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
    }
}
