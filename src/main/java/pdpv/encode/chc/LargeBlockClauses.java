package pdpv.encode.chc;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.BoolSort;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FuncDecl;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Block;
import pdpv.cfg.Predecessors;
import pdpv.cfg.Program;
import pdpv.cfg.ReversePostorder;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;

/**
 * The clauses that leave one cut point, by the Large Step Encoding of Gurfinkel's 2018 slides: the
 * loop-free region from the cut point up to (not into) the next loop heads is passified as in thesis
 * §4.3.1 — block variables B_i, edge variables, fresh variants per assignment and join — and each
 * exit edge u -> h into a loop head h gives P_start(x) ∧ φ ∧ B_u ∧ guard(u -> h) ⇒ P_h(x_u), each
 * assertion at a block u gives P_start(x) ∧ φ ∧ B_u ∧ ¬a ⇒ false, where φ holds the formulas of the
 * blocks that reach u. The program entry is a cut point without predicate. Unlike
 * {@link pdpv.encode.DagEncoder}, which keeps inner loop heads in its DAG behind LI_l placeholders,
 * every loop head ends a region here, and the data may be read over any {@link ValueTheory}.
 */
final class LargeBlockClauses {
    private final Context ctx;
    private final Program program;
    private final ValueTheory theory;
    private final Map<Block, FuncDecl<BoolSort>> predicates;
    private final ReversePostorder order;
    private final Predecessors predecessors;
    private final HornRules rules;

    LargeBlockClauses(Context ctx, Program program, ValueTheory theory, Map<Block, FuncDecl<BoolSort>> predicates,
                      ReversePostorder order, HornRules rules) {
        this.ctx = ctx;
        this.program = program;
        this.theory = theory;
        this.predicates = predicates;
        this.order = order;
        this.predecessors = Predecessors.of(program);
        this.rules = rules;
    }

    /** A passified block of the region: B_i, its variants on exit, its assertion, its own formulas. */
    private record Node(BoolExpr blockVar, Map<Variable, Expr<?>> exit, BoolExpr assertionHolds, List<BoolExpr> formulas) {
    }

    /**
     * The clauses of the region entered at {@code start}: from P_start over all variables when
     * {@code start} heads a loop and {@code fromPredicate} holds, else from any initial state.
     */
    List<BoolExpr> from(Block start, boolean fromPredicate) {
        Map<Variable, Expr<?>> initial = new LinkedHashMap<>();
        for (Variable v : program.variables()) {
            initial.put(v, theory.fresh(v));
        }
        BoolExpr pre = fromPredicate ? apply(start, initial) : ctx.mkTrue();
        List<Block> region = region(start);
        Map<Block, Node> nodes = new LinkedHashMap<>();
        for (Block b : region) {
            nodes.put(b, encode(b, b == start ? initial : null, nodes));
        }
        List<BoolExpr> clauses = new ArrayList<>();
        for (Block u : region) {
            Node node = nodes.get(u);
            BoolExpr path = null;
            for (Block h : u.successors()) {
                if (predicates.containsKey(h)) {
                    path = path == null ? reaching(u, nodes, start) : path;
                    clauses.add(rules.rule(and(pre, path, leaves(u, node, h)), apply(h, node.exit())));
                }
            }
            if (node.assertionHolds() != null) {
                path = path == null ? reaching(u, nodes, start) : path;
                clauses.add(rules.rule(and(pre, path, ctx.mkNot(node.assertionHolds())), ctx.mkFalse()));
            }
        }
        return clauses;
    }

    /**
     * The blocks reachable from {@code start} without entering a loop head, in reverse postorder:
     * every edge among them enters a block that heads no loop, so it is a forward edge and the
     * order is topological with {@code start} first.
     */
    private List<Block> region(Block start) {
        Set<Block> seen = new LinkedHashSet<>();
        Deque<Block> work = new ArrayDeque<>();
        seen.add(start);
        work.add(start);
        while (!work.isEmpty()) {
            for (Block s : work.poll().successors()) {
                if (!predicates.containsKey(s) && seen.add(s)) {
                    work.add(s);
                }
            }
        }
        List<Block> region = new ArrayList<>(seen);
        region.sort((a, b) -> Integer.compare(order.index(a), order.index(b)));
        return region;
    }

