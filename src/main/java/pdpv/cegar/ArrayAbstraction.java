package pdpv.cegar;

import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.enumerations.Z3_decl_kind;
import com.microsoft.z3.enumerations.Z3_sort_kind;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * What a loop's PDR instance sees of the arrays its formulas read (issue #20): PDR's state and
 * inputs are bit-vectors (thesis chapter 3), so every subterm it cannot hold (the read of an array
 * cell that is not a state variable, an equality between arrays, a quantified formula) is replaced
 * by a fresh constant of its sort, the same subterm always by the same constant, which becomes an
 * input of the instance. The result admits every valuation of the original (give each constant the
 * value of its subterm), so the instance's T and B over-approximate the loop's: an invariant PDR
 * proves for them holds for the loop, and a trace it finds is only a candidate, checked as every
 * trace is (the interpreter's replay from the entry). The certificate checker re-checks invariants
 * on the exact formulas.
 */
final class ArrayAbstraction {
    private final Context ctx;
    private final Map<Expr<?>, Expr<?>> memo = new HashMap<>();
    private int fresh;

    ArrayAbstraction(Context ctx) {
        this.ctx = ctx;
    }

    /** {@code e} with every subterm PDR cannot hold replaced by its constant. */
    @SuppressWarnings("unchecked")
    <T extends Expr<?>> T apply(T e) {
        Deque<Expr<?>> work = new ArrayDeque<>();
        work.push(e);
        while (!work.isEmpty()) {
            Expr<?> x = work.peek();
            if (memo.containsKey(x)) {
                work.pop();
                continue;
            }
            if (opaque(x)) {
                memo.put(x, ctx.mkFreshConst("cell!" + fresh++, x.getSort()));
                work.pop();
                continue;
            }
            if (!x.isApp() || x.getNumArgs() == 0) {
                memo.put(x, x);
                work.pop();
                continue;
            }
            Expr<?>[] args = x.getArgs();
            boolean ready = true;
            for (Expr<?> a : args) {
                if (!memo.containsKey(a)) {
                    work.push(a);
                    ready = false;
                }
            }
            if (!ready) {
                continue;
            }
            work.pop();
            Expr<?>[] abstracted = new Expr<?>[args.length];
            boolean changed = false;
            for (int i = 0; i < args.length; i++) {
                abstracted[i] = memo.get(args[i]);
                changed |= abstracted[i] != args[i];
            }
            memo.put(x, changed ? x.update(abstracted) : x);
        }
        return (T) memo.get(e);
    }

    /** Whether {@code x} is a bit-vector or Boolean term that reads arrays or quantifies, as a whole. */
    private static boolean opaque(Expr<?> x) {
        if (x.isQuantifier()) {
            return true;
        }
        if (!x.isApp()) {
            return false;
        }
        Z3_decl_kind kind = x.getFuncDecl().getDeclKind();
        if (kind == Z3_decl_kind.Z3_OP_SELECT) {
            return true;
        }
        return (kind == Z3_decl_kind.Z3_OP_EQ || kind == Z3_decl_kind.Z3_OP_DISTINCT)
                && x.getArgs()[0].getSort().getSortKind() == Z3_sort_kind.Z3_ARRAY_SORT;
    }
}
