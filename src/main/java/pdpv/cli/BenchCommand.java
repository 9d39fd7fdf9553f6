package pdpv.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import pdpv.bench.BenchRunner;
import pdpv.bench.Benchmark;
import pdpv.bench.Configuration;
import pdpv.bench.CsvReport;
import pdpv.bench.InputError;
import pdpv.bench.Manifest;
import pdpv.bench.Results;
import pdpv.bench.TaskRunner;

/** {@code pdpv bench}: runs the Table 4.1 benchmarks in every selected configuration and writes the reports. */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Run the benchmarks of thesis Table 4.1 and write results.csv, report.md and plots.")
final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--manifest", defaultValue = "invgen-bench/manifest.tsv", description = "benchmark manifest (default: ${DEFAULT-VALUE})")
    Path manifest;

    @Option(names = "--configurations", defaultValue = "invgen-bench/configurations.tsv",
            description = "configurations file (default: ${DEFAULT-VALUE})")
    Path configurations;

    @Option(names = "--bench-dir", defaultValue = "../shared/bench/thesis",
            description = "directory holding the benchmark programs (default: ${DEFAULT-VALUE})")
    Path benchDir;

    @Option(names = "--config", split = ",", paramLabel = "NAME", description = "only these configurations (default: all)")
    List<String> selectedConfigs;

    @Option(names = "--only", split = ",", paramLabel = "NAME", description = "only these benchmarks (default: all)")
    List<String> selectedBenchmarks;

    @Option(names = "--timeout", defaultValue = "600", paramLabel = "SECONDS", description = "time limit per task (default: ${DEFAULT-VALUE})")
    double timeout;

    @Option(names = "--memory-limit", defaultValue = "0", paramLabel = "MB",
            description = "memory limit per task of PDPV's own configurations (verify --memory-limit); 0 = none (default)")
    long memoryLimitMb;

    @Option(names = "-j", paramLabel = "N", description = "tasks in parallel (default: number of cores)")
    Integer jobs;

    @Option(names = "--out", paramLabel = "DIR", description = "output directory (default: invgen-bench/results/<date>)")
    Path out;

    @Option(names = "--from-csv", paramLabel = "FILE",
            description = "run nothing: write the reports from an earlier run's results.csv (e.g. after changing the report)")
    Path fromCsv;

    @Override
    public Integer call() throws IOException, InterruptedException {
        try {
            return bench();
        } catch (InputError e) {
            spec.commandLine().getErr().println("error: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
    }

    private int bench() throws IOException, InterruptedException {
        if (jobs != null && jobs < 1) {
            throw new InputError("-j must be at least 1, found " + jobs);
        }
        if (timeout <= 0) {
            throw new InputError("--timeout must be positive, found " + timeout);
        }
        if (memoryLimitMb < 0) {
            throw new InputError("--memory-limit must not be negative, found " + memoryLimitMb);
        }
        if (out != null && Files.exists(out) && !Files.isDirectory(out)) {
            throw new InputError("--out " + out + " is a file; it must name a directory (created if missing)");
        }
        if (fromCsv != null && !Files.isRegularFile(fromCsv)) {
            throw new InputError("--from-csv " + fromCsv + ": no such file");
        }
        List<Benchmark> benchmarks = select("benchmark", "--only", Manifest.benchmarks(manifest, benchDir, Path.of(".")),
                selectedBenchmarks, Benchmark::name);
        List<Configuration> configs = select("configuration", "--config", Manifest.configurations(configurations),
                selectedConfigs, Configuration::name);
        if (fromCsv == null) {
            requirePrograms(benchmarks);
            requireTools(configs);
        }
        Path dir = out != null ? out : Path.of("invgen-bench", "results", LocalDate.now().toString());
        String unwritable = OutputPaths.directory("--out", dir, true);
        if (unwritable != null) {
            throw new InputError(unwritable);
        }
        int cores = Runtime.getRuntime().availableProcessors();
        int parallel = jobs == null ? cores : jobs;
        String machine;
        Results results;
        if (fromCsv != null) {
            results = CsvReport.read(fromCsv, benchmarks, configs);
            Path previous = fromCsv.resolveSibling("report.md");
            machine = Files.exists(previous) ? Files.readAllLines(previous).get(2) : "Re-rendered from " + fromCsv + ".";
        } else {
            TaskRunner runner = new TaskRunner(System.getProperty("java.class.path"), timeout, memoryLimitMb,
                    Files.createTempDirectory("pdpv-bench"));
            results = new BenchRunner(runner, parallel, spec.commandLine().getErr()).run(benchmarks, configs);
            String memoryLimit = memoryLimitMb > 0 ? String.format(Locale.ROOT, ", memory limit %d MB", memoryLimitMb) : "";
            machine = String.format(Locale.ROOT,
                    "Measured on %s: %d cores, %s memory, %s %s, Java %s; time limit %.0f s per task%s, %d tasks in parallel.",
                    LocalDate.now(), cores, memory(), System.getProperty("os.name"), System.getProperty("os.arch"),
                    System.getProperty("java.version"), timeout, memoryLimit, parallel);
        }
        BenchRunner.writeReports(dir, benchmarks, configs, results, machine, timeout);
        long wrong = results.wrongCount();
        spec.commandLine().getOut().println("report: " + dir.resolve("report.md") + (wrong > 0 ? "   WRONG VERDICTS: " + wrong : ""));
        long failed = results.all().stream().filter(r -> r.verdict().equals("error")).count();
        if (failed > 0) {
            spec.commandLine().getErr().println("error: " + failed + " task(s) could not run (verdict 'error' in "
                    + dir.resolve("results.csv") + "; their reason column says why)");
            return ExitCodes.CRASH;
        }
        return wrong > 0 ? ExitCodes.WRONG_VERDICT : ExitCodes.SAFE;
    }

    /** The entries {@code names} selects (all when null); an unknown name is an error that lists the known ones. */
    private static <T> List<T> select(String what, String option, List<T> all, List<String> names,
            java.util.function.Function<T, String> name) {
        if (names == null) {
            return all;
        }
        List<String> known = all.stream().map(name).toList();
        for (String n : names) {
            if (!known.contains(n)) {
                throw new InputError(option + ": no " + what + " named '" + n + "' (known: " + String.join(", ", known) + ")");
            }
        }
        return all.stream().filter(t -> names.contains(name.apply(t))).toList();
    }

    /** Every program the manifest names must be there before anything runs. */
    private void requirePrograms(List<Benchmark> benchmarks) {
        for (Benchmark b : benchmarks) {
            if (b.program().isPresent() && !Files.isRegularFile(b.program().get())) {
                Path missing = b.program().get();
                throw new InputError("the program of benchmark " + b.name() + " is missing: " + missing + " (folder "
                        + missing.toAbsolutePath().getParent() + "); the thesis programs are read from --bench-dir "
                        + "(default ../shared/bench/thesis), SV-COMP programs and tasks from the manifest's folder: "
                        + "point --bench-dir or --manifest at the folder that holds the benchmark programs");
            }
        }
    }

    /** The program of every external tool's configuration must be there before anything runs. */
    private static void requireTools(List<Configuration> configs) {
        for (Configuration c : configs) {
            if (!c.isExternal()) {
                continue;
            }
            String program = c.arguments().get(0);
            boolean found = program.contains("/") ? Files.isExecutable(Path.of(program))
                    : Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                            .anyMatch(d -> Files.isExecutable(Path.of(d, program)));
            if (!found) {
                throw new InputError("configuration " + c.name() + " runs " + program + ", which is not "
                        + (program.contains("/") ? "an executable file" : "on the PATH"));
            }
        }
    }

    private static String memory() throws IOException {
        Path meminfo = Path.of("/proc/meminfo");
        if (Files.isReadable(meminfo)) {
            for (String line : Files.readAllLines(meminfo)) {
                if (line.startsWith("MemTotal:")) {
                    long kb = Long.parseLong(line.replaceAll("\\D", ""));
                    return String.format(Locale.ROOT, "%.0f GiB", kb / 1024.0 / 1024.0);
                }
            }
        }
        return "unknown";
    }
}
