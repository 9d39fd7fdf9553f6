package pdpv.encode.accel;

import java.util.ArrayList;
import java.util.List;
import pdpv.cfg.Block;
import pdpv.cfg.Loop;

/**
 * The paths through the body of an innermost loop ({@link LoopPath}), enumerated depth first in the
 * order of the blocks' successors (true branch first). Without nested loops, the body without the
 * back edges is acyclic, so every path is simple.
 */
public final class LoopPaths {
    private LoopPaths() {
    }

    /**
     * The paths of {@code loop}, or null when it has nested loops or more than {@code maxPaths}
     * paths (a body with k branches in a row has 2^k).
     */
    public static List<LoopPath> of(Loop loop, int maxPaths) {
        if (!loop.children().isEmpty()) {
            return null;
        }
        List<LoopPath> paths = new ArrayList<>();
        List<Block> prefix = new ArrayList<>();
        prefix.add(loop.head());
        return extend(loop, prefix, paths, maxPaths) ? paths : null;
    }

    /** Extends {@code prefix} in every way; false once more than {@code maxPaths} paths were found. */
    private static boolean extend(Loop loop, List<Block> prefix, List<LoopPath> paths, int maxPaths) {
        Block last = prefix.get(prefix.size() - 1);
        for (Block s : last.successors()) {
            if (s == loop.head()) {
                if (loop.tails().contains(last)) {
                    if (paths.size() == maxPaths) {
                        return false;
                    }
                    paths.add(new LoopPath(loop, prefix));
                }
            } else if (loop.body().contains(s)) {
                prefix.add(s);
                boolean ok = extend(loop, prefix, paths, maxPaths);
                prefix.remove(prefix.size() - 1);
                if (!ok) {
                    return false;
                }
            }
        }
        return true;
    }
}
