package pdpv.report;

import java.util.ArrayList;
import java.util.List;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;

/**
 * The two graphs of a program that the HTML report draws: its control-flow graph (basic blocks,
 * branches labelled with the condition's outcome, back edges dashed) and the loop-cut DAG of
 * Algorithm 4.1, the same blocks with every back edge cut ({@link LoopForest#isBackEdge}, the test
 * the encoder cuts by) and each loop head standing for its invariant placeholder LI_l over the
 * variables the loop updates.
 */
public final class ProgramGraphs {
    /** At most this many statements of a block are written in its box; the rest are counted. */
    private static final int STATEMENTS_SHOWN = 4;
    /** A statement longer than this is cut in its box. */
    private static final int STATEMENT_CHARS = 48;

    private ProgramGraphs() {
    }

    /** The control-flow graph as SVG. */
    public static String cfg(Program p) {
        return graph(p, LoopForest.of(p), false).svg("cfg", "control-flow graph of " + p.function());
    }

    /** The loop-cut DAG (Algorithm 4.1) as SVG. */
    public static String dag(Program p) {
        return graph(p, LoopForest.of(p), true).svg("dag", "loop-cut DAG of " + p.function());
    }

    private static GraphSvg graph(Program p, LoopForest loops, boolean cut) {
        GraphSvg g = new GraphSvg();
        for (Block b : p.blocks()) {
            Loop loop = loops.loopAt(b);
            List<String> lines = new ArrayList<>();
            SourceLoc at = b.location();
            lines.add("B" + b.id() + (at.line() > 0 ? "  line " + at.line() : ""));
            if (loop != null && cut) {
                lines.add("havoc " + names(loop));
                lines.add("assume LI_" + b.id() + "(" + names(loop) + ", pre)");
            }
            List<Stmt> statements = b.statements();
            for (int i = 0; i < Math.min(STATEMENTS_SHOWN, statements.size()); i++) {
                lines.add(cut(statements.get(i).toString()));
            }
            if (statements.size() > STATEMENTS_SHOWN) {
                lines.add("... " + (statements.size() - STATEMENTS_SHOWN) + " more");
            }
            Terminator t = b.terminator();
            if (t instanceof Terminator.Branch br) {
                lines.add(cut("if " + br.condition()));
            } else if (t instanceof Terminator.Halt h) {
                lines.add(h.kind().name().toLowerCase(java.util.Locale.ROOT));
            }
            String css = b.endsWithAssert() ? "node assert" : loop != null ? "node loop" : "node";
            g.node(id(b), lines, css);
        }
        for (Block b : p.blocks()) {
            List<Block> successors = b.successors();
            for (int i = 0; i < successors.size(); i++) {
                Block s = successors.get(i);
                boolean back = loops.isBackEdge(b, s);
                if (back && cut) {
                    continue;
                }
                String label = successors.size() == 2 ? (i == 0 ? "T" : "F") : "";
                if (back) {
                    g.backEdge(id(b), id(s), label, "edge back");
                } else {
                    g.edge(id(b), id(s), label, "edge");
                }
            }
        }
        return g;
    }

    private static String names(Loop loop) {
        return String.join(", ", loop.updated().stream().map(Variable::toString).sorted().toList());
    }

    private static String id(Block b) {
        return "B" + b.id();
    }

    private static String cut(String s) {
        return s.length() <= STATEMENT_CHARS ? s : s.substring(0, STATEMENT_CHARS - 3) + "...";
    }
}
