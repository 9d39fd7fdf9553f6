package pdpv.cegar;

import com.microsoft.z3.ArrayExpr;
import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BitVecSort;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Sort;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Loop;
import pdpv.cfg.Variable;
import pdpv.daikon.LoopSamples;
import pdpv.daikon.Term;
import pdpv.encode.LoopIteration;
import pdpv.encode.LoopSite;
import pdpv.encode.ProgramEncoding;
import pdpv.pdr.StateVar;
import pdpv.smt.Mentions;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/**
 * Universally quantified loop invariants over the cells of an array a loop writes (issue #20):
 * PDR's state is bit-vectors, so what a loop leaves in an array is said by a small family of
 * formulas over the array templates instead, the loop's "filled segment" and "untouched rest":
 * <pre>
 *   value:  ∀j. k_b ≤ j &lt; k_e ⇒ a_e[idx(j)] = c1·j + c0
 *   frame:  k_b ≤ k_e ∧ ∀i. ¬(idx(k_b) ≤ i &lt; idx(k_e)) ⇒ a_e[i] = a_b[i]
 * </pre>
 * and the same for a counter that goes down in the samples, over k_e &lt; j ≤ k_b (and k_e ≤ k_b),
 * for a loop whose body stores {@code a[idx(k)] = v} (one unconditional store of a in the pass) and
 * whose counter k is in U_l. The segment [k_b, k_e) is the array partition of Halbwachs and Péron
 * ("Discovering properties about arrays in simple programs", PLDI 2008) bounded by the loop
 * counter; the affine value c1·j + c0 is mined as Daikon-like likely invariants are (thesis §6.1):
 * fitted to the stored value and index evaluated at the tests' samples of the loop head, so only a
 * fit that every sample agrees with is proposed. A candidate is used only once Z3 shows it
 * inductive over the exact pass (the body with its arrays, not PDR's abstraction of them), by the
 * Skolem-constant argument of Flanagan and Qadeer ("Predicate abstraction for software
 * verification", POPL 2002): with a fresh index j, the candidates instantiated at j, the pass and
 * LI_l imply each candidate's body at j after the pass (instantiating the hypothesis only weakens
 * it, so unsatisfiability proves the quantified step; the bound-1 instantiation of Feldman et al.,
 * "Bounded quantifier instantiation for checking inductive invariants", TACAS 2017). Houdini drops
 * the ones that fail until the rest is inductive; the certificate checker re-checks them like every
 * invariant ({@link CertificateChecker}).
 */
final class CellInvariants {
    private final Context ctx;
    private final SmtStatistics stats;
    private final long resources;

    /** Each Z3 query within {@code resources} resource units (0: no limit); one that gives up drops its candidate. */
    CellInvariants(Context ctx, SmtStatistics stats, long resources) {
        this.ctx = ctx;
        this.stats = stats;
        this.resources = resources;
    }

    /**
     * One candidate: its body over the bound constant {@code bound} (the formula is ∀bound. body);
     * for a value candidate over a counter that is the array's index, the array and its cells'
     * values c1·j + c0 ({@code fit}), else null for both.
     */
    record Candidate(Expr<?> bound, BoolExpr body, Variable array, BigInteger[] fit) {
        Candidate(Expr<?> bound, BoolExpr body) {
            this(bound, body, null, null);
        }

        BoolExpr quantified(Context ctx) {
            return ctx.mkForall(new Expr<?>[] {bound}, body, 1, null, null, null, null);
        }
    }

