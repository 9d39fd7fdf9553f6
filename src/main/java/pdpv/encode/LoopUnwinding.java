package pdpv.encode;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;

/**
 * The loop-free program of bounded model checking (Biere et al. 1999; the loop unwinding of CBMC):
 * every loop unrolled so that its back edge is taken at most k times per entry of the loop, nested
 * loops unrolled inside each copy of their parent. A block is copied once for each combination of
 * iteration numbers of the loops that contain it (a block after a loop is shared by all of its
 * iterations, so the size grows like k to the nesting depth, not exponentially). A back edge taken a
 * (k+1)-th time leads to one shared <em>unwinding</em> block, which ends the path without error: a
 * path that reaches it is one the unrolling does not cover (the unwinding assertion is that it is
 * unreachable). The copies share the original statements, so a copy's havoc is the original one.
 * <p>
 * A loop with summaries ({@link BlockSummary}: its accelerated paths) gets them before the first
 * {@code acceleratedCopies} copies of its head per entry, as a chain of empty blocks that each
 * stand for some passes along one path (CBMC's accelerated loop: the accelerator is one more way
 * around the loop, Kroening et al., FMSD 2015). Each summary may take no pass, so every run the
 * unrolling had before is still there, and each adds only runs of the program; a summary of the
 * whole repetition of a path makes a deep run short enough for a small bound. Later copies have
 * none: a summary costs far more than a copy of a block, and runs that change phases more often
 * than that are rare.
 */
public final class LoopUnwinding {
    private final Program unrolled;
    private final Block unwinding;
    private final Map<Block, BlockSummary> summaries;

    private LoopUnwinding(Program unrolled, Block unwinding, Map<Block, BlockSummary> summaries) {
        this.unrolled = unrolled;
        this.unwinding = unwinding;
        this.summaries = summaries;
    }

    /**
     * Unrolls {@code p}, whose loops are {@code loops}, with every back edge taken at most
     * {@code bound} times per loop entry; null when that needs more than {@code maxBlocks} blocks.
     */
    public static LoopUnwinding of(Program p, LoopForest loops, int bound, int maxBlocks) {
        return of(p, loops, bound, maxBlocks, Map.of(), 0);
    }

    /**
     * As {@link #of(Program, LoopForest, int, int)}, with each loop's {@code summaries} before the
     * first {@code acceleratedCopies} copies of its head per entry.
     */
    public static LoopUnwinding of(Program p, LoopForest loops, int bound, int maxBlocks, Map<Loop, List<BlockSummary>> summaries,
                                   int acceleratedCopies) {
        return new Builder(loops, bound, maxBlocks, summaries, acceleratedCopies).build(p);
    }

    /** The summarized blocks of the unrolled program, each with what it stands for. */
    public Map<Block, BlockSummary> summaries() {
        return summaries;
    }

    /** The loop-free program; its havocs, assignments and assertions are those of the original. */
    public Program program() {
        return unrolled;
    }

    /** The block a back edge taken once too often leads to; not in {@link #program()} if none does. */
    public Block unwinding() {
        return unwinding;
    }

    /** True when no loop is cut, i.e. the unrolled program is exact by construction. */
    public boolean exact() {
        return !unrolled.blocks().contains(unwinding);
    }

    /** A block of the original with the iteration numbers of the loops containing it, outermost first. */
    private record Copy(Block original, List<Integer> iterations) {
    }

    private static final class Builder {
        private final LoopForest loops;
        private final int bound;
        private final int maxBlocks;
        private final Map<Loop, List<BlockSummary>> loopSummaries;
        private final int acceleratedCopies;
        private final Map<Copy, Block> copies = new HashMap<>();
        /** For a copy of a loop head with summaries, the first block of their chain. */
        private final Map<Copy, Block> entries = new HashMap<>();
        private final Map<Block, BlockSummary> summaries = new LinkedHashMap<>();
        private final Map<Block, List<Loop>> chains = new HashMap<>();
        private final Deque<Copy> work = new ArrayDeque<>();
        private int nextId;
        private Block unwinding;

