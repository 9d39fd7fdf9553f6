package pdpv.encode.chc;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Z3Exception;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import pdpv.smt.HornSolver;

/**
 * Solves constrained Horn clauses (the Large Step Encoding of Gurfinkel's 2018 slides, as
 * {@link ChcExporter} writes them, or any SMT-LIB HORN script) with Z3's Spacer engine
 * ({@link HornSolver}) and reads its answer as a verdict. A positive timeout bounds the solving;
 * zero or negative means none.
 */
public final class SpacerRunner {
    private SpacerRunner() {
    }

    /** Reads and solves an SMT-LIB HORN file in a context of its own. */
    public static SpacerResult solve(Path smt2File, Duration timeout) throws IOException {
        return solve(Files.readString(smt2File, StandardCharsets.UTF_8), timeout);
    }

    /** Parses and solves an SMT-LIB HORN script in a context of its own. */
    public static SpacerResult solve(String smtLib, Duration timeout) {
        try (Context ctx = new Context()) {
            BoolExpr[] clauses;
            try {
                clauses = ctx.parseSMTLIB2String(smtLib, null, null, null, null);
            } catch (Z3Exception e) {
                throw new IllegalArgumentException("not an SMT-LIB script: " + e.getMessage(), e);
            }
            return check(ctx, clauses, timeout);
        }
    }

    /** Solves {@code system} in its own context, without going through text. */
    public static SpacerResult solve(ChcSystem system, Duration timeout) {
        return check(system.context(), system.clauses().toArray(new BoolExpr[0]), timeout);
    }

    private static SpacerResult check(Context ctx, BoolExpr[] clauses, Duration timeout) {
        HornSolver.Answer answer = HornSolver.solve(ctx, clauses, timeout);
        return switch (answer.status()) {
            case SATISFIABLE -> new SpacerResult(SpacerResult.Verdict.SAFE, "the clauses have a model (inductive invariants)", answer.time());
            case UNSATISFIABLE -> new SpacerResult(SpacerResult.Verdict.UNSAFE, "an assertion violation is derivable", answer.time());
            default -> new SpacerResult(SpacerResult.Verdict.UNKNOWN, answer.reasonUnknown(), answer.time());
        };
    }
}