    /**
     * The inductive cell invariants of loop {@code l} (each a quantified formula over its templates
     * {@code t}), given LI_l so far ({@code li}, quantifier-free) and the samples of its head.
     */
    List<Candidate> inductive(ProgramEncoding encoding, LoopInvariantStore store, Loop l, BoolExpr li, LoopSamples samples) {
        LoopInvariantStore.Templates t = store.templates(l);
        if (t.arraysEnd().isEmpty()) {
            return List.of();
        }
        LoopIteration pass = encoding.iteration(l, t.beforeExprs(), t.endExprs());
        List<Candidate> candidates = new ArrayList<>();
        BoolExpr premise = entryPremise(t, li);
        Map<Candidate, Candidate> plainOf = new LinkedHashMap<>();
        for (Map.Entry<Variable, Expr<?>> e : t.arraysEnd().entrySet()) {
            for (Candidate c : candidates(t, e.getKey(), e.getValue(), pass.nextFunctions().get(e.getKey()), samples)) {
                candidates.add(c);
                if (premise != null) {
                    Candidate relative = new Candidate(c.bound(), ctx.mkImplies(premise, c.body()), c.array(), c.fit());
                    candidates.add(relative);
                    plainOf.put(relative, c);
                }
            }
        }
        if (candidates.isEmpty()) {
            return List.of();
        }
        List<BoolExpr> background = background(store, pass, li);
        Map<Variable, Expr<?>> start = new LinkedHashMap<>();
        Map<Variable, Expr<?>> before = t.beforeExprs();
        t.endExprs().keySet().forEach(v -> start.put(v, before.get(v)));
        candidates.removeIf(c -> !unsat(List.of(ctx.mkNot(CertificateChecker.withEnd(c.body(), t, start)))));
        // Houdini over the survivors of initiation, one Skolem constant per bound sort
        boolean changed = true;
        while (changed && !candidates.isEmpty()) {
            changed = false;
            Map<Sort, Expr<?>> skolems = new LinkedHashMap<>();
            List<BoolExpr> hypotheses = new ArrayList<>(background);
            for (Candidate c : candidates) {
                hypotheses.add(at(c, skolems));
            }
            for (Candidate c : List.copyOf(candidates)) {
                List<BoolExpr> query = new ArrayList<>(hypotheses);
                query.add(ctx.mkNot(CertificateChecker.withEnd(at(c, skolems), t, pass.nextFunctions())));
                if (!unsat(query)) {
                    candidates.remove(c);
                    changed = true;
                }
            }
        }
        candidates.removeIf(c -> candidates.contains(plainOf.get(c)));
        return List.copyOf(candidates);
    }

    /**
     * What a loop that reads an array without writing it may assume of its cells (fill-then-sum,
     * issue #20): the array a_b is the same in every pass, so a fact about it that holds on entry
     * holds at the head. For each array of R_l \ U_l that an earlier loop's value invariant fills
     * ({@code filled}: the array and its values c1·j + c0 there), the fact is the whole array,
     * {@code P(a_b) = ∀j. j < len(a) ⇒ a_b[j] = c1·j + c0}; F's instantiation of LI_l at the loop's
     * entry discharges it (or not: then what it implies is never used). The {@code candidates}
     * (formulas over l's templates, the likely invariants Houdini dropped over PDR's abstraction of
     * the arrays, {@link ArrayAbstraction}) are checked again over the exact pass, P assumed: the
     * inductive ones, by Houdini as in {@link #inductive}, become one conjunct {@code P ⇒ (E_1 ∧ ...
     * ∧ E_n)}. The certificate checker re-checks it like every conjunct. Empty if there is no fact or
     * nothing is inductive.
     */
    List<BoolExpr> readOnly(ProgramEncoding encoding, LoopInvariantStore store, Loop l, BoolExpr li,
                            Map<Variable, BigInteger[]> filled, List<BoolExpr> candidates) {
        LoopInvariantStore.Templates t = store.templates(l);
        List<BoolExpr> facts = wholeArrays(t, filled);
        if (facts.isEmpty() || candidates.isEmpty()) {
            return List.of();
        }
        BoolExpr fact = facts.size() == 1 ? facts.get(0) : ctx.mkAnd(facts.toArray(new BoolExpr[0]));
        LoopIteration pass = encoding.iteration(l, t.beforeExprs(), t.endExprs());
        List<BoolExpr> background = background(store, pass, li);
        // the facts' instances at the pass's reads, not the facts: quantifier-free queries, whose
        // counterexamples Z3 finds at once (with the facts, a broken candidate ran to its budget)
        List<Expr<?>> pass0 = new ArrayList<>(pass.constraints());
        pass0.addAll(pass.nextFunctions().values());
        background.addAll(Instances.atReads(ctx, facts, pass0));
        List<BoolExpr> live = houdini(t, pass, background, candidates);
        if (live.isEmpty()) {
            return List.of();
        }
        return List.of(ctx.mkImplies(fact, live.size() == 1 ? live.get(0) : ctx.mkAnd(live.toArray(new BoolExpr[0]))));
    }

