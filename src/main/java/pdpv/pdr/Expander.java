package pdpv.pdr;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.LongPredicate;

/**
 * EXPAND (§2.2, §3.2): grows a valid ARU while a validity check still holds. Boolean cubes drop
 * literals; polytopes drop or relax each bound by binary search (§3.2.2). The unsat core of each
 * successful check removes all unneeded parts at once. Every validity check first checks the
 * budget: checks by simulation never ask the solver, and there may be thousands of them.
 */
final class Expander {
    private final Encoding enc;
    private final PdrStatistics stats;
    private final Random rng;
    private final Budget budget;

    Expander(Encoding enc, PdrStatistics stats, Random rng, Budget budget) {
        this.enc = enc;
        this.stats = stats;
        this.rng = rng;
        this.budget = budget;
    }

    /**
     * Expands {@code aru}, which must be valid, as far as {@code query} allows; {@code core} (may be
     * null) is a core of another query that is tried first as a shortcut.
     */
    /** An expander with random choices of its own and uncounted statistics, for comparisons. */
    Expander comparison(long seed) {
        return new Expander(enc, new PdrStatistics(), new Random(seed), budget);
    }

    Aru expand(Aru aru, BitSet core, CoreQuery query) {
        double before = aru.log2Volume(enc);
        Aru current = aru;
        if (core != null && core(query, aru.keep(core)) != null) {
            current = aru.keep(core);
        }
        current = current instanceof Polytope polytope ? relaxBounds(polytope, query) : dropLiterals(current, query);
        stats.recordExpansion(before, current.log2Volume(enc));
        return current;
    }

    private Aru dropLiterals(Aru cube, CoreQuery query) {
        BooleanCube current = (BooleanCube) cube;
        for (BooleanCube.Literal literal : shuffled(current.literals())) {
            if (!current.literals().contains(literal)) {
                continue;
            }
            List<BooleanCube.Literal> rest = new ArrayList<>(current.literals());
            rest.remove(literal);
            BooleanCube candidate = new BooleanCube(rest);
            BitSet core = core(query, candidate);
            if (core != null) {
                current = candidate.keep(core);
            }
        }
        return current;
    }

    /** The expansion sequence in random order (§7.1: randomizing it avoids eager, frame-by-frame lemmas). */
    private <T> List<T> shuffled(List<T> items) {
        List<T> copy = new ArrayList<>(items);
        Collections.shuffle(copy, rng);
        return copy;
    }

    private Aru relaxBounds(Polytope polytope, CoreQuery query) {
        Polytope current = polytope;
        for (Polytope.Row row : shuffled(current.rows())) {
            int i = current.rows().indexOf(row);
            if (i < 0) {
                continue;
            }
            Polytope dropped = current.without(i);
            BitSet core = core(query, dropped);
            if (core != null) {
                current = dropped.keep(core);
            } else {
                current = current.withRow(i, row.withBound(largestBound(current, i, query)));
            }
        }
        return current;
    }

    /**
     * The largest right-hand side of row i that keeps the polytope valid, by binary search (§3.2.2)
     * between the last valid and the first invalid bound found by galloping steps from the current
     * bound. When 0 lies beyond the current bound and is invalid, galloping also steps down from 0:
     * the bounds of lemmas are often small constants (x ≤ −1, a loop bound) far from the
     * obligation's point, which are then found in a few steps instead of about 2·log2 of the distance.
     */
    private long largestBound(Polytope p, int i, CoreQuery query) {
        Polytope.Row row = p.rows().get(i);
        LongPredicate valid = bound -> core(query, p.withRow(i, row.withBound(bound))) != null;
        long ok = row.bound();
        long bad = row.maxLhs(enc).min(BigInteger.valueOf(enc.maxBound())).longValueExact();
        if (bad <= ok) {
            return ok;
        }
        boolean zeroBeyond = ok < 0 && 0 < bad;
        boolean downFromZero = zeroBeyond && !valid.test(0);
        if (downFromZero) {
            bad = 0;
        } else if (zeroBeyond) {
            ok = 0;
        }
        // From here ok < bad; bad - ok is read as an unsigned distance, which a 64-bit row can need.
        for (long step = 1; step > 0 && Long.compareUnsigned(step, bad - ok) < 0; step <<= 1) {
            if (!valid.test(ok + step)) {
                bad = ok + step;
                break;
            }
            ok += step;
            if (downFromZero && Long.compareUnsigned(step, bad - ok) < 0) {
                if (valid.test(bad - step)) {
                    ok = bad - step;
                    break;
                }
                bad -= step;
            }
        }
        while (Long.compareUnsigned(bad - ok, 1) > 0) {
            long mid = ok + ((bad - ok) >>> 1);
            if (valid.test(mid)) {
                ok = mid;
            } else {
                bad = mid;
            }
        }
        return ok;
    }

    private BitSet core(CoreQuery query, Aru candidate) {
        budget.check();
        return query.core(candidate);
    }
}
