package pdpv.daikon;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import pdpv.cfg.Loop;

/**
 * The built-in miner of thesis §6.3's likely loop invariants: Daikon's default int templates
 * ({@link DaikonTemplates}), DIG's polynomial equalities ({@link PolynomialEqualities}) and issue 19's
 * quotients ({@link QuotientEqualities}) on one
 * loop's samples, each invariant once (an equality both find, as Daikon's {@code c == n} and the
 * null space's {@code n == c}, once). All hold on every sample; none is known to be invariant.
 */
public final class LikelyInvariants {
    private LikelyInvariants() {
    }

    /** The likely invariants of the loop of {@code samples} that are {@link #aboutTheLoop}, polynomial equalities included. */
    public static List<Invariant> mine(LoopSamples samples) {
        return mine(samples, true, TestOptions.QUOTIENT_MODULI);
    }

    /**
     * The likely invariants of the loop of {@code samples} that are {@link #aboutTheLoop}: Daikon's
     * templates, the polynomial equalities if {@code polynomials} ({@link TestOptions#polynomials}), and
     * the quotient equalities with moduli up to {@code quotientModuli} ({@link TestOptions#quotientModuli}).
     */
    public static List<Invariant> mine(LoopSamples samples, boolean polynomials, int quotientModuli) {
        LinkedHashSet<Invariant> out = new LinkedHashSet<>(DaikonTemplates.mine(samples));
        out.addAll(QuotientEqualities.mine(samples, quotientModuli));
        if (polynomials) {
            out.addAll(PolynomialEqualities.mine(samples));
        }
        out.removeIf(inv -> !aboutTheLoop(inv, samples.loop()));
        Set<Polynomial> equalities = new HashSet<>();
        List<Invariant> distinct = new ArrayList<>();
        for (Invariant inv : out) {
            if (inv instanceof Invariant.Compare c && c.op() == Invariant.Op.EQ) {
                Polynomial d = c.left().minus(c.right());
                if (equalities.contains(d) || equalities.contains(d.times(-1))) {
                    continue;
                }
                equalities.add(d);
            }
            distinct.add(inv);
        }
        return distinct;
    }

    /**
     * Whether {@code inv} reads the head value of a variable the loop updates: otherwise it only
     * speaks of values on entry, and §6.1's mapping makes it P(x_b) ⇒ P(x_b), which says nothing.
     */
    public static boolean aboutTheLoop(Invariant inv, Loop loop) {
        return inv.terms().stream().anyMatch(t -> !t.old() && loop.updated().contains(t.variable()));
    }
}
