package pdpv.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.elk.alg.layered.options.LayeredOptions;
import org.eclipse.elk.core.RecursiveGraphLayoutEngine;
import org.eclipse.elk.core.options.CoreOptions;
import org.eclipse.elk.core.options.Direction;
import org.eclipse.elk.core.options.EdgeRouting;
import org.eclipse.elk.core.util.BasicProgressMonitor;
import org.eclipse.elk.graph.ElkBendPoint;
import org.eclipse.elk.graph.ElkEdge;
import org.eclipse.elk.graph.ElkEdgeSection;
import org.eclipse.elk.graph.ElkLabel;
import org.eclipse.elk.graph.ElkNode;
import org.eclipse.elk.graph.util.ElkGraphUtil;

/**
 * A directed graph drawn as inline SVG: the nodes (boxes of monospaced text lines) and edges are
 * placed by ELK Layered (the Eclipse Layout Kernel's layered layout, top to bottom, orthogonal
 * edges); this class only measures the text, hands the graph to ELK and writes what ELK placed.
 */
public final class GraphSvg {
    /** Width and height of a character of the 12 px monospaced font the SVG uses, with its line spacing. */
    private static final double CHAR_WIDTH = 7.3;
    private static final double LINE_HEIGHT = 15;
    private static final double PADDING = 6;

    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private final List<Edge> edges = new ArrayList<>();

    /** A box: its lines of text and its CSS class ({@code node}, {@code loop}, {@code error}...). */
    private record Node(String id, List<String> lines, String css) {
    }

    /**
     * An edge with an optional label and its CSS class ({@code edge}, {@code back}...); a
     * {@code reversed} one is laid out from {@code to} to {@code from} and drawn with its arrow at the start.
     */
    private record Edge(String from, String to, String label, String css, boolean reversed) {
    }

    /** Adds a node; the first line is its title. */
    public GraphSvg node(String id, List<String> lines, String css) {
        nodes.put(id, new Node(id, List.copyOf(lines), css));
        return this;
    }

    /** Adds an edge between two nodes already added; {@code label} may be empty. */
    public GraphSvg edge(String from, String to, String label, String css) {
        edges.add(new Edge(from, to, label, css, false));
        return this;
    }

    /**
     * Adds an edge that closes a cycle (a loop's back edge): ELK lays it out as the edge from
     * {@code to} to {@code from}, so that the cycle's other edges point down the layers in the
     * program's order (a loop's body below its head), and it is drawn pointing back up.
     */
    public GraphSvg backEdge(String from, String to, String label, String css) {
        edges.add(new Edge(from, to, label, css, true));
        return this;
    }

    /**
     * The graph laid out by ELK Layered, as an {@code <svg>} element with the given {@code id} (unique in
     * the page: it prefixes the arrow marker's); {@code title} names it for screen readers.
     */
    public String svg(String id, String title) {
        ElkNode root = ElkGraphUtil.createGraph();
        root.setProperty(CoreOptions.ALGORITHM, LayeredOptions.ALGORITHM_ID);
        root.setProperty(CoreOptions.DIRECTION, Direction.DOWN);
        root.setProperty(CoreOptions.EDGE_ROUTING, EdgeRouting.ORTHOGONAL);
        root.setProperty(CoreOptions.SPACING_NODE_NODE, 24.0);
        root.setProperty(LayeredOptions.SPACING_NODE_NODE_BETWEEN_LAYERS, 30.0);
        root.setProperty(CoreOptions.PADDING, new org.eclipse.elk.core.math.ElkPadding(12));
        Map<String, ElkNode> placed = new LinkedHashMap<>();
        for (Node n : nodes.values()) {
            ElkNode e = ElkGraphUtil.createNode(root);
            int longest = n.lines().stream().mapToInt(String::length).max().orElse(1);
            e.setDimensions(longest * CHAR_WIDTH + 2 * PADDING, n.lines().size() * LINE_HEIGHT + 2 * PADDING);
            placed.put(n.id(), e);
        }
        List<ElkEdge> laid = new ArrayList<>();
        for (Edge d : edges) {
            ElkEdge e = d.reversed() ? ElkGraphUtil.createSimpleEdge(placed.get(d.to()), placed.get(d.from()))
                    : ElkGraphUtil.createSimpleEdge(placed.get(d.from()), placed.get(d.to()));
            if (!d.label().isEmpty()) {
                ElkLabel l = ElkGraphUtil.createLabel(d.label(), e);
                l.setDimensions(d.label().length() * CHAR_WIDTH, LINE_HEIGHT);
            }
            laid.add(e);
        }
        new RecursiveGraphLayoutEngine().layout(root, new BasicProgressMonitor());

        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg id=\"" + id + "\" class=\"graph\" role=\"img\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">",
                root.getWidth(), root.getHeight(), root.getWidth(), root.getHeight()));
        sb.append("<title>").append(Html.escape(title)).append("</title>");
        for (int i = 0; i < laid.size(); i++) {
            ElkEdge e = laid.get(i);
            Edge d = edges.get(i);
            for (ElkEdgeSection s : e.getSections()) {
                StringBuilder points = new StringBuilder(point(s.getStartX(), s.getStartY()));
                for (ElkBendPoint b : s.getBendPoints()) {
                    points.append(' ').append(point(b.getX(), b.getY()));
                }
                points.append(' ').append(point(s.getEndX(), s.getEndY()));
                sb.append("<polyline class=\"").append(d.css()).append("\" points=\"").append(points)
                        .append(d.reversed() ? "\" marker-start=\"url(#" : "\" marker-end=\"url(#").append(id).append("-arrow)\"/>");
            }
            for (ElkLabel l : e.getLabels()) {
                sb.append(text(l.getX(), l.getY() + LINE_HEIGHT - 3, "label", l.getText()));
            }
        }
        for (Node n : nodes.values()) {
            ElkNode e = placed.get(n.id());
            sb.append(String.format(Locale.ROOT, "<g class=\"%s\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"4\"/>",
                    n.css(), e.getX(), e.getY(), e.getWidth(), e.getHeight()));
            for (int k = 0; k < n.lines().size(); k++) {
                sb.append(text(e.getX() + PADDING, e.getY() + PADDING + (k + 1) * LINE_HEIGHT - 4, k == 0 ? "title" : "",
                        n.lines().get(k)));
            }
            sb.append("</g>");
        }
        sb.append("<defs><marker id=\"" + id + "-arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" "
                + "orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\"/></marker></defs>");
        return sb.append("</svg>").toString();
    }

    private static String point(double x, double y) {
        return String.format(Locale.ROOT, "%.1f,%.1f", x, y);
    }

    private static String text(double x, double y, String css, String content) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\"%s>%s</text>", x, y,
                css.isEmpty() ? "" : " class=\"" + css + "\"", Html.escape(content));
    }
}
