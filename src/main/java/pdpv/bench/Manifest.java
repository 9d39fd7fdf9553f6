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
 * Reads {@code invgen-bench/manifest.tsv} and {@code configurations.tsv}. A program is named
 * {@code bench:FILE} (read from the benchmark directory), a project path (our reconstruction), or
 * {@code -} (not available).
 */
public final class Manifest {
    private Manifest() {
    }

    public static List<Benchmark> benchmarks(Path manifest, Path benchDir, Path projectDir) throws IOException {
        List<Benchmark> result = new ArrayList<>();
        for (Map<String, String> row : rows(manifest)) {
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

    public static List<Configuration> configurations(Path file) throws IOException {
        List<Configuration> result = new ArrayList<>();
        for (Map<String, String> row : rows(file)) {
            String args = row.getOrDefault("arguments", "").strip();
            result.add(new Configuration(row.get("name"), row.get("command"),
                    args.isEmpty() ? List.of() : Arrays.asList(args.split("\\s+"))));
        }
        return result;
    }

    private static List<Map<String, String>> rows(Path tsv) throws IOException {
        List<String> lines = Files.readAllLines(tsv);
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
