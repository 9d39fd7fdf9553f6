package pdpv.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code results.csv}: one line per task, for spreadsheets and scripts, and read back to re-render reports. */
public final class CsvReport {
    private CsvReport() {
    }

    /** Reads a {@code results.csv} written by {@link #render}; rows of unknown benchmarks or configurations are skipped. */
    public static Results read(Path csv, List<Benchmark> benchmarks, List<Configuration> configs) throws IOException {
        Map<String, Benchmark> byName = new HashMap<>();
        benchmarks.forEach(b -> byName.put(b.name(), b));
        Map<String, Configuration> configByName = new HashMap<>();
        configs.forEach(c -> configByName.put(c.name(), c));
        Results results = new Results();
        for (String line : Files.readAllLines(csv).subList(1, Files.readAllLines(csv).size())) {
            String[] cells = line.split(",", 11);
            Benchmark b = byName.get(cells[0]);
            Configuration c = configByName.get(cells[1]);
            if (b == null || c == null) {
                continue;
            }
            String reason = cells[10].length() >= 2 ? cells[10].substring(1, cells[10].length() - 1) : cells[10];
            results.add(new TaskResult(b, c, Boolean.parseBoolean(cells[2]), cells[4], reason, Double.parseDouble(cells[6]),
                    Double.parseDouble(cells[7]), Double.parseDouble(cells[8]), Long.parseLong(cells[9])));
        }
        return results;
    }

    static String render(Results results) {
        StringBuilder csv = new StringBuilder(
                "benchmark,configuration,nondet_globals,expected,verdict,wrong,seconds,memory_mb,pdr_percent,refinements,reason\n");
        for (TaskResult r : results.all()) {
            csv.append(String.format(Locale.ROOT, "%s,%s,%s,%s,%s,%s,%.3f,%.1f,%.1f,%d,\"%s\"\n",
                    r.benchmark().name(), r.configuration().name(), r.nondetGlobals(), r.benchmark().expected(),
                    r.verdict(), r.wrong(), r.seconds(), r.memoryMb(), r.pdrPercent(), r.refinements(),
                    r.reason().replace("\"", "'")));
        }
        return csv.toString();
    }
}
