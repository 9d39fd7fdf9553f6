package pdpv.semantics;

/**
 * What an operation with undefined behaviour of one {@link UndefinedBehaviour} kind means: the
 * three readings of {@code --signed-overflow}, {@code --div-by-zero} and {@code --undefined-shift}
 * (issues #12 and #18). The front end guards each such operation with an assumption
 * ({@link #UNDEFINED}) or an assertion ({@link #ERROR}); under {@link #DEFINED} it is not guarded.
 */
public enum UbReading {
    /** The operation has SMT-LIB's total bit-vector meaning: signed overflow wraps in two's
     * complement (the thesis's reading, gcc's {@code -fwrapv}); {@code x / 0} is all ones (unsigned)
     * or {@code x < 0 ? 1 : -1} (signed), {@code x % 0} is {@code x}; a shift by at least the width
     * gives 0, or the sign for {@code >>} of a negative value. Its name is the kind's
     * {@link UndefinedBehaviour#definedName()}: {@code wrap} or {@code smtlib}. */
    DEFINED,
    /** No execution performs it (SV-COMP's reading for unreach-call): a run that would ends there
     * without error, like a failed assumption, so SAFE covers every run that stays defined. */
    UNDEFINED,
    /** It is itself a violation, named in the failing assertion ({@code no division by zero}): CBMC's
     * {@code --div-by-zero-check}, SV-COMP's no-overflow property, gcc's UBSan. */
    ERROR
}
