package pdpv.witness;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.ExprEvaluator;
import pdpv.cfg.Program;
import pdpv.cfg.UbGuards;
import pdpv.cfg.Variable;
import pdpv.cfg.VariableUses;
import pdpv.smt.Extremum;
import pdpv.encode.Z3Algebra;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CType;
import pdpv.semantics.UndefinedBehaviour;
import pdpv.smt.SmtResult;
import pdpv.smt.SmtSolver;
import pdpv.smt.SmtStatistics;

/**
 * A loop-head invariant (a conjunction of C conditions over the state at the head) rewritten into
 * an equivalent one a person can read (issue 21): the conditions on one variable alone become a
 * range ({@code 0 <= k && k <= 100}), a congruence ({@code x % 4 == 1}) or one mask test
 * ({@code (x & 0xff00) == 0x1200}), as the bits of the PDR engine's Boolean cubes (thesis §3.2.1)
 * often say a range bit by bit; a disjunct the other conjuncts rule out is dropped; a conjunct the
 * others imply is dropped; and each condition is written with a cast or a typed constant only where
 * C's own conversions would give another value, or overflow, on the states the ranges allow
 * ({@link PlainC}). The ranges come first, so that C's {@code &&} evaluates the rest only where they
 * hold.
 *
 * <p>Every rewriting is checked, never assumed: each new text is read back by the
 * {@link InvariantParser} and a solver shows, over the head's state, that it means the same as what
 * it replaces (given the ranges, where it relies on them) and that evaluating it overflows nothing;
 * a check that gives up keeps the old text. The result is equivalent to the input as a condition on
 * the head's state; {@link InvariantSelection} still validates it as the witness it becomes.
 */
final class PlainInvariants implements AutoCloseable {
    /**
     * Z3 resource units for one check of this rewriting. The formulas are conditions on one state
     * of a few variables; a check that needs more (a product of variables, say) is left undecided
     * and its text stays as it was. A count of resources, unlike a time limit, gives the same
     * answer on every run and every machine, so the same certificate prints the same invariant.
     */
    static final long CHECK_RESOURCES = 2_000_000;

    private final Context ctx = new Context();
    private final InvariantParser parser;
    private final ExprEvaluator<BitVecExpr, BoolExpr> eval;
    /** Every kind of undefined behaviour: a printed condition must be defined C wherever it is evaluated. */
    private final UbGuards defined;
    private final SmtSolver solver;
    private final Map<Variable, BitVecExpr> state = new HashMap<>();
    private final Map<Variable, Integer> order = new HashMap<>();
    /** The program's pointer variables (issue #20). */
    private final Map<Variable, pdpv.cfg.Addresses.PointerVariable> pointers;
    /** The text of a conjunct (the last) after the conjuncts before it, as written once. */
    private final Map<List<Expr>, String> written = new HashMap<>();
    /** Once it is spent no check runs: the rewriting keeps the texts it has ({@link #late}). */
    private final PlainBudget budget;
    private boolean late;

    /** A rewriter without a time limit: the same certificate always prints the same text. */
    PlainInvariants(Program program, InvariantParser parser) {
        this(program, parser, PlainBudget.NONE);
    }

    /** A rewriter whose checks stop when {@code budget} is spent; {@link #late} then says so. */
    PlainInvariants(Program program, InvariantParser parser, PlainBudget budget) {
        this.budget = budget;
        this.parser = parser;
        this.pointers = program.addresses().pointers();
        this.eval = new ExprEvaluator<>(program.semantics(), new Z3Algebra(ctx));
        this.defined = new UbGuards(program.semantics(), EnumSet.allOf(UndefinedBehaviour.class));
        this.solver = new SmtSolver(ctx, new SmtStatistics());
        List<Variable> vars = program.variables();
        for (int i = 0; i < vars.size(); i++) {
            order.put(vars.get(i), i);
        }
    }

    @Override
    public void close() {
        ctx.close();
    }

    /** Whether the budget cut a rewriting short: some text may then be less plain than it could be. */
    boolean late() {
        return late;
    }

    /** A condition of the result: its IR, its text, and whether it constrains one variable alone. */
    private record Atom(Expr ir, String text, Set<Variable> variables) {
        boolean single() {
            return variables.size() == 1;
        }

        Variable variable() {
            return variables.iterator().next();
        }
    }

