package pdpv.smt;

import com.microsoft.z3.Expr;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * Whether a Z3 term contains one of some subterms: each shared subterm of the term's DAG is visited
 * once, so a term with much sharing (an unrolled loop body) costs its size, not its tree's.
 */
public final class Mentions {
    private Mentions() {
    }

    /** Whether {@code e} contains one of {@code subterms}. */
    public static boolean any(Expr<?> e, Set<Expr<?>> subterms) {
        Set<Expr<?>> seen = new HashSet<>();
        Deque<Expr<?>> work = new ArrayDeque<>();
        work.push(e);
        while (!work.isEmpty()) {
            Expr<?> x = work.pop();
            if (!seen.add(x)) {
                continue;
            }
            if (subterms.contains(x)) {
                return true;
            }
            if (x.isApp()) {
                Collections.addAll(work, x.getArgs());
            }
        }
        return false;
    }
}
