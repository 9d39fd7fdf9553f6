package pdpv.encode;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Predecessors;
import pdpv.cfg.Program;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;
import pdpv.cfg.VariableUses;

/**
 * Passifies and encodes a region of the CFG with every back edge cut (Algorithm 4.1 and thesis
 * §4.3.1), by dynamic single assignment in topological order. Each DAG edge j -> i gets a variable
 * e_{j,i} ⇒ b_j ∧ guard(j -> i) ∧ (the assertion ending B_j holds), each non-start block
 * b_i ⇒ ∨ e_{j,i}, and a join variant x with e_{j,i} ⇒ x = x_j for every variable whose incoming
 * variants differ, so joins are exact. A loop head gets its {@link LoopSite}: new variants for U_l.
 * The region is the whole program (Algorithm 4.1) or, for the loop model-checking instances of
 * §4.3.3, the body of one loop entered at its head without its own invariant.
 * <p>
 * Passified {@link Passification#DEFINED}, every variant is defined as a function of earlier ones:
 * an assignment's variant equals its value unconditionally and a join variant is an if-then-else
 * over the incoming edges, instead of both being guarded by the block or edge variable. The models
 * restricted to the block and edge variables and the variants on the path are the same (a variant
 * is read only on paths through its definition, and at most one incoming edge of a block is taken),
 * but Z3 can substitute the definitions away: on the large unrolled DAGs of bounded model checking
 * this is several times faster. The CEGAR loop's F keeps the thesis's {@link Passification#GUARDED} form.
 * <p>
 * Passified {@link Passification#FUNCTIONAL}, the same walk names nothing it can define: an
 * assigned variant is its value's term, a block variable the disjunction of its incoming edges, an
 * edge variable b_j ∧ guard(j -> i), a join variant an if-then-else over the incoming edges, and
 * the start block's variable is true. Then every variant is a function of the start's variants and
 * the fresh values the region reads (havocs, the values a nested loop's invariant leaves open), and
 * the clauses are only the assumptions b_i ⇒ a: the next-state functions of §4.3.3.
 */
public final class DagEncoder {
    private final Context ctx;
    private final Program program;
    private final LoopForest loops;
    private final ExprEncoder exprs;
    private final VariantFactory variants;
    private final Predecessors predecessors;
    private final Passification mode;
    private final Map<Block, BlockSummary> summaries;

    /** How a {@link DagEncoder} names what it defines. */
    public enum Passification {
        /** The thesis's form (§4.3.1): every variant, block and edge variable a fresh constant, guarded definitions. */
        GUARDED,
        /** Fresh variants defined unconditionally (assignments) or by if-then-else (joins): bounded model checking. */
        DEFINED,
        /** No fresh names but havocs: every variant a term over the start's variants, the next-state functions of §4.3.3. */
        FUNCTIONAL
    }

    /** A {@link Passification#GUARDED} passifier. */
    public DagEncoder(Program program, LoopForest loops, ExprEncoder exprs, VariantFactory variants) {
        this(program, loops, exprs, variants, Passification.GUARDED);
    }

    /** A passifier of the given {@link Passification}. */
    public DagEncoder(Program program, LoopForest loops, ExprEncoder exprs, VariantFactory variants, Passification mode) {
        this(program, loops, exprs, variants, mode, Map.of());
    }

    /**
     * A passifier of the given {@link Passification} that encodes each block of {@code summaries}
     * (an empty block of an unrolled program) by its {@link BlockSummary}.
     */
    public DagEncoder(Program program, LoopForest loops, ExprEncoder exprs, VariantFactory variants, Passification mode,
                      Map<Block, BlockSummary> summaries) {
        this.summaries = summaries;
        this.mode = mode;
        this.ctx = exprs.algebra().context();
        this.program = program;
        this.loops = loops;
        this.exprs = exprs;
        this.variants = variants;
        this.predecessors = Predecessors.of(program);
    }

    /** This encoder with {@link Passification#DEFINED} variants. */
    public DagEncoder defined() {
        return new DagEncoder(program, loops, exprs, variants, Passification.DEFINED, summaries);
    }