    /**
     * The conjuncts of the invariant of the loop whose blocks are {@code body}, read from
     * {@code conjuncts}, as plain C conditions in a stable order (empty for {@code 1}).
     */
    List<String> simplify(Set<Block> body, List<String> conjuncts) {
        // a quantified conjunct (issue #20) stays as the certificate printed it, after the others
        List<String> quantified = conjuncts.stream().filter(c -> {
            Expr e = parse(c, body);
            return e != null && VariableUses.reads(e).stream().anyMatch(v -> Quantified.of(v) != null);
        }).toList();
        if (quantified.isEmpty()) {
            return plain(body, conjuncts);
        }
        List<String> rest = new ArrayList<>(conjuncts);
        rest.removeAll(quantified);
        List<String> out = new ArrayList<>(rest.isEmpty() ? List.of() : plain(body, rest));
        out.addAll(quantified);
        return out;
    }

    private List<String> plain(Set<Block> body, List<String> conjuncts) {
        List<Expr> parts = new ArrayList<>();
        for (String c : conjuncts) {
            Expr e = parse(c, body);
            // a pointer's condition is C already (q != &x || ...): its value, an id, has no other text;
            // so is one over an array's cells (h[0] <= h[1], issue #20), which the simplifier's states do not hold
            if (e == null || VariableUses.reads(e).stream().anyMatch(v -> pointers.containsKey(v) || v.isArray())) {
                return conjuncts;
            }
            flattenConjunction(e, parts);
        }
        List<Expr> kept = new ArrayList<>();
        for (Expr e : parts) {
            if (!valid(truth(e)) && !kept.contains(e)) {
                kept.add(e);
            }
        }
        Map<Variable, List<Expr>> single = new LinkedHashMap<>();
        List<Expr> multi = new ArrayList<>();
        for (Expr e : kept) {
            Set<Variable> vars = VariableUses.reads(e);
            if (vars.size() == 1) {
                single.computeIfAbsent(vars.iterator().next(), v -> new ArrayList<>()).add(e);
            } else {
                multi.add(e);
            }
        }
        List<Atom> atoms = new ArrayList<>();
        single.keySet().stream().sorted(Comparator.comparing(this::rank)).forEach(v -> atoms.addAll(canonical(v, single.get(v), body)));
        multi.sort(Comparator.comparing(Expr::toString));
        for (Expr e : multi) {
            atoms.add(new Atom(e, null, new LinkedHashSet<>(VariableUses.reads(e))));
        }
        List<Atom> current = ordered(withoutRuledOutDisjuncts(atoms, body));
        List<String> texts = texts(current, body);
        // a conjunct the others imply goes, the most involved first, unless a later one then needs casts that make the whole longer
        for (int k = current.size() - 1; k >= 0; k--) {
            List<Atom> others = new ArrayList<>(current);
            Atom a = others.remove(k);
            if (!valid(ctx.mkImplies(conjunction(others), truth(a.ir())))) {
                continue;
            }
            List<String> without = texts(others, body);
            if (length(without) <= length(texts)) {
                current = others;
                texts = without;
            }
        }
        return texts;
    }

    /**
     * The order of the conjuncts: the conditions on one variable first, by the variable's order in
     * the program, then the others, those over fewer variables and shorter first; C's {@code &&}
     * evaluates each only where the ones before it hold, which is the context its text is written for.
     */
    private List<Atom> ordered(List<Atom> atoms) {
        List<Atom> out = new ArrayList<>(atoms);
        out.sort(Comparator.comparing((Atom a) -> a.single() ? 0 : 1)
                .thenComparing(a -> a.single() ? rank(a.variable()) : a.variables().size())
                .thenComparing(a -> a.single() ? 0 : a.ir().toString().length())
                .thenComparing(a -> a.single() ? "" : a.ir().toString()));
        return out;
    }

    /** The texts of the conjuncts in this order, each written for the states where the ones before it hold. */
    private List<String> texts(List<Atom> atoms, Set<Block> body) {
        List<String> out = new ArrayList<>();
        List<Expr> before = new ArrayList<>();
        for (Atom a : atoms) {
            List<Expr> key = new ArrayList<>(before);
            key.add(a.ir());
            String text = a.text() != null ? a.text() : written.computeIfAbsent(key, k -> minimalText(a.ir(), conjunction(before), body));
            out.add(text);
            before.add(a.ir());
        }
        return out;
    }

    private static int length(List<String> texts) {
        return texts.stream().mapToInt(t -> t.length() + 4).sum();
    }

