package pdpv.cegar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BoolExpr;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Loop;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;

/**
 * A broken engine is caught loudly: an invariant that does not hold (here: every updated variable
 * of the loop is 12345 at its head) slipped into the store before certification makes
 * {@link CertificateChecker} reject the certificate, and the verifier throws
 * {@link InternalCheckFailure} instead of answering SAFE or UNKNOWN.
 */
class InternalCheckFailureTest {
    private static Program counterLoop() {
        return FrontEnd.parse(Path.of("examples/counter_loop.c"), new FrontEndOptions("main", DataModel.ILP32, false));
    }

    @Test
    void aWrongInvariantIsAnInternalErrorNotAVerdict() {
        Verifier broken = new Verifier(VerifierOptions.defaults(), (ctx, loops, store) -> {
            Loop l = loops.loops().get(0);
            List<BoolExpr> wrong = new ArrayList<>();
            store.templates(l).end().values().forEach(s -> wrong.add(ctx.mkEq(s.current(), ctx.mkBV(12345, s.width()))));
            store.add(l, ctx.mkAnd(wrong.toArray(new BoolExpr[0])));
        });
        InternalCheckFailure f = assertThrows(InternalCheckFailure.class, () -> broken.verify(counterLoop()));
        assertTrue(f.getMessage().startsWith("certificate rejected: the invariant of the loop at examples/counter_loop.c:"), f.getMessage());
    }

    @Test
    void theUntouchedEngineCertifies() {
        assertEquals(Verdict.Kind.SAFE, new Verifier(VerifierOptions.defaults()).verify(counterLoop()).kind());
    }
}