    /**
     * Encodes the DAG of {@code region} entered at {@code start} with the variants {@code initial}
     * (one for every program variable). {@code invariantAtStart} says whether a loop headed by
     * {@code start} is summarized by its invariant; invariants of all other loop heads in the region
     * always are.
     */
    public DagEncoding encode(Set<Block> region, Block start, Map<Variable, Expr<?>> initial, boolean invariantAtStart) {
        if (!region.contains(start)) {
            throw new IllegalArgumentException("start B" + start.id() + " is not in the region");
        }
        if (!initial.keySet().containsAll(program.variables())) {
            throw new IllegalArgumentException("initial variants must cover every program variable");
        }
        Map<Block, EncodedBlock> encoded = new LinkedHashMap<>();
        Map<Block, Map<Block, BoolExpr>> incoming = new LinkedHashMap<>();
        List<BoolExpr> clauses = new ArrayList<>();
        Map<Block, BitVecExpr> counts = new LinkedHashMap<>();
        for (Block b : loops.dominators().reversePostorder().blocks()) {
            if (!region.contains(b)) {
                continue;
            }
            if (encoded.isEmpty() && b != start) {
                throw new IllegalArgumentException("B" + b.id() + " precedes the start B" + start.id() + " in the region");
            }
            BoolExpr blockVar = mode == Passification.FUNCTIONAL ? ctx.mkTrue() : variants.freshBool("b" + b.id());
            Map<Block, BoolExpr> in = new LinkedHashMap<>();
            Map<Variable, Expr<?>> entry = initial;
            if (b != start) {
                in = incomingEdges(b, region, encoded, clauses);
                BoolExpr someEdge = ctx.mkOr(in.values().toArray(new BoolExpr[0]));
                if (mode == Passification.FUNCTIONAL) {
                    blockVar = someEdge;
                } else {
                    clauses.add(ctx.mkImplies(blockVar, someEdge));
                }
                entry = join(in, encoded, clauses);
            }
            incoming.put(b, in);
            encoded.put(b, encodeBlock(b, blockVar, entry, b != start || invariantAtStart, clauses, counts));
        }
        return new DagEncoding(start, encoded, incoming, clauses, counts);
    }

    /** The DAG edges into {@code b} from the region, each with e_{j,i} ⇒ b_j ∧ (control leaves B_j to B_i). */
    private Map<Block, BoolExpr> incomingEdges(Block b, Set<Block> region, Map<Block, EncodedBlock> encoded,
                                               List<BoolExpr> clauses) {
        Map<Block, BoolExpr> in = new LinkedHashMap<>();
        for (Block pred : predecessors.of(b)) {
            if (!region.contains(pred) || loops.isBackEdge(pred, b)) {
                continue;
            }
            EncodedBlock from = encoded.get(pred);
            if (from == null) {
                throw new IllegalStateException("B" + pred.id() + " -> B" + b.id() + " is not a forward edge");
            }
            BoolExpr taken = ctx.mkAnd(from.blockVar(), leaves(from, b));
            if (mode == Passification.FUNCTIONAL) {
                in.put(pred, taken);
                continue;
            }
            BoolExpr edge = variants.freshBool("e" + pred.id() + "_" + b.id());
            clauses.add(ctx.mkImplies(edge, taken));
            in.put(pred, edge);
        }
        return in;
    }

    /** guard(from -> to) ∧ (from's final assertion holds): when control may take the edge. */
    private BoolExpr leaves(EncodedBlock from, Block to) {
        BoolExpr guard = ctx.mkTrue();
        Terminator t = from.block().terminator();
        if (t instanceof Terminator.Branch br && br.ifTrue() != br.ifFalse()) {
            BoolExpr cond = exprs.truth(br.condition(), from.exitVariants());
            guard = to == br.ifTrue() ? cond : ctx.mkNot(cond);
        }
        return from.assertionHolds() == null ? guard : ctx.mkAnd(guard, from.assertionHolds());
    }

    /** The variants on entry to a block: shared when all incoming edges agree, else a join variant. */
    private Map<Variable, Expr<?>> join(Map<Block, BoolExpr> in, Map<Block, EncodedBlock> encoded, List<BoolExpr> clauses) {
        Map<Variable, Expr<?>> entry = new LinkedHashMap<>();
        if (in.isEmpty()) {
            entry.putAll(variants.fresh(program.variables()));
            return entry;
        }
        for (Variable v : program.variables()) {
            Expr<?> common = null;
            boolean differ = false;
            for (Block pred : in.keySet()) {
                Expr<?> x = encoded.get(pred).exitVariants().get(v);
                differ |= common != null && !common.equals(x);
                common = common == null ? x : common;
            }
            if (!differ) {
                entry.put(v, common);
                continue;
            }
            if (mode == Passification.FUNCTIONAL) {
                entry.put(v, ifThenElse(in, encoded, v));
                continue;
            }
            Expr<?> joined = variants.fresh(v);
            if (mode == Passification.DEFINED) {
                clauses.add(ctx.mkEq(joined, ifThenElse(in, encoded, v)));
            } else {
                for (Map.Entry<Block, BoolExpr> e : in.entrySet()) {
                    clauses.add(ctx.mkImplies(e.getValue(), ctx.mkEq(joined, encoded.get(e.getKey()).exitVariants().get(v))));
                }
            }
            entry.put(v, joined);
        }
        return entry;
    }

