package pdpv.pdr.btor;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.Context;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Reads a BTOR2 model (Niemetz, Preiner, Wolf, Biere, CAV 2018) over bit-vectors into a functional
 * {@link pdpv.pdr.TransitionSystem}; see {@link Btor2SystemBuilder} for how states, constraints and
 * bad properties are mapped. Arrays and liveness ({@code fair}, {@code justice}) are unsupported;
 * {@code output} lines are ignored. A negative argument id denotes the bit-wise negation of the node.
 */
public final class Btor2Reader {
    private final Context ctx;
    private final Btor2Operators ops;
    private final Btor2SystemBuilder system;
    private final Map<Long, Integer> sorts = new HashMap<>();
    private final Map<Long, Btor2Node> nodes = new HashMap<>();
    private final Set<Long> ids = new HashSet<>();

    private Btor2Reader(Context ctx) {
        this.ctx = ctx;
        this.ops = new Btor2Operators(ctx);
        this.system = new Btor2SystemBuilder(ctx);
    }

    /** Reads the model in {@code file}. */
    public static Btor2Model read(Context ctx, Path file) throws IOException, Btor2Exception {
        return read(ctx, Files.readString(file));
    }

    /** Reads a model given as text; its terms live in {@code ctx}. */
    public static Btor2Model read(Context ctx, String text) throws Btor2Exception {
        Btor2Reader reader = new Btor2Reader(ctx);
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Btor2Line line = Btor2Line.parse(i + 1, lines[i]);
            if (line != null) {
                reader.line(line);
            }
        }
        return reader.system.build();
    }

    private void line(Btor2Line line) throws Btor2Exception {
        if (!ids.add(line.id())) {
            throw error(line, "id " + line.id() + " is defined twice");
        }
        String k = line.keyword();
        switch (k) {
            case "sort" -> declareSort(line);
            case "input" -> define(line, system.addInput(line, sort(line, 0), line.symbol(1)));
            case "state" -> define(line, system.addState(line, sort(line, 0), line.symbol(1)));
            case "init" -> system.setInit(line, state(line), stateValue(line));
            case "next" -> system.setNext(line, state(line), stateValue(line));
            case "bad" -> system.addBad(line, ops.isTrue(condition(line)), line.symbol(1));
            case "constraint" -> system.addConstraint(ops.isTrue(condition(line)));
            case "output" -> {
                node(line, 0);
                line.symbol(1);
            }
            case "fair", "justice" -> throw Btor2Exception.unsupported(line.lineNumber(), "liveness properties (" + k + ")");
            case "read", "write" -> throw Btor2Exception.unsupported(line.lineNumber(), "arrays");
            case "const", "constd", "consth" -> constant(line);
            case "zero", "one", "ones" -> special(line);
            case "slice" -> slice(line);
            case "sext", "uext" -> extend(line);
            case "ite" -> ite(line);
            default -> operator(line);
        }
    }

    private void declareSort(Btor2Line line) throws Btor2Exception {
        String kind = line.arg(0);
        if (kind.equals("array")) {
            throw Btor2Exception.unsupported(line.lineNumber(), "arrays");
        }
        if (!kind.equals("bitvec")) {
            throw error(line, "unknown sort '" + kind + "'");
        }
        long width = line.number(1);
        line.symbol(2);
        if (width < 1 || width > Integer.MAX_VALUE) {
            throw error(line, "bit-vector width must be positive, found " + width);
        }
        sorts.put(line.id(), (int) width);
    }

    private void constant(Btor2Line line) throws Btor2Exception {
        int width = sort(line, 0);
        String digits = line.arg(1);
        line.symbol(2);
        BigInteger value;
        try {
            value = switch (line.keyword()) {
                case "const" -> binary(line, digits, width);
                case "consth" -> new BigInteger(digits, 16);
                default -> new BigInteger(digits);
            };
        } catch (NumberFormatException e) {
            throw error(line, "malformed constant '" + digits + "'");
        }
        BigInteger modulus = BigInteger.ONE.shiftLeft(width);
        if (value.compareTo(modulus) >= 0 || value.compareTo(BigInteger.ONE.shiftLeft(width - 1).negate()) < 0) {
            throw error(line, "constant " + digits + " does not fit in " + width + " bits");
        }
        define(line, constantNode(value.mod(modulus), width));
    }

    private BigInteger binary(Btor2Line line, String digits, int width) throws Btor2Exception {
        if (digits.length() != width || !digits.matches("[01]+")) {
            throw error(line, "expected " + width + " binary digits, found '" + digits + "'");
        }
        return new BigInteger(digits, 2);
    }

    private void special(Btor2Line line) throws Btor2Exception {
        int width = sort(line, 0);
        line.symbol(1);
        BigInteger value = switch (line.keyword()) {
            case "zero" -> BigInteger.ZERO;
            case "one" -> BigInteger.ONE;
            default -> BigInteger.ONE.shiftLeft(width).subtract(BigInteger.ONE);
        };
        define(line, constantNode(value, width));
    }

    private Btor2Node constantNode(BigInteger value, int width) {
        return new Btor2Node(width, ctx.mkBV(value.toString(), width), false);
    }

    private void slice(Btor2Line line) throws Btor2Exception {
        int width = sort(line, 0);
        Btor2Node a = node(line, 1);
        long upper = line.number(2);
        long lower = line.number(3);
        line.symbol(4);
        if (lower < 0 || upper < lower || upper >= a.width()) {
            throw error(line, "slice [" + upper + ":" + lower + "] outside an operand of width " + a.width());
        }
        defineChecked(line, width, (int) (upper - lower + 1),
                ctx.mkExtract((int) upper, (int) lower, a.expr()), a.readsInput());
    }

    private void extend(Btor2Line line) throws Btor2Exception {
        int width = sort(line, 0);
        Btor2Node a = node(line, 1);
        long by = line.number(2);
        line.symbol(3);
        if (by < 0 || by > Integer.MAX_VALUE - a.width()) {
            throw error(line, "cannot extend by " + by + " bits");
        }
        int n = (int) by;
        BitVecExpr e = line.keyword().equals("sext") ? ctx.mkSignExt(n, a.expr()) : ctx.mkZeroExt(n, a.expr());
        defineChecked(line, width, a.width() + n, e, a.readsInput());
    }

    private void ite(Btor2Line line) throws Btor2Exception {
        int width = sort(line, 0);
        Btor2Node c = condition(line, 1);
        Btor2Node t = node(line, 2);
        Btor2Node e = node(line, 3);
        line.symbol(4);
        if (t.width() != e.width()) {
            throw error(line, "'ite' branches have widths " + t.width() + " and " + e.width());
        }
        defineChecked(line, width, t.width(), ops.ite(c.expr(), t.expr(), e.expr()),
                c.readsInput() || t.readsInput() || e.readsInput());
    }

    private void operator(Btor2Line line) throws Btor2Exception {
        String op = line.keyword();
        if (Btor2Operators.UNARY.contains(op)) {
            int width = sort(line, 0);
            Btor2Node a = node(line, 1);
            line.symbol(2);
            defineChecked(line, width, Btor2Operators.unaryWidth(op, a.width()), ops.unary(op, a.expr()), a.readsInput());
        } else if (Btor2Operators.BINARY.contains(op)) {
            int width = sort(line, 0);
            Btor2Node a = node(line, 1);
            Btor2Node b = node(line, 2);
            line.symbol(3);
            String problem = Btor2Operators.checkBinary(op, a.width(), b.width());
            if (problem != null) {
                throw error(line, problem);
            }
            defineChecked(line, width, Btor2Operators.binaryWidth(op, a.width(), b.width()),
                    ops.binary(op, a.expr(), b.expr()), a.readsInput() || b.readsInput());
        } else {
            throw error(line, "unknown operator '" + op + "'");
        }
    }

    private void defineChecked(Btor2Line line, int declared, int actual, BitVecExpr e, boolean readsInput)
            throws Btor2Exception {
        if (declared != actual) {
            throw error(line, "'" + line.keyword() + "' has sort bitvec " + declared + " but its result has width " + actual);
        }
        define(line, new Btor2Node(actual, e, readsInput));
    }

    private void define(Btor2Line line, Btor2Node node) {
        nodes.put(line.id(), node);
    }

    /** The state named by argument 1 of an {@code init} or {@code next} line, whose sort is argument 0. */
    private long state(Btor2Line line) throws Btor2Exception {
        int width = sort(line, 0);
        long id = line.number(1);
        if (!system.isState(id)) {
            throw error(line, "'" + line.keyword() + "' of " + id + ", which is not a state");
        }
        if (nodes.get(id).width() != width) {
            throw error(line, "state " + id + " has width " + nodes.get(id).width() + ", not " + width);
        }
        return id;
    }

    /** Argument 2 of an {@code init} or {@code next} line, of the state's width. */
    private Btor2Node stateValue(Btor2Line line) throws Btor2Exception {
        int width = sort(line, 0);
        Btor2Node value = node(line, 2);
        line.symbol(3);
        if (value.width() != width) {
            throw error(line, "value of width " + value.width() + " for a state of width " + width);
        }
        return value;
    }

    private BitVecExpr condition(Btor2Line line) throws Btor2Exception {
        BitVecExpr c = condition(line, 0).expr();
        line.symbol(1);
        return c;
    }

    private Btor2Node condition(Btor2Line line, int arg) throws Btor2Exception {
        Btor2Node c = node(line, arg);
        if (c.width() != 1) {
            throw error(line, "'" + line.keyword() + "' needs a condition of width 1, found width " + c.width());
        }
        return c;
    }

    private int sort(Btor2Line line, int arg) throws Btor2Exception {
        long id = line.number(arg);
        Integer width = sorts.get(id);
        if (width == null) {
            throw error(line, id + " is not a sort");
        }
        return width;
    }

    /** The node named by an argument; a negative id is the bit-wise negation of the node. */
    private Btor2Node node(Btor2Line line, int arg) throws Btor2Exception {
        long ref = line.number(arg);
        Btor2Node n = nodes.get(Math.abs(ref));
        if (n == null) {
            throw error(line, "node " + Math.abs(ref) + " is not defined before line " + line.lineNumber());
        }
        return ref > 0 ? n : new Btor2Node(n.width(), ctx.mkBVNot(n.expr()), n.readsInput());
    }

    private static Btor2Exception error(Btor2Line line, String message) {
        return Btor2Exception.error(line.lineNumber(), message);
    }
}