    private int rank(Variable v) {
        return order.getOrDefault(v, Integer.MAX_VALUE);
    }

    /** {@code e} split at C's {@code &&} (the IR's {@code &} of truth values) and unwrapped from {@code != 0}. */
    private static void flattenConjunction(Expr e, List<Expr> out) {
        flatten(e, BinaryOp.AND, out);
    }

    /** {@code e} split at C's {@code ||} (the IR's {@code |} of truth values) and unwrapped from {@code != 0}. */
    private static void flattenDisjunction(Expr e, List<Expr> out) {
        flatten(e, BinaryOp.OR, out);
    }

    private static void flatten(Expr e, BinaryOp op, List<Expr> out) {
        Expr inner = PlainC.truthOf(e);
        if (inner != null) {
            flatten(inner, op, out);
        } else if (e instanceof Expr.Binary b && b.op() == op && PlainC.logical(b)) {
            flatten(b.left(), op, out);
            flatten(b.right(), op, out);
        } else {
            out.add(e);
        }
    }

    /**
     * The conditions on {@code v} alone as one range, a range and one mask test, or as they are when
     * neither says the same; each new text is read back and shown equivalent.
     */
    private List<Atom> canonical(Variable v, List<Expr> conditions, Set<Block> body) {
        List<Atom> original = conditions.stream().map(e -> new Atom(e, null, Set.of(v))).toList();
        List<String> texts = canonicalTexts(v, conjunction(conditions));
        if (texts == null) {
            return original;
        }
        List<Atom> out = new ArrayList<>();
        for (String t : texts) {
            Expr e = parse(t, body);
            if (e == null) {
                return original;
            }
            out.add(new Atom(e, t, Set.of(v)));
        }
        return valid(ctx.mkEq(conjunction(conditions), conjunction(out.stream().map(Atom::ir).toList()))) ? out : original;
    }

    private BoolExpr conjunction(List<?> items) {
        List<BoolExpr> parts = new ArrayList<>();
        for (Object o : items) {
            parts.add(truth(o instanceof Atom a ? a.ir() : (Expr) o));
        }
        return parts.isEmpty() ? ctx.mkTrue() : parts.size() == 1 ? parts.get(0) : ctx.mkAnd(parts.toArray(new BoolExpr[0]));
    }

    /**
     * The texts that say {@code f} of {@code v} alone, if a range and a mask test of its bits say
     * it: the least and greatest value {@code f} allows, and the bits it fixes beyond those the range
     * fixes; null when {@code f} allows no value or a check gives up, an empty list when it allows all.
     */
    private List<String> canonicalTexts(Variable v, BoolExpr f) {
        CType t = v.type();
        int w = t.width();
        BitVecExpr x = variable(v);
        BigInteger lo = bound(f, x, t, false);
        BigInteger hi = lo == null ? null : bound(f, x, t, true);
        if (lo == null || hi == null) {
            return null;
        }
        String name = v.sourceName();
        List<String> range = rangeTexts(name, t, lo, hi);
        BoolExpr inRange = inRange(x, t, lo, hi);
        if (valid(ctx.mkEq(f, inRange))) {
            return range;
        }
        // the bits f fixes that the range leaves open
        BigInteger value = lo.signum() < 0 ? lo.add(BigInteger.ONE.shiftLeft(w)) : lo;
        BigInteger mask = fixedBits(f, x, value).andNot(fixedBits(inRange, x, value));
        if (mask.signum() == 0) {
            return null;
        }
        BigInteger bits = value.and(mask);
        // the mask test alone, when the range says nothing more
        String alone = maskText(name, mask, bits, t.signed() ? false : true);
        if (valid(ctx.mkEq(f, maskFormula(x, mask, bits)))) {
            return List.of(alone);
        }
        List<String> out = new ArrayList<>(range);
        out.add(maskText(name, mask, bits, lo.signum() >= 0));
        return out;
    }

    /** The least (or greatest) value of {@code x} under {@code f} in the order of its type; null if none or undecided. */
    private BigInteger bound(BoolExpr f, BitVecExpr x, CType t, boolean greatest) {
        int w = t.width();
        // the signed order is the unsigned one with the sign bit flipped
        BitVecExpr ordered = t.signed() ? ctx.mkBVXOR(x, ctx.mkBV(BigInteger.ONE.shiftLeft(w - 1).toString(), w)) : x;
        java.util.Optional<BigInteger> v = Extremum.of(b -> {
            Probe p = probe(ctx.mkAnd(f, Extremum.Bound.on(ctx, ordered, b)), ordered);
            return p == null ? null : java.util.Optional.ofNullable(p.value());
        }, w, greatest);
        if (v == null || v.isEmpty()) {
            return null;
        }
        return t.signed() ? v.get().subtract(BigInteger.ONE.shiftLeft(w - 1)) : v.get();
    }

