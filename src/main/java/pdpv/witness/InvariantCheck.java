package pdpv.witness;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.ExprEvaluator;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Valuation;
import pdpv.cfg.Variable;
import pdpv.encode.Z3Algebra;
import pdpv.smt.ConservedEqualities;
import pdpv.smt.Extremum;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/**
 * Checks a correctness witness by induction over cut points, with its own encoding: the cut points
 * are the entry and every loop head ({@link LoopHeads}), each with the conjunction of the witness's
 * invariants there ({@code 1} at the entry and at a loop the witness says nothing about). From each
 * cut point c, every path to the next cut points is encoded symbolically (values merged with ite at
 * the joins of the loop-free region, each operation's meaning from {@code semantics}), and a fresh
 * solver shows for each edge into a cut point d that Inv_c before the path implies Inv_d after it
 * (initiation from the entry, consecution and the invariants' links between loops), and for each
 * assertion on the way that Inv_c implies it (the invariants are strong enough).
 */
final class InvariantCheck {
    private final Context ctx;
    private final Program program;
    private final LoopHeads loops;
    private final Map<Block, List<Expr>> invariants;
    private final Map<Stmt, List<Expr>> atStatements;
    private final Z3Algebra alg;
    private final ExprEvaluator<BitVecExpr, BoolExpr> eval;
    private final PlainBudget budget;
    private int fresh;
    /**
     * Z3 resource units for one check of invariants with a quantifier (issue #20, {@link Quantified})
     * when a witness's invariants are validated as stated: Z3 may search without end for a model of
     * a quantified formula, so such a check has a limit, and one that reaches it proves nothing (the
     * invariant is rejected). The witnesses of examples/array_fill_input_bound.c and
     * array_fill_then_sum.c need between 5 and 10 million for their consecution checks (a cell
     * invariant beside the untouched cells', a product s == i*i beside the cells it sums); not swept.
     */
    static final long QUANTIFIED_CHECK_RESOURCES = 20_000_000;
    /**
     * The same limit for Houdini's checks of candidates ({@link #unestablished}), many of which
     * fail: a quantified candidate whose check reaches it is checked again within
     * {@link #QUANTIFIED_CHECK_RESOURCES} once nothing else is dropped ({@link Houdini}).
     */
    static final long QUANTIFIED_CANDIDATE_RESOURCES = 2_000_000;
    /** The limit of the quantified checks running now: {@link #QUANTIFIED_CHECK_RESOURCES} except in {@link #unestablished}. */
    private long quantifiedUnits = QUANTIFIED_CHECK_RESOURCES;
    /** Whether an invariant has a quantifier: then every check is limited to {@link #QUANTIFIED_CHECK_RESOURCES}. */
    private final boolean quantified;

    /** {@code invariants}: the parsed invariants of each loop head. */
    InvariantCheck(Context ctx, Program program, LoopHeads loops, Map<Block, List<Expr>> invariants) {
        this(ctx, program, loops, invariants, Map.of(), PlainBudget.NONE);
    }

    /** Checks that stop with {@link PlainBudget.Spent} once {@code budget} is spent. */
    InvariantCheck(Context ctx, Program program, LoopHeads loops, Map<Block, List<Expr>> invariants, PlainBudget budget) {
        this(ctx, program, loops, invariants, Map.of(), budget);
    }

    /**
     * {@code atStatements}: the parsed location invariants, by the statement before which each must
     * hold; each is checked like an assertion and then assumed.
     */
    InvariantCheck(Context ctx, Program program, LoopHeads loops, Map<Block, List<Expr>> invariants, Map<Stmt, List<Expr>> atStatements) {
        this(ctx, program, loops, invariants, atStatements, PlainBudget.NONE);
    }

    private InvariantCheck(Context ctx, Program program, LoopHeads loops, Map<Block, List<Expr>> invariants,
                           Map<Stmt, List<Expr>> atStatements, PlainBudget budget) {
        this.budget = budget;
        this.atStatements = atStatements;
        this.ctx = ctx;
        this.program = program;
        this.loops = loops;
        this.invariants = invariants;
        this.alg = new Z3Algebra(ctx);
        this.eval = new ExprEvaluator<>(program.semantics(), alg);
        this.quantified = java.util.stream.Stream.concat(invariants.values().stream(), atStatements.values().stream())
                .flatMap(List::stream).anyMatch(Quantified::in);
    }

