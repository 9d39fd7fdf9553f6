package pdpv.domain;

import java.util.Optional;

/**
 * A set of bit-vectors of one width in the hybrid domain of thesis §3.3.3 and §4.3.3: an
 * {@link Interval} of two's complement values (results of integer operations) or a
 * {@link TernaryVector} (results of bit-level operations). Every value is non-empty; an empty
 * set shows up as an empty {@link Optional} from {@link #meet}.
 */
public sealed interface AbstractValue permits Interval, TernaryVector {

    int width();

    /** Whether {@code bits} (cut to the width) is in the set. */
    boolean contains(long bits);

    /** Whether the set holds every value of the width (⊤). */
    boolean isTop();

    /** Whether the set holds exactly one value. */
    boolean isSingleton();

    /** The smallest interval containing the set (CONJOIN, thesis Algorithm 3.4, for a ternary vector). */
    Interval toInterval();

    /** The smallest ternary vector containing the set (SELECT, thesis Algorithm 3.3, for an interval). */
    TernaryVector toTernary();

    /** The exact set as bounds plus a bit pattern; the bounds are in the requested order when
     * the set is a range in it, otherwise in the other order (see {@link BitConstraint#signed()}). */
    BitConstraint constraint(boolean preferSigned);

    /** The set in the thesis's notation for a variable {@code name}, e.g. {@code x ≥ 0} or {@code i = ⊤};
     * numbers are printed in the variable's reading ({@code signed} or unsigned). */
    String describe(String name, boolean signed);

    static AbstractValue top(int width) {
        return Interval.top(width);
    }

    /** The singleton set of {@code bits} cut to the width. */
    static AbstractValue point(long bits, int width) {
        return Interval.point(bits, width);
    }

    /** A set containing both sets (the join). */
    static AbstractValue join(AbstractValue a, AbstractValue b) {
        return Lattice.join(a, b);
    }

    /** A set containing the intersection, or empty when the intersection is empty (the meet). */
    static Optional<AbstractValue> meet(AbstractValue a, AbstractValue b) {
        return Lattice.meet(a, b);
    }

    /** The widening of {@code previous} by {@code next}: contains both; iterating it terminates. */
    static AbstractValue widen(AbstractValue previous, AbstractValue next) {
        return Lattice.widen(previous, next);
    }

    /** Whether no bit-vector is in both sets (exact). */
    static boolean isDisjoint(AbstractValue a, AbstractValue b) {
        return Lattice.isDisjoint(a, b);
    }
}