    /**
     * The bits of {@code x} that every model of {@code f} sets as {@code value} (a model's value of
     * {@code x}) does, as a mask: the backbone, found by asking for a model that differs on any
     * bit still in question and dropping the bits it differs on, until none does. A check that
     * gives up leaves the bits still in question out of the mask, which then says less, never wrong.
     */
    private BigInteger fixedBits(BoolExpr f, BitVecExpr x, BigInteger value) {
        int w = x.getSortSize();
        BigInteger open = BigInteger.ONE.shiftLeft(w).subtract(BigInteger.ONE);
        while (open.signum() != 0) {
            List<BoolExpr> differs = new ArrayList<>();
            for (int i = 0; i < w; i++) {
                if (open.testBit(i)) {
                    differs.add(ctx.mkNot(bitIs(x, i, value.testBit(i))));
                }
            }
            Probe p = probe(ctx.mkAnd(f, ctx.mkOr(differs.toArray(new BoolExpr[0]))), x);
            if (p == null) {
                return BigInteger.ZERO;
            }
            if (p.value() == null) {
                return open;
            }
            open = open.andNot(p.value().xor(value));
        }
        return open;
    }

    private BoolExpr inRange(BitVecExpr x, CType t, BigInteger lo, BigInteger hi) {
        int w = t.width();
        BitVecExpr l = ctx.mkBV(lo.toString(), w);
        BitVecExpr h = ctx.mkBV(hi.toString(), w);
        return t.signed() ? ctx.mkAnd(ctx.mkBVSLE(l, x), ctx.mkBVSLE(x, h)) : ctx.mkAnd(ctx.mkBVULE(l, x), ctx.mkBVULE(x, h));
    }

    private BoolExpr bitIs(BitVecExpr x, int i, boolean one) {
        return ctx.mkEq(ctx.mkExtract(i, i, x), ctx.mkBV(one ? 1 : 0, 1));
    }

    private BoolExpr maskFormula(BitVecExpr x, BigInteger mask, BigInteger bits) {
        int w = x.getSortSize();
        return ctx.mkEq(ctx.mkBVAND(x, ctx.mkBV(mask.toString(), w)), ctx.mkBV(bits.toString(), w));
    }

    /** {@code lo <= x && x <= hi}, leaving out a bound that is the type's own. */
    private static List<String> rangeTexts(String name, CType t, BigInteger lo, BigInteger hi) {
        BigInteger min = t.signed() ? BigInteger.valueOf(t.toLong(t.minBits())) : BigInteger.ZERO;
        BigInteger max = t.signed() ? BigInteger.valueOf(t.toLong(t.maxBits())) : new BigInteger(Long.toUnsignedString(t.maxBits()));
        if (lo.equals(hi)) {
            return List.of(name + " == " + literal(lo));
        }
        boolean lower = !lo.equals(min);
        boolean upper = !hi.equals(max);
        if (lower && upper) {
            return List.of(literal(lo) + " <= " + name, name + " <= " + literal(hi));
        }
        if (lower) {
            return List.of(lo.equals(BigInteger.ONE) ? name + " > 0" : name + " >= " + literal(lo));
        }
        if (upper) {
            return List.of(hi.equals(BigInteger.ONE.negate()) ? name + " < 0" : name + " <= " + literal(hi));
        }
        return List.of();
    }

    /** A C literal of {@code v}: digits, the least long long as a difference, above long long unsigned. */
    private static String literal(BigInteger v) {
        if (v.signum() < 0 && v.negate().bitLength() > 63) {
            return "(-9223372036854775807 - 1)";
        }
        return v.bitLength() > 63 ? v + "u" : v.toString();
    }

    /** {@code (x & mask) == bits}; a mask of the low bits of a variable known not negative reads as a congruence. */
    private static String maskText(String name, BigInteger mask, BigInteger bits, boolean notNegative) {
        boolean lowBits = mask.add(BigInteger.ONE).bitCount() == 1;
        if (lowBits && notNegative) {
            return name + " % " + mask.add(BigInteger.ONE) + " == " + bits;
        }
        String m = "0x" + mask.toString(16);
        if (mask.bitCount() == 1) {
            return "(" + name + " & " + m + ") " + (bits.signum() == 0 ? "== 0" : "!= 0");
        }
        return "(" + name + " & " + m + ") == " + (bits.signum() == 0 ? "0" : "0x" + bits.toString(16));
    }

