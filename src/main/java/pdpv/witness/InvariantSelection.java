package pdpv.witness;

import com.microsoft.z3.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;

/**
 * The invariants a correctness witness states, from a certificate's invariants over the state at
 * each loop head (C text, a conjunction): when they do not prove the program as they are (a
 * projection that had to leave out conjuncts over {@code \old} values), every conjunct of every loop becomes a
 * candidate for every loop, with what holds when each loop is entered ({@link EntryFacts}: the bounds
 * those entry values put on the head's state), and {@link Houdini} keeps the largest inductive set.
 */
public final class InvariantSelection {
    private InvariantSelection() {
    }

    /**
     * What a witness states: for each loop (by where its statement begins) its invariant ("1" when
     * none), and null if the validator confirms them, else why not; {@code late} when the budget
     * was spent before they were all written plainly (then they are as selected, not rewritten).
     */
    public record Selection(Map<SourceLoc, String> invariants, String problem, boolean late) {
    }

    /**
     * The invariants a witness states, from the certificate's {@code atHeads} (sound but maybe not
     * inductive) and {@code conjectures} (candidates only), each keyed by the loop's statement,
     * written plainly unless {@code budget} is spent first.
     */
    public static Selection select(Program program, Map<SourceLoc, String> atHeads, Map<SourceLoc, List<String>> conjectures,
                                   PlainBudget budget) {
        LoopHeads loops = new LoopHeads(program);
        InvariantParser parser = new InvariantParser(program, program.semantics().model());
        Map<Block, SourceLoc> heads = new LinkedHashMap<>();
        Map<Block, List<Expr>> own = new LinkedHashMap<>();
        Map<Expr, String> texts = new LinkedHashMap<>();
        Set<String> all = new LinkedHashSet<>();
        atHeads.forEach((loc, text) -> {
            for (Block h : loops.all(loc.line(), loc.column())) {
                heads.put(h, loc);
                own.put(h, new ArrayList<>());
                for (String c : conjuncts(text)) {
                    parsed(parser, c, loops.body(h), texts).ifPresent(own.get(h)::add);
                    all.add(c);
                }
                conjectures.getOrDefault(loc, List.of()).forEach(c -> all.addAll(conjuncts(c)));
            }
        });
        try {
            return select(program, loops, parser, heads, own, texts, all, atHeads, budget);
        } catch (PlainBudget.Spent e) {
            // spent before the invariants were selected and checked: none is shown, the two-state certificate is
            return new Selection(Map.of(), null, true);
        }
    }

    private static Selection select(Program program, LoopHeads loops, InvariantParser parser, Map<Block, SourceLoc> heads,
                                    Map<Block, List<Expr>> own, Map<Expr, String> texts, Set<String> all,
                                    Map<SourceLoc, String> atHeads, PlainBudget budget) {
        Map<Block, List<Expr>> chosen;
        boolean ownProves = WitnessValidator.proves(program, loops, own, budget);
        if (ownProves) {
            chosen = own;
        } else {
            Map<Block, List<Expr>> candidates = new LinkedHashMap<>();
            try (Context ctx = new Context()) {
                heads.keySet().forEach(h -> {
                    Set<Expr> cs = new LinkedHashSet<>(own.get(h));
                    all.forEach(c -> parsed(parser, c, loops.body(h), texts).ifPresent(cs::add));
                    EntryFacts.of(ctx, program, loops, h, own, budget).forEach(c -> parsed(parser, c, loops.body(h), texts).ifPresent(cs::add));
                    candidates.put(h, new ArrayList<>(cs));
                });
            }
            chosen = Houdini.inductive(program, loops, candidates, budget);
        }
        Map<Block, List<Expr>> same = sameAtEachLocation(program, loops, heads, chosen, texts, budget);
        // the certificate's own invariants, checked above, or Houdini's answer, inductive: only its assertions are left to check
        String problem = ownProves && same == chosen ? null : WitnessValidator.problemOfInductive(program, loops, same, budget);
        chosen = same;
        Map<SourceLoc, List<String>> selected = new LinkedHashMap<>();
        atHeads.keySet().forEach(loc -> selected.put(loc, List.of()));
        chosen.forEach((h, list) -> selected.put(heads.get(h), list.stream().map(texts::get).toList()));
        Map<SourceLoc, String> out = new LinkedHashMap<>();
        try (PlainInvariants simplifier = new PlainInvariants(program, parser, budget)) {
            Map<SourceLoc, List<String>> plain = plain(program, loops, parser, simplifier, selected, problem == null, budget);
            (plain == null ? selected : plain).forEach((loc, list) -> out.put(loc, joined(list)));
            return new Selection(out, problem, plain == null);
        }
    }

