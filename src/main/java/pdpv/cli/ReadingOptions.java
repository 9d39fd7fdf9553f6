package pdpv.cli;

import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;
import pdpv.semantics.UbReading;
import pdpv.semantics.UbReadings;
import pdpv.semantics.UndefinedBehaviour;

/**
 * What each kind of undefined behaviour means (README, "Undefined behaviour"): one option per
 * {@link UndefinedBehaviour}, named as CBMC names its checks. Unset, a C file gets
 * {@link UbReadings#forC()}, an SV-COMP task {@link UbReadings#svcomp()}.
 */
final class ReadingOptions {
    @Option(names = "--signed-overflow", paramLabel = "MODE", converter = SignedOverflow.class,
            description = "what a signed overflow (+ - * / %%, unary -, << of a signed value) means: wrap (two's complement, "
                    + "gcc -fwrapv), undefined (runs that overflow are not executions: SV-COMP's reading for unreach-call), "
                    + "error (an overflow is a violation, gcc -ftrapv, CBMC --signed-overflow-check) "
                    + "(default: wrap; undefined for a .yml task or --property unreach-call.prp)")
    UbReading signedOverflow;

    @Option(names = "--div-by-zero", paramLabel = "MODE", converter = DivByZero.class,
            description = "what / or %% by zero means: error (a violation, CBMC --div-by-zero-check), undefined (runs that "
                    + "divide by zero are not executions), smtlib (SMT-LIB's x / 0 = all ones, x %% 0 = x) "
                    + "(default: error; undefined for a .yml task or --property FILE.prp)")
    UbReading divByZero;

    @Option(names = "--undefined-shift", paramLabel = "MODE", converter = UndefinedShift.class,
            description = "what a shift by a negative amount or by the width of the promoted left operand or more means: "
                    + "error (a violation, CBMC --undefined-shift-check), undefined (runs that do are not executions), "
                    + "smtlib (SMT-LIB's: 0, or the sign for >> of a negative value) "
                    + "(default: error; undefined for a .yml task or --property FILE.prp)")
    UbReading undefinedShift;

    @Option(names = "--array-bounds", paramLabel = "MODE", converter = ArrayBounds.class,
            description = "what an invalid access means, a subscript outside its array (a[i] with i < 0 or i >= the array's cells) "
                    + "or a dereference of a null pointer (*p with p == NULL): "
                    + "error (a violation, CBMC --bounds-check and --pointer-check), undefined (runs that do are not executions), "
                    + "smtlib (SMT-LIB's theory of arrays: every index has a cell of its own; *p of a null p reads 0 and writes nothing) "
                    + "(default: error; undefined for a .yml task or --property FILE.prp)")
    UbReading arrayBounds;

    /** The readings given, the others SV-COMP's ({@code svcomp}) or a C file's. */
    UbReadings resolve(boolean svcomp) {
        UbReadings r = svcomp ? UbReadings.svcomp() : UbReadings.forC();
        for (UndefinedBehaviour k : UndefinedBehaviour.values()) {
            r = given(k) == null ? r : r.with(k, given(k));
        }
        return r;
    }

    /** The reading the command line gives {@code kind}, or null. */
    UbReading given(UndefinedBehaviour kind) {
        return switch (kind) {
            case SIGNED_OVERFLOW -> signedOverflow;
            case DIVISION_BY_ZERO -> divByZero;
            case SHIFT -> undefinedShift;
            case ARRAY_BOUNDS, NULL_DEREFERENCE, UNINITIALIZED_POINTER -> arrayBounds;
        };
    }

    /** Sets the reading of {@code kind}, as its option would (a witness's reading that the command line leaves open). */
    void set(UndefinedBehaviour kind, UbReading reading) {
        switch (kind) {
            case SIGNED_OVERFLOW -> signedOverflow = reading;
            case DIVISION_BY_ZERO -> divByZero = reading;
            case SHIFT -> undefinedShift = reading;
            case ARRAY_BOUNDS, NULL_DEREFERENCE, UNINITIALIZED_POINTER -> arrayBounds = reading;
        }
    }

    /** Reads a mode by the names its kind gives the readings ({@link UndefinedBehaviour#name(UbReading)}). */
    private abstract static class Mode implements ITypeConverter<UbReading> {
        private final UndefinedBehaviour kind;

        Mode(UndefinedBehaviour kind) {
            this.kind = kind;
        }

        @Override
        public UbReading convert(String value) {
            UbReading r = kind.reading(value.toLowerCase(Locale.ROOT));
            if (r == null) {
                throw new TypeConversionException("'" + value + "' is not one of " + kind.name(UbReading.DEFINED)
                        + ", undefined, error");
            }
            return r;
        }
    }

    static final class SignedOverflow extends Mode {
        SignedOverflow() {
            super(UndefinedBehaviour.SIGNED_OVERFLOW);
        }
    }

    static final class DivByZero extends Mode {
        DivByZero() {
            super(UndefinedBehaviour.DIVISION_BY_ZERO);
        }
    }

    static final class UndefinedShift extends Mode {
        UndefinedShift() {
            super(UndefinedBehaviour.SHIFT);
        }
    }

    static final class ArrayBounds extends Mode {
        ArrayBounds() {
            super(UndefinedBehaviour.ARRAY_BOUNDS);
        }
    }
}
