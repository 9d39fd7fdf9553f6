package pdpv.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import pdpv.cegar.Verdict;
import pdpv.pdr.Aru;
import pdpv.pdr.BooleanCube;
import pdpv.pdr.Encoding;
import pdpv.pdr.Polytope;

/**
 * The cover of a loop's final PDR frame over a plane of two state variables (thesis Fig. 3.4 and
 * 4.7): the plane as a grid of cells, each coloured by the first ARU (Boolean cube or polytope) that
 * contains its centre, white where none does, so that the loop's reachable states lie in the white.
 * A loop's PDR states are its variables' values before the loop and at the head. Two planes are
 * drawn: where the instance has just two state variables (one variable x, before the loop and at
 * the head, as in Fig. 4.7), the whole state space, with the initial states x = \old(x) as a
 * diagonal; where the loop updates two variables and the values before it are constants on every
 * entry, the slice through those constants, with the entry point marked. Other loops get no
 * picture. Membership is the ARUs' own ({@link Aru#contains}): the picture shows what the engine checked.
 */
public final class CoverPicture {
    /** At most this many cells along an axis. */
    private static final int CELLS = 80;
    private static final int SIZE = 400;
    private static final int MARGIN = 90;

    private CoverPicture() {
    }

    /** The picture of {@code cover} for the loop at {@code line} as SVG, or null when it has no such plane. */
    public static String svg(Verdict.FrameCover cover, int line) {
        List<Verdict.CoverVar> vars = cover.vars();
        boolean whole = vars.size() == 2;
        List<Integer> axes = new ArrayList<>();
        for (int i = 0; i < vars.size(); i++) {
            if (vars.get(i).atHead() || whole) {
                axes.add(i);
            } else if (vars.get(i).entry() == null) {
                return null;
            }
        }
        if (axes.size() != 2) {
            return null;
        }
        Encoding enc = new Encoding(null, cover.widths(), cover.polytopeWidth());
        long[] point = new long[vars.size()];
        for (int i = 0; i < vars.size(); i++) {
            point[i] = axes.contains(i) ? 0 : vars.get(i).entry();
        }
        int xv = axes.get(0);
        int yv = axes.get(1);
        long[] xr = window(cover, xv, entry(vars, xv));
        long[] yr = window(cover, yv, entry(vars, yv));
        int nx = (int) Math.min(CELLS, xr[1] - xr[0] + 1);
        int ny = (int) Math.min(CELLS, yr[1] - yr[0] + 1);
        double cw = (double) SIZE / nx;
        double ch = (double) SIZE / ny;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg id=\"cover-%d\" class=\"cover\" role=\"img\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\"><title>cover of the final frame of the loop at line %d</title>", line,
                SIZE + 2 * MARGIN, SIZE + 2 * MARGIN, SIZE + 2 * MARGIN, SIZE + 2 * MARGIN, line));
        sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"white\" stroke=\"#888\"/>",
                MARGIN, MARGIN, SIZE, SIZE));
        int[] met = new int[cover.arus().size()];
        for (int j = 0; j < ny; j++) {
            point[yv] = bits(cell(yr, ny, j), vars.get(yv).width());
            int runStart = 0;
            int runAru = -1;
            for (int i = 0; i <= nx; i++) {
                int aru = -1;
                if (i < nx) {
                    point[xv] = bits(cell(xr, nx, i), vars.get(xv).width());
                    aru = first(cover.arus(), point, enc);
                    if (aru >= 0) {
                        met[aru]++;
                    }
                }
                if (i == nx || aru != runAru) {
                    if (runAru >= 0) {
                        // y grows upwards, as in the thesis's figures
                        sb.append(String.format(Locale.ROOT, "<rect class=\"aru\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
                                + "height=\"%.2f\" fill=\"%s\" stroke=\"%s\"/>", MARGIN + runStart * cw, MARGIN + SIZE - (j + 1) * ch,
                                (i - runStart) * cw, ch, colour(runAru), colour(runAru)));
                    }
                    runStart = i;
                    runAru = aru;
                }
            }
        }
        Long ex = whole ? null : entry(vars, xv);
        Long ey = whole ? null : entry(vars, yv);
        if (whole && vars.get(0).name().equals(vars.get(1).name())) {
            // the initial states: the value at the head is the value before the loop
            long a = Math.max(xr[0], yr[0]);
            long b = Math.min(xr[1], yr[1]);
            if (a <= b) {
                sb.append(String.format(Locale.ROOT, "<line class=\"initial\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
                        + "stroke=\"black\" stroke-dasharray=\"4 2\"><title>the initial states</title></line>",
                        px(xr, a, 0), py(yr, a, 0), px(xr, b, 1), py(yr, b, 1)));
            }
        }
        if (ex != null && ey != null && inside(xr, ex) && inside(yr, ey)) {
            sb.append(String.format(Locale.ROOT, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"4\" fill=\"black\"><title>the values on "
                    + "entry</title></circle>", MARGIN + (ex - xr[0] + 0.5) * SIZE / (xr[1] - xr[0] + 1.0),
                    MARGIN + SIZE - (ey - yr[0] + 0.5) * SIZE / (yr[1] - yr[0] + 1.0)));
        }
        String x = Html.escape(axis(vars.get(xv), whole));
        String y = Html.escape(axis(vars.get(yv), whole));
        sb.append(label(MARGIN, MARGIN + SIZE + 16, "start", Long.toString(xr[0])));
        sb.append(label(MARGIN + SIZE, MARGIN + SIZE + 16, "end", Long.toString(xr[1])));
        sb.append(label(MARGIN + SIZE / 2, MARGIN + SIZE + 32, "middle", x));
        sb.append(label(MARGIN - 4, MARGIN + SIZE, "end", Long.toString(yr[0])));
        sb.append(label(MARGIN - 4, MARGIN + 10, "end", Long.toString(yr[1])));
        sb.append(label(MARGIN + SIZE / 2, MARGIN - 10, "middle", y + " (up) over " + x + " (right)"));
        sb.append("</svg>");
        long cubes = cover.arus().stream().filter(a -> a instanceof BooleanCube).count();
        long drawn = java.util.Arrays.stream(met).filter(m -> m > 0).count();
        return "<figure><figcaption>Loop at line " + line + ": " + cover.arus().size() + " ARUs (" + cubes + " Boolean cubes, "
                + (cover.arus().size() - cubes) + " polytopes), " + drawn + " of them meet the cells drawn; "
                + (whole ? "the whole state space, the initial states dashed" : "values before the loop as on entry (the dot)")
                + "; each cell coloured by the first ARU that contains its centre.</figcaption>" + sb + "</figure>";
    }

    /** An axis's name: {@code \old(x)} for a value before the loop where the head's value is on the other axis. */
    private static String axis(Verdict.CoverVar v, boolean whole) {
        return whole && !v.atHead() ? "\\old(" + v.name() + ")" : v.name();
    }

    /** The x coordinate of value {@code v}'s cell's left ({@code side} 0) or right (1) edge. */
    private static double px(long[] range, long v, int side) {
        return MARGIN + (v - range[0] + side) * SIZE / (range[1] - range[0] + 1.0);
    }

    /** The y coordinate of value {@code v}'s cell's lower ({@code side} 0) or upper (1) edge. */
    private static double py(long[] range, long v, int side) {
        return MARGIN + SIZE - (v - range[0] + side) * SIZE / (range[1] - range[0] + 1.0);
    }

    /** The value of variable {@code v} before the loop on entry, if the instance has it and it is a constant. */
    private static Long entry(List<Verdict.CoverVar> vars, int v) {
        for (Verdict.CoverVar c : vars) {
            if (!c.atHead() && c.name().equals(vars.get(v).name()) && c.entry() != null) {
                return value(c.entry(), c.width(), c.signed());
            }
        }
        return null;
    }

    /**
     * The range of {@code v} drawn: around the values where the ARUs' bounds on it lie (a polytope's
     * bounds on v alone, the least and greatest values of a cube's bits on v) no farther from its
     * value on entry than the median of them, within its type's range.
     */
    private static long[] window(Verdict.FrameCover cover, int v, Long entry) {
        Verdict.CoverVar var = cover.vars().get(v);
        long min = var.signed() ? -(1L << (var.width() - 1)) : 0;
        long max = var.signed() ? (1L << (var.width() - 1)) - 1 : (var.width() >= 63 ? Long.MAX_VALUE : (1L << var.width()) - 1);
        List<Long> marks = new ArrayList<>();
        marks.add(entry != null ? entry : 0L);
        Encoding enc = new Encoding(null, cover.widths(), cover.polytopeWidth());
        for (Aru a : cover.arus()) {
            if (a instanceof Polytope p) {
                long[] box = p.box(enc)[v];
                for (long b : box) {
                    if (b > min && b < max) {
                        marks.add(b);
                    }
                }
            } else {
                long mask = 0;
                long ones = 0;
                for (BooleanCube.Literal l : ((BooleanCube) a).literals()) {
                    if (l.var() == v) {
                        mask |= 1L << l.bit();
                        ones |= l.value() ? 1L << l.bit() : 0;
                    }
                }
                if (mask != 0) {
                    long all = var.width() >= 64 ? -1L : (1L << var.width()) - 1;
                    marks.add(value(ones, var.width(), var.signed()));
                    marks.add(value(ones | (all & ~mask), var.width(), var.signed()));
                }
            }
        }
        // zoom to where the ARUs' bounds lie near the entry value: those no farther from it than the median one
        long centre = marks.get(0);
        List<Long> distances = marks.stream().map(m -> Math.abs(m - centre)).sorted().toList();
        long reach = Math.max(8, distances.get(distances.size() / 2));
        List<Long> near = marks.stream().filter(m -> Math.abs(m - centre) <= reach).toList();
        long lo = near.stream().min(Long::compare).orElseThrow();
        long hi = near.stream().max(Long::compare).orElseThrow();
        long pad = Math.max(4, (hi - lo) / 8);
        lo = lo - pad < lo && lo - pad >= min ? lo - pad : min;
        hi = hi + pad > hi && hi + pad <= max ? hi + pad : max;
        return new long[] {lo, hi};
    }

    private static long cell(long[] range, int cells, int k) {
        double span = (double) (range[1] - range[0] + 1);
        return range[0] + (long) Math.floor((k + 0.5) * span / cells);
    }

    private static boolean inside(long[] range, long v) {
        return v >= range[0] && v <= range[1];
    }

    /** {@code raw}'s bits in a type of {@code width} read with its signedness. */
    private static long value(long raw, int width, boolean signed) {
        return signed ? Encoding.signed(raw, width) : width >= 64 ? raw : raw & ((1L << width) - 1);
    }

    private static long bits(long value, int width) {
        return width >= 64 ? value : value & ((1L << width) - 1);
    }

    private static int first(List<Aru> arus, long[] point, Encoding enc) {
        for (int i = 0; i < arus.size(); i++) {
            if (arus.get(i).contains(point, enc)) {
                return i;
            }
        }
        return -1;
    }

    private static String colour(int aru) {
        return "hsl(" + (aru * 137 % 360) + ",65%,50%)";
    }

    private static String label(int x, int y, String anchor, String text) {
        return "<text x=\"" + x + "\" y=\"" + y + "\" text-anchor=\"" + anchor + "\" font-family=\"monospace\" font-size=\"11\">"
                + Html.escape(text) + "</text>";
    }
}