    /**
     * A likely invariant P of a loop, by thesis §6.1's mapping: on entry, P(x_b), and at the head,
     * P(x_e) (with {@code \old(x)} read as x_b).
     */
    record Mapped(BoolExpr atEntry, BoolExpr atHead) {
    }

    /**
     * What the likely invariants over the cells of the small arrays loop {@code l} writes
     * ({@code candidates}, {@link pdpv.daikon.TestOptions#cellTerms}) give LI_l, checked over the exact
     * pass given LI_l so far ({@code li}): PDR's abstraction reads those cells as arbitrary values,
     * so they are checked here and not with the scalars' candidates. Houdini keeps the set S whose
     * conjunction the pass preserves when it holds on entry, one conjunct (∧_S P(x_b)) ⇒ (∧_S P(x_e))
     * (a state machine's {@code st[0] + st[1] + st[2] == 1} holds only with each cell being 0 or 1);
     * each member that the pass preserves alone is also a conjunct P(x_b) ⇒ P(x_e) of its own, so
     * that an accidental premise of the set (a bound the tests' inputs happened to keep) does not
     * take a sound one with it.
     */
    List<BoolExpr> smallArrays(ProgramEncoding encoding, LoopInvariantStore store, Loop l, BoolExpr li, List<Mapped> candidates) {
        if (candidates.isEmpty()) {
            return List.of();
        }
        LoopInvariantStore.Templates t = store.templates(l);
        LoopIteration pass = encoding.iteration(l, t.beforeExprs(), t.endExprs());
        List<BoolExpr> background = background(store, pass, li);
        List<Mapped> live = new ArrayList<>(candidates);
        boolean changed = true;
        while (changed && !live.isEmpty()) {
            changed = false;
            List<BoolExpr> hypotheses = new ArrayList<>(background);
            live.forEach(c -> {
                hypotheses.add(c.atEntry());
                hypotheses.add(c.atHead());
            });
            for (Mapped c : List.copyOf(live)) {
                List<BoolExpr> query = new ArrayList<>(hypotheses);
                query.add(ctx.mkNot(CertificateChecker.withEnd(c.atHead(), t, pass.nextFunctions())));
                if (!unsat(query)) {
                    live.remove(c);
                    changed = true;
                }
            }
        }
        if (live.isEmpty()) {
            return List.of();
        }
        List<BoolExpr> out = new ArrayList<>();
        out.add(ctx.mkImplies(and(live.stream().map(Mapped::atEntry).toList()), and(live.stream().map(Mapped::atHead).toList())));
        if (live.size() > 1) {
            for (Mapped c : live) {
                List<BoolExpr> alone = new ArrayList<>(background);
                alone.add(c.atEntry());
                alone.add(c.atHead());
                alone.add(ctx.mkNot(CertificateChecker.withEnd(c.atHead(), t, pass.nextFunctions())));
                if (unsat(alone)) {
                    out.add(ctx.mkImplies(c.atEntry(), c.atHead()));
                }
            }
        }
        return out;
    }

