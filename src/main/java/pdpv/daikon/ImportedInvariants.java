package pdpv.daikon;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Loop;

/**
 * Loop invariants read from Daikon's printed output (thesis §6.2–6.3: external invariants from
 * Daikon, used as in §6.1), for the program points that {@code daikon-trace} wrote. Every
 * invariant line of a loop's exit point ({@code loop_at_LINE():::EXIT} or {@code :::EXITnn}) is
 * parsed ({@link InvariantParser}) and read over the loop's variables ({@link FactTranslator});
 * what cannot be taken is kept with its reason and skipped: lines of other program points, of the
 * ENTER point (facts about the values on entry only, which F already knows), of Daikon's split
 * points ({@code ;condition=...}), lines that are not int invariants or that name variables the
 * loop does not have. Nothing in the file ends the run. Likely invariants are only likely: their
 * users keep the ones that are inductive.
 */
public final class ImportedInvariants {
    /** A line that was not taken, and why. */
    public record Skipped(int line, String text, String reason) {
        @Override
        public String toString() {
            return "line " + line + ": " + text + " (" + reason + ")";
        }
    }

    private final Map<Loop, List<Invariant>> invariants = new LinkedHashMap<>();
    private final List<Skipped> skipped = new ArrayList<>();

    private ImportedInvariants() {
    }

    /** The invariants of Daikon's text {@code text} for the loops that {@code points} names. */
    public static ImportedInvariants read(String text, ProgramPoints points) {
        ImportedInvariants out = new ImportedInvariants();
        points.loops().forEach(l -> out.invariants.put(l, new ArrayList<>()));
        for (PrintedInvariants.Block b : PrintedInvariants.parse(text).blocks()) {
            ProgramPoints.Point p = points.point(b.ppt());
            String pointProblem = p == null ? "program point " + b.ppt() + " is not a loop of this program"
                    : p.conditional() ? "a split program point (" + b.ppt() + ")"
                    : p.kind() == ProgramPoints.Kind.ENTER ? "the ENTER point says what holds on entry only"
                    : null;
            for (PrintedInvariants.Line line : b.invariants()) {
                if (pointProblem != null) {
                    out.skipped.add(new Skipped(line.number(), line.text(), pointProblem));
                    continue;
                }
                try {
                    Invariant inv = new FactTranslator(points, p.loop()).invariant(InvariantParser.parse(line.text()));
                    if (saysNothing(inv)) {
                        out.skipped.add(new Skipped(line.number(), line.text(), "says nothing about the loop's variables"));
                    } else {
                        out.invariants.get(p.loop()).add(inv);
                    }
                } catch (UnsupportedInvariantException e) {
                    out.skipped.add(new Skipped(line.number(), line.text(), e.getMessage()));
                }
            }
        }
        return out;
    }

    /**
     * Whether {@code inv} compares constants only, as {@code n == orig(n)} does for an n the loop
     * does not change (its orig(n) is n).
     */
    private static boolean saysNothing(Invariant inv) {
        if (inv instanceof Invariant.Compare c) {
            return c.left().minus(c.right()).isConstant();
        }
        if (inv instanceof Invariant.Congruence c) {
            return c.value().isConstant();
        }
        if (inv instanceof Invariant.OneOf o) {
            return o.value().isConstant();
        }
        if (inv instanceof Invariant.Implication i) {
            return saysNothing(i.premise()) && saysNothing(i.conclusion());
        }
        return false;
    }

    /** The invariants taken for {@code l}, in the order of the file. */
    public List<Invariant> invariants(Loop l) {
        return List.copyOf(invariants.getOrDefault(l, List.of()));
    }

    /** How many invariants were taken for all loops. */
    public int taken() {
        return invariants.values().stream().mapToInt(List::size).sum();
    }

    /** The lines that were not taken, in the order of the file. */
    public List<Skipped> skipped() {
        return List.copyOf(skipped);
    }
}