    /**
     * The checks of one path, {@code path} asserted: without a quantifier in the invariants, in one
     * solver of {@code ctx} (each check pushes what it adds); with one, each check in a solver of a
     * fresh Z3 context the formulas are translated into, within {@link #quantifiedUnits}. Z3's
     * search for a quantified formula depends on what its context holds (the order of its terms,
     * what earlier checks there instantiated): in the shared context the same check proved a cell
     * invariant in some runs and gave up in others (Houdini kept array_fill_then_read.c's first
     * loop's invariant only sometimes); alone, the same formula gets the same answer every time.
     */
    private final class PathCheck {
        private final List<BoolExpr> path;
        private final SmtSolver shared;

        PathCheck(List<BoolExpr> path) {
            this.path = path;
            this.shared = quantified ? null : new SmtSolver(ctx, new SmtStatistics());
            if (shared != null) {
                shared.add(path.toArray(new BoolExpr[0]));
            }
        }

        /** Whether the path and {@code extra} are unsatisfiable; for a model, which of {@code watched} it falsifies. */
        Answer check(BoolExpr extra, List<BoolExpr> watched) {
            budget.charge();
            if (shared != null) {
                shared.push();
                try {
                    shared.add(extra);
                    return Answer.of(shared.check(), watched);
                } finally {
                    shared.pop();
                }
            }
            try (Context alone = new Context()) {
                SmtSolver solver = new SmtSolver(alone, new SmtStatistics());
                path.forEach(a -> solver.add((BoolExpr) a.translate(alone)));
                solver.add((BoolExpr) extra.translate(alone));
                List<BoolExpr> there = watched.stream().map(w -> (BoolExpr) w.translate(alone)).toList();
                return Answer.of(solver.checkWithinResources(quantifiedUnits, List.of()), there);
            }
        }
    }

    /** A check's answer: unsatisfiable or not, and for a model, the indices of the watched formulas it falsifies. */
    private record Answer(boolean unsat, boolean sat, Set<Integer> falsified) {
        static Answer of(SmtResult r, List<BoolExpr> watched) {
            if (!(r instanceof SmtResult.Sat sat)) {
                return new Answer(r instanceof SmtResult.Unsat, false, Set.of());
            }
            Set<Integer> falsified = new LinkedHashSet<>();
            for (int i = 0; i < watched.size(); i++) {
                if (sat.model().eval(watched.get(i), true).isFalse()) {
                    falsified.add(i);
                }
            }
            return new Answer(false, true, falsified);
        }
    }


    /** Null if every condition holds, else the first that fails. */
    String check() {
        return problem(true);
    }

    /**
     * Null if every assertion holds, else the first that fails, with invariants known to be inductive
     * (Houdini's answer): {@link #check}'s answer for them, without checking again what Houdini's last
     * step showed, that every conjunct holds on every edge into its cut point.
     */
    String assertionsOfInductive() {
        return problem(false);
    }

    private String problem(boolean edges) {
        List<String> problems = new ArrayList<>();
        for (Block c : cutPoints()) {
            checkFrom(c, (head, conjunct, refuted, problem) -> problems.add(problem), true, edges, null);
            if (!problems.isEmpty()) {
                return problems.get(0);
            }
        }
        return null;
    }

