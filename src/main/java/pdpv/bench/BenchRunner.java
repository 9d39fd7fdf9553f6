package pdpv.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs every (benchmark, configuration) task, up to {@code jobs} at a time, printing a progress
 * line per finished task, then writes {@code results.csv}, {@code report.md} and the plots.
 * The InvGen rows also run the default configuration under C's reading of uninitialized globals.
 */
public final class BenchRunner {
    private final TaskRunner tasks;
    private final int jobs;
    private final PrintWriter progress;

    public BenchRunner(TaskRunner tasks, int jobs, PrintWriter progress) {
        this.tasks = tasks;
        this.jobs = jobs;
        this.progress = progress;
    }

    private record Task(Benchmark benchmark, Configuration configuration, boolean nondetGlobals) {
    }

    public Results run(List<Benchmark> benchmarks, List<Configuration> configs) throws InterruptedException {
        List<Task> todo = new ArrayList<>();
        for (Benchmark b : benchmarks) {
            for (Configuration c : configs) {
                todo.add(new Task(b, c, b.nondetGlobals()));
                if (b.nondetGlobals() && c.name().equals("default")) {
                    todo.add(new Task(b, c, false));
                }
            }
        }
        Results results = new Results();
        AtomicInteger done = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(jobs);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (Task t : todo) {
                futures.add(pool.submit(() -> {
                    TaskResult r = runOne(t);
                    results.add(r);
                    synchronized (progress) {
                        boolean otherReading = t.nondetGlobals() != t.benchmark().nondetGlobals();
                        progress.printf(Locale.ROOT, "[%d/%d] %-22s %-32s %-8s %s%s%n", done.incrementAndGet(), todo.size(),
                                t.benchmark().name(), t.configuration().name() + (otherReading ? " (zero globals)" : ""),
                                r.verdict(), r.seconds() >= 0 ? String.format(Locale.ROOT, "%.2fs", r.seconds()) : "",
                                !r.wrong() ? "" : r.configuration().isPeer() ? "   (peer wrong)" : "   WRONG VERDICT");
                        progress.flush();
                    }
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IllegalStateException("benchmark task failed", e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return results;
    }

    private TaskResult runOne(Task t) {
        try {
            return tasks.run(t.benchmark(), t.configuration(), t.nondetGlobals());
        } catch (IOException e) {
            return new TaskResult(t.benchmark(), t.configuration(), t.nondetGlobals(), "error", e.getMessage(), -1, -1, -1, -1, -1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new TaskResult(t.benchmark(), t.configuration(), t.nondetGlobals(), "error", "interrupted", -1, -1, -1, -1, -1);
        }
    }

    /** Writes the reports into {@code dir}; {@code machine} describes where and how it was measured. */
    public static void writeReports(Path dir, List<Benchmark> benchmarks, List<Configuration> configs, Results results,
            String machine, double timeout) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("results.csv"), CsvReport.render(results));
        String plot = Plots.write(dir, benchmarks, configs, results, timeout);
        Files.writeString(dir.resolve("report.md"), MarkdownReport.render(benchmarks, configs, results, machine, plot));
    }
}
