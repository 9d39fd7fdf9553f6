package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Algorithm 4.2 end to end on small programs: proofs come with checked invariants, bugs with inputs. */
class VerifierTest {
    private static final String COUNTER = """
            extern void __VERIFIER_assert(int cond);
            int main(void) {
                int i = 0;
                while (i < 10) {
                    i = i + 1;
                }
                __VERIFIER_assert(i == 10);
                return 0;
            }
            """;

    /** Thesis Figure 4.8a: j is indeterminate in each iteration. */
    private static final String UNINIT_IN_LOOP = """
            #include <assert.h>
            int main(void) {
                int l;
                int k;
                for (int i = 0; i < 2; ++i) {
                    int j;
                    if (i == 0) l = j;
                    if (i == 1) k = j;
                }
                assert(l == k);
                return 0;
            }
            """;

    @Test
    void refinementProvesTheCountingLoopWithACertificate() {
        Verdict v = new Verifier(VerifierOptions.defaults()).verify(CProgram.parse(COUNTER));
        assertEquals(Verdict.Kind.SAFE, v.kind(), v.reason());
        assertEquals(1, v.invariants().size());
        assertNotEquals("1", v.invariants().get(0).invariant());
        assertTrue(v.statistics().pdrCalls() > 0);
        assertTrue(v.statistics().refinements().get(0).refinements() > 0);
    }

    @Test
    void withoutMemoizationTheVerdictIsTheSame() {
        VerifierOptions options = VerifierOptions.defaults().withCegar(CegarOptions.defaults().withMemoization(false));
        Verdict v = new Verifier(options).verify(CProgram.parse(COUNTER));
        assertEquals(Verdict.Kind.SAFE, v.kind(), v.reason());
    }

    @Test
    void uninitializedLocalInLoopIsUnsafeWithTwoDifferentValuesOfJ() {
        Verdict v = new Verifier(VerifierOptions.defaults()).verify(CProgram.parse(UNINIT_IN_LOOP));
        assertEquals(Verdict.Kind.UNSAFE, v.kind(), v.reason());
        List<String> js = v.inputs().stream().filter(in -> "j".equals(in.name())).map(Verdict.InputValue::value).toList();
        assertEquals(2, js.size(), v.inputs().toString());
        assertNotEquals(js.get(0), js.get(1));
    }

    @Test
    void cancelledRunsAreUnknown() {
        Verifier verifier = new Verifier(VerifierOptions.defaults());
        verifier.cancel();
        Verdict v = verifier.verify(CProgram.parse(COUNTER));
        assertEquals(Verdict.Kind.UNKNOWN, v.kind());
        assertEquals("cancelled", v.reason());
    }
}
