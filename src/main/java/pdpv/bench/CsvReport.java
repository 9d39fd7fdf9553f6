package pdpv.bench;

import java.util.Locale;

/** {@code results.csv}: one line per task, for spreadsheets and scripts. */
final class CsvReport {
    private CsvReport() {
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