    /** What every check over the exact {@code pass} assumes: the pass, its nested loops' invariants and LI_l so far ({@code li}). */
    private static List<BoolExpr> background(LoopInvariantStore store, LoopIteration pass, BoolExpr li) {
        List<BoolExpr> background = new ArrayList<>(pass.constraints());
        for (LoopSite site : pass.dag().loopSites()) {
            background.add(store.instantiateFrom(site, 0));
        }
        background.add(li);
        return background;
    }

    private BoolExpr and(List<BoolExpr> parts) {
        return parts.size() == 1 ? parts.get(0) : ctx.mkAnd(parts.toArray(new BoolExpr[0]));
    }

    /**
     * Houdini over the exact {@code pass} of a loop with templates {@code t}: the candidates that
     * hold on entry (x_e = x_b) and that the pass preserves, {@code background} and all of them
     * assumed, until none fails.
     */
    private List<BoolExpr> houdini(LoopInvariantStore.Templates t, LoopIteration pass, List<BoolExpr> background,
                                   List<BoolExpr> candidates) {
        Map<Variable, Expr<?>> start = new LinkedHashMap<>();
        Map<Variable, Expr<?>> before = t.beforeExprs();
        t.endExprs().keySet().forEach(v -> start.put(v, before.get(v)));
        List<BoolExpr> live = new ArrayList<>(candidates);
        live.removeIf(c -> !unsat(List.of(ctx.mkNot(CertificateChecker.withEnd(c, t, start)))));
        boolean changed = true;
        while (changed && !live.isEmpty()) {
            changed = false;
            List<BoolExpr> hypotheses = new ArrayList<>(background);
            hypotheses.addAll(live);
            for (BoolExpr c : List.copyOf(live)) {
                List<BoolExpr> query = new ArrayList<>(hypotheses);
                query.add(ctx.mkNot(CertificateChecker.withEnd(c, t, pass.nextFunctions())));
                if (!unsat(query)) {
                    live.remove(c);
                    changed = true;
                }
            }
        }
        return live;
    }

    /**
     * The facts P(a_b) of {@link #readOnly} for loop templates {@code t}: one per array the loop reads
     * and does not write that an earlier loop's value invariant fills ({@code filled}). Unchecked: a
     * fact holds at the head only if it held on entry.
     */
    List<BoolExpr> wholeArrays(LoopInvariantStore.Templates t, Map<Variable, BigInteger[]> filled) {
        List<BoolExpr> facts = new ArrayList<>();
        for (Map.Entry<Variable, Expr<?>> e : t.arraysBefore().entrySet()) {
            BigInteger[] fit = filled.get(e.getKey());
            if (fit != null && !t.arraysEnd().containsKey(e.getKey())) {
                facts.add(wholeArray(e.getKey(), (ArrayExpr<?, ?>) e.getValue(), fit));
            }
        }
        return facts;
    }

    /** {@code ∀j. j < len(a) ⇒ a[j] = c1·j + c0}, j an index (unsigned), the value in a's element width. */
    @SuppressWarnings("unchecked")
    private BoolExpr wholeArray(Variable a, ArrayExpr<?, ?> array, BigInteger[] fit) {
        BitVecSort indexSort = (BitVecSort) array.getSort().getDomain();
        int w = a.type().width();
        BitVecExpr j = (BitVecExpr) (Expr<?>) ctx.mkFreshConst("j", indexSort);
        BitVecExpr cell = (BitVecExpr) ctx.mkSelect((ArrayExpr<BitVecSort, ?>) array, j);
        BitVecExpr value = ctx.mkBVAdd(ctx.mkBVMul(ctx.mkBV(fit[0].toString(), w), convert(j, false, w)), ctx.mkBV(fit[1].toString(), w));
        BoolExpr inside = ctx.mkBVULT(j, ctx.mkBV(Long.toUnsignedString(a.length()), indexSort.getSize()));
        return ctx.mkForall(new Expr<?>[] {j}, ctx.mkImplies(inside, ctx.mkEq(cell, value)), 1, null, null, null, null);
    }

