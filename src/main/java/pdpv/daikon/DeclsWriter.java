package pdpv.daikon;

import pdpv.cfg.Loop;
import pdpv.cfg.Variable;
import pdpv.semantics.CType;

/**
 * Daikon's declaration file, format version 2.0 (Daikon developer manual, "File formats",
 * "Declarations"), for the loop program points of {@link ProgramPoints} (thesis Fig. 6.2's dummy
 * function per loop head): per loop an {@code enter} point and a {@code subexit} point, each
 * declaring the loop's variables R_l with {@code var-kind variable}, their C type as
 * {@code dec-type}, {@code rep-type int}, one comparability class for all (Daikon may relate any
 * two of them), and the type's range as {@code min-value}/{@code max-value} so that Daikon does
 * not report bounds the type already implies.
 */
final class DeclsWriter {
    private DeclsWriter() {
    }

    /** The whole .decls text for every loop of {@code points}. */
    static String decls(ProgramPoints points) {
        StringBuilder sb = new StringBuilder();
        sb.append("decl-version 2.0\n");
        sb.append("input-language C/C++\n");
        sb.append("var-comparability implicit\n");
        for (Loop l : points.loops()) {
            sb.append('\n');
            ppt(sb, points, l, points.enter(l), "enter");
            sb.append('\n');
            ppt(sb, points, l, points.exit(l), "subexit");
        }
        return sb.toString();
    }

    private static void ppt(StringBuilder sb, ProgramPoints points, Loop l, String name, String type) {
        sb.append("ppt ").append(escape(name)).append('\n');
        sb.append("  ppt-type ").append(type).append('\n');
        for (Variable v : points.variables(l)) {
            CType t = v.type();
            sb.append("  variable ").append(escape(points.name(v))).append('\n');
            sb.append("    var-kind variable\n");
            sb.append("    dec-type ").append(escape(t.toString())).append('\n');
            sb.append("    rep-type int\n");
            sb.append("    comparability 1\n");
            sb.append("    min-value ").append(DtraceWriter.value(t, t.minBits())).append('\n');
            if (t.signed() || t.width() < 64) {
                sb.append("    max-value ").append(DtraceWriter.value(t, t.maxBits())).append('\n');
            }
        }
    }

    /** Blanks as {@code \_} and backslashes as {@code \\}, as the declaration format requires. */
    static String escape(String s) {
        return s.replace("\\", "\\\\").replace(" ", "\\_");
    }
}
