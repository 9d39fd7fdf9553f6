package pdpv.cli;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.microsoft.z3.Context;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import pdpv.pdr.PdrOptions;
import pdpv.pdr.PdrStatistics;
import pdpv.pdr.btor.Btor2Check;
import pdpv.pdr.btor.Btor2Exception;
import pdpv.pdr.btor.Btor2Model;
import pdpv.pdr.btor.Btor2Outcome;
import pdpv.pdr.btor.Btor2Reader;

/** {@code pdpv mc FILE.btor2}: is a bad state of a BTOR2 hardware model reachable? (QF_BV PDR) */
@Command(name = "mc", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Model check a BTOR2 model (bit-vectors, no arrays) with the QF_BV PDR engine.")
final class McCommand implements Callable<Integer> {
    private static final double GRACE_SECONDS = 1;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "BTOR2 model")
    Path file;

    @Mixin
    RunOptions run;

    @Mixin
    EngineOptions engine;

    @Option(names = "--compare-simulations", paramLabel = "FILE",
            description = "also expand every proof obligation that simulation expands by ternary, interval and hybrid simulation from the same point, and write their log2 expansion factors to FILE as TSV (thesis Fig. 3.12); the run itself is unchanged")
    Path comparisons;

    @Option(names = "--witness", paramLabel = "FILE",
            description = "for an unsafe verdict, write the counterexample to FILE in the BTOR2 witness format (as btorsim reads it)")
    Path witness;

    /** An answer of the engine that failed the re-check apart from the engine: a bug. */
    private static final class RecheckFailed extends Exception {
        RecheckFailed(String message) {
            super(message);
        }
    }

    @Override
    public Integer call() throws Exception {
        String problem = engine.problem() != null ? engine.problem() : run.problem() != null ? run.problem()
                : OutputPaths.file("--compare-simulations", comparisons);
        if (problem != null) {
            spec.commandLine().getErr().println("error: " + problem);
            return ExitCodes.BAD_INPUT;
        }
        long start = RunClock.start();
        AtomicReference<Btor2Check> running = new AtomicReference<>();
        Btor2Outcome outcome;
        try (Watchdog watchdog = run.watchdog("pdpv-mc", start, GRACE_SECONDS)) {
            Watchdog.Outcome<Btor2Outcome> o = watchdog.run(() -> check(running, start), reason -> cancel(running));
            outcome = o.limit() == null ? o.value() : stopped(o, running);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Btor2Exception b) {
                spec.commandLine().getErr().println(b.render(file.toString()));
                return ExitCodes.BAD_INPUT;
            }
            if (e.getCause() instanceof RecheckFailed f) {
                spec.commandLine().getErr().println("internal error: " + file + ": " + f.getMessage());
                return ExitCodes.INTERNAL_ERROR;
            }
            if (e.getCause() instanceof IOException) {
                String reason = Files.exists(file) ? "cannot read file" : "no such file";
                spec.commandLine().getErr().println(file + ": error: " + reason);
                return ExitCodes.BAD_INPUT;
            }
            throw e;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (comparisons != null) {
            writeComparisons(outcome.statistics());
        }
        if (run.json) {
            printJson(outcome, seconds);
        } else {
            printText(outcome, seconds);
        }
        return switch (outcome.kind()) {
            case SAFE -> ExitCodes.SAFE;
            case UNSAFE -> ExitCodes.UNSAFE;
            case UNKNOWN -> ExitCodes.UNKNOWN;
        };
    }

    private static void cancel(AtomicReference<Btor2Check> running) {
        Btor2Check check = running.get();
        if (check != null) {
            check.cancel();
        }
    }

    /**
     * The answer after a limit was reached. The engine stops itself at the timeout and is cancelled
     * only if it overruns by more than a grace second; an answer it still found stands, anything
     * else is unknown with the limit as reason.
     */
    private static Btor2Outcome stopped(Watchdog.Outcome<Btor2Outcome> o, AtomicReference<Btor2Check> running) {
        Btor2Outcome late = o.value();
        if (late != null && late.kind() != Btor2Outcome.Kind.UNKNOWN) {
            return late;
        }
        Btor2Check check = running.get();
        PdrStatistics statistics = late != null ? late.statistics() : check != null ? check.statistics() : new PdrStatistics();
        return new Btor2Outcome(Btor2Outcome.Kind.UNKNOWN, o.limit(), List.of(), List.of(), statistics.frames(), 0, 0,
                List.of(), statistics);
    }

    /**
     * Reads the model and runs the engine with what is left of the time limit since {@code start};
     * a safe or unsafe answer is re-checked apart from the engine ({@link Btor2Check#recheck}) and
     * an unsafe one written to {@code --witness}.
     */
    private Btor2Outcome check(AtomicReference<Btor2Check> running, long start)
            throws IOException, Btor2Exception, RecheckFailed {
        String text = Files.readString(file);
        try (Context ctx = new Context()) {
            Btor2Model model = Btor2Reader.read(ctx, text);
            long left = Math.max(1_000_000, (long) (run.timeoutSeconds * 1e9) - (System.nanoTime() - start));
            Duration budget = run.timeoutSeconds > 0 ? Duration.ofNanos(left) : Duration.ofDays(3650);
            PdrOptions options = engine.applyTo(PdrOptions.defaults()).withTimeout(budget);
            Btor2Check check = new Btor2Check(ctx, model, options);
            if (comparisons != null) {
                check.statistics().compareSimulations();
            }
            running.set(check);
            Btor2Outcome outcome = check.run();
            String problem = check.recheck(text);
            if (problem != null) {
                throw new RecheckFailed("the " + (outcome.kind() == Btor2Outcome.Kind.SAFE ? "invariant" : "counterexample")
                        + " failed the re-check apart from the engine: " + problem);
            }
            if (witness != null && outcome.kind() == Btor2Outcome.Kind.UNSAFE) {
                Files.writeString(witness, check.witness());
            }
            return outcome;
        }
    }

    private void printText(Btor2Outcome o, double seconds) {
        PrintWriter out = spec.commandLine().getOut();
        out.println("verdict: " + o.kind().word());
        out.println("reason: " + o.reason());
        for (String property : o.violated()) {
            out.println("violated: " + property);
        }
        if (!o.trace().isEmpty()) {
            out.println("trace (state values, then the inputs read in that step):");
            for (int k = 0; k < o.trace().size(); k++) {
                Btor2Outcome.Step step = o.trace().get(k);
                String inputs = step.inputs().isEmpty() ? "" : "; inputs: " + assignments(step.inputs());
                out.println("  step " + k + ": " + assignments(step.states()) + inputs);
            }
        }
        if (o.kind() == Btor2Outcome.Kind.SAFE) {
            out.println("frames: " + o.frames());
            out.println("invariant: " + o.invariantSize() + " ARUs (" + o.invariantCubes() + " Boolean cubes, "
                    + o.invariantPolytopes() + " polytopes)");
            if (!o.excluded().isEmpty()) {
                out.println("no reachable state meets any of these (a cube's bits read the state unsigned, a polytope row signed):");
                o.excluded().forEach(region -> out.println("  " + region));
            }
        }
        out.println(String.format(Locale.ROOT, "time: %.2f s", seconds));
        if (run.stats) {
            PdrStatistics s = o.statistics();
            out.println("statistics:");
            out.println("  frames: " + s.frames() + ", proof obligations: " + s.proofObligations());
            out.println("  cubes added: " + s.cubesAdded() + ", polytopes added: " + s.polytopesAdded());
            out.println("  reshapes: " + s.reshapesSucceeded() + " of " + s.reshapesTried() + " succeeded");
            out.println(String.format(Locale.ROOT, "  smt calls: %d (%.3f s), %d decided by the integer relaxation", s.smtCalls(),
                    s.smtSeconds(), s.relaxedSmtCalls()));
            out.println(String.format(Locale.ROOT, "  mean log2 expansion factor: %.1f", s.meanLog2ExpansionFactor()));
            out.println("  expansions by simulation: " + s.simulationExpansions() + " (" + s.simulationChecksPassed() + " of "
                    + s.simulationChecks() + " candidate checks valid)");
        }
        out.flush();
    }

    /** One line per compared expansion: the log2 expansion factors of ternary, interval and hybrid simulation. */
    private void writeComparisons(PdrStatistics statistics) throws IOException {
        StringBuilder tsv = new StringBuilder("ternary\tinterval\thybrid\n");
        for (double[] f : statistics.simulationComparisons()) {
            tsv.append(String.format(Locale.ROOT, "%.3f\t%.3f\t%.3f%n", f[0], f[1], f[2]));
        }
        Files.writeString(comparisons, tsv.toString());
    }

    private static String assignments(Map<String, Long> values) {
        StringBuilder sb = new StringBuilder();
        values.forEach((name, value) -> sb.append(sb.length() == 0 ? "" : ", ").append(name).append(" = ").append(Long.toUnsignedString(value)));
        return sb.length() == 0 ? "(no state)" : sb.toString();
    }

    private void printJson(Btor2Outcome o, double seconds) {
        JsonObject root = new JsonObject();
        root.addProperty("file", file.toString());
        root.addProperty("verdict", o.kind().word());
        root.addProperty("reason", o.reason());
        JsonArray violated = new JsonArray();
        o.violated().forEach(violated::add);
        root.add("violated", violated);
        JsonArray trace = new JsonArray();
        for (Btor2Outcome.Step step : o.trace()) {
            JsonObject s = new JsonObject();
            s.add("states", values(step.states()));
            s.add("inputs", values(step.inputs()));
            trace.add(s);
        }
        root.add("trace", trace);
        root.addProperty("frames", o.frames());
        root.addProperty("invariant_size", o.invariantSize());
        JsonArray excluded = new JsonArray();
        o.excluded().forEach(excluded::add);
        root.add("excluded", excluded);
        root.addProperty("time_seconds", seconds);
        PdrStatistics s = o.statistics();
        JsonObject st = new JsonObject();
        st.addProperty("frames", s.frames());
        st.addProperty("proof_obligations", s.proofObligations());
        st.addProperty("cubes_added", s.cubesAdded());
        st.addProperty("polytopes_added", s.polytopesAdded());
        st.addProperty("reshapes_tried", s.reshapesTried());
        st.addProperty("reshapes_succeeded", s.reshapesSucceeded());
        st.addProperty("smt_calls", s.smtCalls());
        st.addProperty("smt_relaxed_calls", s.relaxedSmtCalls());
        st.addProperty("smt_seconds", s.smtSeconds());
        st.addProperty("mean_log2_expansion_factor", s.meanLog2ExpansionFactor());
        st.addProperty("simulation_expansions", s.simulationExpansions());
        st.addProperty("simulation_checks", s.simulationChecks());
        st.addProperty("simulation_checks_valid", s.simulationChecksPassed());
        st.addProperty("simulation_log2_expansion_sum", s.log2SimulationExpansionSum());
        root.add("statistics", st);
        PrintWriter out = spec.commandLine().getOut();
        out.println(new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(root));
        out.flush();
    }

    private static JsonObject values(Map<String, Long> values) {
        JsonObject o = new JsonObject();
        values.forEach((name, value) -> o.addProperty(name, new BigInteger(Long.toUnsignedString(value))));
        return o;
    }
}
