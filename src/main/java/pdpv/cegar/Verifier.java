package pdpv.cegar;

import com.microsoft.z3.Context;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.encode.Counterexample;
import pdpv.encode.ProgramEncoding;
import pdpv.interp.Execution;
import pdpv.interp.InputEvent;
import pdpv.interp.InputOracle;
import pdpv.interp.Interpreter;
import pdpv.interp.InterpreterOptions;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/**
 * Thesis Algorithm 4.2 (verifyProgram) with every loop invariant still {@code true}: F unsat means
 * SAFE; a model of F is replayed from the entry (interpretationHitsAssertion) and is UNSAFE only
 * when the concrete run fails an assertion; otherwise the loop invariants are too weak (UNKNOWN).
 */
public final class Verifier {
    private final VerifierOptions options;

    public Verifier(VerifierOptions options) {
        this.options = options;
    }

    public Verdict verify(Program program) {
        long start = System.nanoTime();
        LoopForest loops = LoopForest.of(program);
        SmtStatistics smt = new SmtStatistics();
        try (Context ctx = new Context()) {
            ProgramEncoding encoding = ProgramEncoding.build(ctx, program, loops);
            SmtSolver solver = new SmtSolver(ctx, smt);
            solver.add(encoding.formula());
            SmtResult result = solver.check();
            StatsFactory stats = () -> new VerifierStatistics(program.blocks().size(), program.variables().size(),
                    loops.loops().size(), 1, smt.calls(), smt.seconds(), (System.nanoTime() - start) / 1e9);
            if (result instanceof SmtResult.Unsat) {
                return Verdict.safe(trueInvariants(loops), stats.get());
            }
            if (result instanceof SmtResult.Unknown u) {
                return Verdict.unknown("solver gave up: " + u.reason(), stats.get());
            }
            Counterexample cex = encoding.decode(((SmtResult.Sat) result).model());
            Execution run = replayFromEntry(program, cex);
            if (run.outcome() == Execution.Outcome.ASSERTION_FAILED) {
                return unsafe(program, run, stats.get());
            }
            return Verdict.unknown("loop invariants too weak: the counterexample at "
                    + cex.violated().loc() + " is spurious and invariant refinement is not available", stats.get());
        }
    }

    private Execution replayFromEntry(Program program, Counterexample cex) {
        Map<Stmt.Havoc, List<Long>> values = new HashMap<>();
        cex.havocValues().forEach((h, v) -> values.put(h, List.of(v)));
        Interpreter interpreter = new Interpreter(program.semantics(), InterpreterOptions.DEFAULTS.withMaxSteps(options.maxInterpreterSteps()));
        return interpreter.run(program.entry(), Map.of(), InputOracle.fromValues(values, 0L));
    }

    private static Verdict unsafe(Program program, Execution run, VerifierStatistics stats) {
        List<Verdict.InputValue> inputs = new ArrayList<>();
        for (InputEvent e : run.inputs()) {
            Stmt.Havoc h = e.havoc();
            String name = h.target().kind() == Variable.Kind.TEMPORARY ? null : h.target().sourceName();
            inputs.add(new Verdict.InputValue(name, h.description(), h.loc(),
                    h.target().type().format(e.value())));
        }
        Stmt.Assert failed = run.failedAssertion();
        return Verdict.unsafe(inputs, new Verdict.FailedAssertion(failed.loc(), failed.text()),
                sourcePath(program, run), stats);
    }

    /** The source lines of the blocks the failing run visited, without immediate repetitions. */
    private static List<SourceLoc> sourcePath(Program program, Execution run) {
        List<SourceLoc> path = new ArrayList<>();
        for (int id : run.path()) {
            Block b = program.block(id);
            for (Stmt s : b.statements()) {
                SourceLoc loc = s.loc();
                if (path.isEmpty() || path.get(path.size() - 1).line() != loc.line()) {
                    path.add(loc);
                }
            }
        }
        return path;
    }

    private static List<Verdict.LoopCertificate> trueInvariants(LoopForest loops) {
        List<Verdict.LoopCertificate> certs = new ArrayList<>();
        for (Loop l : loops.loops()) {
            certs.add(new Verdict.LoopCertificate(headLocation(l.head()), "1"));
        }
        return certs;
    }

    private static SourceLoc headLocation(Block head) {
        if (head.terminator() instanceof pdpv.cfg.Terminator.Branch b) {
            return b.loc();
        }
        return head.statements().isEmpty() ? SourceLoc.UNKNOWN : head.statements().get(0).loc();
    }

    @FunctionalInterface
    private interface StatsFactory {
        VerifierStatistics get();
    }
}