    /**
     * The entry conditions of LI_l's relative conjuncts: the conjunction of the premises P(x_b) of
     * its conjuncts P(x_b) ⇒ E(x_e) (a mined invariant that holds at the head when it held on entry,
     * thesis §6.1), or null if there are none. A cell's value often needs E (the stored value v =
     * 3·i + 1), so each candidate is also tried under the same premise, which F's instantiation at
     * the loop's entry then discharges.
     */
    private BoolExpr entryPremise(LoopInvariantStore.Templates t, BoolExpr li) {
        List<BoolExpr> premises = new ArrayList<>();
        for (BoolExpr c : pdpv.smt.Conjuncts.of(li)) {
            if (c.isImplies() && t.end().values().stream().noneMatch(s -> Mentions.any(c.getArgs()[0], Set.of(s.current())))) {
                premises.add((BoolExpr) c.getArgs()[0]);
            }
        }
        return premises.isEmpty() ? null : premises.size() == 1 ? premises.get(0) : ctx.mkAnd(premises.toArray(new BoolExpr[0]));
    }

    /** {@code c}'s body with its bound constant replaced by the Skolem constant of its sort. */
    private BoolExpr at(Candidate c, Map<Sort, Expr<?>> skolems) {
        Expr<?> sk = skolems.computeIfAbsent(c.bound().getSort(), s -> ctx.mkFreshConst("cell_j", s));
        return (BoolExpr) c.body().substitute(c.bound(), sk);
    }

    /** The value and frame candidates for array {@code a}, whose template at the head is {@code aEnd} and next value {@code next}. */
    private List<Candidate> candidates(LoopInvariantStore.Templates t, Variable a, Expr<?> aEnd, Expr<?> next, LoopSamples samples) {
        if (next == null) {
            return List.of();
        }
        Expr<?> n = next.simplify();
        if (!n.isStore() || !n.getArgs()[0].equals(aEnd)) {
            return List.of();
        }
        Expr<?> idx = n.getArgs()[1];
        Expr<?> val = n.getArgs()[2];
        Variable k = counter(t, idx);
        if (k == null || !t.before().containsKey(k) || !(val instanceof BitVecExpr)) {
            return List.of();
        }
        BitVecExpr kEnd = t.end().get(k).current();
        BitVecExpr kBefore = t.before().get(k).current();
        boolean signed = k.type().signed();
        boolean up = goesUp(k, samples);
        List<Candidate> out = new ArrayList<>();
        int elementWidth = ((BitVecSort) val.getSort()).getSize();
        BigInteger[] fit = fit(t, k, idx, (BitVecExpr) val, samples, elementWidth);
        if (fit != null) {
            BitVecExpr j = (BitVecExpr) (Expr<?>) ctx.mkFreshConst("j", kEnd.getSort());
            BitVecExpr cell = (BitVecExpr) ctx.mkSelect((ArrayExpr) aEnd, idx.substitute(kEnd, j));
            BitVecExpr value = ctx.mkBVAdd(ctx.mkBVMul(ctx.mkBV(fit[0].toString(), elementWidth), convert(j, signed, elementWidth)),
                    ctx.mkBV(fit[1].toString(), elementWidth));
            boolean plainIndex = strip(idx).equals(kEnd);
            out.add(new Candidate(j, ctx.mkImplies(segment(kBefore, j, kEnd, signed, up), ctx.mkEq(cell, value)),
                    plainIndex ? a : null, plainIndex ? fit : null));
        }
        Expr<?> aBefore = t.arraysBefore().get(a);
        BitVecExpr bare = strip(idx);
        if (aBefore != null && bare.equals(kEnd)) {
            BitVecExpr i = (BitVecExpr) (Expr<?>) ctx.mkFreshConst("i", idx.getSort());
            boolean indexSigned = idx.isBVSignExtension() || (idx.equals(kEnd) && signed);
            BoolExpr written = segment((BitVecExpr) idx.substitute(kEnd, kBefore), i, (BitVecExpr) idx, indexSigned, up);
            // the counter has not passed its entry value the other way: else the segment would be empty and miss the cell written
            BoolExpr ahead = up ? (signed ? ctx.mkBVSLE(kBefore, kEnd) : ctx.mkBVULE(kBefore, kEnd))
                    : (signed ? ctx.mkBVSLE(kEnd, kBefore) : ctx.mkBVULE(kEnd, kBefore));
            out.add(new Candidate(i, ctx.mkAnd(ahead, ctx.mkImplies(ctx.mkNot(written),
                    ctx.mkEq(ctx.mkSelect((ArrayExpr) aEnd, i), ctx.mkSelect((ArrayExpr) aBefore, i))))));
        }
        return out;
    }

