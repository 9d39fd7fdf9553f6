package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import pdpv.cegar.CegarOptions.BadKind;

/** The refinement policy as data (issue #10): the B's of Algorithm 4.4 in their order, and their budgets. */
class RefinementPolicyTest {
    private final CegarOptions.Policy policy = CegarOptions.Policy.defaults();

    @Test
    void theDefaultGoesFromAllViolationsToThePointAndTheWideOnesGetTheirBudget() {
        assertEquals(List.of(BadKind.VIOLATIONS, BadKind.GENERALIZED, BadKind.ENTRY_VIOLATIONS, BadKind.POINT), policy.bads(0, true));
        assertEquals(List.of(BadKind.GENERALIZED, BadKind.ENTRY_VIOLATIONS, BadKind.POINT), policy.bads(1, true));
        assertEquals(List.of(BadKind.POINT), policy.bads(0, false));
        assertEquals(Duration.ofSeconds(10), policy.budget(BadKind.GENERALIZED, Duration.ofMinutes(5)));
        assertEquals(Duration.ofMinutes(5), policy.budget(BadKind.POINT, Duration.ofMinutes(5)));
    }

    @Test
    void anOrderIsKeptAndMustEndWithThePoint() {
        CegarOptions.Policy p = policy.withBadOrder(List.of(BadKind.ENTRY_VIOLATIONS, BadKind.VIOLATIONS, BadKind.POINT));
        assertEquals(List.of(BadKind.ENTRY_VIOLATIONS, BadKind.VIOLATIONS, BadKind.POINT), p.bads(0, true));
        assertThrows(IllegalArgumentException.class, () -> policy.withBadOrder(List.of(BadKind.POINT, BadKind.VIOLATIONS)));
        assertThrows(IllegalArgumentException.class, () -> policy.withBadOrder(List.of(BadKind.GENERALIZED)));
    }

    @Test
    void productCandidatesHaveAPositiveBudgetOfTheirOwn() {
        assertEquals(CegarOptions.Policy.PRODUCT_CANDIDATE_RESOURCES, policy.candidateProductResources(), "the swept default");
        assertEquals(3_000_000L, policy.withCandidateProductResources(3_000_000L).candidateProductResources());
        assertEquals(policy.candidateResources(), policy.withCandidateProductResources(3_000_000L).candidateResources(),
                "the linear candidates' budget stays");
        assertThrows(IllegalArgumentException.class, () -> policy.withCandidateProductResources(0));
    }
}
