package pdpv.encode;

import com.microsoft.z3.Expr;
import pdpv.cfg.Stmt;

/**
 * The fresh, unconstrained variant a havoc statement introduces (thesis §4.3.1, passification): a
 * bit-vector for a scalar, an SMT array for an array (issue #20).
 */
public record HavocVariant(Stmt.Havoc havoc, Expr<?> variant) {
}
