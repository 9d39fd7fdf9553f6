package pdpv.pdr;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Random small transition systems (all variables of one width; T, its constraint and B may read an
 * input) with a concrete evaluator, so that reachability of B can be decided by exhaustive
 * explicit-state search.
 */
final class RandomSystems {

    /** A bit-vector term over state variables s[0..] and inputs i[0..]. */
    sealed interface Term permits Var, In, Const, Un, Bin, Ite {
    }

    record Var(int index) implements Term {
    }

    record In(int index) implements Term {
    }

    record Const(long value) implements Term {
    }

    record Un(String op, Term arg) implements Term {
    }

    record Bin(String op, Term left, Term right) implements Term {
    }

    record Ite(Pred cond, Term then, Term otherwise) implements Term {
    }

    /** A predicate: comparison, conjunction, disjunction or negation. */
    record Pred(String op, Term left, Term right, Pred a, Pred b) {
    }

    /** One generated system: width, sizes, and its terms. */
    record Spec(int width, int vars, int inputs, Pred init, List<Term> next, Pred constraint, Pred bad) {
    }

    private static final String[] UNARY = {"not", "neg"};
    private static final String[] BINARY = {"add", "sub", "mul", "and", "or", "xor", "add", "sub"};
    private static final String[] COMPARE = {"eq", "ult", "slt", "sle", "ule", "ne"};
    private final Random rng;

    RandomSystems(long seed) {
        this.rng = new Random(seed);
    }

    Spec next() {
        int vars = 2 + rng.nextInt(3);
        int width = vars == 4 ? 3 : vars == 3 ? 3 + rng.nextInt(2) : 3 + rng.nextInt(3);
        int inputs = rng.nextInt(3) == 0 ? 0 : 1;
        List<Term> next = new ArrayList<>();
        for (int v = 0; v < vars; v++) {
            next.add(term(width, vars, inputs, 2));
        }
        Pred init = initPred(width, vars);
        Pred constraint = rng.nextInt(3) == 0 ? pred(width, vars, inputs, 1) : null;
        Pred bad = pred(width, vars, inputs, 1);
        return new Spec(width, vars, inputs, init, next, constraint, bad);
    }

    private Pred initPred(int width, int vars) {
        Pred p = cmp("eq", new Var(0), new Const(rng.nextInt(1 << width)));
        for (int v = 1; v < vars; v++) {
            Pred q = rng.nextBoolean() ? cmp("eq", new Var(v), new Const(rng.nextInt(1 << width))) : pred(width, vars, 0, 0);
            p = new Pred("and", null, null, p, q);
        }
        return p;
    }

    private static Pred cmp(String op, Term l, Term r) {
        return new Pred(op, l, r, null, null);
    }

    private Pred pred(int width, int vars, int inputs, int depth) {
        if (depth > 0 && rng.nextInt(3) == 0) {
            String op = rng.nextBoolean() ? "and" : "or";
            return new Pred(op, null, null, pred(width, vars, inputs, depth - 1), pred(width, vars, inputs, depth - 1));
        }
        return cmp(COMPARE[rng.nextInt(COMPARE.length)], term(width, vars, inputs, 1), term(width, vars, inputs, 1));
    }

    private Term term(int width, int vars, int inputs, int depth) {
        int choice = rng.nextInt(depth == 0 ? 3 : 7);
        switch (choice) {
            case 0:
                return new Var(rng.nextInt(vars));
            case 1:
                return inputs > 0 && rng.nextBoolean() ? new In(0) : new Var(rng.nextInt(vars));
            case 2:
                return new Const(rng.nextInt(1 << width));
            case 3:
                return new Un(UNARY[rng.nextInt(UNARY.length)], term(width, vars, inputs, depth - 1));
            case 4:
                return new Ite(pred(width, vars, inputs, 0), term(width, vars, inputs, depth - 1), term(width, vars, inputs, depth - 1));
            default:
                return new Bin(BINARY[rng.nextInt(BINARY.length)], term(width, vars, inputs, depth - 1), term(width, vars, inputs, depth - 1));
        }
    }


