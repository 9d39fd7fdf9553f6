package pdpv.smt;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.List;

/** The conjuncts of a Z3 formula: nested conjunctions flattened, {@code true} left out. */
public final class Conjuncts {
    private Conjuncts() {
    }

    public static List<BoolExpr> of(BoolExpr f) {
        List<BoolExpr> out = new ArrayList<>();
        collect(f, out);
        return out;
    }

    private static void collect(BoolExpr f, List<BoolExpr> out) {
        if (f.isAnd()) {
            for (Expr<?> a : f.getArgs()) {
                collect((BoolExpr) a, out);
            }
        } else if (!f.isTrue()) {
            out.add(f);
        }
    }
}
