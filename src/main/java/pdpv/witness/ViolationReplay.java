package pdpv.witness;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.interp.Execution;
import pdpv.interp.InputOracle;
import pdpv.interp.Interpreter;
import pdpv.interp.InterpreterOptions;
import pdpv.semantics.CType;

/**
 * Checks a violation witness by running the program in the interpreter: each time a nondet call
 * returns, the next {@code function_return} waypoint of the sequence, if it is at that call's
 * closing parenthesis, gives the value ({@code \result == v}); each time an uninitialized local is
 * declared (or a global is read as an input, InvGen's reading of globals), the next {@code assumption}
 * waypoint {@code x == v}, if it names that variable at or after its declaration, gives its value
 * (for an array, issue #20, {@code a[i] == v && ...} gives those cells, the others are 0);
 * any other input is 0. The witness is
 * confirmed when the run fails the assertion at the {@code target} waypoint after passing every
 * waypoint.
 */
final class ViolationReplay {
    private static final Pattern RESULT = Pattern.compile("\\s*\\\\result\\s*==\\s*\\(?\\s*(-?(?:0x[0-9a-fA-F]+|\\d+))[uUlL]*\\s*\\)?\\s*");
    /** An assumption waypoint's constraint this validator reads: an uninitialized local's value. */
    private static final Pattern VALUE = Pattern.compile("\\s*\\(?\\s*([A-Za-z_]\\w*)\\s*==\\s*\\(?\\s*(-?(?:0x[0-9a-fA-F]+|\\d+))[uUlL]*\\s*\\)?\\s*\\)?\\s*");
    private final Program program;
    private final CallSites sites;
    /** The replay's step bound: reaching it, the run fails no assertion and the witness is rejected. */
    private final long maxSteps;

    ViolationReplay(Program program, String source, long maxSteps) {
        this.program = program;
        this.maxSteps = maxSteps;
        this.sites = new CallSites(program.file(), source);
    }

    /** Null if the witness is confirmed, else why not. */
    String check(List<Witness.Waypoint> waypoints) {
        List<Witness.Waypoint> pins = new ArrayList<>();
        List<Witness.Waypoint> targets = new ArrayList<>();
        for (Witness.Waypoint w : waypoints) {
            switch (w.type()) {
                case "function_return", "assumption" -> pins.add(w);
                case "target" -> targets.add(w);
                default -> throw new WitnessError("unsupported waypoint type " + w.type() + " (this validator replays function_return and target)");
            }
        }
        if (targets.isEmpty() || waypoints.get(waypoints.size() - 1) != targets.get(targets.size() - 1)) {
            throw new WitnessError("the violation sequence does not end with a target waypoint");
        }
        if (targets.size() > 1) {
            Witness.Waypoint first = targets.get(0);
            return "the violation sequence has " + targets.size() + " target waypoints (the first at " + first.line() + ":"
                    + first.column() + "); format 2.0 allows one, in the last segment";
        }
        Witness.Waypoint target = targets.get(0);
        List<BigInteger> values = new ArrayList<>();
        List<Cells> cells = new ArrayList<>();
        for (Witness.Waypoint w : pins) {
            String constraint = w.constraint() == null ? "" : w.constraint();
            Cells c = w.type().equals("assumption") ? Cells.parse(constraint) : null;
            cells.add(c);
            if (c != null) {
                values.add(BigInteger.ZERO);
                continue;
            }
            Matcher m = (w.type().equals("assumption") ? VALUE : RESULT).matcher(constraint);
            if (!m.matches()) {
                throw new WitnessError("unsupported constraint '" + w.constraint() + "' (this validator reads "
                        + (w.type().equals("assumption") ? "variable == constant or a[i] == constant && ..." : "\\result == constant") + ")");
            }
            values.add(exact(m.group(m.groupCount())));
        }
        Sequence oracle = new Sequence(pins, values, cells);
        Execution run = new Interpreter(program.semantics(), InterpreterOptions.DEFAULTS.withMaxSteps(maxSteps))
                .run(program.entry(), Map.of(), oracle);
        if (oracle.misfit != null) {
            return oracle.misfit;
        }
        if (oracle.next < pins.size()) {
            Witness.Waypoint w = pins.get(oracle.next);
            return "the run never passes the " + w.type() + " waypoint at " + w.line() + ":" + w.column()
                    + " (waypoint " + (oracle.next + 1) + " of " + pins.size() + ")";
        }
        if (!run.hitsAssertion()) {
            return "the run with the witness's values does not fail an assertion (it ends: " + run.outcome() + ")";
        }
        SourceLoc failed = run.failedAssertion().loc();
        if (failed.line() != target.line() || target.column() != 0 && failed.column() != target.column()
                || !CallSites.sameFile(sites.fileOf(failed), target.file())) {
            return "the run fails the assertion at " + failed + ", not the target at " + target.file() + ":" + target.line() + ":"
                    + target.column();
        }
        return null;
    }

