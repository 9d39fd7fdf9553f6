package pdpv.cegar;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
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
import pdpv.cfg.ProgramSlice;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;
import pdpv.cfg.VariableUses;
import pdpv.encode.DagEncoding;
import pdpv.encode.EncodedBlock;
import pdpv.encode.ExprEncoder;
import pdpv.encode.LoopIteration;
import pdpv.encode.ProgramEncoding;
import pdpv.encode.Z3Algebra;
import pdpv.smt.Cancellation;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/**
 * Skips loops that cannot matter (program slicing for verification: Symbiotic, Chalupa et al., "Symbiotic 3:
 * new slicer and error-witness generation", TACAS 2016, keeps "only the statements that can have an effect on the
 * error reachability" before it verifies; CPAchecker and Frama-C's Slicing keep a property's cone of influence).
 * Classical slicing drops a loop that may not terminate and so can make an unreachable error reachable;
 * here a loop nest
 * is replaced by "havoc what it writes, then leave" ({@link ProgramSlice#withoutLoop}) when, and only
 * when, three facts are shown, each over the exact passes of the loop-cut encoding (thesis §4.3.1/§4.3.3,
 * nested loops through their unconstrained invariant placeholders, so over every state they might reach):
 * <ol>
 *   <li><b>termination</b> from every entry state, of the loop and of every loop nested in it: a
 *       variable that every pass from the head back to it moves strictly in one direction of one order
 *       (signed or unsigned), proved by Z3 for the pass relation; a w-bit value can do so at most
 *       2^w − 1 times, so it is a ranking function in the sense of Podelski and Rybalchenko's linear
 *       ranking functions ("A complete method for the synthesis of linear ranking functions", VMCAI
 *       2004), with the guard's bound implicit in the finite order and no wrap possible;</li>
 *   <li><b>no check inside can stop a run</b>: every assertion and assumption in the nest (the front
 *       end's undefined-behaviour guards among them, whatever reading the options select) is valid
 *       where it stands, each proved by Z3 from the state at the head of the outer loop, assuming only the
 *       checks before it on the path; and no path in the nest halts ({@code abort()}, {@code exit()});</li>
 *   <li><b>irrelevance</b>: nothing the loop writes is in the cone of influence of the checks and
 *       branches after it ({@link ProgramSlice#observedAfter}).</li>
 * </ol>
 * Under the three the loop, run from any state, ends in a state that agrees with its entry state
 * off its writes, and no check after it depends on those; so replacing it keeps the reachability of
 * every failing assertion exact, and SAFE and UNSAFE stay sound. SAFE alone would need only (2)
 * (havoc over-approximates a loop that stops no run); UNSAFE needs all three, and its replay is
 * still watched for reads of the skipped values ({@link Evidence}).
 */
final class LoopSlicer {
    /** The program with the skipped loops, and for each why it was skipped, for the user. */
    record Sliced(Program program, List<String> skipped) {
    }

    private final SliceOptions options;
    private final Cancellation cancellation;
    private final Context ctx;
    private final SmtSolver solver;

    LoopSlicer(Context ctx, SliceOptions options, Cancellation cancellation, SmtStatistics smt) {
        this.ctx = ctx;
        this.options = options;
        this.cancellation = cancellation;
        this.solver = new SmtSolver(ctx, smt, cancellation);
    }

    /** {@code program} with every loop skipped that the three facts allow, outer loops tried first. */
    Sliced slice(Program program) {
        Program current = program;
        List<String> skipped = new ArrayList<>();
        Set<Integer> failed = new HashSet<>();
        boolean changed = true;
        while (changed && !cancellation.isCancelled()) {
            changed = false;
            LoopForest forest = LoopForest.of(current);
            ProgramEncoding encoding = null;
            for (Loop l : preorder(forest)) {
                if (failed.contains(l.head().id())) {
                    continue;
                }
                Block exit = ProgramSlice.exitTarget(l);
                Set<Variable> written = l.updated();
                if (!passesGraphTests(l)) {
                    failed.add(l.head().id());
                    continue;
                }
                if (encoding == null) {
                    encoding = ProgramEncoding.build(ctx, current, forest);
                }
                String ranking = terminates(encoding, l);
                if (ranking == null || !checksHold(encoding, l)) {
                    failed.add(l.head().id());
                    continue;
                }
                String why = "loop at line " + l.head().location().line() + " skipped: terminates (" + ranking
                        + "), no check in it can fail, writes only " + names(current, written)
                        + ", which no check or branch after it reads";
                current = ProgramSlice.withoutLoop(current, l, written, exit, why);
                skipped.add(why);
                changed = true;
                break;
            }
        }
        return new Sliced(current, skipped);
    }

    /**
     * Whether some loop of {@code program} passes the tests on the graph alone (one exit target, no halt
     * inside, fact (3)), so that the Z3 checks are worth a context; most programs have none.
     */
    static boolean mayApply(Program program) {
        return LoopForest.of(program).loops().stream().anyMatch(LoopSlicer::passesGraphTests);
    }

    private static boolean passesGraphTests(Loop l) {
        return ProgramSlice.exitTarget(l) != null && !halts(l) && !readsInput(l)
                && !intersects(l.updated(), ProgramSlice.observedAfter(l));
    }

    /**
     * Whether the loop reads an input: skipping it would drop those reads, and an UNSAFE answer's
     * inputs, listed in the order the program reads them, would no longer be those a run of the
     * program reads (the answer would stay right, its inputs would not replay under gcc).
     */
    private static boolean readsInput(Loop l) {
        return l.body().stream().flatMap(b -> b.statements().stream())
                .anyMatch(s -> s instanceof Stmt.Havoc h && h.reason() == Stmt.Havoc.Reason.INPUT);
    }