    static long eval(Term t, long[] s, long[] in, int w) {
        long mask = (1L << w) - 1;
        if (t instanceof Var v) {
            return s[v.index()];
        } else if (t instanceof In i) {
            return in[i.index()];
        } else if (t instanceof Const c) {
            return c.value() & mask;
        } else if (t instanceof Un u) {
            long a = eval(u.arg(), s, in, w);
            return (u.op().equals("not") ? ~a : -a) & mask;
        } else if (t instanceof Bin b) {
            long l = eval(b.left(), s, in, w);
            long r = eval(b.right(), s, in, w);
            long v = switch (b.op()) {
                case "add" -> l + r;
                case "sub" -> l - r;
                case "mul" -> l * r;
                case "and" -> l & r;
                case "or" -> l | r;
                default -> l ^ r;
            };
            return v & mask;
        }
        Ite ite = (Ite) t;
        return holds(ite.cond(), s, in, w) ? eval(ite.then(), s, in, w) : eval(ite.otherwise(), s, in, w);
    }

    static boolean holds(Pred p, long[] s, long[] in, int w) {
        switch (p.op()) {
            case "and":
                return holds(p.a(), s, in, w) && holds(p.b(), s, in, w);
            case "or":
                return holds(p.a(), s, in, w) || holds(p.b(), s, in, w);
            default:
                break;
        }
        long l = eval(p.left(), s, in, w);
        long r = eval(p.right(), s, in, w);
        long sl = Encoding.signed(l, w);
        long sr = Encoding.signed(r, w);
        return switch (p.op()) {
            case "eq" -> l == r;
            case "ne" -> l != r;
            case "ult" -> l < r;
            case "ule" -> l <= r;
            case "slt" -> sl < sr;
            default -> sl <= sr;
        };
    }

    /** Whether a bad state is reachable, by breadth-first search over all states and inputs. */
    static boolean badReachable(Spec spec) {
        int w = spec.width();
        int n = spec.vars();
        int states = 1 << (w * n);
        int inputValues = spec.inputs() == 0 ? 1 : 1 << w;
        boolean[] seen = new boolean[states];
        Deque<Integer> queue = new ArrayDeque<>();
        for (int code = 0; code < states; code++) {
            if (holds(spec.init(), decode(code, w, n), new long[1], w)) {
                seen[code] = true;
                queue.add(code);
            }
        }
        while (!queue.isEmpty()) {
            long[] s = decode(queue.poll(), w, n);
            for (int iv = 0; iv < inputValues; iv++) {
                long[] in = {iv};
                if (holds(spec.bad(), s, in, w)) {
                    return true;
                }
                if (spec.constraint() != null && !holds(spec.constraint(), s, in, w)) {
                    continue;
                }
                long[] t = new long[n];
                for (int v = 0; v < n; v++) {
                    t[v] = eval(spec.next().get(v), s, in, w);
                }
                int code = encode(t, w);
                if (!seen[code]) {
                    seen[code] = true;
                    queue.add(code);
                }
            }
        }
        return false;
    }

    private static long[] decode(int code, int w, int n) {
        long[] s = new long[n];
        for (int v = 0; v < n; v++) {
            s[v] = (code >> (v * w)) & ((1 << w) - 1);
        }
        return s;
    }

    private static int encode(long[] s, int w) {
        int code = 0;
        for (int v = 0; v < s.length; v++) {
            code |= (int) s[v] << (v * w);
        }
        return code;
    }


    /** Builds the transition system, in functional form or as a plain relation. */
    static TransitionSystem toSystem(Context ctx, Spec spec, boolean functional) {
        return toSystem(ctx, spec, functional, spec.width());
    }

