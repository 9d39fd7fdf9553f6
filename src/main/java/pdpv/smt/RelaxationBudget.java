package pdpv.smt;

import com.microsoft.z3.Expr;
import java.util.List;

/**
 * When a check goes to the {@link IntegerRelaxation} and for how long: after the bit-blaster has
 * spent {@code bitBlasting} of Z3's resource units on it without an answer, for at most
 * {@code integer} units of the integer solver; then back to the bit-blaster. {@code integer} = 0:
 * never (bit-blasting only). Resource units are counted, not timed, so runs repeat exactly.
 */
public record RelaxationBudget(long bitBlasting, long integer) {
    public static final RelaxationBudget NONE = new RelaxationBudget(0, 0);

    public RelaxationBudget {
        if (bitBlasting < 0 || integer < 0) {
            throw new IllegalArgumentException("negative resource budget");
        }
    }

    /**
     * This budget for a query of {@code formulas} that divides by a constant other than a power of
     * two ({@link ConstantDivisions}), which the relaxation reads exactly, else {@link #NONE}.
     */
    public RelaxationBudget ifDividing(List<? extends Expr<?>> formulas) {
        return ConstantDivisions.any(formulas) ? this : NONE;
    }

    boolean enabled() {
        return integer > 0;
    }
}
