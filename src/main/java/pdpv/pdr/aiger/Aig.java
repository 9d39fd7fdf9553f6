package pdpv.pdr.aiger;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An and-inverter graph with structural hashing (Biere, "The AIGER And-Inverter Graph format",
 * 2006): a literal is {@code 2 * node} or {@code 2 * node + 1} (negated), node 0 is the constant
 * false, so literal 0 is false and 1 is true. Nodes are inputs, latches and two-input AND gates;
 * a gate is created only after its operands, so creation order is a topological order. Constant
 * operands fold, {@code a ∧ a = a}, {@code a ∧ ¬a = false}, and equal gates are shared.
 */
public final class Aig {
    public static final int FALSE = 0;
    public static final int TRUE = 1;

    enum Kind { CONSTANT, INPUT, LATCH, AND }

    private Kind[] kinds = new Kind[1024];
    private int[] left = new int[1024];
    private int[] right = new int[1024];
    private int nodes = 1;
    private final Map<Long, Integer> gates = new HashMap<>();
    private final List<Input> inputs = new ArrayList<>();
    private final List<Latch> latches = new ArrayList<>();

    /** A primary input, with its symbol. */
    public record Input(int literal, String name) {
    }

    /** A latch: its current-value literal, its next-state literal (set once) and its reset value (0 or 1). */
    public static final class Latch {
        private final int literal;
        private final String name;
        private final boolean reset;
        private int next = -1;

        private Latch(int literal, String name, boolean reset) {
            this.literal = literal;
            this.name = name;
            this.reset = reset;
        }

        public int literal() {
            return literal;
        }

        public String name() {
            return name;
        }

        public boolean reset() {
            return reset;
        }

        public int next() {
            return next;
        }
    }

    public Aig() {
        kinds[0] = Kind.CONSTANT;
    }

    public int input(String name) {
        int lit = newNode(Kind.INPUT, 0, 0);
        inputs.add(new Input(lit, name));
        return lit;
    }

    public Latch latch(String name, boolean reset) {
        Latch l = new Latch(newNode(Kind.LATCH, 0, 0), name, reset);
        latches.add(l);
        return l;
    }

    public void setNext(Latch latch, int next) {
        if (latch.next >= 0) {
            throw new IllegalStateException("latch " + latch.name + " has a next state already");
        }
        latch.next = next;
    }

    public List<Input> inputs() {
        return List.copyOf(inputs);
    }

    public List<Latch> latches() {
        return List.copyOf(latches);
    }

    public static int not(int a) {
        return a ^ 1;
    }

    public int and(int a, int b) {
        if (a == FALSE || b == FALSE || a == not(b)) {
            return FALSE;
        }
        if (a == TRUE || a == b) {
            return b;
        }
        if (b == TRUE) {
            return a;
        }
        int hi = Math.max(a, b);
        int lo = Math.min(a, b);
        long key = ((long) hi << 32) | lo;
        Integer existing = gates.get(key);
        if (existing != null) {
            return existing;
        }
        int lit = newNode(Kind.AND, hi, lo);
        gates.put(key, lit);
        return lit;
    }

    public int or(int a, int b) {
        return not(and(not(a), not(b)));
    }

    public int xor(int a, int b) {
        return or(and(a, not(b)), and(not(a), b));
    }

    public int xnor(int a, int b) {
        return not(xor(a, b));
    }

    /** {@code s ? t : e}. */
    public int mux(int s, int t, int e) {
        if (t == e) {
            return t;
        }
        return or(and(s, t), and(not(s), e));
    }

    /** The conjunction of {@code lits} (true for none). */
    public int and(int[] lits) {
        int r = TRUE;
        for (int l : lits) {
            r = and(r, l);
        }
        return r;
    }

    /** The disjunction of {@code lits} (false for none). */
    public int or(int[] lits) {
        int r = FALSE;
        for (int l : lits) {
            r = or(r, l);
        }
        return r;
    }

    int nodeCount() {
        return nodes;
    }

    Kind kind(int node) {
        return kinds[node];
    }

    int left(int node) {
        return left[node];
    }

    int right(int node) {
        return right[node];
    }

    private int newNode(Kind kind, int l, int r) {
        if (nodes == kinds.length) {
            kinds = Arrays.copyOf(kinds, nodes * 2);
            left = Arrays.copyOf(left, nodes * 2);
            right = Arrays.copyOf(right, nodes * 2);
        }
        kinds[nodes] = kind;
        left[nodes] = l;
        right[nodes] = r;
        return 2 * nodes++;
    }
}