    /**
     * The invariants' conjuncts that fail initiation or consecution, each checked with all of the
     * invariants assumed at the start of the path (Houdini's step), a quantified check within
     * {@link #QUANTIFIED_CANDIDATE_RESOURCES}, or {@link #QUANTIFIED_CHECK_RESOURCES} when
     * {@code large}; assertions are not checked.
     */
    Unestablished unestablished(boolean large) {
        Map<Block, Set<Expr>> refuted = new LinkedHashMap<>();
        Map<Block, Set<Expr>> undecided = new LinkedHashMap<>();
        quantifiedUnits = large ? QUANTIFIED_CHECK_RESOURCES : QUANTIFIED_CANDIDATE_RESOURCES;
        try {
            for (Block c : cutPoints()) {
                checkFrom(c, (head, conjunct, byModel, problem) -> (byModel ? refuted : undecided)
                        .computeIfAbsent(head, k -> new LinkedHashSet<>()).add(conjunct), false, true, null);
            }
        } finally {
            quantifiedUnits = QUANTIFIED_CHECK_RESOURCES;
        }
        undecided.forEach((h, set) -> set.removeAll(refuted.getOrDefault(h, Set.of())));
        undecided.values().removeIf(Set::isEmpty);
        return new Unestablished(refuted, undecided);
    }

    /**
     * The conjuncts {@link #unestablished} found: those a model refutes (it is a counterexample to
     * their initiation or consecution), and those whose check gave up within its limit.
     */
    record Unestablished(Map<Block, Set<Expr>> refuted, Map<Block, Set<Expr>> undecided) {
        boolean isEmpty() {
            return refuted.isEmpty() && undecided.isEmpty();
        }
    }

    /**
     * The least and greatest value (in the order of its type; unsigned values as their bits) of each term over the states that
     * enter {@code head} from the start or from another loop, with the invariants at that loop assumed;
     * no entry for a term when no state enters or the solver answers neither within its limit, nor for
     * the terms left when {@code stop} says so. Only for candidates: what the bounds say is checked
     * like any other invariant.
     */
    Map<Expr, long[]> entryRanges(Block head, List<Expr> terms, int timeoutMillis, BooleanSupplier stop) {
        List<BoolExpr> conditions = new ArrayList<>();
        List<Map<Variable, com.microsoft.z3.Expr<?>>> states = new ArrayList<>();
        for (Block c : cutPoints()) {
            if (c != head) {
                checkFrom(c, null, false, false, (assumed, e) -> {
                    if (e.target() == head) {
                        conditions.add(ctx.mkAnd(assumed, e.guard()));
                        states.add(e.state());
                    }
                });
            }
        }
        Map<Expr, long[]> ranges = new LinkedHashMap<>();
        if (conditions.isEmpty()) {
            return ranges;
        }
        for (Expr term : terms) {
            if (stop.getAsBoolean()) {
                break;
            }
            int width = term.type().width();
            boolean signed = term.type().signed();
            List<BitVecExpr> values = new ArrayList<>();
            for (Map<Variable, com.microsoft.z3.Expr<?>> state : states) {
                values.add((BitVecExpr) eval.value(term, valuation(state)).simplify());
            }
            // the signed order is the unsigned order of the value with its sign bit flipped
            long flip = signed ? signBitValue(width) : 0;
            Long max;
            Long min;
            if (values.stream().allMatch(v -> v instanceof BitVecNum)) {
                // constants on every way in (a counter set before its loop): their range needs no optimization;
                // a way no state takes can only widen it, and a candidate is checked anyway
                List<Long> ordered = values.stream().map(v -> ((BitVecNum) v).getBigInteger().longValue() ^ flip).toList();
                max = ordered.stream().max(Long::compareUnsigned).orElseThrow();
                min = ordered.stream().min(Long::compareUnsigned).orElseThrow();
            } else {
                // a signed sum of narrower values is optimized in the few bits that hold each of its values, which is much faster
                int bits = signed ? valueBits(term) : width;
                BitVecExpr t = ctx.mkBVConst("range!" + fresh++, bits);
                List<BoolExpr> ways = new ArrayList<>();
                for (int i = 0; i < conditions.size(); i++) {
                    BitVecExpr value = bits == width ? values.get(i) : ctx.mkExtract(bits - 1, 0, values.get(i));
                    ways.add(ctx.mkAnd(conditions.get(i), ctx.mkEq(t, value)));
                }
                BoolExpr enters = ctx.mkOr(ways.toArray(new BoolExpr[0]));
                BitVecExpr ordered = signed ? ctx.mkBVXOR(t, signBit(bits)) : t;
                max = widened(optimum(enters, ordered, true, timeoutMillis), bits, flip);
                min = max == null ? null : widened(optimum(enters, ordered, false, timeoutMillis), bits, flip);
            }
            if (max != null && min != null) {
                ranges.put(term, signed ? new long[] {signed(min ^ flip, width), signed(max ^ flip, width)}
                        : new long[] {min, max});
            }
        }
        return ranges;
    }

