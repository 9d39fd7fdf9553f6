package pdpv.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The pictures of a run, as PNG and SVG: a cactus plot (tasks solved against the time each
 * needed, one line per configuration; cf. thesis Figures 3.11 and 3.13) and a scatter plot of
 * PDPV's default configuration (else its first one that is not a peer) against each other
 * configuration, log-log with the diagonal (thesis Fig 3.14's layout).
 */
final class Plots {
    private static final double FLOOR_SECONDS = 0.01;

    private Plots() {
    }

    /** Writes {@code cactus.png/.svg} and {@code scatter-<peer>.png/.svg}; returns the cactus PNG's name. */
    static String write(Path dir, List<Benchmark> benchmarks, List<Configuration> configs, Results results,
            double timeout) throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYChart cactus = new XYChartBuilder().width(900).height(600).title("Solved tasks over time")
                .xAxisTitle("tasks solved").yAxisTitle("time per task (s)").build();
        cactus.getStyler().setYAxisLogarithmic(true);
        for (Configuration c : configs) {
            List<Double> times = results.of(c).stream().filter(TaskResult::solved)
                    .map(r -> Math.max(FLOOR_SECONDS, r.seconds())).sorted().toList();
            if (times.isEmpty()) {
                continue;
            }
            List<Integer> xs = new ArrayList<>();
            for (int i = 1; i <= times.size(); i++) {
                xs.add(i);
            }
            cactus.addSeries(c.name(), xs, times);
        }
        save(cactus, dir.resolve("cactus"));
        Optional<Configuration> pdpv = configs.stream().filter(c -> c.name().equals("default")).findFirst()
                .or(() -> configs.stream().filter(c -> !c.isPeer()).findFirst());
        if (pdpv.isPresent()) {
            for (Configuration peer : configs) {
                if (!peer.equals(pdpv.get())) {
                    save(scatter(benchmarks, pdpv.get(), peer, results, timeout), dir.resolve("scatter-" + peer.name()));
                }
            }
        }
        return "cactus.png";
    }

    private static XYChart scatter(List<Benchmark> benchmarks, Configuration pdpv, Configuration peer, Results results,
            double timeout) {
        XYChart chart = new XYChartBuilder().width(600).height(600).title(pdpv.name() + " vs " + peer.name())
                .xAxisTitle(pdpv.name() + " (s)").yAxisTitle(peer.name() + " (s)").build();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setXAxisMin(FLOOR_SECONDS).setXAxisMax(1.5 * timeout).setYAxisMin(FLOOR_SECONDS).setYAxisMax(1.5 * timeout);
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (Benchmark b : benchmarks) {
            Optional<TaskResult> a = results.main(b, pdpv);
            Optional<TaskResult> p = results.main(b, peer);
            if (a.isPresent() && p.isPresent() && !a.get().verdict().equals("n/a")) {
                xs.add(timeOrLimit(a.get(), timeout));
                ys.add(timeOrLimit(p.get(), timeout));
            }
        }
        if (!xs.isEmpty()) {
            chart.addSeries("tasks (unsolved at the time limit)", xs, ys);
            XYSeries diagonal = chart.addSeries("equal time", List.of(FLOOR_SECONDS, timeout), List.of(FLOOR_SECONDS, timeout));
            diagonal.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line).setMarker(SeriesMarkers.NONE);
        }
        return chart;
    }

    private static double timeOrLimit(TaskResult r, double timeout) {
        return r.solved() ? Math.max(FLOOR_SECONDS, r.seconds()) : timeout;
    }

    static void save(XYChart chart, Path base) throws IOException {
        BitmapEncoder.saveBitmap(chart, base.toString(), BitmapEncoder.BitmapFormat.PNG);
        VectorGraphicsEncoder.saveVectorGraphic(chart, base.toString(), VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    }
}
