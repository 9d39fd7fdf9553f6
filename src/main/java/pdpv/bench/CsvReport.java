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

    /**
     * Reads a {@code results.csv} written by {@link #render}; rows of unknown benchmarks or
     * configurations are skipped. A file of before the {@code pdr_calls} or the {@code accelerated}
     * column reads with the PDR calls or the acceleration unreported.
     */
    public static Results read(Path csv, List<Benchmark> benchmarks, List<Configuration> configs) throws IOException {
        Map<String, Benchmark> byName = new HashMap<>();
        benchmarks.forEach(b -> byName.put(b.name(), b));
        Map<String, Configuration> configByName = new HashMap<>();
        configs.forEach(c -> configByName.put(c.name(), c));
        Results results = new Results();
        List<String> lines = Files.readAllLines(csv);
        boolean withPdrCalls = !lines.isEmpty() && List.of(lines.get(0).split(",")).contains("pdr_calls");
        boolean withAccelerated = !lines.isEmpty() && List.of(lines.get(0).split(",")).contains("accelerated");
        int columns = 11 + (withPdrCalls ? 1 : 0) + (withAccelerated ? 1 : 0);
        for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
            String[] cells = line.split(",", columns);
            Benchmark b = byName.get(cells[0]);
            Configuration c = configByName.get(cells[1]);
            if (b == null || c == null) {
                continue;
            }
            String last = cells[columns - 1];
            String reason = last.length() >= 2 ? last.substring(1, last.length() - 1) : last;
            long pdrCalls = withPdrCalls ? Long.parseLong(cells[10]) : -1;
            int accelerated = withAccelerated ? Integer.parseInt(cells[11]) : -1;
            results.add(new TaskResult(b, c, Boolean.parseBoolean(cells[2]), cells[4], reason, Double.parseDouble(cells[6]),
                    Double.parseDouble(cells[7]), Double.parseDouble(cells[8]), Long.parseLong(cells[9]), pdrCalls, accelerated));
        }
        return results;
    }

    static String render(Results results) {
        StringBuilder csv = new StringBuilder(
                "benchmark,configuration,nondet_globals,expected,verdict,wrong,seconds,memory_mb,pdr_percent,refinements,pdr_calls,"
                + "accelerated,reason\n");
        for (TaskResult r : results.all()) {
            csv.append(String.format(Locale.ROOT, "%s,%s,%s,%s,%s,%s,%.3f,%.1f,%.1f,%d,%d,%d,\"%s\"\n",
                    r.benchmark().name(), r.configuration().name(), r.nondetGlobals(), r.benchmark().expected(),
                    r.verdict(), r.wrong(), r.seconds(), r.memoryMb(), r.pdrPercent(), r.refinements(),
                    r.pdrCalls(), r.accelerated(), r.reason().replace("\"", "'")));
        }
        return csv.toString();
    }
}
