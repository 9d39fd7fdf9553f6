package pdpv.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import com.microsoft.z3.enumerations.Z3_decl_kind;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.semantics.DataModel;

/**
 * The functional iteration of a loop (next-state functions under constraints, §4.3.3) is the same
 * transition relation as the relational one that F's encoder gives: for each loop of the examples,
 * with the havoc values and the nested loops' open values identified, every relational step is a
 * functional one and every functional step has a relational witness.
 */
class LoopIterationTest {
    @ParameterizedTest
    @ValueSource(strings = {"counter_loop.c", "fig4_1_simple.c", "fig4_2_series.c", "fig4_3_nested.c", "fig4_8a_uninit_in_loop.c",
            "fig4_8b_uninit_hoisted.c", "fig5_7a_netbsd_overflow.c", "fig5_7b_disj_simple.c", "fig6_1_dijkstra_urn.c"})
    void functionalAndRelationalIterationsAreTheSameRelation(String example) {
        String function = example.equals("fig6_1_dijkstra_urn.c") ? "urn" : "main";
        Program p = FrontEnd.parse(Path.of("examples", example), new FrontEndOptions(function, DataModel.ILP32, false));
        LoopForest loops = LoopForest.of(p);
        assertTrue(!loops.loops().isEmpty(), example + " has no loop");
        try (Context ctx = new Context()) {
            ProgramEncoding encoding = ProgramEncoding.build(ctx, p, loops);
            VariantFactory names = new VariantFactory(ctx, p.semantics());
            for (Loop l : loops.loops()) {
                Map<Variable, Expr<?>> before = names.fresh(l.referenced());
                Map<Variable, Expr<?>> current = names.fresh(l.updated());
                Map<Variable, Expr<?>> next = names.fresh(l.updated());
                LoopIteration f = encoding.iteration(l, before, current);
                LoopIteration r = encoding.relationalIteration(l, before, current);
                BoolExpr relation = identifyFreshValues(ctx, r, f);
                List<BoolExpr> functional = new ArrayList<>(f.constraints());
                next.forEach((v, e) -> functional.add(ctx.mkEq(e, f.nextFunctions().get(v))));
                BoolExpr step = ctx.mkAnd(functional.toArray(new BoolExpr[0]));
                assertEquals(Status.UNSATISFIABLE, check(ctx, r.relation(next), relation, ctx.mkNot(step)),
                        example + ", " + l + ": a relational step that is not functional");
                Set<Expr<?>> auxiliary = constants(r.relation(next));
                auxiliary.removeAll(constants(step));
                BoolExpr noWitness = auxiliary.isEmpty() ? ctx.mkNot(ctx.mkAnd(r.relation(next), relation))
                        : ctx.mkForall(auxiliary.toArray(new Expr<?>[0]), ctx.mkNot(ctx.mkAnd(r.relation(next), relation)),
                        1, null, null, null, null);
                assertEquals(Status.UNSATISFIABLE, check(ctx, step, noWitness),
                        example + ", " + l + ": a functional step without a relational one");
            }
        }
    }

    /** The relational havoc variants and nested loops' post variants equal the functional ones, block by block. */
    private static BoolExpr identifyFreshValues(Context ctx, LoopIteration r, LoopIteration f) {
        List<BoolExpr> eqs = new ArrayList<>();
        eqs.add(ctx.mkTrue());
        for (Block b : f.dag().blocks()) {
            EncodedBlock fb = f.dag().block(b);
            EncodedBlock rb = r.dag().block(b);
            for (int i = 0; i < fb.havocs().size(); i++) {
                eqs.add(ctx.mkEq(rb.havocs().get(i).variant(), fb.havocs().get(i).variant()));
            }
            if (fb.loopSite() != null) {
                fb.loopSite().post().forEach((v, e) -> eqs.add(ctx.mkEq(rb.loopSite().post().get(v), e)));
            }
        }
        return ctx.mkAnd(eqs.toArray(new BoolExpr[0]));
    }

    private static Status check(Context ctx, BoolExpr... assertions) {
        Solver s = ctx.mkSolver();
        s.add(assertions);
        return s.check();
    }

    private static Set<Expr<?>> constants(Expr<?> root) {
        Set<Expr<?>> out = new LinkedHashSet<>();
        Set<Expr<?>> seen = new HashSet<>();
        Deque<Expr<?>> work = new ArrayDeque<>(List.of(root));
        while (!work.isEmpty()) {
            Expr<?> e = work.pop();
            if (!seen.add(e) || !e.isApp()) {
                continue;
            }
            if (e.getNumArgs() == 0 && e.getFuncDecl().getDeclKind() == Z3_decl_kind.Z3_OP_UNINTERPRETED) {
                out.add(e);
            }
            for (Expr<?> a : e.getArgs()) {
                work.push(a);
            }
        }
        return out;
    }
}
