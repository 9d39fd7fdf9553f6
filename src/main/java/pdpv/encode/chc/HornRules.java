package pdpv.encode.chc;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.enumerations.Z3_decl_kind;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Closes a Large Step Encoding clause (Gurfinkel 2018 slides) body ⇒ head into the constrained Horn
 * clause ∀x. body ⇒ head of SMT-LIB's HORN logic, binding every uninterpreted constant of the clause
 * (variants, block and edge variables), but no nullary predicate. The body is simplified by Z3 first
 * (C's {@code (c ? 1 : 0) != 0} becomes c), which keeps the text short and helps Spacer.
 */
final class HornRules {
    private final Context ctx;
    private final Set<Expr<?>> predicateConstants;

    /** {@code predicateConstants}: the applications of nullary predicates, which stay free. */
    HornRules(Context ctx, Set<Expr<?>> predicateConstants) {
        this.ctx = ctx;
        this.predicateConstants = predicateConstants;
    }

    BoolExpr rule(BoolExpr body, BoolExpr head) {
        BoolExpr implication = ctx.mkImplies((BoolExpr) body.simplify(), head);
        Set<Expr<?>> bound = constants(implication);
        if (bound.isEmpty()) {
            return implication;
        }
        return ctx.mkForall(bound.toArray(new Expr<?>[0]), implication, 1, null, null, null, null);
    }

    private Set<Expr<?>> constants(Expr<?> root) {
        Set<Expr<?>> found = new LinkedHashSet<>();
        Set<Expr<?>> seen = new HashSet<>();
        Deque<Expr<?>> work = new ArrayDeque<>();
        work.push(root);
        while (!work.isEmpty()) {
            Expr<?> e = work.pop();
            if (!seen.add(e) || !e.isApp()) {
                continue;
            }
            if (e.isConst() && e.getFuncDecl().getDeclKind() == Z3_decl_kind.Z3_OP_UNINTERPRETED
                    && !predicateConstants.contains(e)) {
                found.add(e);
            }
            for (Expr<?> arg : e.getArgs()) {
                work.push(arg);
            }
        }
        return found;
    }
}
