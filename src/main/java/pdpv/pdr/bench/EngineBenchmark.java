package pdpv.pdr.bench;

import com.microsoft.z3.Context;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import pdpv.pdr.PdrEngine;
import pdpv.pdr.PdrOptions;
import pdpv.pdr.PdrResult;
import pdpv.pdr.PdrStatistics;
import pdpv.pdr.SimulationType;
import pdpv.pdr.TransitionSystem;

/**
 * Runs the chapter-3 examples (§3.2, §7.1) and the loop of Fig. 5.7b in every ARU mode (c ∈ {0, 0.5, 1}) and simulation type
 * (§3.4.2, §3.4.3) and prints a table of verdict, time, frames and ARUs, and below each example
 * Z3's Spacer on the same system ({@link SpacerBaseline}). Not a test: timings belong here. Usage:
 * {@code EngineBenchmark [timeout-seconds]} (default 30).
 */
public final class EngineBenchmark {
    private static final double[] CUBE_PROBABILITIES = {0.0, 0.5, 1.0};
    private static final SimulationType[] SIMULATIONS = {SimulationType.TERNARY, SimulationType.INTERVAL, SimulationType.HYBRID};

    private EngineBenchmark() {
    }

    public static void main(String[] args) {
        Duration timeout = Duration.ofSeconds(args.length > 0 ? Long.parseLong(args[0]) : 30);
        Map<String, Function<ThesisExamples, TransitionSystem>> examples = new LinkedHashMap<>();
        examples.put("simple", ex -> ex.simple(3));
        examples.put("linear", ThesisExamples::linear);
        examples.put("hybrid", ThesisExamples::hybrid);
        examples.put("x>=1000", ex -> ex.simple(1000));
        examples.put("countup", ThesisExamples::countUp);
        System.out.printf("%-8s %4s %-8s %-8s %8s %6s %6s %6s %6s %8s %8s%n",
                "example", "c", "sim", "verdict", "time[s]", "frames", "cubes", "polys", "POs", "reshapes", "smt");
        for (Map.Entry<String, Function<ThesisExamples, TransitionSystem>> e : examples.entrySet()) {
            for (double c : CUBE_PROBABILITIES) {
                for (SimulationType sim : SIMULATIONS) {
                    try (Context ctx = new Context()) {
                        TransitionSystem ts = e.getValue().apply(new ThesisExamples(ctx, true));
                        PdrOptions options = PdrOptions.defaults().withCubeProbability(c).withSimulation(sim).withTimeout(timeout);
                        PdrEngine engine = new PdrEngine(ctx, ts, options);
                        long start = System.nanoTime();
                        PdrResult result = engine.check();
                        double seconds = (System.nanoTime() - start) / 1e9;
                        PdrStatistics s = engine.statistics();
                        System.out.printf("%-8s %4.1f %-8s %-8s %8.2f %6d %6d %6d %6d %4d/%-3d %8d%n",
                                e.getKey(), c, sim, verdict(result), seconds, s.frames(), s.cubesAdded(), s.polytopesAdded(),
                                s.proofObligations(), s.reshapesSucceeded(), s.reshapesTried(), s.smtCalls());
                    }
                }
            }
            try (Context ctx = new Context()) {
                SpacerBaseline.Outcome spacer = SpacerBaseline.solve(ctx, e.getValue().apply(new ThesisExamples(ctx, true)), timeout);
                System.out.printf("%-8s %4s %-8s %-8s %8.2f%n", e.getKey(), "", "spacer", spacer.verdict(), spacer.seconds());
            }
        }
    }

    private static String verdict(PdrResult result) {
        if (result instanceof PdrResult.Holds) {
            return "holds";
        }
        return result instanceof PdrResult.Fails ? "fails" : "unknown";
    }
}
