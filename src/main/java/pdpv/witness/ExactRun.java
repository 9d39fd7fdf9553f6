package pdpv.witness;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Addresses;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.cfg.VariableUses;
import pdpv.interp.Execution;
import pdpv.interp.InputOracle;
import pdpv.interp.Interpreter;
import pdpv.interp.InterpreterOptions;

/**
 * Loop invariants of a program that reads no input, from its one run: at each loop head, the
 * disjunction of the states the run had there, over the variables live at the head. The exact set
 * of reachable states is inductive and implies every assertion the run passed; it is the witness of
 * a proof that has no invariants of its own (bounded model checking by complete unrolling).
 */
public final class ExactRun {
    /**
     * Most distinct states written for one loop: beyond that the witness would grow past tens of
     * kilobytes per loop, which is no longer evidence a reader (or a validator) handles quickly.
     */
    static final int MAX_STATES = 1_000;
    /** The run's step bound: a terminating input-free loop nest of the examples takes far fewer. */
    private static final long MAX_STEPS = 10_000_000L;

    private ExactRun() {
    }

    /** Whether the program reads no input: no nondet call, parameter, uninitialized local or nondet global. */
    public static boolean inputFree(Program program) {
        return program.blocks().stream().flatMap(b -> b.statements().stream()).noneMatch(s -> s instanceof Stmt.Havoc);
    }

    /**
     * The invariant of each loop by where its statement begins, or null (with nothing written) when
     * the program reads input, its run does not end normally, a loop sees more than
     * {@link #MAX_STATES} states, or a live variable is an array or has no C name of its own at the loop.
     */
    public static Map<SourceLoc, String> invariants(Program program) {
        if (!inputFree(program)) {
            return null;
        }
        LoopHeads loops = new LoopHeads(program);
        Map<Block, Set<Variable>> live = live(program);
        Map<Block, List<Variable>> shown = new LinkedHashMap<>();
        for (Block h : loops.heads()) {
            // the variables of the loop's function and the globals: a caller's locals are not in scope
            Set<String> functions = new LinkedHashSet<>();
            for (Block b : loops.body(h)) {
                b.statements().forEach(s -> VariableUses.reads(s).forEach(v -> functions.add(EntryFacts.function(v))));
                VariableUses.reads(b.terminator()).forEach(v -> functions.add(EntryFacts.function(v)));
            }
            List<Variable> vars = live.getOrDefault(h, Set.of()).stream()
                    .filter(v -> v.kind() == Variable.Kind.GLOBAL || functions.contains(EntryFacts.function(v))).toList();
            Set<String> names = new LinkedHashSet<>();
            for (Variable v : vars) {
                // an array has no name to compare with one value (and no VarRef to print it by)
                String name = v.isArray() ? null : name(program, v);
                if (name == null || !names.add(name)) {
                    return null;
                }
            }
            shown.put(h, vars);
        }
        Map<Block, Set<String>> states = states(program, loops, shown, null);
        if (states == null) {
            // a loop too deep to run, or with too many states: the run again with its accelerated paths (issue #19)
            try (AcceleratedRun leaps = new AcceleratedRun(program)) {
                states = states(program, loops, shown, leaps);
            }
        }
        if (states == null) {
            return null;
        }
        Map<SourceLoc, Set<String>> byLocation = new LinkedHashMap<>();
        states.forEach((h, seen) -> {
            SourceLoc at = h.loopStatement() != null ? h.loopStatement() : LoopHeads.fallback(h);
            byLocation.computeIfAbsent(at, k -> new LinkedHashSet<>()).addAll(seen);
        });
        Map<SourceLoc, String> out = new LinkedHashMap<>();
        byLocation.forEach((at, seen) -> out.put(at, seen.isEmpty() ? "0" : seen.size() == 1 ? seen.iterator().next()
                : String.join(" || ", seen.stream().map(s -> "(" + s + ")").toList())));
        return out;
    }

