package pdpv.encode;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Variable;

/**
 * One passified basic block of the loop-cut DAG (thesis §4.3.1): its block variable b_i, the
 * variants of all variables on entry, after the loop invariant (the same as on entry unless the
 * block is a loop head with a {@link LoopSite}) and at its end, the variants its havocs introduce,
 * and the truth of its final assertion over its variants (null when it has none).
 */
public record EncodedBlock(
        Block block,
        BoolExpr blockVar,
        Map<Variable, Expr<?>> entryVariants,
        LoopSite loopSite,
        Map<Variable, Expr<?>> afterInvariantVariants,
        List<HavocVariant> havocs,
        Map<Variable, Expr<?>> exitVariants,
        BoolExpr assertionHolds) {

    public EncodedBlock {
        entryVariants = Collections.unmodifiableMap(new LinkedHashMap<>(entryVariants));
        afterInvariantVariants = Collections.unmodifiableMap(new LinkedHashMap<>(afterInvariantVariants));
        havocs = List.copyOf(havocs);
        exitVariants = Collections.unmodifiableMap(new LinkedHashMap<>(exitVariants));
    }
}
