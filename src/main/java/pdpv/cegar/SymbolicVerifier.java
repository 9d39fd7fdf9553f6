package pdpv.cegar;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;
import pdpv.interp.Execution;
import pdpv.interp.InputOracle;
import pdpv.interp.Interpreter;
import pdpv.interp.InterpreterOptions;
import pdpv.pdr.PdrEngine;
import pdpv.pdr.PdrOptions;
import pdpv.pdr.PdrResult;

/**
 * The fully symbolic baseline of thesis §4.2.1 ("Explicit Modeling the Program Counter"; the
 * "Symbolic Encoding" columns of Table 4.1): the whole function becomes one
 * {@link ProgramCounterSystem} and one call of the QF_BV PDR engine decides it, without loop
 * invariants or CEGAR. SAFE comes with the engine's inductive invariant, which the engine has
 * re-checked in fresh solvers (initiation, consecution, exclusion of p = ERROR); its restriction
 * to each loop head is printed as that loop's certificate. UNSAFE comes with the havoc values of
 * the engine's trace, replayed from the entry by the concrete interpreter to a failing assertion.
 * Anything else is UNKNOWN with a reason.
 */
public final class SymbolicVerifier implements ProgramVerifier {
    private final PdrOptions options;
    private final CancelReason cancelled = new CancelReason();
    private volatile PdrEngine engine;

    private final Progress progress;

    /** {@code options} configure the single PDR call; its timeout is the budget of the whole run. */
    public SymbolicVerifier(PdrOptions options) {
        this(options, Progress.NONE);
    }

    /** As {@link #SymbolicVerifier(PdrOptions)}, telling {@code progress} of each PDR frame. */
    public SymbolicVerifier(PdrOptions options, Progress progress) {
        this.options = options;
        this.progress = progress;
    }

    @Override
    public Verdict verify(Program program) {
        long start = System.nanoTime();
        Run run = new Run(program, LoopForest.of(program), start);
        if (program.variables().stream().anyMatch(Variable::isArray)) {
            return Verdict.unknown("the symbolic encoding (one PDR instance over bit-vectors) models no arrays; "
                    + "the default encoding does", run.statistics());
        }
        try (Context ctx = new Context()) {
            ProgramCounterSystem system = new ProgramCounterSystem(ctx, program);
            PdrEngine e = new PdrEngine(ctx, system.system(), options);
            e.onNewFrame(k -> progress.report("PDR on the program with its program counter: frame " + k));
            engine = e;
            if (cancelled.isSet()) {
                return Verdict.unknown(cancelled.get(), run.statistics());
            }
            PdrResult result = run.check(e, cancelled);
            if (result instanceof PdrResult.Holds holds) {
                return run.safe(ctx, system, holds.invariant());
            }
            if (result instanceof PdrResult.Fails trace) {
                return run.replay(system, trace);
            }
            String reason = ((PdrResult.Unknown) result).reason();
            return Verdict.unknown(cancelled.isSet() ? cancelled.get() : "PDR: " + reason, run.statistics());
        } finally {
            engine = null;
        }
    }

    @Override
    public void cancel(String reason) {
        cancelled.set(reason);
        PdrEngine e = engine;
        if (e != null) {
            e.cancel();
        }
    }

    /** One run: the program and the figures for {@link VerifierStatistics}. */
    private static final class Run {
        private final Program program;
        private final LoopForest loops;
        private final long start;
        private PdrEngine pdr;
        private double pdrSeconds;

        Run(Program program, LoopForest loops, long start) {
            this.program = program;
            this.loops = loops;
            this.start = start;
        }

        /**
         * The one PDR call; an answer that fails the engine's own re-check is an internal fault, as in
         * refinement, unless the run was cancelled (a check cut short proves nothing).
         */
        PdrResult check(PdrEngine e, CancelReason cancelled) {
            pdr = e;
            long pdrStart = System.nanoTime();
            try {
                return e.check();
            } catch (IllegalStateException failedCheck) {
                if (cancelled.isSet()) {
                    return new PdrResult.Unknown(cancelled.get());
                }
                throw new InternalCheckFailure(failedCheck.getMessage());
            } finally {
                pdrSeconds = (System.nanoTime() - pdrStart) / 1e9;
            }
        }

        /** SAFE with the checked invariant restricted to each loop head. */
        Verdict safe(Context ctx, ProgramCounterSystem system, BoolExpr invariant) {
            InvariantPrinter printer = new InvariantPrinter(ctx, system.variables(), program.addresses());
            List<Verdict.LoopCertificate> certs = new ArrayList<>();
            for (Loop l : loops.loops()) {
                certs.add(new Verdict.LoopCertificate(Evidence.headLocation(l.head()), Evidence.statementLocation(l.head()),
                        printer.print(system.at(ctx, l.head(), invariant))));
            }
            return Verdict.safe(certs, statistics());
        }

        /** UNSAFE if the trace's havoc values, replayed from the entry, fail an assertion; else UNKNOWN. */
        Verdict replay(ProgramCounterSystem system, PdrResult.Fails trace) {
            ProgramCounterSystem.Replay r = system.replay(trace);
            Interpreter interpreter = new Interpreter(program.semantics(), InterpreterOptions.DEFAULTS.withMaxSteps(r.steps()));
            Execution run = interpreter.run(program.entry(), Map.of(), InputOracle.fromValues(r.havocValues(), 0L));
            if (run.hitsAssertion()) {
                return Evidence.unsafe(program, run, statistics());
            }
            return Verdict.unknown("the PDR trace of " + trace.length() + " steps to the error location does not replay to "
                    + "a failing assertion (the interpreter's run ends: " + run.outcome() + ")", statistics());
        }

        /** One PDR call, no CEGAR iterations and no refinements; the SMT figures are the engine's. */
        VerifierStatistics statistics() {
            long smtCalls = pdr == null ? 0 : pdr.statistics().smtCalls();
            double smtSeconds = pdr == null ? 0 : pdr.statistics().smtSeconds();
            return new VerifierStatistics(program.blocks().size(), program.variables().size(), loops.loops().size(), 0,
                    smtCalls, smtSeconds, pdr == null ? 0 : 1, pdrSeconds,
                    pdr == null ? VerifierStatistics.Simulation.NONE : VerifierStatistics.Simulation.of(pdr.statistics()), List.of(), (System.nanoTime() - start) / 1e9);
        }
    }
}