    /**
     * How many bits hold every value of a signed {@code term} as a signed number: a value widened
     * from a narrower type needs its own width (one more if it was unsigned), a sum one more than
     * the wider operand; anything else its type's width.
     */
    private static int valueBits(Expr term) {
        int width = term.type().width();
        if (term instanceof Expr.Cast c && c.operand().type().width() < width) {
            return c.operand().type().width() + (c.operand().type().signed() ? 0 : 1);
        }
        if (term instanceof Expr.Binary b && b.op() == pdpv.semantics.BinaryOp.ADD) {
            return Math.min(width, Math.max(valueBits(b.left()), valueBits(b.right())) + 1);
        }
        return width;
    }

    /** An optimum of the signed order over {@code bits} bits (sign bit flipped) in the order of the term's type ({@code flip}). */
    private static Long widened(Long optimum, int bits, long flip) {
        return optimum == null ? null : signed(optimum ^ signBitValue(bits), bits) ^ flip;
    }

    private BitVecExpr signBit(int width) {
        return ctx.mkBV(java.math.BigInteger.ONE.shiftLeft(width - 1).toString(), width);
    }

    private static long signBitValue(int width) {
        return width == 64 ? Long.MIN_VALUE : 1L << (width - 1);
    }

    private static long signed(long bits, int width) {
        return width == 64 ? bits : (bits << (64 - width)) >> (64 - width);
    }

    /**
     * The greatest (or least) unsigned value of {@code objective} under {@code constraint}, or null
     * ({@link Extremum}: its first check, the extreme value of the width, is the one an input
     * unconstrained on entry passes), all its checks within {@code timeoutMillis} together: a search
     * that gives up then finds none. With a limit per check, a 64-step search over fermat1's entry
     * values (products of 64-bit inputs) took most of the plain step's 20 s of processor time.
     */
    private Long optimum(BoolExpr constraint, BitVecExpr objective, boolean greatest, int timeoutMillis) {
        com.microsoft.z3.Solver solver = ctx.mkSolver();
        solver.add(constraint);
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        java.util.Optional<java.math.BigInteger> v = Extremum.of(b -> {
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (left <= 0) {
                return null;
            }
            com.microsoft.z3.Params limit = ctx.mkParams();
            limit.add("timeout", (int) left);
            solver.setParameters(limit);
            com.microsoft.z3.Status s = solver.check(Extremum.Bound.on(ctx, objective, b));
            if (s == com.microsoft.z3.Status.UNSATISFIABLE) {
                return java.util.Optional.empty();
            }
            if (s != com.microsoft.z3.Status.SATISFIABLE) {
                return null;
            }
            com.microsoft.z3.Expr<?> value = solver.getModel().eval(objective, true);
            return value instanceof BitVecNum n ? java.util.Optional.of(n.getBigInteger()) : null;
        }, objective.getSortSize(), greatest);
        return v == null || v.isEmpty() ? null : v.get().longValue();
    }

    /**
     * What a check found: the conjunct of the invariant at {@code head} that fails (refuted by a
     * model, or not shown to hold), or a failing assertion (both null).
     */
    private interface Failures {
        void add(Block head, Expr conjunct, boolean refuted, String problem);
    }

    private List<Block> cutPoints() {
        List<Block> cuts = new ArrayList<>();
        cuts.add(program.entry());
        cuts.addAll(loops.heads());
        return cuts;
    }

    /** An edge into a cut point, with the invariant assumed at the start of its path. */
    private interface EdgeSink {
        void edge(BoolExpr assumed, Edge e);
    }