    /**
     * Each disjunction with the disjuncts the other conjuncts rule out left out; a disjunct on one
     * variable alone is written as a range or mask test when one says the same.
     */
    private List<Atom> withoutRuledOutDisjuncts(List<Atom> atoms, Set<Block> body) {
        List<Atom> current = new ArrayList<>(atoms);
        for (int i = 0; i < current.size(); i++) {
            Atom a = current.get(i);
            List<Expr> disjuncts = new ArrayList<>();
            flattenDisjunction(a.ir(), disjuncts);
            if (disjuncts.size() < 2) {
                continue;
            }
            List<Atom> others = new ArrayList<>(current);
            others.remove(i);
            BoolExpr rest = conjunction(others);
            List<String> texts = new ArrayList<>();
            for (Expr d : disjuncts) {
                if (valid(ctx.mkImplies(rest, ctx.mkNot(truth(d))))) {
                    continue;
                }
                Set<Variable> vars = VariableUses.reads(d);
                List<String> plain = vars.size() == 1 ? canonicalTexts(vars.iterator().next(), truth(d)) : null;
                texts.add(plain != null && !plain.isEmpty() ? String.join(" && ", plain) : null);
                if (texts.get(texts.size() - 1) == null) {
                    texts.set(texts.size() - 1, minimalText(d, ctx.mkTrue(), body));
                }
            }
            if (texts.isEmpty()) {
                continue;
            }
            String text = texts.size() == 1 ? texts.get(0) : String.join(" || ", texts.stream().map(PlainInvariants::operand).toList());
            Expr e = parse(text, body);
            if (e != null && valid(ctx.mkImplies(rest, ctx.mkEq(truth(e), truth(a.ir()))))) {
                Set<Variable> vars = new LinkedHashSet<>(VariableUses.reads(e));
                current.set(i, new Atom(e, vars.size() == 1 ? null : text, vars));
            }
        }
        return current;
    }

    /** A disjunct of {@code ||}: a conjunction in it keeps its parentheses. */
    private static String operand(String text) {
        return text.contains(" && ") ? "(" + text + ")" : text;
    }

    /**
     * {@code e} as plain C with as few casts and typed constants as keep its meaning where
     * {@code context} holds: a comparison of linear sums as a person writes it ({@link LinearCondition})
     * if that says the same there, else the bare text if it does, else the text with every
     * type stated, from which each statement is dropped in turn while the meaning stays.
     */
    private String minimalText(Expr e, BoolExpr context, Set<Block> body) {
        for (String linear : LinearCondition.candidates(e, this::rank)) {
            if (means(linear, e, context, body)) {
                return linear;
            }
        }
        String text = minimal(e, e, context, body);
        if (text == null) {
            // the condition overflows where the context holds: the same arithmetic, wrapping, in the unsigned types
            text = minimal(unsignedArithmetic(e), e, context, body);
        }
        return text != null ? text : CText.condition(e, true).orElse(PlainC.condition(e, Set.of()));
    }

    /**
     * {@code form} (an expression equivalent to {@code e}) written with as few casts and typed
     * constants as keep the meaning of {@code e} where {@code context} holds without overflowing
     * there: the bare text if it does, else the text with every type stated, from which each is
     * dropped in turn while it still does; null if not even that text does.
     */
    private String minimal(Expr form, Expr e, BoolExpr context, Set<Block> body) {
        String bare = PlainC.condition(form, Set.of());
        if (means(bare, e, context, body)) {
            return bare;
        }
        List<Expr> typed = PlainC.typedNodes(form);
        Set<Expr> explicit = new LinkedHashSet<>(typed);
        if (!means(PlainC.condition(form, explicit), e, context, body)) {
            return null;
        }
        // innermost and rightmost first: a cast that stays is the one on a sum's first operand, as people write it
        for (Expr n : reversed(typed)) {
            explicit.remove(n);
            if (!means(PlainC.condition(form, explicit), e, context, body)) {
                explicit.add(n);
            }
        }
        return PlainC.condition(form, explicit);
    }

