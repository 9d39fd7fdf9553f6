package pdpv.cegar;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Quantifier;
import com.microsoft.z3.enumerations.Z3_decl_kind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Ground instances of quantified cell facts at the cells a formula reads (issue #20): for a fact
 * {@code ∀j. body(j)} that mentions {@code a[j]} and a read {@code a[e]} in the terms, the instance
 * {@code body(e)}. An instance is implied by its fact, so adding it to a query that has the fact is
 * sound; it hands Z3 the instantiation its E-matching would have to find, and spares it the
 * quantifier's search where the query has products to bit-blast (Feldman et al.'s bound-1
 * instantiation, "Bounded quantifier instantiation for checking inductive invariants", TACAS 2017).
 */
final class Instances {
    private Instances() {
    }

    /** The instances of each universally quantified fact among {@code facts} (one bound index) at the reads of {@code terms}. */
    static List<BoolExpr> atReads(Context ctx, List<BoolExpr> facts, List<? extends Expr<?>> terms) {
        List<Expr<?>[]> reads = reads(terms);
        List<BoolExpr> out = new ArrayList<>();
        for (BoolExpr f : facts) {
            if (!f.isQuantifier()) {
                continue;
            }
            Quantifier q = (Quantifier) f;
            if (!q.isUniversal() || q.getNumBound() != 1) {
                continue;
            }
            Set<Expr<?>> arrays = new HashSet<>();
            for (Expr<?>[] r : reads(List.of(q.getBody()))) {
                arrays.add(r[0]);
            }
            Set<Expr<?>> indices = new LinkedHashSet<>();
            for (Expr<?>[] r : reads) {
                if (arrays.contains(r[0]) && r[1].getSort().equals(q.getBoundVariableSorts()[0])) {
                    indices.add(r[1]);
                }
            }
            for (Expr<?> e : indices) {
                out.add((BoolExpr) q.getBody().substituteVars(new Expr<?>[] {e}));
            }
        }
        return out;
    }

    /** The reads {a, e} of {@code select(a, e)} in {@code terms}, each once (a walk over the term DAG). */
    private static List<Expr<?>[]> reads(List<? extends Expr<?>> terms) {
        List<Expr<?>[]> out = new ArrayList<>();
        Set<Expr<?>> seen = new HashSet<>();
        Deque<Expr<?>> work = new ArrayDeque<>(terms);
        while (!work.isEmpty()) {
            Expr<?> x = work.pop();
            if (!seen.add(x) || !x.isApp()) {
                continue;
            }
            if (x.getFuncDecl().getDeclKind() == Z3_decl_kind.Z3_OP_SELECT && x.getNumArgs() == 2) {
                out.add(new Expr<?>[] {x.getArgs()[0], x.getArgs()[1]});
            }
            for (Expr<?> a : x.getArgs()) {
                work.push(a);
            }
        }
        return out;
    }
}