    /**
     * {@code failures}: null to check nothing; {@code edges}: whether the invariants are checked on the
     * edges into cut points; {@code into}: null, or what sees each edge into a cut point.
     */
    private void checkFrom(Block cut, Failures failures, boolean assertions, boolean edges, EdgeSink into) {
        Map<Variable, com.microsoft.z3.Expr<?>> start = new LinkedHashMap<>();
        for (Variable v : program.variables()) {
            start.put(v, fresh(v, v.name() + "@" + cut.id()));
        }
        BoolExpr assumed = cut == program.entry() ? ctx.mkTrue() : invariant(cut, start);
        Map<Block, List<Edge>> incoming = new HashMap<>();
        incoming.computeIfAbsent(cut, k -> new ArrayList<>()).add(new Edge(ctx.mkTrue(), start));
        for (Block b : region(cut)) {
            Edge in = merge(incoming.get(b));
            BoolExpr guard = in.guard();
            Map<Variable, com.microsoft.z3.Expr<?>> state = new LinkedHashMap<>(in.state());
            for (Stmt s : b.statements()) {
                for (Expr inv : atStatements.getOrDefault(s, List.of())) {
                    BoolExpr holds = eval.truth(inv, valuation(state));
                    if (assertions && failures != null && !unsat(assumed, guard, ctx.mkNot(holds))) {
                        failures.add(null, null, true, "the location invariant at " + s.loc().line() + ":" + s.loc().column()
                                + " can fail " + from(cut));
                        return;
                    }
                    guard = ctx.mkAnd(guard, holds);
                }
                if (s instanceof Stmt.Assign a) {
                    state.put(a.target(), eval.value(a.value(), valuation(state)));
                } else if (s instanceof Stmt.ArrayAssign a) {
                    Map<Variable, com.microsoft.z3.Expr<?>> before = state;
                    state.put(a.target(), eval.array(a.value(), valuation(before), alg, before::get));
                } else if (s instanceof Stmt.Havoc h) {
                    state.put(h.target(), fresh(h.target(), h.target().name() + "!" + fresh++));
                } else if (s instanceof Stmt.Assume a) {
                    guard = ctx.mkAnd(guard, eval.truth(a.condition(), valuation(state)));
                } else if (s instanceof Stmt.Assert a) {
                    BoolExpr holds = eval.truth(a.condition(), valuation(state));
                    if (assertions && failures != null && !unsat(assumed, guard, ctx.mkNot(holds))) {
                        failures.add(null, null, true, "the assertion at " + a.loc() + " can fail " + from(cut));
                        return;
                    }
                    guard = ctx.mkAnd(guard, holds);
                }
            }
            for (Edge e : exits(b.terminator(), guard, state)) {
                if (e.target() != cut && !loops.heads().contains(e.target())) {
                    incoming.computeIfAbsent(e.target(), k -> new ArrayList<>()).add(e);
                    continue;
                }
                if (into != null) {
                    into.edge(assumed, e);
                }
                if (failures == null || !edges) {
                    continue;
                }
                List<Expr> conjuncts = invariants.getOrDefault(e.target(), List.of());
                Map<Expr, Boolean> failed = failing(assumed, e, conjuncts, assertions);
                for (Expr conjunct : failed.keySet()) {
                    failures.add(e.target(), conjunct, failed.get(conjunct), "the invariant at " + where(e.target())
                            + (cut == program.entry() ? " does not hold when the loop is entered " + from(cut)
                            : cut == e.target() ? " is not preserved by an iteration of its loop" : " does not follow " + from(cut)));
                    if (assertions) {
                        return;
                    }
                }
            }
        }
    }

    /** The blocks reached from {@code cut} before the next cut point, in topological order. */
    private List<Block> region(Block cut) {
        List<Block> post = new ArrayList<>();
        Set<Block> seen = new LinkedHashSet<>();
        visit(cut, cut, seen, post);
        List<Block> order = new ArrayList<>(post);
        java.util.Collections.reverse(order);
        return order;
    }