    /**
     * {@code invariant}, C over the state at the loop whose statement begins at {@code loop}, written
     * plainly as {@link #select} writes each invariant it selects ({@link PlainInvariants}).
     */
    public static String plain(Program program, SourceLoc loop, String invariant) {
        LoopHeads loops = new LoopHeads(program);
        try (PlainInvariants simplifier = new PlainInvariants(program, new InvariantParser(program, program.semantics().model()))) {
            return joined(simplified(simplifier, loops, loop, conjuncts(invariant)));
        }
    }

    /**
     * Most tries of the witness writer to replace a disjunction by one of its disjuncts: each
     * is a validation of the whole program, and the disjunctions that survive simplification are
     * few; 16 keeps the writer within seconds on the benchmark programs.
     */
    static final int STRENGTHENING_TRIES = 16;

    /**
     * The selected invariants written plainly ({@link PlainInvariants}); where they prove the
     * program, a disjunction whose one disjunct alone still proves it is replaced by that disjunct
     * (an implication stays only where no plain condition holds on every reachable state instead),
     * while the budget allows. Should the plain texts not prove what the selected ones prove, the
     * selected ones stay; null if the budget was spent before each was written plainly and checked
     * once. Once the budget is spent, the last texts checked stay.
     */
    private static Map<SourceLoc, List<String>> plain(Program program, LoopHeads loops, InvariantParser parser,
                                                      PlainInvariants simplifier, Map<SourceLoc, List<String>> selected, boolean proven,
                                                      PlainBudget budget) {
        Map<SourceLoc, List<String>> current = new LinkedHashMap<>();
        for (Map.Entry<SourceLoc, List<String>> e : selected.entrySet()) {
            current.put(e.getKey(), simplified(simplifier, loops, e.getKey(), e.getValue()));
        }
        if (simplifier.late()) {
            return null;
        }
        try {
            if (proves(program, loops, parser, current, budget) != proven) {
                return selected;
            }
        } catch (PlainBudget.Spent e) {
            return null;
        }
        if (!proven) {
            return current;
        }
        int tries = 0;
        for (SourceLoc loc : List.copyOf(current.keySet())) {
            for (int i = 0; i < current.get(loc).size() && !simplifier.late(); i++) {
                List<String> ds = split(current.get(loc).get(i), " || ");
                for (int d = 0; ds.size() > 1 && d < ds.size() && tries < STRENGTHENING_TRIES; d++, tries++) {
                    List<String> list = new ArrayList<>(current.get(loc));
                    list.set(i, ds.get(d));
                    Map<SourceLoc, List<String>> candidate = new LinkedHashMap<>(current);
                    candidate.put(loc, list);
                    try {
                        if (proves(program, loops, parser, candidate, budget)) {
                            candidate.put(loc, simplified(simplifier, loops, loc, list));
                            current = proves(program, loops, parser, candidate, budget) ? candidate : current;
                            break;
                        }
                    } catch (PlainBudget.Spent e) {
                        return current;
                    }
                }
            }
        }
        return current;
    }

    private static List<String> simplified(PlainInvariants simplifier, LoopHeads loops, SourceLoc loc, List<String> conjuncts) {
        List<Block> heads = loops.all(loc.line(), loc.column());
        return heads.isEmpty() ? conjuncts : simplifier.simplify(loops.body(heads.get(0)), conjuncts);
    }

    /** Whether the invariants, read at every loop of each location, prove the program. */
    private static boolean proves(Program program, LoopHeads loops, InvariantParser parser, Map<SourceLoc, List<String>> texts,
                                  PlainBudget budget) {
        Map<Block, List<Expr>> invariants = new LinkedHashMap<>();
        for (Map.Entry<SourceLoc, List<String>> e : texts.entrySet()) {
            for (Block h : loops.all(e.getKey().line(), e.getKey().column())) {
                List<Expr> list = new ArrayList<>();
                for (String c : e.getValue()) {
                    try {
                        list.add(parser.parse(c, loops.body(h)));
                    } catch (WitnessError err) {
                        return false;
                    }
                }
                invariants.put(h, list);
            }
        }
        return WitnessValidator.proves(program, loops, invariants, budget);
    }

