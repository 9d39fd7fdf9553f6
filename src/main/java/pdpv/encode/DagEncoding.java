package pdpv.encode;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;

/**
 * The SMT encoding of a loop-cut DAG region (thesis §4.3.1): control-flow and data-flow clauses
 * over block variables b_i, edge variables e_{j,i} and variants, and each block's
 * {@link EncodedBlock}. Produced by {@link DagEncoder}.
 */
public final class DagEncoding {
    private final Block start;
    private final Map<Block, EncodedBlock> blocks;
    private final Map<Block, Map<Block, BoolExpr>> incoming;
    private final List<BoolExpr> clauses;
    private final Map<Block, BitVecExpr> counts;

    DagEncoding(Block start, Map<Block, EncodedBlock> blocks, Map<Block, Map<Block, BoolExpr>> incoming, List<BoolExpr> clauses,
                Map<Block, BitVecExpr> counts) {
        this.start = start;
        this.blocks = Collections.unmodifiableMap(new LinkedHashMap<>(blocks));
        this.incoming = new LinkedHashMap<>();
        incoming.forEach((to, edges) -> this.incoming.put(to, Collections.unmodifiableMap(new LinkedHashMap<>(edges))));
        this.clauses = List.copyOf(clauses);
        this.counts = Collections.unmodifiableMap(new LinkedHashMap<>(counts));
    }

    /** The count of passes of each summarized block ({@link BlockSummary}) of the region. */
    public Map<Block, BitVecExpr> counts() {
        return counts;
    }

    /** The block the region is entered at; it has no incoming DAG edges. */
    public Block start() {
        return start;
    }

    /** The region's blocks in topological order, start first. */
    public List<Block> blocks() {
        return List.copyOf(blocks.keySet());
    }

    public EncodedBlock block(Block b) {
        EncodedBlock e = blocks.get(b);
        if (e == null) {
            throw new IllegalArgumentException("B" + b.id() + " is not in the region");
        }
        return e;
    }

    /** The DAG predecessors of {@code b} inside the region (back edges and outside blocks excluded). */
    public List<Block> predecessors(Block b) {
        block(b);
        return List.copyOf(incoming.get(b).keySet());
    }

    /** e_{from,to}: true when the path takes the DAG edge from -> to. */
    public BoolExpr edgeVar(Block from, Block to) {
        block(to);
        BoolExpr e = incoming.get(to).get(from);
        if (e == null) {
            throw new IllegalArgumentException("B" + from.id() + " -> B" + to.id() + " is not an edge of the region");
        }
        return e;
    }

    /** The loop invariant placeholders of the region, in topological order. */
    public List<LoopSite> loopSites() {
        List<LoopSite> sites = new ArrayList<>();
        for (EncodedBlock e : blocks.values()) {
            if (e.loopSite() != null) {
                sites.add(e.loopSite());
            }
        }
        return sites;
    }

    /** All control-flow and data-flow clauses; the start block's variable is left free. */
    public List<BoolExpr> clauses() {
        return clauses;
    }
}