    /**
     * Builds the system with variables of {@code width} ≥ the spec's width w: a w-bit value v is the
     * {@code width}-bit value v·2^(width−w), its bits in the top w bits and zeros below. I requires
     * the low bits to be zero; addition, subtraction, negation, the bitwise operators (not as xor
     * with the top bits) and every comparison keep that form and mean on it what they mean on w
     * bits; a product multiplies by the other factor shifted down; an input keeps only its top w
     * bits. So the reachable states are those of the w-bit system, read at another width, and
     * exhaustive search on w bits decides it.
     */
    static TransitionSystem toSystem(Context ctx, Spec spec, boolean functional, int width) {
        List<StateVar> vars = new ArrayList<>();
        for (int v = 0; v < spec.vars(); v++) {
            vars.add(StateVar.of(ctx, "s" + v, width));
        }
        List<InputVar> inputs = new ArrayList<>();
        for (int i = 0; i < spec.inputs(); i++) {
            inputs.add(InputVar.of(ctx, "i" + i, width));
        }
        Z3 z = new Z3(ctx, vars, inputs, width, width - spec.width());
        Map<String, BitVecExpr> next = new HashMap<>();
        for (int v = 0; v < spec.vars(); v++) {
            next.put(vars.get(v).name(), z.term(spec.next().get(v)));
        }
        List<BoolExpr> constraints = spec.constraint() == null ? List.of() : List.of(z.pred(spec.constraint()));
        BoolExpr init = z.pred(spec.init());
        if (width > spec.width()) {
            for (StateVar v : vars) {
                init = ctx.mkAnd(init, ctx.mkEq(ctx.mkBVAND(v.current(), z.low()), ctx.mkBV(0, width)));
            }
        }
        TransitionSystem f = TransitionSystem.functional(ctx, vars, inputs, init, next, constraints, z.pred(spec.bad()));
        return functional ? f : TransitionSystem.relational(vars, inputs, f.init(), f.trans(), f.bad());
    }

    /** Terms over variables of width {@code w} holding the spec's values shifted left by {@code shift}. */
    private record Z3(Context ctx, List<StateVar> vars, List<InputVar> inputs, int w, int shift) {
        /** The bits below the value's bits. */
        BitVecExpr low() {
            return ctx.mkBV((1L << shift) - 1, w);
        }

        /** The value's bits. */
        BitVecExpr high() {
            return ctx.mkBVNot(low());
        }

        BitVecExpr term(Term t) {
            if (t instanceof Var v) {
                return vars.get(v.index()).current();
            } else if (t instanceof In i) {
                BitVecExpr in = inputs.get(i.index()).expr();
                return shift == 0 ? in : ctx.mkBVAND(in, high());
            } else if (t instanceof Const c) {
                return ctx.mkBV(c.value() << shift, w);
            } else if (t instanceof Un u) {
                if (u.op().equals("not")) {
                    return shift == 0 ? ctx.mkBVNot(term(u.arg())) : ctx.mkBVXOR(term(u.arg()), high());
                }
                return ctx.mkBVNeg(term(u.arg()));
            } else if (t instanceof Bin b) {
                BitVecExpr l = term(b.left());
                BitVecExpr r = term(b.right());
                return switch (b.op()) {
                    case "add" -> ctx.mkBVAdd(l, r);
                    case "sub" -> ctx.mkBVSub(l, r);
                    case "mul" -> ctx.mkBVMul(l, shift == 0 ? r : ctx.mkBVLSHR(r, ctx.mkBV(shift, w)));
                    case "and" -> ctx.mkBVAND(l, r);
                    case "or" -> ctx.mkBVOR(l, r);
                    default -> ctx.mkBVXOR(l, r);
                };
            }
            Ite ite = (Ite) t;
            return (BitVecExpr) ctx.mkITE(pred(ite.cond()), term(ite.then()), term(ite.otherwise()));
        }

        BoolExpr pred(Pred p) {
            switch (p.op()) {
                case "and":
                    return ctx.mkAnd(pred(p.a()), pred(p.b()));
                case "or":
                    return ctx.mkOr(pred(p.a()), pred(p.b()));
                default:
                    break;
            }
            BitVecExpr l = term(p.left());
            BitVecExpr r = term(p.right());
            return switch (p.op()) {
                case "eq" -> ctx.mkEq(l, r);
                case "ne" -> ctx.mkNot(ctx.mkEq(l, r));
                case "ult" -> ctx.mkBVULT(l, r);
                case "ule" -> ctx.mkBVULE(l, r);
                case "slt" -> ctx.mkBVSLT(l, r);
                default -> ctx.mkBVSLE(l, r);
            };
        }
    }
}