    /**
     * Whether the counter goes up, as the samples show it: false only if some sample has it below its
     * entry value and none above (then the segment is (k_e, k_b]), true otherwise.
     */
    private static boolean goesUp(Variable k, LoopSamples samples) {
        boolean above = false;
        boolean below = false;
        for (int s = 0; samples != null && s < samples.size(); s++) {
            int c = samples.value(s, new Term(k, false)).compareTo(samples.value(s, new Term(k, true)));
            above |= c > 0;
            below |= c < 0;
        }
        return !below || above;
    }

    /** The scalar of U_l whose template x_e is the only template {@code idx} reads, or null. */
    private static Variable counter(LoopInvariantStore.Templates t, Expr<?> idx) {
        Variable found = null;
        for (Map.Entry<Variable, StateVar> e : t.end().entrySet()) {
            if (Mentions.any(idx, Set.of(e.getValue().current()))) {
                if (found != null) {
                    return null;
                }
                found = e.getKey();
            }
        }
        if (found == null) {
            return null;
        }
        for (StateVar s : t.before().values()) {
            if (Mentions.any(idx, Set.of(s.current()))) {
                return null;
            }
        }
        return found;
    }

    /**
     * (c1, c0) with v = c1·k + c0 (mod 2^w) at every sample where the store's index and value are
     * constants once the head's and the entry's values are put in, from two samples whose counters
     * differ by an odd amount (invertible mod 2^w); null if there is no such pair or a sample disagrees.
     */
    private BigInteger[] fit(LoopInvariantStore.Templates t, Variable k, Expr<?> idx, BitVecExpr val, LoopSamples samples, int w) {
        if (samples == null || samples.size() == 0) {
            return null;
        }
        BigInteger mod = BigInteger.ONE.shiftLeft(w);
        List<BigInteger[]> points = new ArrayList<>();
        for (int s = 0; s < samples.size(); s++) {
            Expr<?> v = atSample(t, val, samples, s);
            if (!(v instanceof BitVecNum num)) {
                continue;
            }
            BigInteger kv = BigInteger.valueOf(samples.bits(s, new Term(k, false)));
            kv = convertValue(kv, k.type().width(), k.type().signed(), w);
            points.add(new BigInteger[] {kv, num.getBigInteger()});
        }
        BigInteger[] fit = null;
        for (int p = 1; p < points.size() && fit == null; p++) {
            BigInteger d = points.get(p)[0].subtract(points.get(0)[0]).mod(mod);
            if (d.testBit(0)) {
                BigInteger c1 = points.get(p)[1].subtract(points.get(0)[1]).multiply(d.modInverse(mod)).mod(mod);
                BigInteger c0 = points.get(0)[1].subtract(c1.multiply(points.get(0)[0])).mod(mod);
                fit = new BigInteger[] {c1, c0};
            }
        }
        if (fit == null && !points.isEmpty() && points.stream().allMatch(p -> p[1].equals(points.get(0)[1]))) {
            fit = new BigInteger[] {BigInteger.ZERO, points.get(0)[1]};
        }
        if (fit == null) {
            return null;
        }
        for (BigInteger[] p : points) {
            if (!fit[0].multiply(p[0]).add(fit[1]).mod(mod).equals(p[1])) {
                return null;
            }
        }
        return fit;
    }

