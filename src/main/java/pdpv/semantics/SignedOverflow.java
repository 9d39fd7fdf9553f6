package pdpv.semantics;

import java.util.Locale;

/**
 * What a signed integer operation whose mathematical result does not fit its type means (C11
 * §6.5p5 makes it undefined behaviour; issue #12). The operations concerned are those
 * {@link CSemantics#overflows} names; conversions to a signed type are implementation-defined
 * (gcc wraps) and never overflow.
 */
public enum SignedOverflow {
    /** It wraps in two's complement: the thesis's QF_BV reading and gcc's {@code -fwrapv}. */
    WRAP,
    /** No execution overflows (SV-COMP's reading for unreach-call): a run that would overflow ends
     * there without error, like a failed assumption, so SAFE covers every run that stays defined. */
    UNDEFINED,
    /** The overflow is itself a violation (SV-COMP's no-overflow property, gcc's {@code -ftrapv}). */
    ERROR;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