    /** Null if {@code value} is a value of {@code type}, else why the waypoint {@code w} that gives it is wrong. */
    private static String misfit(Witness.Waypoint w, BigInteger value, CType type) {
        BigInteger min = type.signed() ? BigInteger.ONE.shiftLeft(type.width() - 1).negate() : BigInteger.ZERO;
        BigInteger max = type.signed() ? BigInteger.ONE.shiftLeft(type.width() - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(type.width()).subtract(BigInteger.ONE);
        if (value.compareTo(min) >= 0 && value.compareTo(max) <= 0) {
            return null;
        }
        return "the " + w.type() + " waypoint at " + w.line() + ":" + w.column() + " gives the value " + value
                + ", which " + type + " cannot hold (its values are " + min + " to " + max + ")";
    }

    /** An uninitialized local, or a global read as an input ({@code --nondet-globals}): what an assumption pins. */
    private static boolean indeterminate(Stmt.Havoc havoc) {
        return havoc.reason() == Stmt.Havoc.Reason.UNINITIALIZED || havoc.target().kind() == pdpv.cfg.Variable.Kind.GLOBAL;
    }

    /** The variable an assumption waypoint pins. */
    private static String assumed(Witness.Waypoint w) {
        Matcher m = VALUE.matcher(w.constraint());
        return m.matches() ? m.group(1) : "";
    }

    /** The value a waypoint's decimal or hexadecimal constant {@code digits} writes, exactly. */
    private static BigInteger exact(String digits) {
        boolean negative = digits.startsWith("-");
        String magnitude = negative ? digits.substring(1) : digits;
        boolean hex = magnitude.startsWith("0x") || magnitude.startsWith("0X");
        BigInteger v = new BigInteger(hex ? magnitude.substring(2) : magnitude, hex ? 16 : 10);
        return negative ? v.negate() : v;
    }

    /** An assumption waypoint over the cells of one array (issue #20): {@code a[i][j] == v && ...}, by subscripts. */
    private record Cells(String array, Map<List<Long>, Long> values) {
        private static final Pattern CELL = Pattern.compile("\\s*\\(?\\s*([A-Za-z_]\\w*)((?:\\s*\\[\\s*\\d+\\s*\\])+)\\s*==\\s*\\(?\\s*(-?(?:0x[0-9a-fA-F]+|\\d+))[uUlL]*\\s*\\)?\\s*\\)?\\s*");

        /** The cells {@code constraint} pins, or null if it is not such a conjunction over one array. */
        static Cells parse(String constraint) {
            Map<List<Long>, Long> values = new java.util.LinkedHashMap<>();
            String array = null;
            for (String part : constraint.split("&&")) {
                Matcher m = CELL.matcher(part);
                if (!m.matches() || array != null && !array.equals(m.group(1))) {
                    return null;
                }
                array = m.group(1);
                List<Long> subscripts = new ArrayList<>();
                for (String sub : m.group(2).replace("]", "").split("\\[")) {
                    if (!sub.isBlank()) {
                        subscripts.add(Long.parseLong(sub.strip()));
                    }
                }
                values.put(subscripts, exact(m.group(3)).longValue());
            }
            return array == null ? null : new Cells(array, values);
        }

        /** The pinned value of the cell at flat index {@code index} of {@code v}, or 0. */
        long at(pdpv.cfg.Variable v, long index) {
            for (Map.Entry<List<Long>, Long> e : values.entrySet()) {
                if (e.getKey().size() == v.dims().size() && flat(v, e.getKey()) == index) {
                    return e.getValue();
                }
            }
            return 0;
        }

        private static long flat(pdpv.cfg.Variable v, List<Long> subscripts) {
            long flat = 0;
            for (int i = 0; i < subscripts.size(); i++) {
                flat = flat * v.dims().get(i) + subscripts.get(i);
            }
            return flat;
        }
    }

    /** The waypoints' values in sequence order, each given to the call at its location. */
    private final class Sequence implements InputOracle {
        private final List<Witness.Waypoint> pins;
        private final List<BigInteger> values;
        private final List<Cells> cells;
        private final Map<String, Long> answered = new HashMap<>();
        private final Map<String, Cells> arrays = new HashMap<>();
        private int next;
        /** Why a waypoint's value is not one of its input's type, or null. */
        private String misfit;

        Sequence(List<Witness.Waypoint> pins, List<BigInteger> values, List<Cells> cells) {
            this.pins = pins;
            this.values = values;
            this.cells = cells;
        }

        @Override
        public long cell(Stmt.Havoc havoc, int occurrence, long index) {
            Cells c = arrays.get(System.identityHashCode(havoc) + "#" + occurrence);
            return c == null ? 0 : c.at(havoc.target(), index);
        }

        @Override
        public long next(Stmt.Havoc havoc, int occurrence) {
            String key = System.identityHashCode(havoc) + "#" + occurrence;
            Long known = answered.get(key);
            if (known != null) {
                return known;
            }
            long value = 0;
            if (havoc.target().isArray()) {
                Cells c = next < pins.size() ? cells.get(next) : null;
                if (c != null && indeterminate(havoc) && c.array().equals(havoc.target().sourceName())
                        && havoc.loc().line() <= pins.get(next).line()) {
                    arrays.put(key, c);
                    next++;
                }
            } else if (next < pins.size()) {
                Witness.Waypoint w = pins.get(next);
                if (w.type().equals("function_return") && havoc.reason() == Stmt.Havoc.Reason.INPUT) {
                    SourceLoc end = sites.closingParenthesis(havoc.loc());
                    if (end != null && end.line() == w.line() && end.column() == w.column() && CallSites.sameFile(end.file(), w.file())) {
                        value = take(havoc);
                    }
                } else if (w.type().equals("assumption") && indeterminate(havoc)
                        && assumed(w).equals(havoc.target().sourceName()) && havoc.loc().line() <= w.line()) {
                    value = take(havoc);
                }
            }
            answered.put(key, value);
            return value;
        }

        /** The next waypoint's value for {@code havoc}; a value its type cannot hold is recorded as the misfit. */
        private long take(Stmt.Havoc havoc) {
            Witness.Waypoint w = pins.get(next);
            BigInteger value = values.get(next++);
            String problem = misfit(w, value, havoc.target().type());
            if (problem != null && misfit == null) {
                misfit = problem;
            }
            return value.longValue();
        }
    }
}
