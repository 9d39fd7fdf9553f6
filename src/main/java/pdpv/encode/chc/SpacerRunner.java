package pdpv.encode.chc;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import com.microsoft.z3.Z3Exception;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Solves constrained Horn clauses (the Large Step Encoding of Gurfinkel's 2018 slides, as
 * {@link ChcExporter} writes them, or any SMT-LIB HORN script) with Z3's Spacer engine through a
 * HORN solver with {@code engine=spacer}; without that choice Z3 would pick its finite-domain
 * Datalog engine for bit-vector clauses and enumerate their values. A positive timeout bounds the
 * solving; zero or negative means none.
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
        Solver solver = ctx.mkSolver("HORN");
        Params params = ctx.mkParams();
        params.add("engine", "spacer");
        if (!timeout.isZero() && !timeout.isNegative()) {
            params.add("timeout", (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis())));
        }
        solver.setParameters(params);
        solver.add(clauses);
        long start = System.nanoTime();
        Status status = solver.check();
        Duration time = Duration.ofNanos(System.nanoTime() - start);
        return switch (status) {
            case SATISFIABLE -> new SpacerResult(SpacerResult.Verdict.SAFE, "the clauses have a model (inductive invariants)", time);
            case UNSATISFIABLE -> new SpacerResult(SpacerResult.Verdict.UNSAFE, "an assertion violation is derivable", time);
            default -> new SpacerResult(SpacerResult.Verdict.UNKNOWN, solver.getReasonUnknown(), time);
        };
    }
}
