package pdpv.pdr.aiger;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A random BTOR2 model over small widths (1 to 8 bits) that uses every operator {@code mc} reads:
 * inputs, states with a constant {@code init}, with another state as {@code init}, or with none,
 * states without {@code next}, random terms of every unary, binary, overflow, shift, rotate,
 * slice, extension, concatenation and {@code ite} operator, negated arguments, an optional
 * constraint and one or two bad properties.
 */
final class RandomBtor2Model {
    static final String[] UNARY = {"not", "inc", "dec", "neg"};
    static final String[] REDUCTIONS = {"redand", "redor", "redxor"};
    static final String[] SAME_WIDTH = {"and", "nand", "nor", "or", "xnor", "xor", "add", "mul", "sub", "sdiv", "udiv",
        "smod", "srem", "urem", "sll", "sra", "srl", "rol", "ror"};
    static final String[] PREDICATES = {"eq", "neq", "sgt", "sgte", "sge", "slt", "slte", "sle", "ugt", "ugte", "uge",
        "ult", "ulte", "ule", "saddo", "uaddo", "sdivo", "smulo", "umulo", "ssubo", "usubo"};
    static final String[] BOOLEAN = {"iff", "implies"};

    private final Random rng;
    private final StringBuilder text = new StringBuilder();
    private final List<int[]> nodes = new ArrayList<>();
    private final List<Integer> sorts = new ArrayList<>();
    private int next = 1;

    private RandomBtor2Model(Random rng) {
        this.rng = rng;
    }

    /** A model as BTOR2 text. */
    static String generate(Random rng) {
        return new RandomBtor2Model(rng).build();
    }

    private String build() {
        int inputs = 1 + rng.nextInt(2);
        int states = 1 + rng.nextInt(3);
        for (int i = 0; i < inputs; i++) {
            int w = width();
            define(w, "input " + sort(w) + " in" + i);
        }
        List<int[]> stateNodes = new ArrayList<>();
        for (int i = 0; i < states; i++) {
            int w = width();
            int id = define(w, "state " + sort(w) + " s" + i);
            stateNodes.add(new int[] {id, w});
        }
        for (int i = 0; i < stateNodes.size(); i++) {
            int[] s = stateNodes.get(i);
            int choice = rng.nextInt(4);
            if (choice <= 1) {
                int c = constant(s[1]);
                line("init " + sort(s[1]) + " " + s[0] + " " + c);
            } else if (choice == 2 && i > 0 && stateNodes.get(i - 1)[1] == s[1]) {
                line("init " + sort(s[1]) + " " + s[0] + " " + stateNodes.get(i - 1)[0]);
            }
        }
        int terms = 8 + rng.nextInt(14);
        for (int i = 0; i < terms; i++) {
            term();
        }
        for (int[] s : stateNodes) {
            if (rng.nextInt(6) > 0) {
                line("next " + sort(s[1]) + " " + s[0] + " " + ofWidth(s[1]));
            }
        }
        if (rng.nextInt(3) == 0) {
            line("constraint " + ofWidth(1));
        }
        int bads = 1 + rng.nextInt(2);
        for (int i = 0; i < bads; i++) {
            line("bad " + ofWidth(1));
        }
        return text.toString();
    }

    private int width() {
        return 1 + rng.nextInt(8);
    }

    private void term() {
        int kind = rng.nextInt(10);
        int[] a = pick();
        switch (kind) {
            case 0 -> define(a[1], UNARY[rng.nextInt(UNARY.length)] + " " + sort(a[1]) + " " + arg(a));
            case 1 -> define(1, REDUCTIONS[rng.nextInt(REDUCTIONS.length)] + " " + sort(1) + " " + arg(a));
            case 2, 3 -> define(a[1], SAME_WIDTH[rng.nextInt(SAME_WIDTH.length)] + " " + sort(a[1]) + " " + arg(a) + " "
                    + ofWidth(a[1]));
            case 4 -> define(1, PREDICATES[rng.nextInt(PREDICATES.length)] + " " + sort(1) + " " + arg(a) + " "
                    + ofWidth(a[1]));
            case 5 -> define(1, BOOLEAN[rng.nextInt(BOOLEAN.length)] + " " + sort(1) + " " + ofWidth(1) + " " + ofWidth(1));
            case 6 -> define(a[1], "ite " + sort(a[1]) + " " + ofWidth(1) + " " + arg(a) + " " + ofWidth(a[1]));
            case 7 -> {
                int upper = rng.nextInt(a[1]);
                int lower = rng.nextInt(upper + 1);
                define(upper - lower + 1, "slice " + sort(upper - lower + 1) + " " + arg(a) + " " + upper + " " + lower);
            }
            case 8 -> {
                int by = rng.nextInt(4);
                define(a[1] + by, (rng.nextBoolean() ? "sext " : "uext ") + sort(a[1] + by) + " " + arg(a) + " " + by);
            }
            default -> {
                int[] b = pick();
                if (a[1] + b[1] <= 12) {
                    define(a[1] + b[1], "concat " + sort(a[1] + b[1]) + " " + arg(a) + " " + arg(b));
                } else {
                    constant(a[1]);
                }
            }
        }
    }

    /** A node of width {@code w}: an existing one, else a slice or an extension of another, sometimes negated. */
    private String ofWidth(int w) {
        List<int[]> candidates = nodes.stream().filter(n -> n[1] == w).toList();
        if (!candidates.isEmpty() && rng.nextInt(5) > 0) {
            return arg(candidates.get(rng.nextInt(candidates.size())));
        }
        int[] a = pick();
        if (a[1] > w) {
            int lower = rng.nextInt(a[1] - w + 1);
            return String.valueOf(define(w, "slice " + sort(w) + " " + arg(a) + " " + (lower + w - 1) + " " + lower));
        }
        if (a[1] < w) {
            return String.valueOf(define(w, (rng.nextBoolean() ? "sext " : "uext ") + sort(w) + " " + arg(a) + " " + (w - a[1])));
        }
        return arg(a);
    }

    private int[] pick() {
        return nodes.get(rng.nextInt(nodes.size()));
    }

    /** A node as an argument: negative (bit-wise negation) one time in six. */
    private String arg(int[] node) {
        return (rng.nextInt(6) == 0 ? "-" : "") + node[0];
    }

    private int constant(int w) {
        long value = rng.nextLong() & ((1L << w) - 1);
        String body = switch (rng.nextInt(6)) {
            case 0 -> "const " + sort(w) + " " + String.format("%" + w + "s", Long.toBinaryString(value)).replace(' ', '0');
            case 1 -> "constd " + sort(w) + " " + value;
            case 2 -> "consth " + sort(w) + " " + Long.toHexString(value);
            case 3 -> "zero " + sort(w);
            case 4 -> "one " + sort(w);
            default -> "ones " + sort(w);
        };
        return define(w, body);
    }

    private int sort(int w) {
        while (sorts.size() <= w) {
            sorts.add(0);
        }
        if (sorts.get(w) == 0) {
            sorts.set(w, next);
            line("sort bitvec " + w);
        }
        return sorts.get(w);
    }

    private int define(int width, String body) {
        int id = next;
        line(body);
        int[] node = {id, width};
        nodes.add(node);
        return id;
    }

    private void line(String body) {
        text.append(next++).append(' ').append(body).append('\n');
    }
}
