package pdpv.smt;

import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.Sort;
import com.microsoft.z3.enumerations.Z3_decl_kind;
import java.util.HashMap;
import java.util.Map;

/**
 * Products of two bit-vector terms that are not numerals, and the no-overflow predicates of
 * such products, replaced by uninterpreted functions of their arguments (one function per operation
 * and width): an over-approximation, as every interpretation of the original operations is one
 * of the functions, so a formula unsatisfiable after the abstraction was unsatisfiable before.
 * Z3 then needs no multiplier circuit, only Ackermann's congruence constraints, for the queries
 * whose reason has nothing to do with the products (a bound {@code x >= 1} of a loop whose body
 * also asserts {@code x*u + y*v == 2*a*b}). This is the uninterpreted-function abstraction of
 * nonlinear arithmetic (Bryant, German and Velev, "Processor verification using efficient
 * reductions of the logic of uninterpreted functions to propositional logic", 2001; Brummayer and
 * Biere's Boolector abstracts multipliers the same way in its lemmas-on-demand).
 */
public final class ProductAbstraction {
    private final Context ctx;
    private final Map<Expr<?>, Expr<?>> done = new HashMap<>();
    private final Map<String, FuncDecl<?>> functions = new HashMap<>();
    private boolean changed;

    public ProductAbstraction(Context ctx) {
        this.ctx = ctx;
    }

    /** {@code f} with its products of non-numerals (and their overflow predicates) abstracted. */
    public BoolExpr apply(BoolExpr f) {
        return (BoolExpr) rebuild(f);
    }

    /** Whether some formula given to {@link #apply} had a product to abstract. */
    public boolean changedAny() {
        return changed;
    }

    private Expr<?> rebuild(Expr<?> e) {
        Expr<?> known = done.get(e);
        if (known != null) {
            return known;
        }
        Expr<?> out = e;
        if (e.isApp() && e.getNumArgs() > 0) {
            Expr<?>[] args = e.getArgs();
            Expr<?>[] rebuilt = new Expr<?>[args.length];
            boolean same = true;
            for (int i = 0; i < args.length; i++) {
                rebuilt[i] = rebuild(args[i]);
                same &= rebuilt[i] == args[i];
            }
            String abstracted = abstractedKind(e);
            if (abstracted != null) {
                changed = true;
                out = abstractApp(abstracted, e, rebuilt);
            } else if (!same) {
                out = ctx.mkApp(e.getFuncDecl(), rebuilt);
            }
        }
        done.put(e, out);
        return out;
    }

    /** The name of the function that stands for {@code e}, or null if {@code e} is kept. */
    private static String abstractedKind(Expr<?> e) {
        Z3_decl_kind k = e.getFuncDecl().getDeclKind();
        boolean product = k == Z3_decl_kind.Z3_OP_BMUL || k == Z3_decl_kind.Z3_OP_BSMUL_NO_OVFL
                || k == Z3_decl_kind.Z3_OP_BUMUL_NO_OVFL || k == Z3_decl_kind.Z3_OP_BSMUL_NO_UDFL;
        if (!product) {
            return null;
        }
        int variables = 0;
        for (Expr<?> a : e.getArgs()) {
            variables += a instanceof BitVecNum ? 0 : 1;
        }
        return variables >= 2 ? k.name() : null;
    }

    /**
     * The function's application: an n-ary product is a chain of binary ones, its numerals kept
     * as a factor outside ({@code 2*a*b} becomes {@code 2*mul(a, b)}).
     */
    private Expr<?> abstractApp(String kind, Expr<?> e, Expr<?>[] args) {
        Expr<?> numeral = null;
        Expr<?> acc = null;
        for (Expr<?> a : args) {
            if (a instanceof BitVecNum) {
                numeral = numeral == null ? a : ctx.mkBVMul((com.microsoft.z3.BitVecExpr) numeral, (com.microsoft.z3.BitVecExpr) a);
            } else if (acc == null) {
                acc = a;
            } else {
                FuncDecl<?> f = function(kind, acc.getSort(), a.getSort(), e.getSort());
                acc = ctx.mkApp(f, acc, a);
            }
        }
        if (numeral == null || !(acc instanceof com.microsoft.z3.BitVecExpr)) {
            // a predicate has no numeral factor to keep outside: its numerals are arguments
            return numeral == null ? acc : ctx.mkApp(function(kind, numeral.getSort(), acc.getSort(), e.getSort()), numeral, acc);
        }
        return ctx.mkBVMul((com.microsoft.z3.BitVecExpr) numeral, (com.microsoft.z3.BitVecExpr) acc);
    }

    private FuncDecl<?> function(String kind, Sort a, Sort b, Sort result) {
        String name = "abstract!" + kind + "!" + a + "!" + b + "!" + result;
        return functions.computeIfAbsent(name, n -> ctx.mkFuncDecl(n, new Sort[] {a, b}, result));
    }
}
