package pdpv.encode.chc;

import java.time.Duration;
import java.util.Locale;

/**
 * What Z3's Spacer said about a CHC system of the Large Step Encoding (Gurfinkel 2018 slides):
 * SAFE when the clauses are satisfiable (inductive invariants exist, the error is unreachable),
 * UNSAFE when they are not (a derivation of false: a failing run), UNKNOWN with Z3's reason
 * (e.g. timeout); and the solving time.
 */
public record SpacerResult(Verdict verdict, String reason, Duration time) {
    public enum Verdict {
        SAFE, UNSAFE, UNKNOWN;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
