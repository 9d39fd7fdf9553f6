package pdpv.pdr;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.ArrayList;
import java.util.List;
import pdpv.smt.SmtSolver;

/**
 * The trace f_0, f_1, … of §2.2 with its cover. Frame 0 is I; an ARU stored at level k is covered
 * in frames 1..k (delta encoding), so F_i = ⋀_{k ≥ i} ¬aru_k. Each level has an activation literal
 * in the incremental solver; a query against F_i assumes the literals of levels i..top.
 */
final class Frames {
    private final Context ctx;
    private final SmtSolver solver;
    private final Encoding enc;
    private final TransitionSystem ts;
    private final List<BoolExpr> activations = new ArrayList<>();
    private final List<List<Aru>> delta = new ArrayList<>();

    Frames(SmtSolver solver, Encoding enc, TransitionSystem ts) {
        this.ctx = solver.context();
        this.solver = solver;
        this.enc = enc;
        this.ts = ts;
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
        return List.copyOf(activations.subList(level, activations.size()));
    }

    /** Covers the ARU in frames 1..level. */
    void add(Aru aru, int level) {
        delta.get(level).add(aru);
        solver.add(ctx.mkImplies(activations.get(level), ctx.mkNot(aru.formula(enc, ts.currentVars()))));
    }

    /** Moves an ARU stored at {@code level} to {@code level + 1}. */
    void moveUp(Aru aru, int level) {
        delta.get(level).remove(aru);
        add(aru, level + 1);
    }

    List<Aru> at(int level) {
        return List.copyOf(delta.get(level));
    }

    /** All ARUs covered in frame {@code level} (stored at this or a later level). */
    List<Aru> coverOf(int level) {
        List<Aru> all = new ArrayList<>();
        for (int k = Math.max(level, 1); k <= top(); k++) {
            all.addAll(delta.get(k));
        }
        return all;
    }
}
