package pdpv.daikon;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.encode.LoopSite;
import pdpv.encode.ProgramEncoding;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/**
 * Tests directed at the loops that the random tests of Algorithm 6.1 hardly enter (thesis §6.1
 * mines invariants only where tests run): a precondition such as {@code i == 0 && k == 0 && n > 0}
 * lets one random test in a few hundred reach its loop, and a loop without samples gets no
 * likely invariant. For each loop the random tests entered fewer than
 * {@link TestOptions#entryTests} times, a model of F that visits the loop's head (the loop-cut
 * formula of Algorithm 4.1, every invariant still true) gives the inputs of one more test. The
 * loop's entry values are drawn as Algorithm 6.1 draws inputs and asked of the model where F
 * allows (those the unsat core names are dropped until F is satisfiable), so that the tests enter
 * with different values. Each test runs in the concrete interpreter like the random ones, so
 * every sample it leaves is real; a model whose path the run does not follow only costs the run.
 */
public final class LoopEntryTests {
    private LoopEntryTests() {
    }

    /** Runs the directed tests on {@code program} into {@code runs}, with F encoded in a context of its own. */
    public static int run(Program program, LoopForest loops, TestRuns runs, TestOptions options) {
        if (options.entryTests() == 0 || runs.failure() != null) {
            return 0;
        }
        try (Context ctx = new Context()) {
            ProgramEncoding encoding = ProgramEncoding.build(ctx, program, loops);
            SmtSolver solver = new SmtSolver(ctx, new SmtStatistics());
            solver.add(encoding.formula());
            return run(encoding, solver, runs, options);
        }
    }

    /**
     * Runs the directed tests of {@code runs}' options on the loops of {@code encoding} into
     * {@code runs}, with {@code solver}, which holds F, and within what is left of the tests'
     * budget; stops at the first test that fails an assertion. Returns the tests run.
     */
    public static int run(ProgramEncoding encoding, SmtSolver solver, TestRuns runs, TestOptions options) {
        SplittableRandom random = new SplittableRandom(options.seed());
        int directed = 0;
        for (LoopSite site : encoding.loopSites()) {
            for (int k = runs.entries(site.loop()); k < options.entryTests(); k++) {
                if (runs.failure() != null || !runs.timeLeft()) {
                    return directed;
                }
                Map<Stmt.Havoc, Long> inputs = inputsReaching(encoding, solver, site, random, runs.nanosLeft());
                if (inputs == null) {
                    break;
                }
                runs.runDirected(inputs);
                directed++;
            }
        }
        return directed;
    }

    /**
     * The havoc values of a model of F ∧ b_H, with as many of the drawn entry values as F admits;
     * null if F never visits the head or the solver gives up.
     */
    private static Map<Stmt.Havoc, Long> inputsReaching(ProgramEncoding encoding, SmtSolver solver, LoopSite site,
                                                        SplittableRandom random, long nanosLeft) {
        Context ctx = solver.context();
        solver.push();
        solver.setTimeoutMillis(Math.max(1, nanosLeft / 1_000_000));
        try {
            List<BoolExpr> pins = new ArrayList<>();
            for (Map.Entry<Variable, Expr<?>> e : site.pre().entrySet()) {
                Variable v = e.getKey();
                if (v.kind() == Variable.Kind.TEMPORARY || v.isArray()) {
                    continue;
                }
                long bits = TestGenerator.draw(random, v.type());
                BoolExpr pin = ctx.mkBoolConst("entry-test!" + site.loop().head().id() + "!" + v.name() + "!" + pins.size());
                solver.add(ctx.mkImplies(pin, ctx.mkEq(e.getValue(),
                        ctx.mkBV(Long.toUnsignedString(bits), v.type().width()))));
                pins.add(pin);
            }
            while (true) {
                List<BoolExpr> assumptions = new ArrayList<>(pins);
                assumptions.add(site.headVar());
                SmtResult r = solver.check(assumptions);
                if (r instanceof SmtResult.Sat sat) {
                    return encoding.decode(sat.model()).havocValues();
                }
                if (!(r instanceof SmtResult.Unsat unsat) || !pins.removeAll(unsat.core())) {
                    return null;
                }
            }
        } finally {
            solver.setTimeoutMillis(0);
            solver.pop();
        }
    }
}
