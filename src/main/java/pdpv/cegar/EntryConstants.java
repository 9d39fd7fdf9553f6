package pdpv.cegar;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Loop;
import pdpv.cfg.Program;
import pdpv.cfg.Predecessors;
import pdpv.cfg.ReversePostorder;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.cfg.VariableUses;
import pdpv.daikon.Invariant;
import pdpv.daikon.Polynomial;
import pdpv.daikon.Term;
import pdpv.interp.Evaluator;
import pdpv.interp.State;

/**
 * Constant and copy propagation (Kildall's must-analysis) over the program's blocks: for each loop,
 * the variables that hold the same constant, or the same value as another variable, on every edge
 * that enters the loop from outside. They let a certificate's two-state invariant LI_l(\old(x), x)
 * be written over the state at the head alone (thesis §4.3.3: x_b is x on entry to the loop):
 * \old(x) is that constant, or that other variable if the loop does not change it. A fact is a
 * {@link Long} (raw bits) or a {@link Variable} of the same type; for an array (issue #20), the
 * IR's {@link pdpv.cfg.ArrayExpr.Filled} that last filled it: every cell holds the same constant (a
 * zero-initialized global, {@code int a[4] = {0}}), so that a cell invariant's {@code \old(a)[j]}
 * is that constant.
 */
final class EntryConstants {
    private final Program program;
    private final Evaluator evaluator;
    private final Predecessors predecessors;
    private final Map<Block, Map<Variable, Object>> out = new HashMap<>();

    EntryConstants(Program program) {
        this.program = program;
        this.evaluator = new Evaluator(program.semantics());
        this.predecessors = Predecessors.of(program);
        solve();
    }

    /** The facts that hold on every entry into {@code l}. */
    Map<Variable, Object> atEntry(Loop l) {
        Map<Variable, Object> meet = null;
        for (Block p : predecessors.of(l.head())) {
            if (l.body().contains(p) || !out.containsKey(p)) {
                continue;
            }
            meet = meet == null ? new LinkedHashMap<>(out.get(p)) : meet(meet, out.get(p));
        }
        return meet == null ? Map.of() : meet;
    }

    /**
     * The facts of {@link #atEntry} over the variables l updates, as the equalities
     * {@code \old(x) == c} and {@code \old(x) == y} of the values on entry, for the variables of
     * {@code before} (the loop's x_b templates).
     */
    List<Invariant> facts(Loop l, java.util.Set<Variable> before) {
        List<Invariant> facts = new ArrayList<>();
        atEntry(l).forEach((v, fact) -> {
            if (!l.updated().contains(v) || !before.contains(v)) {
                return;
            }
            Polynomial old = Polynomial.of(new Term(v, true));
            if (fact instanceof Long c) {
                int w = v.type().width();
                BigInteger bits = BigInteger.valueOf(c).mod(BigInteger.ONE.shiftLeft(w));
                BigInteger value = v.type().signed() && bits.testBit(w - 1) ? bits.subtract(BigInteger.ONE.shiftLeft(w)) : bits;
                facts.add(new Invariant.Compare(old, Invariant.Op.EQ, Polynomial.constant(value)));
            } else if (fact instanceof Variable w && before.contains(w)) {
                facts.add(new Invariant.Compare(old, Invariant.Op.EQ, Polynomial.of(new Term(w, l.updated().contains(w)))));
            }
        });
        return facts;
    }

    private void solve() {
        List<Block> order = ReversePostorder.of(program).blocks();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Block b : order) {
                Map<Variable, Object> in = null;
                if (b == program.entry()) {
                    in = new LinkedHashMap<>();
                }
                for (Block p : predecessors.of(b)) {
                    if (out.containsKey(p)) {
                        in = in == null ? new LinkedHashMap<>(out.get(p)) : meet(in, out.get(p));
                    }
                }
                if (in == null) {
                    continue;
                }
                Map<Variable, Object> result = transfer(b, in);
                if (!result.equals(out.get(b))) {
                    out.put(b, result);
                    changed = true;
                }
            }
        }
    }

    private Map<Variable, Object> transfer(Block b, Map<Variable, Object> in) {
        Map<Variable, Object> s = new LinkedHashMap<>(in);
        for (Stmt st : b.statements()) {
            Variable w = VariableUses.written(st);
            if (w == null) {
                continue;
            }
            Object value = null;
            if (st instanceof Stmt.Assign a && a.value() instanceof Expr.VarRef r && r.variable() != w) {
                Variable y = r.variable();
                value = s.get(y) instanceof Long || y.kind() == Variable.Kind.TEMPORARY ? s.get(y) : y;
            } else if (st instanceof Stmt.Assign a && constants(s).keySet().containsAll(VariableUses.reads(a.value()))) {
                value = evaluator.evaluate(a.value(), State.of(constants(s))).bits();
            } else if (st instanceof Stmt.ArrayAssign a && a.value() instanceof pdpv.cfg.ArrayExpr.Filled f) {
                value = f;
            }
            s.remove(w);
            s.values().removeIf(w::equals);
            if (value != null) {
                s.put(w, value);
            }
        }
        return s;
    }

    private static Map<Variable, Long> constants(Map<Variable, Object> facts) {
        Map<Variable, Long> c = new LinkedHashMap<>();
        facts.forEach((v, f) -> {
            if (f instanceof Long l) {
                c.put(v, l);
            }
        });
        return c;
    }

    private static Map<Variable, Object> meet(Map<Variable, Object> a, Map<Variable, Object> b) {
        Map<Variable, Object> m = new LinkedHashMap<>();
        a.forEach((v, c) -> {
            if (c.equals(b.get(v))) {
                m.put(v, c);
            }
        });
        return m;
    }
}
