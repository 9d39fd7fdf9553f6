package pdpv.cfg;

import pdpv.semantics.UndefinedBehaviour;

/** Where a run performed an operation with undefined behaviour of {@code kind}: the statement at {@code loc}. */
public record UndefinedAt(UndefinedBehaviour kind, SourceLoc loc) {
}
