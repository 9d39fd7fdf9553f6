package pdpv.cegar;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Addresses;
import pdpv.cfg.Loop;
import pdpv.cfg.Variable;
import pdpv.pdr.StateVar;
import pdpv.smt.Conjuncts;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/**
 * A loop's two-state invariant LI_l(x_b, x_e) (thesis §4.3.3) written as a condition on the state
 * at the loop head alone, as a witness needs it: x_b of a variable the loop only reads is its
 * value at the head; x_b of an updated variable that enters the loop with a known constant
 * ({@link EntryConstants}) is that constant. Every conjunct that still mentions another x_b is
 * dropped, which is sound (∃x_b. A(x) ∧ B(x_b, x) implies A(x)) but weaker, and the result need not
 * be inductive on its own. The variables the loop does not change keep their entry facts at the
 * head ({@code v == c}, {@code v == y}): the loop encoding knows them without an invariant, a
 * witness must say them. {@link #conjectures} are what a dropped disjunction P(x_b) ∨ Q(x) says of
 * the head when P fails on entry: Q(x), unchecked, for a witness writer to try (its Houdini). {@link #names} are the state
 * variables of the formula by the program variable each stands for at the head.
 */
record HeadInvariant(BoolExpr formula, List<BoolExpr> conjectures, Map<Variable, StateVar> names, Map<Variable, Expr<?>> arrays) {
    static HeadInvariant of(Context ctx, Loop l, LoopInvariantStore.Templates t, BoolExpr li, Map<Variable, Object> entry,
                            Addresses addresses) {
        return of(ctx, l, t, li, entry, addresses, List.of());
    }

    /**
     * {@link #of(Context, Loop, LoopInvariantStore.Templates, BoolExpr, Map, Addresses)} with
     * {@code readFacts}, facts over the arrays l reads and does not write (their a_b templates, the
     * same in every pass: {@link CellInvariants#wholeArrays}), offered as conjectures: the loop
     * encoding knows what an earlier loop left in them without an invariant, a witness must say it.
     */
    static HeadInvariant of(Context ctx, Loop l, LoopInvariantStore.Templates t, BoolExpr li, Map<Variable, Object> entry,
                            Addresses addresses, List<BoolExpr> readFacts) {
        Map<Variable, StateVar> outside = new LinkedHashMap<>();
        List<Expr<?>> from = new ArrayList<>();
        List<Expr<?>> to = new ArrayList<>();
        Map<Expr<?>, Variable> unresolved = new LinkedHashMap<>();
        t.before().forEach((v, s) -> {
            if (!l.updated().contains(v)) {
                return;
            }
            Object fact = entry.get(v);
            if (fact == null || fact instanceof Variable y && (l.updated().contains(y) || clashes(y, t))) {
                fact = entry.entrySet().stream()
                        .filter(e -> e.getValue() == v && !l.updated().contains(e.getKey()) && !clashes(e.getKey(), t))
                        .map(Map.Entry::getKey).findFirst().orElse(null);
            }
            if (fact instanceof Long c) {
                from.add(s.current());
                to.add(ctx.mkBV(c, s.width()));
            } else if (fact instanceof Variable y && !l.updated().contains(y) && t.before().containsKey(y)) {
                from.add(s.current());
                to.add(t.before().get(y).current());
            } else if (fact instanceof Variable y && !l.updated().contains(y) && y.type().width() <= StateVar.MAX_WIDTH) {
                from.add(s.current());
                to.add(atHead(ctx, l, t, y, outside));
            } else {
                unresolved.put(s.current(), v);
            }
        });
        // an array the loop writes has no value on entry the head's state tells, unless every cell
        // enters with one constant (an ArrayExpr.Filled in EntryConstants): a_b is then that constant array, else a
        // conjunct over a_b is dropped
        t.arraysBefore().forEach((v, a) -> {
            if (!l.updated().contains(v)) {
                return;
            }
            if (entry.get(v) instanceof pdpv.cfg.ArrayExpr.Filled f && a.getSort() instanceof com.microsoft.z3.ArraySort<?, ?> sort
                    && sort.getRange() instanceof com.microsoft.z3.BitVecSort cell) {
                from.add(a);
                to.add(ctx.mkConstArray(sort.getDomain(), ctx.mkBV(f.bits(), cell.getSize())));
            } else {
                unresolved.put(a, v);
            }
        });
        BoolExpr substituted = (BoolExpr) li.substitute(from.toArray(new Expr<?>[0]), to.toArray(new Expr<?>[0]));
        List<BoolExpr> kept = new ArrayList<>();
        List<BoolExpr> conjectures = new ArrayList<>();
        for (BoolExpr c : Conjuncts.of(substituted)) {
            Set<Variable> left = new LinkedHashSet<>();
            mentions(c, unresolved, left, new HashSet<>());
            if (left.isEmpty() && !valid(ctx, c)) {
                kept.add(c);
            }
        }
        entry.forEach((v, fact) -> {
            if (l.updated().contains(v) || v.kind() == Variable.Kind.TEMPORARY || v.type().width() > StateVar.MAX_WIDTH || clashes(v, t)) {
                return;
            }
            if (fact instanceof Long c) {
                kept.add(ctx.mkEq(atHead(ctx, l, t, v, outside), ctx.mkBV(c, v.type().width())));
            } else if (fact instanceof Variable y && !l.updated().contains(y) && !clashes(y, t) && y.type().width() <= StateVar.MAX_WIDTH) {
                kept.add(ctx.mkEq(atHead(ctx, l, t, v, outside), atHead(ctx, l, t, y, outside)));
            }
        });
        Map<Expr<?>, Variable> old = new LinkedHashMap<>();
        t.before().forEach((v, sv) -> {
            if (l.updated().contains(v)) {
                old.put(sv.current(), v);
            }
        });
        List<BoolExpr> pending = new ArrayList<>(Conjuncts.of(li));
        for (int k = 0; k < pending.size(); k++) {
            BoolExpr c = pending.get(k);
            List<Expr<?>> disjuncts = c.isOr() ? List.of(c.getArgs()) : c.isImplies() ? List.of(c.getArgs()[1]) : List.of();
            if (c.isImplies() && hasQuantifier(c.getArgs()[0], new HashSet<>())) {
                // a fact about the cells of an array the loop only reads (CellInvariants.readOnly), the
                // premise of what the loop keeps: it holds at the head whenever it held on entry; what
                // it implies (P(x_b) ⇒ E(x_e) of each mined invariant, say s == i*i) is read as conjuncts
                disjuncts = new ArrayList<>(disjuncts);
                disjuncts.add(c.getArgs()[0]);
                pending.addAll(Conjuncts.of((BoolExpr) c.getArgs()[1]));
            }
            for (Expr<?> d : disjuncts) {
                Set<Variable> inD = new LinkedHashSet<>();
                mentions(d, old, inD, new HashSet<>());
                if (inD.isEmpty()) {
                    conjectures.add((BoolExpr) d);
                }
            }
        }
        conjectures.addAll(readFacts);
        Map<Variable, StateVar> names = new LinkedHashMap<>(outside);
        names.putAll(t.before());
        names.putAll(t.end());
        // the arrays at the head: those the loop writes by a_e, those it only reads by a_b (the same in every pass)
        Map<Variable, Expr<?>> arrays = new LinkedHashMap<>();
        t.arraysBefore().forEach((v, a) -> {
            if (!l.updated().contains(v)) {
                arrays.put(v, a);
            }
        });
        arrays.putAll(t.arraysEnd());
        InvariantPrinter printer = new InvariantPrinter(ctx, names, arrays, addresses);
        List<BoolExpr> readable = kept.stream().map(c -> readable(ctx, printer, c)).toList();
        BoolExpr formula = readable.isEmpty() ? ctx.mkTrue() : readable.size() == 1 ? readable.get(0) : ctx.mkAnd(readable.toArray(new BoolExpr[0]));
        return new HeadInvariant(formula, conjectures.stream().map(c -> readable(ctx, printer, c)).toList(), names, arrays);
    }

