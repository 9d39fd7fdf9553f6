package pdpv.encode.chc;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.BoolSort;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.Sort;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;

/**
 * Writes a program as constrained Horn clauses by the Large Step Encoding of Gurfinkel's 2018
 * slides: the cut points are the program entry and the loop heads of thesis §4.3.1 (one predicate
 * {@code inv_B<id>} per head, over all program variables), and {@link LargeBlockClauses} gives the
 * clauses between them and to the violated assertions.
 */
public final class ChcExporter {
    private ChcExporter() {
    }

    /** Encodes {@code p} in {@code ctx}; INTEGER may throw {@link IntegerEncodingException}. */
    public static ChcSystem export(Context ctx, Program p, ChcEncoding encoding) {
        return switch (encoding) {
            case BIT_VECTOR -> export(ctx, p, encoding, new BitVectorTheory(ctx, p.semantics()));
            case INTEGER -> export(ctx, p, encoding, new IntegerExprEncoder(ctx));
        };
    }

    private static ChcSystem export(Context ctx, Program p, ChcEncoding encoding, ValueTheory theory) {
        LoopForest loops = LoopForest.of(p);
        Sort[] sorts = new Sort[p.variables().size()];
        for (int i = 0; i < sorts.length; i++) {
            sorts[i] = theory.sort(p.variables().get(i));
        }
        Map<Block, FuncDecl<BoolSort>> predicates = new LinkedHashMap<>();
        Set<Expr<?>> nullary = new HashSet<>();
        for (Loop l : loops.loops()) {
            FuncDecl<BoolSort> decl = ctx.mkFuncDecl("inv_B" + l.head().id(), sorts, ctx.getBoolSort());
            predicates.put(l.head(), decl);
            if (sorts.length == 0) {
                nullary.add(decl.apply());
            }
        }
        LargeBlockClauses clauses = new LargeBlockClauses(ctx, p, theory, predicates,
                loops.dominators().reversePostorder(), new HornRules(ctx, nullary));
        List<BoolExpr> all = new ArrayList<>(clauses.from(p.entry(), false));
        for (Block head : predicates.keySet()) {
            all.addAll(clauses.from(head, true));
        }
        return new ChcSystem(ctx, encoding, p.variables(), new ArrayList<>(predicates.values()), all);
    }
}
