package pdpv.encode;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Model;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.Variable;
import pdpv.semantics.CSemantics;

/**
 * The SMT formula F of thesis §4.3.1 after Algorithm 4.1 {@code preprocess()}: every back edge cut,
 * LI_l(U_l, R_l) = true placed at each loop head, the DAG passified; F is the control-flow and
 * data-flow clauses, the entry block variable, and the violation ∨_A (b_{π(A)} ∧ ¬a). F is
 * unsatisfiable only if the program is safe under the current loop invariants.
 */
public final class ProgramEncoding {
    private final DagEncoding dag;
    private final BoolExpr formula;
    private final CounterexampleDecoder decoder;
    private final Program program;
    private final LoopForest loops;
    private final ExprEncoder exprs;
    private final VariantFactory variants;

    private ProgramEncoding(Context ctx, DagEncoding dag, BoolExpr formula, Map<Variable, Expr<?>> initial, Program program,
                            LoopForest loops, ExprEncoder exprs, VariantFactory variants) {
        this.dag = dag;
        this.formula = formula;
        this.decoder = new CounterexampleDecoder(ctx, dag, initial, program.semantics().indexType().width());
        this.program = program;
        this.loops = loops;
        this.exprs = exprs;
        this.variants = variants;
    }

    /** Preprocesses and encodes {@code p}, whose loops are {@code loops}, into {@code ctx}. */
    public static ProgramEncoding build(Context ctx, Program p, LoopForest loops) {
        return build(ctx, p, loops, false);
    }

    /**
     * As {@link #build(Context, Program, LoopForest)}; {@code defined} defines the variants as
     * functions of earlier ones ({@link DagEncoder.Passification#DEFINED}), for large loop-free programs.
     */
    static ProgramEncoding build(Context ctx, Program p, LoopForest loops, boolean defined) {
        return build(ctx, p, loops, defined, Map.of());
    }

    /** As {@link #build(Context, Program, LoopForest, boolean)}, each block of {@code summaries} encoded by its summary. */
    static ProgramEncoding build(Context ctx, Program p, LoopForest loops, boolean defined, Map<Block, BlockSummary> summaries) {
        ExprEncoder exprs = new ExprEncoder(p.semantics(), new Z3Algebra(ctx));
        VariantFactory variants = new VariantFactory(ctx, p.semantics());
        Map<Variable, Expr<?>> initial = variants.fresh(p.variables());
        DagEncoder encoder = new DagEncoder(p, loops, exprs, variants, DagEncoder.Passification.GUARDED, summaries);
        DagEncoding dag = (defined ? encoder.defined() : encoder)
                .encode(new LinkedHashSet<>(p.blocks()), p.entry(), initial, true);
        List<BoolExpr> conjuncts = new ArrayList<>(dag.clauses());
        conjuncts.add(dag.block(p.entry()).blockVar());
        List<BoolExpr> violations = new ArrayList<>();
        for (Block b : dag.blocks()) {
            EncodedBlock e = dag.block(b);
            if (e.assertionHolds() != null) {
                violations.add(ctx.mkAnd(e.blockVar(), ctx.mkNot(e.assertionHolds())));
            }
        }
        conjuncts.add(ctx.mkOr(violations.toArray(new BoolExpr[0])));
        return new ProgramEncoding(ctx, dag, ctx.mkAnd(conjuncts.toArray(new BoolExpr[0])), initial, p, loops, exprs, variants);
    }

    /**
     * One iteration of {@code loop} in functional form, the transition of its model checking
     * instance (§4.3.3), passified by the encoder of F from the variants {@code before} of R_l \ U_l
     * and {@code current} of U_l.
     */
    public LoopIteration iteration(Loop loop, Map<Variable, ? extends Expr<?>> before, Map<Variable, ? extends Expr<?>> current) {
        return LoopIteration.encode(new DagEncoder(program, loops, exprs, variants, DagEncoder.Passification.FUNCTIONAL),
                exprs, variants,
                program.variables(), loop, before, current);
    }

    /** The same iteration encoded relationally, as F is, with block, edge and variant constants. */
    public LoopIteration relationalIteration(Loop loop, Map<Variable, ? extends Expr<?>> before,
                                             Map<Variable, ? extends Expr<?>> current) {
        return LoopIteration.encode(new DagEncoder(program, loops, exprs, variants), exprs, variants,
                program.variables(), loop, before, current);
    }

    /** The C semantics the program was typed under, for encoding more of its expressions. */
    /** The program's loops, with its dominator tree. */
    public LoopForest loops() {
        return loops;
    }

    public CSemantics semantics() {
        return program.semantics();
    }

    /** F with every loop invariant still true. */
    public BoolExpr formula() {
        return formula;
    }

    /** The LI_l placeholders, one per loop, in topological order of their heads. */
    public List<LoopSite> loopSites() {
        return dag.loopSites();
    }

    /** The width of array indices (issue #20): {@link pdpv.semantics.CSemantics#indexType()}'s. */
    public int indexWidth() {
        return program.semantics().indexType().width();
    }

    /** Whether the program has an array variable (issue #20). */
    public boolean hasArrays() {
        return program.variables().stream().anyMatch(Variable::isArray);
    }

    /** The passified DAG behind F: block and edge variables and each block's variants. */
    public DagEncoding dag() {
        return dag;
    }

    /** Reads a model of F (with or without invariant instances added) back as a path. */
    public Counterexample decode(Model m) {
        return decoder.decode(m);
    }
}