    /** The value of {@code v}, which the loop does not change, at the head: its template, or a constant of its own. */
    private static BitVecExpr atHead(Context ctx, Loop l, LoopInvariantStore.Templates t, Variable v, Map<Variable, StateVar> outside) {
        if (t.before().containsKey(v)) {
            return t.before().get(v).current();
        }
        return outside.computeIfAbsent(v, y -> StateVar.of(ctx, "L" + l.head().id() + "." + y.name() + "_h", y.type().width())).current();
    }

    /** Whether another variable of the loop is written like {@code y} in C (inlined functions reuse names). */
    private static boolean clashes(Variable y, LoopInvariantStore.Templates t) {
        String name = y.sourceName() != null ? y.sourceName() : y.name();
        return y.kind() == Variable.Kind.TEMPORARY
                || t.before().keySet().stream().anyMatch(x -> x != y && name.equals(x.sourceName() != null ? x.sourceName() : x.name()));
    }

    /**
     * {@code c} as it is or with its constant parts folded, whichever prints as the shorter C
     * (without {@code smt:} parts): the entry constants substituted for x_b leave {@code 0 == 0}
     * premises and products of constants, which folding removes, but folding also rewrites a parity
     * {@code (w - z) % 2 == 0} into bit equalities that {@link InvariantPrinter} does not read.
     * Sign extensions stay, the shape the printer knows.
     */
    private static BoolExpr readable(Context ctx, InvariantPrinter printer, BoolExpr c) {
        com.microsoft.z3.Params p = ctx.mkParams();
        p.add("elim_sign_ext", false);
        BoolExpr folded = (BoolExpr) c.simplify(p);
        String raw = printer.print(c);
        String simple = printer.print(folded);
        if (raw.contains("smt:")) {
            return folded;
        }
        return !simple.contains("smt:") && simple.length() < raw.length() ? folded : c;
    }

    /**
     * Whether {@code c} holds for all values (a tautology left by the substitution), in a fresh
     * solver; a conjunct with a quantifier (a cell invariant, or a fact about an array's cells as a
     * premise) is kept unasked: Z3 searches for a model of its negation without end.
     */
    private static boolean valid(Context ctx, BoolExpr c) {
        if (hasQuantifier(c, new HashSet<>())) {
            return false;
        }
        SmtSolver s = new SmtSolver(ctx, new SmtStatistics());
        s.add(ctx.mkNot(c));
        return s.check() instanceof SmtResult.Unsat;
    }

    private static boolean hasQuantifier(Expr<?> e, Set<Expr<?>> seen) {
        if (e.isQuantifier()) {
            return true;
        }
        if (!seen.add(e) || !e.isApp()) {
            return false;
        }
        for (Expr<?> a : e.getArgs()) {
            if (hasQuantifier(a, seen)) {
                return true;
            }
        }
        return false;
    }

    private static void mentions(Expr<?> e, Map<Expr<?>, Variable> old, Set<Variable> found, Set<Expr<?>> seen) {
        if (!seen.add(e)) {
            return;
        }
        Variable v = old.get(e);
        if (v != null) {
            found.add(v);
            return;
        }
        if (e.isQuantifier()) {
            mentions(((com.microsoft.z3.Quantifier) e).getBody(), old, found, seen);
        } else if (e.isApp()) {
            for (Expr<?> a : e.getArgs()) {
                mentions(a, old, found, seen);
            }
        }
    }
}
