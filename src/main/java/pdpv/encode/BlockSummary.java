package pdpv.encode;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import java.util.LinkedHashMap;
import java.util.Map;
import pdpv.cfg.Variable;

/**
 * What an empty block of an unrolled program stands for: some passes along a path of a loop,
 * summarized (an accelerated path, {@code pdpv.encode.accel}). The passifier encodes it instead of
 * statements: fresh counts, the variants after the passes, and the condition under which the
 * summary is taken. A summary adds only runs of the program (it under-approximates), so a
 * counterexample through it replays.
 */
public interface BlockSummary {
    /**
     * The passes from the variants {@code entry}, with {@code count} a fresh 64-bit count.
     *
     * @return the variants after them (for every variable) and when the block may be taken
     */
    Effect encode(ExprEncoder exprs, Map<Variable, Expr<?>> entry, BitVecExpr count);

    /**
     * The scalars' variants of {@code variants} (arrays left out: no accelerated path reads or writes
     * an array, issue #20).
     */
    static Map<Variable, BitVecExpr> scalars(Map<Variable, ? extends Expr<?>> variants) {
        Map<Variable, BitVecExpr> out = new LinkedHashMap<>();
        variants.forEach((v, e) -> {
            if (!v.isArray()) {
                out.put(v, (BitVecExpr) e);
            }
        });
        return out;
    }

    /** Statements and terminators the interpreter executes in one of the passes. */
    long stepsPerPass();

    /** The passes' effect. */
    record Effect(Map<Variable, Expr<?>> exit, BoolExpr condition) {
    }
}
