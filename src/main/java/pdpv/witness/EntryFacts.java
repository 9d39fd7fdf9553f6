package pdpv.witness;

import com.microsoft.z3.Context;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Program;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;
import pdpv.cfg.VariableUses;
import pdpv.semantics.CType;

/**
 * Candidate invariants over the state at a loop head from what holds when the loop is entered, for
 * the conjuncts of a two-state invariant LI_l(x_b, x) (thesis §4.3.3) that mention entry values x_b
 * a one-state witness cannot name: where x_b bounds the head's state, the bound that x_b itself has
 * on entry bounds it too. Two families: the conditions of the branches and assumptions on the way to
 * the loop (both ways of each branch) and its assignments as equations ({@code x == e}, which hold
 * at the head when the loop changes neither side), and the least and greatest value on entry of each variable of
 * the loop's function and of each sum of two variables the loop updates ({@code x <= max},
 * {@code (long long)x + y <= max}, ...). None of them is trusted: {@link Houdini} keeps those that
 * are inductive together with the rest.
 */
final class EntryFacts {
    /**
     * Solver limit for each least or greatest value on entry: a candidate whose bound is not found in
     * this time is left out. Entry regions are loop-free and small; 2 s keeps a program with dozens
     * of variables within seconds.
     */
    static final int RANGE_TIMEOUT_MILLIS = 2_000;

    private EntryFacts() {
    }

    /** The candidates at {@code head} as C text, in a stable order. */
    static List<String> of(Context ctx, Program program, LoopHeads loops, Block head, Map<Block, List<Expr>> assumed) {
        Set<Block> body = loops.body(head);
        Set<Variable> updated = new LinkedHashSet<>();
        Set<String> functions = new LinkedHashSet<>();
        for (Block b : body) {
            for (Stmt s : b.statements()) {
                Variable w = VariableUses.written(s);
                if (w != null) {
                    updated.add(w);
                }
                VariableUses.reads(s).forEach(v -> functions.add(function(v)));
            }
            VariableUses.reads(b.terminator()).forEach(v -> functions.add(function(v)));
        }
        List<String> out = new ArrayList<>();
        for (Block b : before(program, body, head)) {
            for (Stmt s : b.statements()) {
                if (s instanceof Stmt.Assume a) {
                    CText.condition(a.condition(), true).ifPresent(out::add);
                } else if (s instanceof Stmt.Assign a) {
                    // an argument passed to a parameter of its own name reads "w == w" in C, which says nothing
                    CText.of(new Expr.VarRef(a.target())).ifPresent(x -> CText.of(a.value())
                            .filter(v -> !v.equals(x)).ifPresent(v -> out.add(x + " == " + v)));
                }
            }
            if (b.terminator() instanceof Terminator.Branch br && br.ifTrue() != br.ifFalse()) {
                CText.condition(br.condition(), true).ifPresent(out::add);
                CText.condition(br.condition(), false).ifPresent(out::add);
            }
        }
        List<Variable> vars = program.variables().stream()
                .filter(v -> v.kind() != Variable.Kind.TEMPORARY && !v.isArray() && v.sourceName() != null && v.type().width() > 1)
                .filter(v -> v.kind() == Variable.Kind.GLOBAL || functions.contains(function(v)))
                .toList();
        Map<Expr, String> terms = new LinkedHashMap<>();
        for (Variable v : vars) {
            terms.put(new Expr.VarRef(v), v.sourceName());
        }
        List<Variable> sums = updated.stream().filter(vars::contains).filter(v -> v.type().width() <= 32).toList();
        for (int i = 0; i < sums.size(); i++) {
            for (int j = i + 1; j < sums.size(); j++) {
                Variable x = sums.get(i);
                Variable y = sums.get(j);
                terms.put(new Expr.Binary(pdpv.semantics.BinaryOp.ADD, wide(x), wide(y), wide(x).type()),
                        "(long long)" + x.sourceName() + " + " + y.sourceName());
            }
        }
        Map<Expr, long[]> ranges = new InvariantCheck(ctx, program, loops, assumed)
                .entryRanges(head, List.copyOf(terms.keySet()), RANGE_TIMEOUT_MILLIS);
        ranges.forEach((term, range) -> {
            int width = term.type().width();
            boolean signed = term.type().signed();
            if (!signed && width == 64) {
                return;
            }
            long least = least(term.type());
            long greatest = greatest(term.type());
            if (term instanceof Expr.Binary sum) {
                CType x = ((Expr.Cast) sum.left()).operand().type();
                CType y = ((Expr.Cast) sum.right()).operand().type();
                least = least(x) + least(y);
                greatest = greatest(x) + greatest(y);
            }
            if (range[0] > least) {
                out.add(terms.get(term) + " >= " + range[0]);
            }
            if (range[1] < greatest) {
                out.add(terms.get(term) + " <= " + range[1]);
            }
        });
        return out;
    }

    private static long least(CType t) {
        return !t.signed() ? 0 : t.width() == 64 ? Long.MIN_VALUE : -(1L << (t.width() - 1));
    }

    private static long greatest(CType t) {
        return !t.signed() ? (1L << t.width()) - 1 : t.width() == 64 ? Long.MAX_VALUE : (1L << (t.width() - 1)) - 1;
    }

    private static Expr wide(Variable v) {
        return new Expr.Cast(new Expr.VarRef(v), new CType(CType.Kind.LONG_LONG, 64, true));
    }

    /** The function a variable belongs to by its name ({@code f::i#2}), "" for main's and the globals. */
    static String function(Variable v) {
        int at = v.name().indexOf("::");
        return at < 0 ? "" : v.name().substring(0, at);
    }

    /** The blocks outside the loop from which its head can be reached. */
    private static Set<Block> before(Program program, Set<Block> body, Block head) {
        Map<Block, List<Block>> preds = new LinkedHashMap<>();
        for (Block b : program.blocks()) {
            for (Block s : b.successors()) {
                preds.computeIfAbsent(s, k -> new ArrayList<>()).add(b);
            }
        }
        Set<Block> seen = new LinkedHashSet<>();
        Deque<Block> work = new ArrayDeque<>(preds.getOrDefault(head, List.of()));
        while (!work.isEmpty()) {
            Block b = work.pop();
            if (!body.contains(b) && seen.add(b)) {
                work.addAll(preds.getOrDefault(b, List.of()));
            }
        }
        return seen;
    }
}
