package pdpv.encode.chc;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Sort;
import java.util.Map;
import pdpv.cfg.ArrayExpr;
import pdpv.cfg.Variable;

/**
 * How the data of a Large Step Encoding clause (Gurfinkel 2018, "Large Step Encoding"; thesis
 * §4.3.1's data-flow formulas) reads IR expressions: the sort of a variable (an SMT array for an
 * array variable, issue #20), fresh variants, and the value and truth of an expression over the
 * current variants.
 */
public interface ValueTheory {
    /** The sort of {@code v}'s values (and of its predicate argument). */
    Sort sort(Variable v);

    /** A new, unconstrained variant of {@code v}. */
    Expr<?> fresh(Variable v);

    /** The value of {@code e} when each variable has the value of its variant in {@code variants}. */
    Expr<?> value(pdpv.cfg.Expr e, Map<Variable, Expr<?>> variants);

    /** The value of the whole array {@code a} over the variants. */
    Expr<?> array(ArrayExpr a, Map<Variable, Expr<?>> variants);

    /** C's truth value of the scalar {@code e} (nonzero is true). */
    BoolExpr truth(pdpv.cfg.Expr e, Map<Variable, Expr<?>> variants);
}
