package pdpv.daikon;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.Expr;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Variable;
import pdpv.smt.ConservedEqualities;

/**
 * Candidate loop invariants that need no test: the linear functionals {@code c·x} of a loop's
 * variables that one pass through its body leaves unchanged on every path, as the two-state
 * equalities {@code c·x == c·\old(x)}. A loop whose condition is an input ({@code while
 * (nondet())}) is hardly ever run by the tests, so the null space of its trace matrix has too
 * few rows to show {@code x + y == \old(x) + \old(y)}; the body shows it alone. The functionals
 * are the null space of the body's linear effect: the matrix of the changes {@code x' - x} of
 * one pass, one row for each way its branches go and each monomial of a change
 * ({@link ConservedEqualities#changes}); for a body whose paths are translations it is the
 * null space of their translation vectors, the linear equalities of Karr's analysis that hold
 * because every path conserves them (Karr, "Affine relationships among variables of a program",
 * 1976, restricted to the relations that relate a loop's head to its entry). The exact null space
 * is computed as the polynomial miner computes its own ({@link ModularNullSpace}). The
 * functionals hold modulo 2^w whatever the values, so they are inductive by construction; like
 * every candidate they are still checked by their users.
 */
public final class ConservedSums {
    private ConservedSums() {
    }

    /**
     * The equalities {@code Σ c_v·v == Σ c_v·\old(v)} over the variables of {@code end} (each
     * variable's term at the head) that the pass {@code end := next} conserves, one for each vector
     * of a basis of the conserved functionals, variables of one width at a time (an equality
     * modulo 2^w has one w). Temporaries, arrays and variables without a next-state term are
     * left out, and so is a width whose pass branches too much to normalize.
     */
    public static List<Invariant> of(Map<Variable, Expr<?>> end, Map<Variable, Expr<?>> next) {
        Map<Integer, List<Variable>> byWidth = new LinkedHashMap<>();
        for (Map.Entry<Variable, Expr<?>> e : end.entrySet()) {
            Variable v = e.getKey();
            if (v.kind() != Variable.Kind.TEMPORARY && !v.isArray() && e.getValue() instanceof BitVecExpr b
                    && next.get(v) instanceof BitVecExpr n && n.getSortSize() == b.getSortSize()) {
                byWidth.computeIfAbsent(b.getSortSize(), w -> new ArrayList<>()).add(v);
            }
        }
        List<Invariant> out = new ArrayList<>();
        for (List<Variable> vars : byWidth.values()) {
            Expr<?>[] from = new Expr<?>[vars.size()];
            Expr<?>[] to = new Expr<?>[vars.size()];
            int[] columns = new int[vars.size()];
            for (int i = 0; i < vars.size(); i++) {
                from[i] = end.get(vars.get(i));
                to[i] = next.get(vars.get(i));
                columns[i] = i;
            }
            List<BigInteger[]> rows = ConservedEqualities.changes(from, to, columns);
            if (rows == null) {
                continue;
            }
            ModularNullSpace space = new ModularNullSpace(vars.size());
            rows.forEach(space::add);
            for (BigInteger[] c : space.basis()) {
                if (ModularNullSpace.isNullVector(c, rows)) {
                    out.add(equality(vars, c));
                }
            }
        }
        return out;
    }

    /** {@code Σ c_v·v == Σ c_v·\old(v)}, written as the polynomial miner writes its equalities. */
    private static Invariant equality(List<Variable> vars, BigInteger[] c) {
        Polynomial p = Polynomial.constant(0);
        for (int k = 0; k < c.length; k++) {
            if (c[k].signum() != 0) {
                p = p.plus(Polynomial.of(new Term(vars.get(k), false)).times(c[k]))
                        .minus(Polynomial.of(new Term(vars.get(k), true)).times(c[k]));
            }
        }
        return DaikonTemplates.equalityOf(p);
    }
}