    private void visit(Block b, Block cut, Set<Block> seen, List<Block> post) {
        if (!seen.add(b)) {
            return;
        }
        for (Block s : b.successors()) {
            if (s != cut && !loops.heads().contains(s)) {
                visit(s, cut, seen, post);
            }
        }
        post.add(b);
    }

    private List<Edge> exits(Terminator t, BoolExpr guard, Map<Variable, com.microsoft.z3.Expr<?>> state) {
        List<Edge> out = new ArrayList<>();
        if (t instanceof Terminator.Jump j) {
            out.add(new Edge(guard, state, j.target()));
        } else if (t instanceof Terminator.Branch br) {
            if (br.ifTrue() == br.ifFalse()) {
                out.add(new Edge(guard, state, br.ifTrue()));
            } else {
                BoolExpr c = eval.truth(br.condition(), valuation(state));
                out.add(new Edge(ctx.mkAnd(guard, c), state, br.ifTrue()));
                out.add(new Edge(ctx.mkAnd(guard, ctx.mkNot(c)), state, br.ifFalse()));
            }
        }
        return out;
    }

    /** The join of the edges into a block: the disjunction of their guards, each variable's value by ite. */
    private Edge merge(List<Edge> in) {
        Edge first = in.get(0);
        if (in.size() == 1) {
            return first;
        }
        BoolExpr guard = ctx.mkOr(in.stream().map(Edge::guard).toArray(BoolExpr[]::new));
        Map<Variable, com.microsoft.z3.Expr<?>> state = new LinkedHashMap<>();
        for (Variable v : program.variables()) {
            com.microsoft.z3.Expr<?> value = first.state().get(v);
            for (int i = 1; i < in.size(); i++) {
                com.microsoft.z3.Expr<?> other = in.get(i).state().get(v);
                if (!other.equals(value)) {
                    value = ite(in.get(i).guard(), other, value);
                }
            }
            state.put(v, value);
        }
        return new Edge(guard, state);
    }

    private BoolExpr invariant(Block cut, Map<Variable, com.microsoft.z3.Expr<?>> state) {
        List<BoolExpr> parts = new ArrayList<>();
        for (Expr e : invariants.getOrDefault(cut, List.of())) {
            parts.add(eval.truth(e, valuation(state)));
        }
        return ctx.mkAnd(parts.toArray(new BoolExpr[0]));
    }

    /**
     * The values of {@code state}: a scalar's bit-vector, an array's cells by select (issue #20); a
     * quantified condition's stand-in ({@link Quantified}) is the quantified formula over them.
     */
    private Valuation<BitVecExpr> valuation(Map<Variable, com.microsoft.z3.Expr<?>> state) {
        return new Valuation<>() {
            @Override
            public BitVecExpr scalar(Variable v) {
                com.microsoft.z3.Expr<?> value = state.get(v);
                Quantified q = value == null ? Quantified.of(v) : null;
                return q != null ? q.value(ctx, eval, this) : (BitVecExpr) value;
            }

            @Override
            public BitVecExpr cell(Variable array, BitVecExpr index) {
                return alg.select(state.get(array), index);
            }
        };
    }

    /** A fresh constant for {@code v}'s value: a bit-vector, or an array of them indexed by the index type. */
    private com.microsoft.z3.Expr<?> fresh(Variable v, String name) {
        if (v.isArray()) {
            return ctx.mkConst(name, alg.arraySort(program.semantics().indexType().width(), v.type().width()));
        }
        return ctx.mkBVConst(name, v.type().width());
    }

    @SuppressWarnings("unchecked")
    private com.microsoft.z3.Expr<?> ite(BoolExpr c, com.microsoft.z3.Expr<?> a, com.microsoft.z3.Expr<?> b) {
        return ctx.mkITE(c, (com.microsoft.z3.Expr<com.microsoft.z3.Sort>) a, (com.microsoft.z3.Expr<com.microsoft.z3.Sort>) b);
    }

    /** Where the loop of {@code head} begins, {@code line:column}, as a witness locates its invariant. */
    static String where(Block head) {
        SourceLoc at = head.loopStatement() != null ? head.loopStatement() : LoopHeads.fallback(head);
        return at == null ? "B" + head.id() : at.line() + ":" + at.column();
    }

