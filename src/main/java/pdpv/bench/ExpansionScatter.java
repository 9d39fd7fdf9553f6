package pdpv.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Thesis Fig. 3.12: the expansion factor of hybrid simulation against interval and against ternary
 * simulation, one point per proof obligation expanded from the same point by all three (as
 * {@code mc --compare-simulations} writes them), on log2 axes. Usage:
 * {@code ExpansionScatter TSV OUTDIR}, TSV with the columns ternary, interval, hybrid (log2 factors,
 * any columns before them ignored); writes fig3-12-ternary and fig3-12-interval as PNG and SVG and
 * prints how often hybrid expands more, as much, and less.
 */
public final class ExpansionScatter {
    private ExpansionScatter() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: ExpansionScatter TSV OUTDIR");
            System.exit(30);
        }
        List<double[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            String[] f = line.split("\t");
            if (f.length < 3 || f[f.length - 1].equals("hybrid")) {
                continue;
            }
            int n = f.length;
            rows.add(new double[] {Double.parseDouble(f[n - 3]), Double.parseDouble(f[n - 2]), Double.parseDouble(f[n - 1])});
        }
        Path out = Path.of(args[1]);
        Files.createDirectories(out);
        System.setProperty("java.awt.headless", "true");
        String[] names = {"ternary", "interval"};
        for (int peer = 0; peer < 2; peer++) {
            Plots.save(chart(rows, peer, names[peer]), out.resolve("fig3-12-" + names[peer]));
            System.out.println(summary(rows, peer, names[peer]));
        }
    }

    private static XYChart chart(List<double[]> rows, int peer, String name) {
        XYChart chart = new XYChartBuilder().width(600).height(600)
                .title("Expansion factor: hybrid vs " + name + " simulation (" + rows.size() + " expansions)")
                .xAxisTitle("log2 factor, " + name).yAxisTitle("log2 factor, hybrid").build();
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        double max = 1;
        for (double[] r : rows) {
            xs.add(r[peer]);
            ys.add(r[2]);
            max = Math.max(max, Math.max(r[peer], r[2]));
        }
        if (!xs.isEmpty()) {
            chart.addSeries("expansions", xs, ys);
            XYSeries diagonal = chart.addSeries("equal factor", List.of(0.0, max), List.of(0.0, max));
            diagonal.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line).setMarker(SeriesMarkers.NONE);
        }
        return chart;
    }

    private static String summary(List<double[]> rows, int peer, String name) {
        int more = 0;
        int equal = 0;
        int less = 0;
        List<Double> gains = new ArrayList<>();
        for (double[] r : rows) {
            double d = r[2] - r[peer];
            if (Math.abs(d) < 1e-9) {
                equal++;
            } else if (d > 0) {
                more++;
            } else {
                less++;
            }
            gains.add(d);
        }
        gains.sort(null);
        double median = gains.isEmpty() ? 0 : gains.get(gains.size() / 2);
        double max = gains.isEmpty() ? 0 : gains.get(gains.size() - 1);
        return String.format(Locale.ROOT, "hybrid vs %s: %d expansions, hybrid larger in %d, equal in %d, smaller in %d; "
                + "median gain %.1f bits, largest %.1f bits", name, rows.size(), more, equal, less, median, max);
    }
}
