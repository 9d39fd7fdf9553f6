package pdpv.pdr;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The invariant PDR proved, written for a person (issue 21): the states the final frame excludes,
 * each ARU of its cover (thesis §3.2: a Boolean cube or a polytope) as one condition over the state
 * variables' names. A cube's bits on one variable read as its value, a range (its top bits fixed),
 * a congruence (its low bits fixed) or one mask test, the variable read unsigned as a model's trace
 * shows it; a polytope row as a comparison of sums with positive coefficients, the variables read
 * signed (§3.2.2), marked as computed in the polytope width where it can wrap there. The text is
 * the cover itself, no rewriting: the invariant it spells is the one the engine and the re-check checked.
 */
public final class CoverText {
    private CoverText() {
    }

    /**
     * One condition per ARU of {@code cover} over the state variables {@code vars}, once each (two
     * ARUs may exclude the same states): no reachable state satisfies any of them.
     */
    public static List<String> regions(List<Aru> cover, List<StateVar> vars, Encoding enc) {
        Set<String> out = new LinkedHashSet<>();
        for (Aru a : cover) {
            out.add(a instanceof BooleanCube c ? cube(c, vars) : polytope((Polytope) a, vars, enc));
        }
        return List.copyOf(out);
    }

    private static String cube(BooleanCube c, List<StateVar> vars) {
        Map<Integer, long[]> byVar = new TreeMap<>();
        for (BooleanCube.Literal l : c.literals()) {
            long[] mv = byVar.computeIfAbsent(l.var(), v -> new long[2]);
            mv[0] |= 1L << l.bit();
            mv[1] |= l.value() ? 1L << l.bit() : 0;
        }
        List<String> parts = new ArrayList<>();
        byVar.forEach((v, mv) -> parts.add(bits(vars.get(v), mv[0], mv[1])));
        return parts.isEmpty() ? "true" : String.join(" && ", parts);
    }

    /** The bits {@code mask} of {@code x} are {@code value}: x's value, a range, a congruence or a mask test. */
    static String bits(StateVar x, long mask, long value) {
        int w = x.width();
        BigInteger all = BigInteger.ONE.shiftLeft(w).subtract(BigInteger.ONE);
        BigInteger m = new BigInteger(Long.toUnsignedString(mask));
        BigInteger v = new BigInteger(Long.toUnsignedString(value));
        String name = x.name();
        if (m.equals(all)) {
            return name + " == " + v;
        }
        BigInteger free = all.andNot(m);
        if (free.add(BigInteger.ONE).bitCount() == 1) {
            // the top bits fixed: a range
            BigInteger hi = v.or(free);
            List<String> range = new ArrayList<>();
            if (v.signum() > 0) {
                range.add(v + " <= " + name);
            }
            if (!hi.equals(all)) {
                range.add(name + " <= " + hi);
            }
            return String.join(" && ", range);
        }
        if (m.add(BigInteger.ONE).bitCount() == 1) {
            return name + " % " + m.add(BigInteger.ONE) + " == " + v;
        }
        return "(" + name + " & 0x" + m.toString(16) + ") == 0x" + v.toString(16);
    }

    private static String polytope(Polytope p, List<StateVar> vars, Encoding enc) {
        List<String> rows = new ArrayList<>();
        for (Polytope.Row r : p.rows()) {
            rows.add(row(r, vars) + (r.fitsWithoutOverflow(enc) ? "" : " (in " + enc.polytopeWidth() + "-bit arithmetic)"));
        }
        return rows.isEmpty() ? "true" : String.join(" && ", rows);
    }

    /** Σ a_i·x_i <= b with the positive terms on the left, the negative ones on the right. */
    static String row(Polytope.Row r, List<StateVar> vars) {
        StringBuilder left = new StringBuilder();
        StringBuilder right = new StringBuilder();
        for (int i = 0; i < r.coeffs().length; i++) {
            long a = r.coeffs()[i];
            if (a != 0) {
                StringBuilder side = a > 0 ? left : right;
                BigInteger abs = BigInteger.valueOf(a).abs();
                side.append(side.length() == 0 ? "" : " + ").append(abs.equals(BigInteger.ONE) ? "" : abs + " * ").append(vars.get(i).name());
            }
        }
        long b = r.bound();
        if (right.length() == 0) {
            return (left.length() == 0 ? "0" : left) + " <= " + b;
        }
        // the bound on the side where it is positive
        if (b < 0) {
            append(left, BigInteger.valueOf(b).negate().toString());
        } else if (b > 0) {
            append(right, Long.toString(b));
        }
        return (left.length() == 0 ? "0" : left) + " <= " + right;
    }

    private static void append(StringBuilder side, String term) {
        side.append(side.length() == 0 ? "" : " + ").append(term);
    }
}
