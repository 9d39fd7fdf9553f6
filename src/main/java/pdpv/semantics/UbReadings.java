package pdpv.semantics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How a program is read: one {@link UbReading} for each {@link UndefinedBehaviour} kind. The
 * command line's defaults are {@link #forC()} for a C file and {@link #svcomp()} for an SV-COMP
 * task; {@link #smtlib()} is SMT-LIB's total reading of every operation.
 */
public final class UbReadings {
    private final Map<UndefinedBehaviour, UbReading> readings;

    private UbReadings(Map<UndefinedBehaviour, UbReading> readings) {
        this.readings = Collections.unmodifiableMap(new EnumMap<>(readings));
    }

    /** Every kind read as {@code reading}. */
    public static UbReadings all(UbReading reading) {
        Map<UndefinedBehaviour, UbReading> m = new EnumMap<>(UndefinedBehaviour.class);
        for (UndefinedBehaviour k : UndefinedBehaviour.values()) {
            m.put(k, reading);
        }
        return new UbReadings(m);
    }

    /** Every operation has SMT-LIB's meaning (signed overflow wraps): the thesis's reading, nothing guarded. */
    public static UbReadings smtlib() {
        return all(UbReading.DEFINED);
    }

    /** SV-COMP's reading for unreach-call: no run performs an undefined operation. */
    public static UbReadings svcomp() {
        return all(UbReading.UNDEFINED);
    }

    /**
     * The default for a C file: signed overflow wraps (gcc {@code -fwrapv}, the thesis's reading),
     * the other kinds are violations, because no compiler option gives them a meaning (x86 traps a
     * division by zero; a shift by the width or more gives what the instruction happens to do).
     */
    public static UbReadings forC() {
        return all(UbReading.ERROR).with(UndefinedBehaviour.SIGNED_OVERFLOW, UbReading.DEFINED);
    }

    public UbReading of(UndefinedBehaviour kind) {
        return readings.get(kind);
    }

    /** These readings with {@code kind} read as {@code reading}. */
    public UbReadings with(UndefinedBehaviour kind, UbReading reading) {
        Map<UndefinedBehaviour, UbReading> m = new EnumMap<>(readings);
        m.put(kind, reading);
        return new UbReadings(m);
    }

    /** The kinds read as {@code reading}, in declaration order. */
    public Set<UndefinedBehaviour> kinds(UbReading reading) {
        Set<UndefinedBehaviour> s = EnumSet.noneOf(UndefinedBehaviour.class);
        readings.forEach((k, r) -> {
            if (r == reading) {
                s.add(k);
            }
        });
        return s;
    }

    /** The kinds the front end guards: those not {@link UbReading#DEFINED}. */
    public Set<UndefinedBehaviour> guarded() {
        Set<UndefinedBehaviour> s = EnumSet.allOf(UndefinedBehaviour.class);
        s.removeAll(kinds(UbReading.DEFINED));
        return s;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UbReadings r && readings.equals(r.readings);
    }

    @Override
    public int hashCode() {
        return readings.hashCode();
    }

    /** {@code signed overflow wrap, division by zero error, undefined shift error}. */
    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        Set<String> options = new java.util.HashSet<>();
        // one part per option: a kind that shares another's option (a null dereference) is read as it is
        readings.forEach((k, r) -> {
            if (options.add(k.option())) {
                parts.add(k.description() + " " + k.name(r));
            }
        });
        return String.join(", ", parts);
    }
}
