package pdpv.cfg;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import pdpv.semantics.CSemantics;

/**
 * The lowered entry function with all calls inlined: its variables, its blocks (entry first, only
 * blocks reachable from the entry) and the C semantics it was typed under. Immutable once built.
 */
public final class Program {
    private final String file;
    private final String function;
    private final CSemantics semantics;
    private final List<Variable> variables;
    private final List<Block> blocks;
    private final Map<Integer, Block> byId = new HashMap<>();
    private final List<FunctionSpan> functions;
    private final Addresses addresses;

    public Program(String file, String function, CSemantics semantics, List<Variable> variables, Block entry) {
        this(file, function, semantics, variables, entry, List.of());
    }

    /** {@code functions}: where each function the source defines lies (see {@link #functionAt}). */
    public Program(String file, String function, CSemantics semantics, List<Variable> variables, Block entry,
                   List<FunctionSpan> functions) {
        this(file, function, semantics, variables, entry, functions, Addresses.NONE);
    }

    /** {@code addresses}: what its pointer variables stand for (see {@link #addresses}). */
    public Program(String file, String function, CSemantics semantics, List<Variable> variables, Block entry,
                   List<FunctionSpan> functions, Addresses addresses) {
        this.addresses = addresses;
        this.file = file;
        this.functions = List.copyOf(functions);
        this.function = function;
        this.semantics = semantics;
        this.variables = List.copyOf(variables);
        this.blocks = Collections.unmodifiableList(reachableFrom(entry));
        for (Block b : blocks) {
            b.freeze();
            byId.put(b.id(), b);
        }
    }

    /** The blocks reachable from {@code entry}, breadth first; every one must have its terminator. */
    public static List<Block> reachableFrom(Block entry) {
        List<Block> order = new ArrayList<>();
        java.util.Set<Block> seen = new java.util.HashSet<>();
        java.util.ArrayDeque<Block> work = new java.util.ArrayDeque<>();
        work.add(entry);
        seen.add(entry);
        while (!work.isEmpty()) {
            Block b = work.poll();
            order.add(b);
            if (b.terminator() == null) {
                throw new IllegalStateException("B" + b.id() + " has no terminator");
            }
            for (Block s : b.successors()) {
                if (seen.add(s)) {
                    work.add(s);
                }
            }
        }
        return order;
    }

    public String file() {
        return file;
    }

    public String function() {
        return function;
    }

    public CSemantics semantics() {
        return semantics;
    }

    public List<Variable> variables() {
        return variables;
    }

    public List<Block> blocks() {
        return blocks;
    }

    public Block entry() {
        return blocks.get(0);
    }

    /** Where each function of the source is defined, as the front end found them (empty if unknown). */
    public List<FunctionSpan> functions() {
        return functions;
    }

    /** The ids of the variables whose address is taken and the C names of the pointer variables (issue #20). */
    public Addresses addresses() {
        return addresses;
    }

    /** The name of the function whose definition contains {@code loc}, or null if none does. */
    public String functionAt(SourceLoc loc) {
        for (FunctionSpan f : functions) {
            if (f.contains(loc)) {
                return f.name();
            }
        }
        return null;
    }

    public Block block(int id) {
        return byId.get(id);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("function " + function + " (" + file + ")\n");
        for (Block b : blocks) {
            sb.append(b);
        }
        return sb.toString();
    }
}