    /** The loops of {@code forest}, each before the loops nested in it. */
    private static List<Loop> preorder(LoopForest forest) {
        List<Loop> out = new ArrayList<>();
        ArrayList<Loop> work = new ArrayList<>(forest.topLevel());
        while (!work.isEmpty()) {
            Loop l = work.remove(0);
            out.add(l);
            work.addAll(0, l.children());
        }
        return out;
    }

    private static boolean halts(Loop l) {
        return l.body().stream().anyMatch(b -> b.terminator() instanceof Terminator.Halt);
    }

    private static boolean intersects(Set<Variable> a, Set<Variable> b) {
        return a.stream().anyMatch(b::contains);
    }

    private static String names(Program p, Set<Variable> vars) {
        List<String> out = new ArrayList<>();
        for (Variable v : p.variables()) {
            if (vars.contains(v)) {
                out.add(v.sourceName());
            }
        }
        return String.join(", ", out);
    }

    /**
     * Fact (1) for {@code l} and every loop nested in it: the ranking each has, as text ("i rises,
     * unsigned" for the outer one), or null when one of them has none.
     */
    private String terminates(ProgramEncoding encoding, Loop l) {
        String outer = null;
        List<Loop> nest = new ArrayList<>();
        nest.add(l);
        for (int i = 0; i < nest.size(); i++) {
            nest.addAll(nest.get(i).children());
        }
        for (Loop m : nest) {
            String r = ranking(encoding, m);
            if (r == null) {
                return null;
            }
            outer = outer == null ? r : outer;
        }
        return outer;
    }

    /** A variable every pass of {@code m} moves strictly one way in one order, as text; null if none is proved. */
    private String ranking(ProgramEncoding encoding, Loop m) {
        LoopIteration pass = encoding.relationalIteration(m, Map.of(), Map.of());
        Map<Variable, Expr<?>> atHead = pass.dag().block(m.head()).entryVariants();
        for (Variable x : updatedScalars(m)) {
            BitVecExpr before = (BitVecExpr) atHead.get(x);
            BitVecExpr after = (BitVecExpr) ctx.mkFreshConst("slice_" + x.name(), before.getSort());
            BoolExpr relation = pass.relation(Map.of(x, after));
            boolean signed = x.type().signed();
            for (boolean s : new boolean[] {signed, !signed}) {
                if (valid(relation, s ? ctx.mkBVSLT(before, after) : ctx.mkBVULT(before, after))) {
                    return x.sourceName() + " rises on every pass, " + (s ? "signed" : "unsigned");
                }
                if (valid(relation, s ? ctx.mkBVSGT(before, after) : ctx.mkBVUGT(before, after))) {
                    return x.sourceName() + " falls on every pass, " + (s ? "signed" : "unsigned");
                }
            }
        }
        return null;
    }

    /** The scalar variables {@code m} updates, in the program's order. */
    private static List<Variable> updatedScalars(Loop m) {
        List<Variable> out = new ArrayList<>();
        for (Block b : m.body()) {
            for (Stmt s : b.statements()) {
                Variable w = VariableUses.written(s);
                if (w != null && !w.isArray() && !out.contains(w)) {
                    out.add(w);
                }
            }
        }
        out.sort((a, b) -> Integer.compare(a.id(), b.id()));
        return out;
    }

    /**
     * Fact (2): every assumption and assertion in the nest of {@code l} holds where it stands, on every
     * pass from any state at l's head, given the checks before it on the way (a first failing check
     * would have all those before it hold, so assuming them is sound).
     */
    private boolean checksHold(ProgramEncoding encoding, Loop l) {
        LoopIteration pass = encoding.relationalIteration(l, Map.of(), Map.of());
        DagEncoding dag = pass.dag();
        ExprEncoder exprs = new ExprEncoder(encoding.semantics(), new Z3Algebra(ctx));
        for (Block b : dag.blocks()) {
            if (b.statements().stream().noneMatch(s -> s instanceof Stmt.Assume || s instanceof Stmt.Assert)) {
                continue;
            }
            EncodedBlock e = dag.block(b);
            List<BoolExpr> facts = new ArrayList<>(dag.clauses());
            if (b != dag.start()) {
                List<BoolExpr> in = new ArrayList<>();
                dag.predecessors(b).forEach(p -> in.add(dag.edgeVar(p, b)));
                facts.add(ctx.mkOr(in.toArray(new BoolExpr[0])));
            }
            Map<Variable, Expr<?>> current = new LinkedHashMap<>(e.afterInvariantVariants());
            for (Stmt s : b.statements()) {
                if (s instanceof Stmt.Assign a) {
                    current.put(a.target(), exprs.value(a.value(), current));
                } else if (s instanceof Stmt.ArrayAssign a) {
                    current.put(a.target(), exprs.array(a.value(), current));
                } else if (s instanceof Stmt.Havoc h) {
                    current.put(h.target(), ctx.mkFreshConst("slice_" + h.target().name(), current.get(h.target()).getSort()));
                } else {
                    BoolExpr holds = exprs.truth(s instanceof Stmt.Assume a ? a.condition() : ((Stmt.Assert) s).condition(), current);
                    if (!valid(ctx.mkAnd(facts.toArray(new BoolExpr[0])), holds)) {
                        return false;
                    }
                    facts.add(holds);
                }
            }
        }
        return true;
    }

    /** Whether {@code premise} implies {@code claim}, proved within the options' resources. */
    private boolean valid(BoolExpr premise, BoolExpr claim) {
        solver.push();
        try {
            solver.add(premise, ctx.mkNot(claim));
            return solver.checkWithinResources(options.checkResources(), List.of()) instanceof SmtResult.Unsat;
        } finally {
            solver.pop();
        }
    }
}
