package pdpv.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import pdpv.cegar.Verdict;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.interp.Trace;

/**
 * The HTML report of one {@code verify} run (issue 21), in the manner of CPAchecker's report and
 * cbmc-viewer: the verdict; the source with line numbers, each loop's invariant beside its loop
 * (SAFE) or each line's values along the failing run (UNSAFE); the failing run step by step
 * ({@link TraceText}'s lines), which a small inline script steps through the source; the
 * control-flow graph and the loop-cut DAG ({@link ProgramGraphs}); for a loop over two variables,
 * the cover of its last PDR frame ({@link CoverPicture}). One file, self-contained: the style, the
 * pictures (SVG) and the script are inline, nothing is fetched; the markup is well-formed XML.
 *
 * @param source  the program's text as read
 * @param program the program the verdict answers (its graphs are drawn)
 * @param plain   the SAFE answer's plain invariants, as {@code verify} prints them
 * @param maxGraphBlocks the graphs are drawn only for a program of at most this many blocks (0: any),
 *                the layout's time growing faster than the graph; a larger one's page says so instead
 */
public record HtmlReport(Path file, String source, Program program, Verdict verdict, ReadableInvariants plain,
                         boolean relational, double seconds, int maxGraphBlocks) {
    /** At most this many steps are written beside one source line; the trace lists them all. */
    private static final int STEPS_PER_LINE = 3;

    /** The page. */
    public String html() {
        return page(null);
    }

    /** The page with the graphs left out, the page saying {@code why} in their place. */
    public String htmlWithoutGraphs(String why) {
        return page(why);
    }

    private String page(String graphsLeftOut) {
        StringBuilder sb = new StringBuilder();
        String name = file.getFileName().toString();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><title>PDPV: ")
                .append(Html.escape(name)).append(" is ").append(verdict.kind().word()).append("</title><style>")
                .append(STYLE).append("</style></head><body>\n");
        sb.append("<h1>PDPV report: <code>").append(Html.escape(file.toString())).append("</code></h1>\n");
        sb.append("<p id=\"verdict\" class=\"verdict ").append(verdict.kind().word()).append("\">verdict: <b>")
                .append(verdict.kind().word().toUpperCase(Locale.ROOT)).append("</b> (").append(Html.escape(verdict.reason()))
                .append(String.format(Locale.ROOT, "; %.2f s)</p>\n", seconds));
        facts(sb);
        Map<Integer, List<String>> notes = verdict.trace() != null ? traceNotes(name) : invariantNotes();
        if (verdict.trace() != null) {
            trace(sb, name);
        }
        sb.append("<section id=\"source\"><h2>Source</h2><table class=\"source\">\n");
        String[] lines = source.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int n = i + 1;
            sb.append("<tr id=\"L").append(n).append("\"><td class=\"ln\">").append(n).append("</td><td class=\"code\"><pre>")
                    .append(Html.escape(lines[i])).append("</pre></td><td class=\"note\">");
            for (String note : notes.getOrDefault(n, List.of())) {
                sb.append("<div>").append(Html.escape(note)).append("</div>");
            }
            sb.append("</td></tr>\n");
        }
        sb.append("</table></section>\n");
        int blocks = program.blocks().size();
        String leftOut = graphsLeftOut != null || maxGraphBlocks == 0 || blocks <= maxGraphBlocks ? graphsLeftOut
                : "the program has " + blocks + " basic blocks, more than the " + maxGraphBlocks
                + " that --report-max-blocks allows (0 draws any)";
        if (leftOut != null) {
            sb.append("<section id=\"graphs\"><h2>Control-flow graph</h2>\n<p class=\"note\">Not drawn: ")
                    .append(Html.escape(leftOut)).append(".</p></section>\n");
        } else {
            graphs(sb);
        }
        covers(sb);
        return closing(sb);
    }

    /** The control-flow graph and the loop-cut DAG. */
    private void graphs(StringBuilder sb) {
        sb.append("<section id=\"graphs\"><h2>Control-flow graph</h2>\n<p>Basic blocks; T and F mark where a branch goes "
                + "when its condition holds or not; dashed edges go back to a loop head.</p>\n<div class=\"scroll\">")
                .append(ProgramGraphs.cfg(program)).append("</div>\n<h2>Loop-cut DAG (Algorithm 4.1)</h2>\n<p>The same blocks "
                + "with each back edge cut: at a loop head the loop's variables take any values that satisfy the loop "
                + "invariant LI, which the CEGAR loop strengthens until no path reaches a failing assertion.</p>\n"
                + "<div class=\"scroll\">").append(ProgramGraphs.dag(program)).append("</div></section>\n");
    }

    /** The covers of the last frames, for loops over two variables. */
    private void covers(StringBuilder sb) {
        List<String> covers = new ArrayList<>();
        for (Verdict.LoopCertificate c : verdict.invariants()) {
            String picture = c.cover() == null ? null : CoverPicture.svg(c.cover(), c.statement().line());
            if (picture != null) {
                covers.add(picture);
            }
        }
        if (!covers.isEmpty()) {
            sb.append("<section id=\"covers\"><h2>Cover of the last frame</h2>\n<p>The states that the final frame of a loop's "
                    + "last PDR call excludes, one colour per ARU (thesis Fig. 3.4, 4.7): Boolean cubes and polytopes, over "
                    + "the loop's variable before the loop and at its head, or over its two variables at the head; the loop's "
                    + "reachable states lie in the white.</p>\n");
            covers.forEach(c -> sb.append("<div class=\"scroll\">").append(c).append("</div>\n"));
            sb.append("</section>\n");
        }
    }

    /** The script (UNSAFE) and the end of the page. */
    private String closing(StringBuilder sb) {
        if (verdict.trace() != null) {
            sb.append("<script>//<![CDATA[\n").append(SCRIPT).append("\n//]]></script>\n");
        }
        return sb.append("</body></html>\n").toString();
    }

    /** The failing assertion and the inputs (UNSAFE), the invariants (SAFE). */
    private void facts(StringBuilder sb) {
        if (verdict.failedAssertion() != null) {
            sb.append("<p id=\"failing\">failing assertion: <a href=\"#L").append(verdict.failedAssertion().loc().line())
                    .append("\">").append(Html.escape(verdict.failedAssertion().loc().toString())).append("</a>: <code>")
                    .append(Html.escape(verdict.failedAssertion().text())).append("</code></p>\n");
        }
        if (!verdict.inputs().isEmpty()) {
            sb.append("<h2>Inputs</h2><ul id=\"inputs\">\n");
            for (Verdict.InputValue in : verdict.inputs()) {
                sb.append("<li><a href=\"#L").append(in.loc().line()).append("\">line ").append(in.loc().line())
                        .append("</a>: <code>").append(Html.escape(in.source() + " = " + in.value())).append("</code></li>\n");
            }
            sb.append("</ul>\n");
        }
        if (!verdict.invariants().isEmpty()) {
            sb.append("<h2>Loop invariants</h2><ul id=\"invariants\">\n");
            for (Verdict.LoopCertificate c : verdict.invariants()) {
                sb.append("<li><a href=\"#L").append(c.statement().line()).append("\">loop at line ").append(c.statement().line())
                        .append("</a>: <code>").append(Html.escape(invariant(c))).append("</code></li>\n");
            }
            sb.append("</ul>\n");
            if (plain.shown(relational) && plain.problem() != null) {
                sb.append("<p>These plain invariants hold, but the assertions follow only from the two-state ones: ")
                        .append(Html.escape(plain.problem())).append("</p>\n");
            }
        }
    }

    /** The invariant shown for a loop: the plain one where {@code verify} prints it, else the certificate's. */
    private String invariant(Verdict.LoopCertificate c) {
        return plain.shown(relational) ? plain.of(c) : c.invariant();
    }

    private Map<Integer, List<String>> invariantNotes() {
        Map<Integer, List<String>> notes = new TreeMap<>();
        for (Verdict.LoopCertificate c : verdict.invariants()) {
            notes.computeIfAbsent(c.statement().line(), k -> new ArrayList<>()).add("invariant: " + invariant(c));
        }
        return notes;
    }

    /** Beside each line of the file, the values of the first steps of the run there. */
    private Map<Integer, List<String>> traceNotes(String name) {
        Map<Integer, List<String>> notes = new TreeMap<>();
        Map<Integer, Integer> more = new TreeMap<>();
        List<Trace.Step> steps = verdict.trace().steps();
        for (int i = 0; i < steps.size(); i++) {
            Trace.Step s = steps.get(i);
            if (!inFile(s.loc(), name)) {
                continue;
            }
            int line = s.loc().line();
            List<String> at = notes.computeIfAbsent(line, k -> new ArrayList<>());
            if (at.size() < STEPS_PER_LINE) {
                String text = TraceText.line(s);
                at.add("step " + (i + 1) + ": " + text.substring(text.indexOf(": ") + 2));
            } else {
                more.merge(line, 1, Integer::sum);
            }
        }
        more.forEach((line, n) -> notes.get(line).add("... and " + n + " more steps (see the trace)"));
        return notes;
    }

    private void trace(StringBuilder sb, String name) {
        sb.append("<section id=\"trace\"><h2>Trace: the failing run, step by step</h2>\n<div class=\"stepper\">"
                + "<button id=\"prev\" type=\"button\">previous step</button> <button id=\"next\" type=\"button\">next step</button> "
                + "<span id=\"step-n\"></span><pre id=\"step-values\"></pre></div>\n<ol class=\"steps\">\n");
        for (Trace.Step s : verdict.trace().steps()) {
            int first = s.loc().line();
            int last = s instanceof Trace.Iterations it ? it.lastLine() : first;
            if (s instanceof Trace.Iterations it) {
                first = Math.min(it.firstLine(), it.lastLine());
                last = Math.max(it.firstLine(), it.lastLine());
            }
            boolean here = inFile(s.loc(), name);
            sb.append("<li").append(here ? " data-first=\"" + first + "\" data-last=\"" + last + "\"" : "").append(" class=\"")
                    .append(kind(s)).append("\">");
            sb.append(here ? "<a href=\"#L" + first + "\">" : "").append(Html.escape(TraceText.line(s))).append(here ? "</a>" : "");
            sb.append("</li>\n");
        }
        sb.append("</ol>");
        if (verdict.trace().truncated()) {
            sb.append("<p>The run was cut short before its end.</p>");
        }
        sb.append("</section>\n");
    }

    private static String kind(Trace.Step s) {
        return s instanceof Trace.Line l ? l.kind().name().toLowerCase(Locale.ROOT) : "iterations";
    }

    /** Whether {@code loc} is in the file shown (an included header's lines are not). */
    private static boolean inFile(SourceLoc loc, String name) {
        return loc.line() > 0 && Path.of(loc.file()).getFileName().toString().equals(name);
    }

    private static final String STYLE = """
            body{font-family:sans-serif;margin:1.5em;color:#222}
            h1{font-size:1.3em}h2{font-size:1.1em;margin-top:1.5em}
            code,pre{font-family:monospace;font-size:12px}
            .verdict{font-size:1.2em;padding:.4em .8em;display:inline-block;border-radius:4px}
            .verdict.safe{background:#d8f0d8}.verdict.unsafe{background:#f6d5d5}.verdict.unknown{background:#eee}
            table.source{border-collapse:collapse}
            table.source td{vertical-align:top;padding:0 .5em}
            table.source pre{margin:0}
            td.ln{color:#888;text-align:right;user-select:none;font-family:monospace;font-size:12px}
            td.note{color:#064;font-family:monospace;font-size:12px}
            tr:target,tr.current{background:#fff3b0}
            ol.steps li{font-family:monospace;font-size:12px;cursor:pointer}
            ol.steps li.current{background:#fff3b0}
            ol.steps li.failed_assertion{color:#a00}
            .stepper{position:sticky;top:0;background:#fafafa;border:1px solid #ddd;padding:.3em;z-index:1}
            .stepper pre{margin:.3em 0 0 0;white-space:pre-wrap}
            .scroll{overflow:auto;max-width:100%}
            svg.graph text{font-family:monospace;font-size:12px}
            svg.graph text.title{font-weight:bold}
            svg.graph text.label{fill:#555}
            svg.graph rect{fill:#f4f7fb;stroke:#557}
            svg.graph .loop rect{fill:#fdf3e1;stroke:#a60}
            svg.graph .assert rect{fill:#fbeaea;stroke:#a33}
            svg.graph polyline{fill:none;stroke:#445;stroke-width:1.2}
            svg.graph polyline.back{stroke-dasharray:5 3}
            svg.cover rect.aru{fill-opacity:.35;stroke-width:.5}
            """;

    private static final String SCRIPT = """
            (function () {
              var steps = Array.prototype.slice.call(document.querySelectorAll('ol.steps li[data-first]'));
              var current = -1;
              if (steps.length === 0) { return; }
              function show(i) {
                if (i < 0 || i >= steps.length) { return; }
                document.querySelectorAll('.current').forEach(function (e) { e.classList.remove('current'); });
                current = i;
                var s = steps[i];
                s.classList.add('current');
                for (var l = +s.dataset.first; l <= +s.dataset.last; l++) {
                  var row = document.getElementById('L' + l);
                  if (row) { row.classList.add('current'); }
                }
                document.getElementById('step-n').textContent = 'step ' + (i + 1) + ' of ' + steps.length;
                document.getElementById('step-values').textContent = s.textContent;
              }
              document.getElementById('prev').addEventListener('click', function () { show(current - 1); });
              document.getElementById('next').addEventListener('click', function () {
                show(current + 1);
                var row = document.getElementById('L' + steps[current].dataset.first);
                if (row) { row.scrollIntoView({block: 'center'}); }
              });
              steps.forEach(function (s, i) { s.addEventListener('click', function () { show(i); }); });
              show(0);
            })();""";
}
