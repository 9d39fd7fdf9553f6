package pdpv.smt;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Model;
import java.util.List;

/** The answer of one satisfiability check. */
public sealed interface SmtResult {
    /** Satisfiable; the model is valid until the next check on the same solver. */
    record Sat(Model model) implements SmtResult {
    }

    /** Unsatisfiable; {@code core} is a subset of the assumptions that is already unsatisfiable. */
    record Unsat(List<BoolExpr> core) implements SmtResult {
    }

    /** The solver gave up (timeout, cancellation, resource limit). */
    record Unknown(String reason) implements SmtResult {
    }
}
