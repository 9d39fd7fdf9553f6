package pdpv.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.interp.Execution;
import pdpv.interp.InputOracle;
import pdpv.interp.Interpreter;
import pdpv.interp.InterpreterOptions;
import pdpv.semantics.DataModel;

/**
 * The speed of the concrete replay (thesis §4.3.2; issue #19: an accelerated counterexample is
 * replayed from the entry, 10^8 iterations deep): runs each program of a manifest from its entry
 * with the inputs given, as {@code verify} replays an UNSAFE answer, and prints the steps
 * (statements and terminators), the loop iterations (entries of a loop head), the best wall time
 * of the repetitions, iterations per second and steps per second. Not a test: timings belong here.
 * Usage: {@code ReplayBenchmark MANIFEST.tsv [repetitions (default 3)]}, the manifest's columns
 * {@code program} (relative to the manifest) and {@code inputs} ({@code LINE=VALUE} for the inputs
 * read on each line, space-separated; {@code -} for none).
 */
public final class ReplayBenchmark {
    private ReplayBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        Path manifest = Path.of(args[0]);
        int repetitions = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        List<String> lines = Files.readAllLines(manifest);
        System.out.printf(Locale.ROOT, "%-32s %-10s %14s %12s %9s %14s %14s%n", "program", "outcome", "steps", "iterations",
                "time[s]", "iterations/s", "steps/s");
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] cells = line.split("\t");
            Path file = manifest.resolveSibling(cells[0]);
            Map<Integer, Long> inputs = new HashMap<>();
            if (cells.length > 1 && !cells[1].equals("-")) {
                for (String pair : cells[1].trim().split("\\s+")) {
                    String[] kv = pair.split("=");
                    inputs.put(Integer.parseInt(kv[0]), Long.parseLong(kv[1]));
                }
            }
            Program p = FrontEnd.parse(file, new FrontEndOptions("main", DataModel.ILP32, false));
            InputOracle oracle = (havoc, occurrence) -> inputs.getOrDefault(havoc.loc().line(), 0L);
            Interpreter interpreter = new Interpreter(p.semantics(), InterpreterOptions.DEFAULTS.withMaxSteps(Long.MAX_VALUE));
            long iterations = iterations(p, interpreter, oracle);
            double best = Double.MAX_VALUE;
            Execution run = null;
            for (int r = 0; r < repetitions; r++) {
                long start = System.nanoTime();
                run = interpreter.run(p.entry(), Map.of(), oracle);
                best = Math.min(best, (System.nanoTime() - start) / 1e9);
            }
            System.out.printf(Locale.ROOT, "%-32s %-10s %14d %12d %9.3f %14.0f %14.0f%n", cells[0], run.outcome(), run.steps(),
                    iterations, best, iterations / best, run.steps() / best);
        }
    }

    /** The entries of loop heads in the run: one observed run, apart from the timed ones. */
    private static long iterations(Program p, Interpreter interpreter, InputOracle oracle) {
        LoopForest loops = LoopForest.of(p);
        long[] count = new long[1];
        interpreter.run(p.entry(), Map.of(), oracle, (Block b, pdpv.interp.State s) -> {
            if (loops.loopAt(b) != null) {
                count[0]++;
            }
        });
        return count[0];
    }
}