    /** {@code e} with the templates given sample {@code s}'s values (x_e: at the head; x_b: on entry), simplified. */
    private Expr<?> atSample(LoopInvariantStore.Templates t, Expr<?> e, LoopSamples samples, int s) {
        List<Expr<?>> from = new ArrayList<>();
        List<Expr<?>> to = new ArrayList<>();
        for (Variable v : samples.variables()) {
            StateVar end = t.end().get(v);
            if (end != null) {
                from.add(end.current());
                to.add(ctx.mkBV(Long.toUnsignedString(samples.bits(s, new Term(v, false))), end.width()));
            }
            StateVar before = t.before().get(v);
            if (before != null) {
                from.add(before.current());
                to.add(ctx.mkBV(Long.toUnsignedString(samples.bits(s, new Term(v, end != null))), before.width()));
            }
        }
        return e.substitute(from.toArray(new Expr<?>[0]), to.toArray(new Expr<?>[0])).simplify();
    }

    /**
     * The cells a counter has written between its entry value {@code from} and its value {@code to}
     * at the head: going {@code up} (k++), from ≤ j &lt; to; going down (k--), to &lt; j ≤ from.
     */
    private BoolExpr segment(BitVecExpr from, BitVecExpr j, BitVecExpr to, boolean signed, boolean up) {
        if (up) {
            return inRange(from, j, to, signed);
        }
        return signed ? ctx.mkAnd(ctx.mkBVSLT(to, j), ctx.mkBVSLE(j, from)) : ctx.mkAnd(ctx.mkBVULT(to, j), ctx.mkBVULE(j, from));
    }

    /** lo ≤ j &lt; hi, signed or unsigned. */
    private BoolExpr inRange(BitVecExpr lo, BitVecExpr j, BitVecExpr hi, boolean signed) {
        return signed ? ctx.mkAnd(ctx.mkBVSLE(lo, j), ctx.mkBVSLT(j, hi)) : ctx.mkAnd(ctx.mkBVULE(lo, j), ctx.mkBVULT(j, hi));
    }

    /** {@code x} as a value of {@code w} bits: its low bits, or extended as its signedness says. */
    private BitVecExpr convert(BitVecExpr x, boolean signed, int w) {
        int from = x.getSortSize();
        if (from == w) {
            return x;
        }
        if (from > w) {
            return ctx.mkExtract(w - 1, 0, x);
        }
        return signed ? ctx.mkSignExt(w - from, x) : ctx.mkZeroExt(w - from, x);
    }

    /** The bits {@code raw} of a {@code from}-bit value converted as {@link #convert} does, as an unsigned number. */
    private static BigInteger convertValue(BigInteger raw, int from, boolean signed, int w) {
        BigInteger bits = raw.mod(BigInteger.ONE.shiftLeft(from));
        if (signed && bits.testBit(from - 1)) {
            bits = bits.subtract(BigInteger.ONE.shiftLeft(from));
        }
        return bits.mod(BigInteger.ONE.shiftLeft(w));
    }

    /** {@code e} without zero and sign extensions around it. */
    private static BitVecExpr strip(Expr<?> e) {
        Expr<?> x = e;
        while (x.isBVZeroExtension() || x.isBVSignExtension()) {
            x = x.getArgs()[0];
        }
        return (BitVecExpr) x;
    }

    private boolean unsat(List<BoolExpr> conjuncts) {
        return check(conjuncts) instanceof SmtResult.Unsat;
    }

    private SmtResult check(List<BoolExpr> conjuncts) {
        SmtSolver solver = new SmtSolver(ctx, stats);
        solver.add(conjuncts.toArray(new BoolExpr[0]));
        return resources > 0 ? solver.checkWithinResources(resources, List.of()) : solver.check();
    }
}