    /**
     * {@code e} with each signed {@code + - *} and unary minus done in the unsigned type of its
     * width and converted back: the same values (C's signed arithmetic wraps in PDPV's semantics,
     * unsigned arithmetic wraps in C's own), without a signed overflow.
     */
    private static Expr unsignedArithmetic(Expr e) {
        if (e instanceof Expr.Binary b) {
            Expr l = unsignedArithmetic(b.left());
            Expr r = unsignedArithmetic(b.right());
            CType t = b.operandType();
            if (t.signed() && (b.op() == BinaryOp.ADD || b.op() == BinaryOp.SUB || b.op() == BinaryOp.MUL)) {
                CType u = new CType(t.kind(), t.width(), false);
                return new Expr.Cast(new Expr.Binary(b.op(), toType(l, u), toType(r, u), u), t);
            }
            return new Expr.Binary(b.op(), l, r, b.type());
        }
        if (e instanceof Expr.Unary u) {
            Expr x = unsignedArithmetic(u.operand());
            if (u.op() == pdpv.semantics.UnaryOp.NEG && u.type().signed()) {
                CType t = u.type();
                CType unsigned = new CType(t.kind(), t.width(), false);
                return new Expr.Cast(new Expr.Unary(u.op(), toType(x, unsigned), unsigned), t);
            }
            return new Expr.Unary(u.op(), x, u.type());
        }
        if (e instanceof Expr.Cast c) {
            return new Expr.Cast(unsignedArithmetic(c.operand()), c.type());
        }
        if (e instanceof Expr.Ite i) {
            return new Expr.Ite(unsignedArithmetic(i.condition()), unsignedArithmetic(i.ifTrue()), unsignedArithmetic(i.ifFalse()), i.type());
        }
        return e;
    }

    private static Expr toType(Expr e, CType t) {
        if (e instanceof Expr.Const c) {
            return new Expr.Const(t, c.bits());
        }
        return new Expr.Cast(e, t);
    }

    private static List<Expr> reversed(List<Expr> list) {
        List<Expr> out = new ArrayList<>(list);
        java.util.Collections.reverse(out);
        return out;
    }

    /** Whether {@code text}, read back, means {@code e} wherever {@code context} holds, and is defined there (overflows nothing...). */
    private boolean means(String text, Expr e, BoolExpr context, Set<Block> body) {
        Expr read = parse(text, body);
        if (read == null) {
            return false;
        }
        if (!valid(ctx.mkImplies(context, ctx.mkEq(truth(read), truth(e))))) {
            return false;
        }
        Expr safe = defined.defined(read);
        return safe == null || valid(ctx.mkImplies(context, truth(safe)));
    }

    private Expr parse(String text, Set<Block> body) {
        try {
            return parser.parse(text, body);
        } catch (WitnessError e) {
            return null;
        }
    }

    private BitVecExpr variable(Variable v) {
        return state.computeIfAbsent(v, x -> ctx.mkBVConst("plain!" + x.name(), x.type().width()));
    }

    private BoolExpr truth(Expr e) {
        return eval.truth(e, this::variable);
    }

    /** Whether {@code f} holds in every state; false when the check gives up. */
    private boolean valid(BoolExpr f) {
        return Boolean.FALSE.equals(sat(ctx.mkNot(f)));
    }

    /** Whether {@code f} has a model: true, false, or null when the check gives up. */
    private Boolean sat(BoolExpr f) {
        Probe p = probe(f, null);
        return p == null ? null : p.value() != null;
    }

    /** A check's answer: {@code value} is the unsigned value of the term asked for in a model, null when there is no model. */
    private record Probe(BigInteger value) {
    }

    /**
     * Whether {@code f} has a model, with the unsigned value of {@code term} (if not null) in it:
     * a probe with a value (one, for a null term) when it has, without when it has not, null when
     * the check gives up.
     */
    private Probe probe(BoolExpr f, BitVecExpr term) {
        if (late || budget.spent()) {
            late = true;
            return null;
        }
        solver.push();
        try {
            solver.add(f);
            SmtResult r = solver.checkWithinResources(CHECK_RESOURCES, List.of());
            if (r instanceof SmtResult.Sat sat) {
                return new Probe(term == null ? BigInteger.ONE
                        : ((com.microsoft.z3.BitVecNum) sat.model().eval(term, true)).getBigInteger());
            }
            return r instanceof SmtResult.Unsat ? new Probe(null) : null;
        } finally {
            solver.pop();
        }
    }
}