    /** Conjuncts joined by {@code &&}, a disjunction among several in parentheses; "1" for none. */
    private static String joined(List<String> conjuncts) {
        if (conjuncts.isEmpty()) {
            return "1";
        }
        return String.join(" && ", conjuncts.stream().map(c -> conjuncts.size() == 1 ? c : parenthesized(c)).toList());
    }

    /**
     * The largest inductive subset of {@code chosen} that says the same (as C text) at every inlined
     * copy of a loop, as a witness, which names a loop by its location, must: each copy keeps what
     * all copies kept, and Houdini runs again until that is stable.
     */
    private static Map<Block, List<Expr>> sameAtEachLocation(Program program, LoopHeads loops, Map<Block, SourceLoc> heads,
                                                             Map<Block, List<Expr>> chosen, Map<Expr, String> texts,
                                                             PlainBudget budget) {
        Map<Block, List<Expr>> current = chosen;
        while (true) {
            Map<SourceLoc, Set<String>> common = new LinkedHashMap<>();
            current.forEach((h, list) -> {
                Set<String> t = new LinkedHashSet<>(list.stream().map(texts::get).toList());
                common.merge(heads.get(h), t, (a, b) -> {
                    a.retainAll(b);
                    return a;
                });
            });
            Map<Block, List<Expr>> same = new LinkedHashMap<>();
            boolean changed = false;
            for (Map.Entry<Block, List<Expr>> e : current.entrySet()) {
                List<Expr> kept = e.getValue().stream().filter(x -> common.get(heads.get(e.getKey())).contains(texts.get(x))).toList();
                changed |= kept.size() != e.getValue().size();
                same.put(e.getKey(), new ArrayList<>(kept));
            }
            if (!changed) {
                return current;
            }
            current = Houdini.inductive(program, loops, same, budget);
        }
    }

    private static java.util.Optional<Expr> parsed(InvariantParser parser, String text, Set<Block> body, Map<Expr, String> texts) {
        try {
            Expr e = parser.parse(text, body);
            texts.putIfAbsent(e, text);
            return java.util.Optional.of(e);
        } catch (WitnessError e) {
            return java.util.Optional.empty();
        }
    }

    /**
     * A conjunct as an operand of {@code &&}: parenthesized if it is a disjunction or a quantifier
     * (ACSL's {@code \forall} extends to the end of the text).
     */
    private static String parenthesized(String text) {
        if (text.startsWith("\\forall")) {
            return "(" + text + ")";
        }
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (depth == 0 && (text.startsWith("||", i) || c == '?')) {
                return "(" + text + ")";
            }
        }
        return text;
    }

    /** The conjuncts of a printed invariant {@code (A && (B && C) && ...)}, nested conjunctions flattened. */
    static List<String> conjuncts(String text) {
        List<String> parts = split(text, " && ");
        List<String> flat = new ArrayList<>();
        for (String p : parts) {
            if (enclosed(p)) {
                flat.addAll(conjuncts(p));
            } else if (!p.isEmpty() && !p.equals("1")) {
                flat.add(p);
            }
        }
        return flat;
    }

    /** The operands of the operator {@code op} (" && " or " || ") at the top level of {@code text}, outer parentheses removed. */
    static List<String> split(String text, String op) {
        String t = text.strip();
        while (enclosed(t)) {
            t = t.substring(1, t.length() - 1).strip();
        }
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (depth == 0 && t.startsWith(op, i)) {
                parts.add(t.substring(from, i).strip());
                from = i + op.length();
            }
        }
        parts.add(t.substring(from).strip());
        return parts;
    }

    /** Whether the whole text is one parenthesized expression. */
    private static boolean enclosed(String t) {
        if (!t.startsWith("(") || !t.endsWith(")")) {
            return false;
        }
        int depth = 0;
        for (int i = 0; i < t.length(); i++) {
            depth += t.charAt(i) == '(' ? 1 : t.charAt(i) == ')' ? -1 : 0;
            if (depth == 0 && i < t.length() - 1) {
                return false;
            }
        }
        return true;
    }
}
