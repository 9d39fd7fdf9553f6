package pdpv.cfg;

/**
 * A call of a function whose body was inlined: the callee, the call as the user wrote it, and
 * where it begins. An assertion inside an inlined body keeps the calls that led to it, so that a
 * failing one can be shown with the call sites a user recognizes.
 */
public record CallSite(String callee, String text, SourceLoc loc) {
}