    private String from(Block cut) {
        return cut == program.entry() ? "(paths from the start of " + program.function() + ")"
                : "(paths from the loop at " + where(cut) + ")";
    }

    private boolean unsat(BoolExpr... conjuncts) {
        return new PathCheck(List.of(lemmas(List.of(conjuncts)))).check(ctx.mkAnd(conjuncts), List.of()).unsat();
    }

    /**
     * The conjuncts of the invariant at {@code e}'s target that {@code assumed} and the path's guard
     * do not imply: only the first in their order when {@code first}, else all of them. One check of
     * the conjunction's negation with the path settles the usual case, where all hold. Otherwise,
     * for all of them, each model drops the conjuncts it falsifies (each of which fails: the model
     * is a counterexample) and the check is repeated over the rest until they all hold, so the set
     * is that of one check per conjunct, in fewer checks (Houdini's step checks many candidates,
     * most of which hold); where a model settles none, and for the first, one check each. Each
     * failing conjunct maps to whether a model refutes it (false: its check gave up).
     */
    private Map<Expr, Boolean> failing(BoolExpr assumed, Edge e, List<Expr> conjuncts, boolean first) {
        Map<Expr, Boolean> failed = new LinkedHashMap<>();
        if (conjuncts.isEmpty()) {
            return failed;
        }
        Map<Expr, BoolExpr> holds = new LinkedHashMap<>();
        for (Expr c : conjuncts) {
            holds.put(c, eval.truth(c, valuation(e.state())));
        }
        List<BoolExpr> path = new ArrayList<>(List.of(assumed, e.guard()));
        List<BoolExpr> all = new ArrayList<>(path);
        all.addAll(holds.values());
        path.addAll(List.of(lemmas(all)));
        PathCheck check = new PathCheck(path);
        List<Expr> open = new ArrayList<>(conjuncts);
        while (open.size() > 1) {
            Answer r = counterexample(check, open.stream().map(holds::get).toList());
            if (r.unsat()) {
                return failed;
            }
            if (first || !r.sat() || r.falsified().isEmpty()) {
                break;
            }
            List<Expr> falsified = r.falsified().stream().map(open::get).toList();
            falsified.forEach(c -> failed.put(c, true));
            open.removeAll(falsified);
        }
        for (Expr c : open) {
            Answer r = counterexample(check, List.of(holds.get(c)));
            if (!r.unsat()) {
                failed.put(c, r.sat());
                if (first) {
                    return failed;
                }
            }
        }
        return failed;
    }

    /**
     * Valid lemmas about the equalities between products of variables in {@code formulas}, as the
     * certificate checker adds them ({@link ConservedEqualities#normalForms}, and
     * {@link ConservedEqualities#entailments} of each conjunction's equalities): an invariant's
     * {@code v*v + 4*A + 2*u + 4*r == u*u + 2*v} then implies fermat1's assertion
     * {@code 4*(A+r) == u*u - v*v - 2*u + 2*v} without a 64-bit multiplier. Identities: they change
     * no answer, only how soon it comes.
     */
    private BoolExpr[] lemmas(List<BoolExpr> formulas) {
        List<BoolExpr> out = new ArrayList<>(ConservedEqualities.normalForms(ctx, formulas));
        out.addAll(ConservedEqualities.entailments(ctx, formulas, formulas));
        return out.toArray(new BoolExpr[0]);
    }

    /** {@code check}'s answer with the negation of the conjunction of {@code holds}, watching each of them. */
    private Answer counterexample(PathCheck check, List<BoolExpr> holds) {
        return check.check(ctx.mkNot(ctx.mkAnd(holds.toArray(new BoolExpr[0]))), holds);
    }

    /** Control reaching {@code target} under {@code guard} with the variables' values {@code state}. */
    private record Edge(BoolExpr guard, Map<Variable, com.microsoft.z3.Expr<?>> state, Block target) {
        Edge(BoolExpr guard, Map<Variable, com.microsoft.z3.Expr<?>> state) {
            this(guard, state, null);
        }
    }
}
