package pdpv.pdr;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.ArrayList;
import java.util.List;
import pdpv.smt.SmtSolver;

/**
 * The trace f_0, f_1, … of §2.2 with its cover. Frame 0 is I; an ARU stored at level k is covered
 * in frames 1..k (delta encoding), so F_i = ⋀_{k ≥ i} ¬aru_k. Each level has an activation literal
 * in the incremental solver; a query against F_i assumes the literals of levels i..top. ARUs at
 * level {@link #INFINITY} are covered in every frame, present and future (the "frame ∞" of IC3
 * implementations): each is disjoint from I and was unreachable from F_∞ outside itself when it
 * was added, so F_∞ is an inductive invariant.
 */
final class Frames {
    private final Context ctx;
    private final SmtSolver solver;
    private final Encoding enc;
    private final TransitionSystem ts;
    private final List<BoolExpr> activations = new ArrayList<>();
    private final List<List<Aru>> delta = new ArrayList<>();
    private final BoolExpr infinityActivation;
    private final List<Aru> infinite = new ArrayList<>();

    /** The level of the ARUs covered in all frames. */
    static final int INFINITY = Integer.MAX_VALUE;

    Frames(SmtSolver solver, Encoding enc, TransitionSystem ts) {
        this.ctx = solver.context();
        this.solver = solver;
        this.enc = enc;
        this.ts = ts;
        this.infinityActivation = ctx.mkBoolConst("pdr!frameInf");
        BoolExpr initActivation = newActivation();
        solver.add(ctx.mkImplies(initActivation, ts.init()));
        delta.add(new ArrayList<>());
    }

    private BoolExpr newActivation() {
        BoolExpr a = ctx.mkBoolConst("pdr!frame" + activations.size());
        activations.add(a);
        return a;
    }

    /** Index of the last frame. */
    int top() {
        return delta.size() - 1;
    }

    void pushNewFrame() {
        newActivation();
        delta.add(new ArrayList<>());
    }

    /** Assumptions that restrict the current state to F_level. */
    List<BoolExpr> assumptions(int level) {
        if (level == 0) {
            return List.of(activations.get(0));
        }
        if (level == INFINITY) {
            return List.of(infinityActivation);
        }
        List<BoolExpr> assume = new ArrayList<>(activations.subList(level, activations.size()));
        assume.add(infinityActivation);
        return assume;
    }

    /** Covers the ARU in frames 1..level, or in all frames if level is {@link #INFINITY}. */
    void add(Aru aru, int level) {
        lemmas(level).add(aru);
        BoolExpr activation = level == INFINITY ? infinityActivation : activations.get(level);
        solver.add(ctx.mkImplies(activation, ctx.mkNot(aru.formula(enc, ts.currentVars()))));
    }

    private List<Aru> lemmas(int level) {
        return level == INFINITY ? infinite : delta.get(level);
    }

    /** Moves an ARU stored at {@code level} to {@code level + 1}. */
    void moveUp(Aru aru, int level) {
        delta.get(level).remove(aru);
        add(aru, level + 1);
    }

    List<Aru> at(int level) {
        return List.copyOf(lemmas(level));
    }

    /** All ARUs covered in frame {@code level} (stored at this or a later level, or at ∞). */
    List<Aru> coverOf(int level) {
        List<Aru> all = new ArrayList<>();
        for (int k = Math.max(level, 1); k <= top(); k++) {
            all.addAll(delta.get(k));
        }
        all.addAll(infinite);
        return all;
    }
}