    private Node encode(Block b, Map<Variable, Expr<?>> initial, Map<Block, Node> nodes) {
        BoolExpr blockVar = (BoolExpr) ctx.mkFreshConst("B" + b.id(), ctx.getBoolSort());
        List<BoolExpr> formulas = new ArrayList<>();
        Map<Variable, Expr<?>> current = initial == null ? join(b, blockVar, nodes, formulas) : new LinkedHashMap<>(initial);
        BoolExpr assertionHolds = null;
        for (Stmt s : b.statements()) {
            if (s instanceof Stmt.Assign a) {
                Expr<?> next = theory.fresh(a.target());
                formulas.add(ctx.mkImplies(blockVar, ctx.mkEq(next, theory.value(a.value(), current))));
                current.put(a.target(), next);
            } else if (s instanceof Stmt.ArrayAssign a) {
                Expr<?> next = theory.fresh(a.target());
                formulas.add(ctx.mkImplies(blockVar, ctx.mkEq(next, theory.array(a.value(), current))));
                current.put(a.target(), next);
            } else if (s instanceof Stmt.Havoc h) {
                current.put(h.target(), theory.fresh(h.target()));
            } else if (s instanceof Stmt.Assume a) {
                formulas.add(ctx.mkImplies(blockVar, theory.truth(a.condition(), current)));
            } else {
                assertionHolds = theory.truth(((Stmt.Assert) s).condition(), current);
            }
        }
        return new Node(blockVar, current, assertionHolds, formulas);
    }

    /**
     * B_i ⇒ ∨ e_{j,i}, each e_{j,i} ⇒ B_j ∧ guard(j -> i), and a join variant x with e_{j,i} ⇒ x = x_j
     * for every variable whose incoming variants differ; returns the variants on entry to {@code b}.
     */
    private Map<Variable, Expr<?>> join(Block b, BoolExpr blockVar, Map<Block, Node> nodes, List<BoolExpr> formulas) {
        Map<Block, BoolExpr> edges = new LinkedHashMap<>();
        for (Block pred : predecessors.of(b)) {
            Node from = nodes.get(pred);
            if (from != null) {
                BoolExpr edge = (BoolExpr) ctx.mkFreshConst("E" + pred.id() + "_" + b.id(), ctx.getBoolSort());
                formulas.add(ctx.mkImplies(edge, ctx.mkAnd(from.blockVar(), leaves(pred, from, b))));
                edges.put(pred, edge);
            }
        }
        formulas.add(ctx.mkImplies(blockVar, ctx.mkOr(edges.values().toArray(new BoolExpr[0]))));
        Map<Variable, Expr<?>> entry = new LinkedHashMap<>();
        for (Variable v : program.variables()) {
            Set<Expr<?>> incoming = new LinkedHashSet<>();
            edges.keySet().forEach(pred -> incoming.add(nodes.get(pred).exit().get(v)));
            if (incoming.size() == 1) {
                entry.put(v, incoming.iterator().next());
                continue;
            }
            Expr<?> joined = theory.fresh(v);
            edges.forEach((pred, edge) -> formulas.add(ctx.mkImplies(edge, ctx.mkEq(joined, nodes.get(pred).exit().get(v)))));
            entry.put(v, joined);
        }
        return entry;
    }

    /** guard(u -> to) ∧ (the assertion ending u holds): when control may take the edge. */
    private BoolExpr leaves(Block u, Node node, Block to) {
        BoolExpr guard = ctx.mkTrue();
        if (u.terminator() instanceof Terminator.Branch br && br.ifTrue() != br.ifFalse()) {
            BoolExpr cond = theory.truth(br.condition(), node.exit());
            guard = to == br.ifTrue() ? cond : ctx.mkNot(cond);
        }
        return node.assertionHolds() == null ? guard : ctx.mkAnd(guard, node.assertionHolds());
    }

    /** B_u and the formulas of every region block from which {@code u} is reached (u included). */
    private BoolExpr reaching(Block u, Map<Block, Node> nodes, Block start) {
        Set<Block> ancestors = new LinkedHashSet<>();
        Deque<Block> work = new ArrayDeque<>();
        ancestors.add(u);
        work.add(u);
        while (!work.isEmpty()) {
            Block b = work.poll();
            if (b == start) {
                continue;
            }
            for (Block pred : predecessors.of(b)) {
                if (nodes.containsKey(pred) && ancestors.add(pred)) {
                    work.add(pred);
                }
            }
        }
        List<BoolExpr> conjuncts = new ArrayList<>();
        conjuncts.add(nodes.get(u).blockVar());
        for (Block b : nodes.keySet()) {
            if (ancestors.contains(b)) {
                conjuncts.addAll(nodes.get(b).formulas());
            }
        }
        return ctx.mkAnd(conjuncts.toArray(new BoolExpr[0]));
    }

    private BoolExpr apply(Block head, Map<Variable, Expr<?>> args) {
        return (BoolExpr) predicates.get(head).apply(args.values().toArray(new Expr<?>[0]));
    }

    private BoolExpr and(BoolExpr... conjuncts) {
        return ctx.mkAnd(conjuncts);
    }
}