    /**
     * The states the run has at each loop head, each as a condition over the head's {@code shown}
     * variables; with {@code leaps}, the passes of an exactly accelerated path are taken at once and
     * written as one condition. Null if the run does not end normally or a loop sees more than
     * {@link #MAX_STATES} states (or conditions).
     */
    private static Map<Block, Set<String>> states(Program program, LoopHeads loops, Map<Block, List<Variable>> shown,
                                                  AcceleratedRun leaps) {
        Map<Block, Set<String>> states = new LinkedHashMap<>();
        loops.heads().forEach(h -> states.put(h, new LinkedHashSet<>()));
        boolean[] failed = {false};
        Execution run = new Interpreter(program.semantics(), InterpreterOptions.DEFAULTS.withMaxSteps(MAX_STEPS))
                .run(program.entry(), Map.of(), InputOracle.constant(0), (block, state) -> {
                    List<Variable> vars = shown.get(block);
                    if (vars == null || failed[0]) {
                        return;
                    }
                    Set<String> seen = states.get(block);
                    Map<Variable, Long> bits = state.toBits();
                    List<String> parts = new ArrayList<>();
                    for (Variable v : vars) {
                        String value = value(program, v, bits.getOrDefault(v, 0L));
                        if (value == null) {
                            failed[0] = true;
                            return;
                        }
                        parts.add(name(program, v) + " == " + value);
                    }
                    seen.add(parts.isEmpty() ? "1" : String.join(" && ", parts));
                    AcceleratedRun.Leap leap = leaps == null ? null : leaps.leap(block, state);
                    if (leap != null) {
                        // a leap's text is arithmetic over the variables' bits, which a pointer's C text is not
                        String text = vars.stream().anyMatch(program.addresses().pointers()::containsKey) ? null : leap.text(vars);
                        if (text == null) {
                            failed[0] = true;
                            return;
                        }
                        seen.add(text);
                    }
                    failed[0] |= seen.size() > MAX_STATES;
                });
        return run.outcome() != Execution.Outcome.HALTED || failed[0] ? null : states;
    }

    /**
     * How {@code v} is written in C: its name, or for a pointer variable (issue #20) the name the
     * user gave it; null if it has none.
     */
    private static String name(Program program, Variable v) {
        Addresses.PointerVariable p = program.addresses().pointers().get(v);
        return p != null ? p.name() : CText.of(new Expr.VarRef(v)).orElse(null);
    }

    /**
     * The value {@code bits} of {@code v} in C: a constant, or for a pointer variable the address of
     * the variable it points to ({@code &x}), or {@code 0} for a null one; null if that variable has no C name.
     */
    private static String value(Program program, Variable v, long bits) {
        if (!program.addresses().pointers().containsKey(v)) {
            return CText.of(new Expr.Const(v.type(), bits)).orElseThrow();
        }
        if (bits == 0) {
            return "0";
        }
        Variable target = program.addresses().target(bits);
        return target == null ? null : CText.of(new Expr.VarRef(target)).map(t -> "&" + t).orElse(null);
    }

    /** The variables live on entry to each block: read on some path before they are written. */
    private static Map<Block, Set<Variable>> live(Program program) {
        Map<Block, Set<Variable>> in = new HashMap<>();
        program.blocks().forEach(b -> in.put(b, new LinkedHashSet<>()));
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Block b : program.blocks()) {
                Set<Variable> l = new LinkedHashSet<>();
                for (Block s : b.successors()) {
                    l.addAll(in.get(s));
                }
                l.addAll(VariableUses.reads(b.terminator()));
                List<Stmt> stmts = b.statements();
                for (int i = stmts.size() - 1; i >= 0; i--) {
                    Variable w = VariableUses.written(stmts.get(i));
                    if (w != null) {
                        l.remove(w);
                    }
                    l.addAll(VariableUses.reads(stmts.get(i)));
                }
                changed |= in.get(b).addAll(l);
            }
        }
        return in;
    }
}
