package pdpv.smt;

import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.Expr;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether a formula divides by a constant that is not a power of two ({@code i % 3}, {@code n / 10}):
 * the bit-blaster builds a divider circuit for it, slow to reason about, where the
 * {@link IntegerRelaxation} reads it exactly as a quotient and a remainder (Zohar et al., VMCAI
 * 2022). A division by a power of two is a shift, which the bit-blaster handles well.
 */
public final class ConstantDivisions {
    private ConstantDivisions() {
    }

    /** Whether some term of {@code formulas} is a division or remainder by such a constant. */
    public static boolean any(List<? extends Expr<?>> formulas) {
        Deque<Expr<?>> todo = new ArrayDeque<>(formulas);
        Set<Expr<?>> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            Expr<?> e = todo.pop();
            if (!e.isApp() || !seen.add(e)) {
                continue;
            }
            if (division(e) && e.getArgs()[1] instanceof BitVecNum d && !powerOfTwo(d.getBigInteger())) {
                return true;
            }
            for (Expr<?> a : e.getArgs()) {
                todo.push(a);
            }
        }
        return false;
    }

    private static boolean division(Expr<?> e) {
        return switch (e.getFuncDecl().getDeclKind()) {
            case Z3_OP_BUDIV, Z3_OP_BUDIV_I, Z3_OP_BSDIV, Z3_OP_BSDIV_I, Z3_OP_BUREM, Z3_OP_BUREM_I, Z3_OP_BSREM,
                 Z3_OP_BSREM_I, Z3_OP_BSMOD, Z3_OP_BSMOD_I -> true;
            default -> false;
        };
    }

    private static boolean powerOfTwo(BigInteger d) {
        return d.signum() > 0 && d.bitCount() == 1;
    }
}
