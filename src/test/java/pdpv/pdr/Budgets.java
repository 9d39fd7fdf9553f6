package pdpv.pdr;

import com.microsoft.z3.Context;
import java.time.Duration;
import pdpv.smt.Cancellation;

/** Budgets for tests that drive a part of the engine without a {@link PdrEngine} around it. */
final class Budgets {
    private Budgets() {
    }

    /** A budget of an hour that nothing cancels: the part under test never runs out. */
    static Budget unlimited(Context ctx) {
        Budget budget = new Budget(new Cancellation(ctx));
        budget.start(Duration.ofHours(1));
        return budget;
    }
}
