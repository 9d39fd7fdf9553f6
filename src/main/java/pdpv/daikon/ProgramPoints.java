package pdpv.daikon;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Loop;
import pdpv.cfg.LoopForest;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Variable;

/**
 * The names Daikon sees for PDPV's loops and variables, shared by the trace writer and the
 * invariant importer so that {@code daikon-trace} → Daikon → {@code --invariants} round-trips.
 * Thesis Fig. 6.2 inserts a call of a dummy function {@code while_loop_head(z, w, b)} at each loop
 * head so that Daikon's function invariants become loop invariants; PDPV does the same without
 * editing the program: each loop l is a function {@code loop_at_LINE()} (LINE of the loop's
 * condition; {@code loop_at_LINE_COL()} when two loops share a line) whose ENTER point
 * {@code loop_at_LINE():::ENTER} carries the values of l's variables R_l on entry to the loop and
 * whose exit point {@code loop_at_LINE():::EXITLINE} their values at the head, once per visit of
 * the head (the front end's temporaries left out). Daikon's {@code orig(x)} at the exit is then x_b and {@code x} is x_e (thesis §6.1).
 * A variable keeps its C name when no other variable of the program has it, else its unique IR
 * name with every character that is not a letter, digit or {@code _} replaced by {@code _}.
 */
public final class ProgramPoints {
    /** Which program point of a loop a ppt name denotes. */
    enum Kind { ENTER, EXIT }

    /** A ppt name resolved to a loop; {@code conditional} for Daikon's split points ({@code ;condition="..."}). */
    record Point(Loop loop, Kind kind, boolean conditional) {
    }

    private final Map<Loop, String> functions = new LinkedHashMap<>();
    private final Map<String, Loop> byFunction = new HashMap<>();
    private final Map<Variable, String> names = new HashMap<>();
    private final Map<String, Variable> byName = new HashMap<>();

    public ProgramPoints(Program program, LoopForest loops) {
        Map<Integer, Integer> perLine = new HashMap<>();
        loops.loops().forEach(l -> perLine.merge(l.head().location().line(), 1, Integer::sum));
        for (Loop l : loops.loops()) {
            SourceLoc at = l.head().location();
            String f = perLine.get(at.line()) == 1 ? "loop_at_" + at.line()
                    : "loop_at_" + at.line() + "_" + (at.column() > 0 ? at.column() : "b" + l.head().id());
            f = byFunction.containsKey(f + "()") ? "loop_at_b" + l.head().id() : f;
            functions.put(l, f + "()");
            byFunction.put(f + "()", l);
        }
        Map<String, Integer> sourceNames = new HashMap<>();
        program.variables().forEach(v -> sourceNames.merge(String.valueOf(v.sourceName()), 1, Integer::sum));
        Set<String> taken = new HashSet<>();
        List<Variable> vars = new ArrayList<>(program.variables());
        vars.sort(Comparator.comparingInt(Variable::id));
        for (Variable v : vars) {
            String s = v.sourceName();
            String name = s != null && sourceNames.get(s) == 1 && s.matches("[A-Za-z_][A-Za-z0-9_]*")
                    ? s : v.name().replaceAll("[^A-Za-z0-9_]", "_");
            if (name.isEmpty() || Character.isDigit(name.charAt(0)) || name.equals("orig") || !taken.add(name)) {
                name = "v" + v.id() + "_" + name;
                taken.add(name);
            }
            names.put(v, name);
            byName.put(name, v);
        }
    }

    /** The function that stands for {@code l}, e.g. {@code loop_at_12()}. */
    public String function(Loop l) {
        return functions.get(l);
    }

    /** The ENTER point of {@code l}: its variables on entry to the loop. */
    public String enter(Loop l) {
        return function(l) + ":::ENTER";
    }

    /** The exit point of {@code l}: its variables at the head, with orig(x) from the ENTER point. */
    public String exit(Loop l) {
        return function(l) + ":::EXIT" + Math.max(l.head().location().line(), 0);
    }

    /** The loops in the order of the program's loop forest. */
    public List<Loop> loops() {
        return List.copyOf(functions.keySet());
    }

    /**
     * The variables of {@code l}'s points: the scalars of R_l without the front end's temporaries
     * (the values of nondet calls and the like, not the user's variables), in the order of their ids.
     */
    public List<Variable> variables(Loop l) {
        List<Variable> vars = new ArrayList<>(l.referenced());
        vars.removeIf(v -> v.kind() == Variable.Kind.TEMPORARY || v.isArray());
        vars.sort(Comparator.comparingInt(Variable::id));
        return vars;
    }

    /** The name of {@code v} in traces and invariants. */
    public String name(Variable v) {
        return names.get(v);
    }

    /** The variable named {@code name} in traces and invariants, or null. */
    Variable variable(String name) {
        return byName.get(name);
    }

    /**
     * The loop point that a ppt name of Daikon's output denotes: {@code F:::ENTER},
     * {@code F:::EXIT} (Daikon's combined exit) or {@code F:::EXITnn}, optionally followed by a
     * split condition; null for a name that is not a point of this program's loops.
     */
    Point point(String pptName) {
        String name = pptName.strip();
        int semicolon = name.indexOf(';');
        boolean conditional = semicolon >= 0;
        if (conditional) {
            name = name.substring(0, semicolon);
        }
        int sep = name.lastIndexOf(":::");
        if (sep < 0) {
            return null;
        }
        Loop l = byFunction.get(name.substring(0, sep));
        String tag = name.substring(sep + 3);
        if (l == null) {
            return null;
        }
        if (tag.equals("ENTER")) {
            return new Point(l, Kind.ENTER, conditional);
        }
        return tag.matches("EXIT[0-9]*") ? new Point(l, Kind.EXIT, conditional) : null;
    }
}
