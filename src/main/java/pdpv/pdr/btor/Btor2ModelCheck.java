package pdpv.pdr.btor;

import com.microsoft.z3.Context;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import pdpv.pdr.InputVar;
import pdpv.pdr.PdrEngine;
import pdpv.pdr.PdrOptions;
import pdpv.pdr.PdrResult;
import pdpv.pdr.TransitionSystem;

/**
 * Standalone model checking of a BTOR2 file with the QF_BV PDR engine, for the CLI command {@code mc}:
 * the verdict and a printable text (the witness trace in BTOR2 witness format for a failing model).
 */
public final class Btor2ModelCheck {

    /** The outcome: {@code verdict} is "holds", "fails" or "unknown"; {@code text} is printable. */
    public record Report(String verdict, String text, String statistics) {
    }

    private Btor2ModelCheck() {
    }

    public static Report check(Path file, PdrOptions options) throws IOException {
        try (Reader in = Files.newBufferedReader(file); Context ctx = new Context()) {
            TransitionSystem ts = new Btor2Reader(ctx).read(in);
            PdrEngine engine = new PdrEngine(ctx, ts, options);
            PdrResult result = engine.check();
            String stats = engine.statistics().toString();
            if (result instanceof PdrResult.Holds holds) {
                return new Report("holds", "unsat\n; inductive invariant of " + holds.cover().size() + " ARUs\n", stats);
            }
            if (result instanceof PdrResult.Fails fails) {
                return new Report("fails", witness(ts, fails), stats);
            }
            return new Report("unknown", "unknown\n; " + ((PdrResult.Unknown) result).reason() + "\n", stats);
        }
    }

    /** The BTOR2 witness: "sat", the bad property, then per step the states (#k) and inputs (@k). */
    static String witness(TransitionSystem ts, PdrResult.Fails fails) {
        StringBuilder sb = new StringBuilder("sat\nb0\n");
        for (int k = 0; k < fails.states().size(); k++) {
            if (k == 0) {
                sb.append("#0\n");
                appendValues(sb, ts.vars().stream().map(v -> new Named(v.name(), v.width())).toList(),
                        fails.states().get(0), 0);
            }
            sb.append('@').append(k).append('\n');
            appendValues(sb, ts.inputs().stream().map(InputVar::name).map(n -> new Named(n, width(ts, n))).toList(),
                    fails.inputs().get(k), k);
        }
        return sb.append(".\n").toString();
    }

    private record Named(String name, int width) {
    }

    private static int width(TransitionSystem ts, String input) {
        return ts.inputs().stream().filter(i -> i.name().equals(input)).findFirst().map(InputVar::width).orElse(1);
    }

    private static void appendValues(StringBuilder sb, List<Named> vars, Map<String, Long> values, int step) {
        for (int i = 0; i < vars.size(); i++) {
            Named v = vars.get(i);
            String bits = Long.toBinaryString(values.getOrDefault(v.name(), 0L));
            String padded = "0".repeat(Math.max(0, v.width() - bits.length())) + bits;
            sb.append(i).append(' ').append(padded).append(' ').append(v.name()).append('@').append(step).append('\n');
        }
    }
}