    /** ite(e_1, x_1, ite(e_2, x_2, ... x_n)) over the incoming edges: the variant of {@code v} on the edge taken. */
    private Expr<?> ifThenElse(Map<Block, BoolExpr> in, Map<Block, EncodedBlock> encoded, Variable v) {
        List<Block> preds = new ArrayList<>(in.keySet());
        Expr<?> value = encoded.get(preds.get(preds.size() - 1)).exitVariants().get(v);
        for (int i = preds.size() - 2; i >= 0; i--) {
            Block pred = preds.get(i);
            value = ite(in.get(pred), encoded.get(pred).exitVariants().get(v), value);
        }
        return value;
    }

    /**
     * LI_l at a loop head, then b_i ⇒ (x_{k+1} = value), fresh havoc variants and b_i ⇒ assumption;
     * a summarized block gets a fresh count, b_i ⇒ its condition and the variants after it.
     */
    private EncodedBlock encodeBlock(Block b, BoolExpr blockVar, Map<Variable, Expr<?>> entry, boolean mayPlaceInvariant,
                                     List<BoolExpr> clauses, Map<Block, BitVecExpr> counts) {
        Map<Variable, Expr<?>> current = new LinkedHashMap<>(entry);
        Loop loop = loops.loopAt(b);
        LoopSite site = null;
        if (loop != null && mayPlaceInvariant) {
            Map<Variable, Expr<?>> pre = new LinkedHashMap<>();
            for (Variable v : loop.referenced()) {
                pre.put(v, entry.get(v));
            }
            Map<Variable, Expr<?>> post = variants.fresh(loop.updated());
            current.putAll(post);
            site = new LoopSite(ctx, loop, blockVar, pre, post);
        }
        BlockSummary summary = summaries.get(b);
        if (summary != null) {
            BitVecExpr count = variants.freshCount("n" + b.id());
            counts.put(b, count);
            BlockSummary.Effect effect = summary.encode(exprs, current, count);
            clauses.add(ctx.mkImplies(blockVar, effect.condition()));
            for (Variable v : program.variables()) {
                Expr<?> value = effect.exit().get(v);
                if (!value.equals(current.get(v))) {
                    assign(v, value, blockVar, current, clauses);
                }
            }
        }
        Map<Variable, Expr<?>> afterInvariant = new LinkedHashMap<>(current);
        List<HavocVariant> havocs = new ArrayList<>();
        BoolExpr assertionHolds = null;
        for (Stmt s : b.statements()) {
            if (s instanceof Stmt.Assign || s instanceof Stmt.ArrayAssign) {
                Variable target = VariableUses.written(s);
                Expr<?> value = s instanceof Stmt.Assign a ? exprs.value(a.value(), current)
                        : exprs.array(((Stmt.ArrayAssign) s).value(), current);
                assign(target, value, blockVar, current, clauses);
            } else if (s instanceof Stmt.Havoc h) {
                Expr<?> next = variants.fresh(h.target());
                havocs.add(new HavocVariant(h, next));
                current.put(h.target(), next);
            } else if (s instanceof Stmt.Assume a) {
                clauses.add(ctx.mkImplies(blockVar, exprs.truth(a.condition(), current)));
            } else {
                assertionHolds = exprs.truth(((Stmt.Assert) s).condition(), current);
            }
        }
        return new EncodedBlock(b, blockVar, entry, site, afterInvariant, havocs, current, assertionHolds);
    }

    /** {@code target} takes {@code value} in the block of {@code blockVar}: the value itself (functional), or a fresh variant equal to it. */
    private void assign(Variable target, Expr<?> value, BoolExpr blockVar, Map<Variable, Expr<?>> current, List<BoolExpr> clauses) {
        if (mode == Passification.FUNCTIONAL) {
            current.put(target, value);
            return;
        }
        Expr<?> next = variants.fresh(target);
        clauses.add(mode == Passification.DEFINED ? ctx.mkEq(next, value) : ctx.mkImplies(blockVar, ctx.mkEq(next, value)));
        current.put(target, next);
    }

    @SuppressWarnings("unchecked")
    private Expr<?> ite(BoolExpr condition, Expr<?> ifTrue, Expr<?> ifFalse) {
        return ctx.mkITE(condition, (Expr<com.microsoft.z3.Sort>) ifTrue, (Expr<com.microsoft.z3.Sort>) ifFalse);
    }
}
