package pdpv.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the benchmark manifests and {@code configurations.tsv}. Three manifests are understood,
 * told apart by their header: thesis Table 4.1's ({@code invgen-bench/manifest.tsv}, a {@code file}
 * column: {@code bench:FILE} read from the benchmark directory, a project path (our
 * reconstruction), or {@code -} (not available)); the SV-COMP development set's
 * ({@code ../shared/bench/svcomp/manifest.tsv}: {@code name}, {@code expected}, {@code data_model},
 * the program named {@code name} beside the manifest); and a list of SV-COMP task definitions (a
 * {@code task} column: paths of {@code .yml} files relative to the manifest, expected verdicts
 * taken from the tasks). Problems with the files are {@link InputError}s.
 */
public final class Manifest {
    private Manifest() {
    }

    public static List<Benchmark> benchmarks(Path manifest, Path benchDir, Path projectDir) throws IOException {
        List<Map<String, String>> rows = rows(manifest, "manifest");
        Path here = manifest.toAbsolutePath().getParent();
        if (!rows.isEmpty() && rows.get(0).containsKey("task")) {
            return tasks(manifest, rows, here);
        }
        if (!rows.isEmpty() && !rows.get(0).containsKey("file") && rows.get(0).containsKey("data_model")) {
            List<Benchmark> result = new ArrayList<>();
            for (Map<String, String> row : rows) {
                result.add(new Benchmark(row.get("name"), Benchmark.SVCOMP, Optional.of(here.resolve(row.get("name"))),
                        false, row.get("expected"), row));
            }
            return result;
        }
        require(manifest, rows, "name", "suite", "file", "expected");
        List<Benchmark> result = new ArrayList<>();
        for (Map<String, String> row : rows) {
            String file = row.get("file");
            Optional<Path> program;
            boolean reconstruction = false;
            if (file.equals("-")) {
                program = Optional.empty();
            } else if (file.startsWith("bench:")) {
                program = Optional.of(benchDir.resolve(file.substring("bench:".length())));
            } else {
                program = Optional.of(projectDir.resolve(file));
                reconstruction = true;
            }
            result.add(new Benchmark(row.get("name"), row.get("suite"), program, reconstruction,
                    row.get("expected"), row));
        }
        return result;
    }

    /** Rows naming SV-COMP task definitions: each is verified through its {@code .yml}, under the task's reading. */
    private static List<Benchmark> tasks(Path manifest, List<Map<String, String>> rows, Path here) {
        List<Benchmark> result = new ArrayList<>();
        for (Map<String, String> row : rows) {
            Path yml = here.resolve(row.get("task"));
            SvcompTask task = SvcompTask.read(yml);
            String name = row.getOrDefault("name", "").isBlank() ? yml.getFileName().toString() : row.get("name");
            String expected = task.expectation(Property.UNREACH_CALL).expectedAnswer().orElseThrow(
                    () -> new InputError(yml + ": the task states no expected verdict for unreach-call.prp"));
            result.add(new Benchmark(name, Benchmark.SVCOMP_TASK, Optional.of(yml), false, expected, row));
        }
        return result;
    }

    /**
     * The configurations file's rows. An {@code exec} row's program, when it is a relative path
     * ({@code ../scripts/abc-pdr}), is taken relative to the configurations file; a bare name is
     * looked up on the PATH when the task runs.
     */
    public static List<Configuration> configurations(Path file) throws IOException {
        List<Map<String, String>> rows = rows(file, "configurations file");
        require(file, rows, "name", "command");
        List<Configuration> result = new ArrayList<>();
        for (Map<String, String> row : rows) {
            String args = row.getOrDefault("arguments", "").strip();
            List<String> arguments = new ArrayList<>(args.isEmpty() ? List.of() : Arrays.asList(args.split("\\s+")));
            if (row.get("command").equals(Configuration.EXEC)) {
                if (arguments.isEmpty()) {
                    throw new InputError(file + ": configuration " + row.get("name") + " (exec) names no program in its arguments");
                }
                String program = arguments.get(0);
                if (program.contains("/") && !Path.of(program).isAbsolute()) {
                    arguments.set(0, file.toAbsolutePath().getParent().resolve(program).normalize().toString());
                }
            }
            result.add(new Configuration(row.get("name"), row.get("command"), List.copyOf(arguments)));
        }
        return result;
    }

    private static void require(Path file, List<Map<String, String>> rows, String... columns) {
        for (String c : columns) {
            if (!rows.isEmpty() && !rows.get(0).containsKey(c)) {
                throw new InputError(file + ": no column '" + c + "' (expected a tab-separated header with "
                        + String.join(", ", columns) + ")");
            }
        }
    }

    private static List<Map<String, String>> rows(Path tsv, String what) throws IOException {
        if (Files.isDirectory(tsv)) {
            throw new InputError(what + " " + tsv + " is a directory, not a tab-separated file");
        }
        if (!Files.isReadable(tsv)) {
            throw new InputError(what + " " + tsv + " not found" + (tsv.isAbsolute() ? "" : " (relative to "
                    + Path.of("").toAbsolutePath() + ")"));
        }
        List<String> lines = Files.readAllLines(tsv);
        if (lines.isEmpty()) {
            throw new InputError(what + " " + tsv + " is empty");
        }
        String[] header = lines.get(0).split("\t", -1);
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] cells = line.split("\t", -1);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], i < cells.length ? cells[i] : "");
            }
            rows.add(row);
        }
        return rows;
    }
}
