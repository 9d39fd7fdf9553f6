package pdpv.encode;

import com.microsoft.z3.BitVecExpr;
import pdpv.cfg.Stmt;

/** The fresh, unconstrained variant a havoc statement introduces (thesis §4.3.1, passification). */
public record HavocVariant(Stmt.Havoc havoc, BitVecExpr variant) {
}
