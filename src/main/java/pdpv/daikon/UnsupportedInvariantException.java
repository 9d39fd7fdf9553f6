package pdpv.daikon;

/**
 * A line of Daikon's output that PDPV does not take as a loop invariant, with the reason (not an
 * int invariant, a variable the loop does not have, an operator without a QF_BV reading...). The
 * importer reports such a line and skips it; it never ends the run.
 */
final class UnsupportedInvariantException extends RuntimeException {
    UnsupportedInvariantException(String reason) {
        super(reason, null, false, false);
    }
}