        Builder(LoopForest loops, int bound, int maxBlocks, Map<Loop, List<BlockSummary>> summaries, int acceleratedCopies) {
            this.loops = loops;
            this.bound = bound;
            this.maxBlocks = maxBlocks;
            this.loopSummaries = summaries;
            this.acceleratedCopies = acceleratedCopies;
        }

        LoopUnwinding build(Program p) {
            unwinding = new Block(nextId++);
            Block entry = copy(new Copy(p.entry(), List.of()));
            while (!work.isEmpty()) {
                if (copies.size() + summaries.size() > maxBlocks) {
                    return null;
                }
                Copy c = work.poll();
                Block b = copies.get(c);
                c.original().statements().forEach(b::add);
                b.setTerminator(terminator(c));
            }
            SourceLoc at = p.entry().statements().isEmpty() ? SourceLoc.UNKNOWN : p.entry().statements().get(0).loc();
            unwinding.setTerminator(new Terminator.Halt(Terminator.Halt.Kind.ABORT, at));
            return new LoopUnwinding(new Program(p.file(), p.function(), p.semantics(), p.variables(), entry, p.functions(), p.addresses()), unwinding,
                    summaries);
        }

        private Terminator terminator(Copy c) {
            Terminator t = c.original().terminator();
            if (t instanceof Terminator.Jump j) {
                return new Terminator.Jump(successor(c, j.target()));
            }
            if (t instanceof Terminator.Branch br) {
                return new Terminator.Branch(br.condition(), successor(c, br.ifTrue()), successor(c, br.ifFalse()), br.loc());
            }
            return t;
        }

        /**
         * The copy control reaches from {@code c} over the edge to {@code s}: a back edge increments
         * its loop's iteration number (or leads to the unwinding block after {@code bound}), an edge
         * into a loop (through its head: the CFG is reducible) starts it at 0, an edge out of loops
         * drops their numbers.
         */
        private Block successor(Copy c, Block s) {
            List<Loop> from = chain(c.original());
            List<Loop> to = chain(s);
            List<Integer> iterations = new ArrayList<>();
            if (loops.isBackEdge(c.original(), s)) {
                int j = to.size() - 1;
                int next = c.iterations().get(j) + 1;
                if (next > bound) {
                    return unwinding;
                }
                iterations.addAll(c.iterations().subList(0, j));
                iterations.add(next);
            } else {
                for (int i = 0; i < to.size(); i++) {
                    iterations.add(i < from.size() && from.get(i) == to.get(i) ? c.iterations().get(i) : 0);
                }
            }
            return copy(new Copy(s, List.copyOf(iterations)));
        }

        /** The block control enters copy {@code c} at: the copy itself, or the chain of its loop's summaries before it. */
        private Block copy(Copy c) {
            Block b = copies.get(c);
            if (b == null) {
                b = new Block(nextId++);
                copies.put(c, b);
                work.add(c);
                Loop l = loops.loopAt(c.original());
                boolean accelerated = l != null && c.iterations().get(c.iterations().size() - 1) < acceleratedCopies;
                List<BlockSummary> chain = accelerated ? loopSummaries.getOrDefault(l, List.of()) : List.of();
                Block next = b;
                for (int i = chain.size() - 1; i >= 0; i--) {
                    Block s = new Block(nextId++);
                    s.setTerminator(new Terminator.Jump(next));
                    summaries.put(s, chain.get(i));
                    next = s;
                }
                entries.put(c, next);
            }
            return entries.get(c);
        }

        /** The loops containing {@code b}, outermost first. */
        private List<Loop> chain(Block b) {
            return chains.computeIfAbsent(b, x -> {
                List<Loop> chain = new ArrayList<>();
                for (Loop l = loops.innermostLoopOf(x); l != null; l = l.parent()) {
                    chain.add(l);
                }
                Collections.reverse(chain);
                return chain;
            });
        }
    }
}
