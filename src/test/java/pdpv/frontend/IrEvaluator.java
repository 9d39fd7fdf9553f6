package pdpv.frontend;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Program;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.semantics.CType;

/**
 * A tiny concrete evaluator of the IR for the front end's tests only: runs a program on given
 * input values (uninitialized variables read 0) and reports how the execution ended.
 */
final class IrEvaluator {
    enum End { RETURN, ABORT, EXIT, ASSERTION_FAILED, ASSUMPTION_FAILED, STEP_LIMIT }

    /** How an execution ended, the values of all variables by name, the inputs read and the failed assertion. */
    record Outcome(End end, Map<String, Long> values, List<String> inputs, Stmt.Assert failed, int uninitializedReads) {
        long value(String name) {
            Long v = values.get(name);
            if (v == null) {
                throw new AssertionError("no variable " + name + " in " + values.keySet());
            }
            return v;
        }
    }

    private IrEvaluator() {
    }

    static Outcome run(Program program, long... inputs) {
        Deque<Long> queue = new ArrayDeque<>();
        for (long i : inputs) {
            queue.add(i);
        }
        Map<String, Long> env = new HashMap<>();
        Map<String, CType> types = new HashMap<>();
        program.variables().forEach(v -> {
            env.put(v.name(), 0L);
            types.put(v.name(), v.type());
        });
        List<String> read = new ArrayList<>();
        int uninitialized = 0;
        Block b = program.entry();
        for (int steps = 0; steps < 100_000; steps++) {
            for (Stmt s : b.statements()) {
                if (s instanceof Stmt.Assign a) {
                    env.put(a.target().name(), a.target().type().normalize(eval(a.value(), env)));
                } else if (s instanceof Stmt.Havoc h) {
                    long v = 0;
                    if (h.reason() == Stmt.Havoc.Reason.INPUT) {
                        read.add(h.description());
                        v = queue.isEmpty() ? 0 : queue.poll();
                    } else {
                        uninitialized++;
                    }
                    CType t = h.target().type();
                    env.put(h.target().name(), t.isBool() ? (v != 0 ? 1 : 0) : t.normalize(v));
                } else if (s instanceof Stmt.Assume a) {
                    if (eval(a.condition(), env) == 0) {
                        return new Outcome(End.ASSUMPTION_FAILED, env, read, null, uninitialized);
                    }
                } else if (s instanceof Stmt.Assert a) {
                    if (eval(a.condition(), env) == 0) {
                        return new Outcome(End.ASSERTION_FAILED, env, read, a, uninitialized);
                    }
                }
            }
            Terminator t = b.terminator();
            if (t instanceof Terminator.Jump j) {
                b = j.target();
            } else if (t instanceof Terminator.Branch br) {
                b = eval(br.condition(), env) != 0 ? br.ifTrue() : br.ifFalse();
            } else {
                Terminator.Halt h = (Terminator.Halt) t;
                End end = switch (h.kind()) {
                    case RETURN -> End.RETURN;
                    case ABORT -> End.ABORT;
                    case EXIT -> End.EXIT;
                };
                return new Outcome(end, env, read, null, uninitialized);
            }
        }
        return new Outcome(End.STEP_LIMIT, env, read, null, uninitialized);
    }

    /** The value of a pure expression as normalized bits of its type. */
    static long eval(Expr e, Map<String, Long> env) {
        if (e instanceof Expr.Const c) {
            return c.bits();
        }
        if (e instanceof Expr.VarRef r) {
            return env.get(r.variable().name());
        }
        if (e instanceof Expr.Cast c) {
            long v = eval(c.operand(), env);
            if (c.type().isBool()) {
                return v != 0 ? 1 : 0;
            }
            return c.type().normalize(c.operand().type().toLong(v));
        }
        if (e instanceof Expr.Ite i) {
            return eval(i.condition(), env) != 0 ? eval(i.ifTrue(), env) : eval(i.ifFalse(), env);
        }
        if (e instanceof Expr.Unary u) {
            long v = eval(u.operand(), env);
            return switch (u.op()) {
                case NEG -> u.type().normalize(-v);
                case BIT_NOT -> u.type().normalize(~v);
                case LOG_NOT -> v == 0 ? 1 : 0;
            };
        }
        Expr.Binary b = (Expr.Binary) e;
        CType t = b.operandType();
        long x = eval(b.left(), env);
        long y = eval(b.right(), env);
        long sx = t.toLong(x);
        long sy = t.toLong(y);
        boolean s = t.signed();
        long r = switch (b.op()) {
            case ADD -> x + y;
            case SUB -> x - y;
            case MUL -> x * y;
            case DIV -> s ? sx / sy : Long.divideUnsigned(x, y);
            case REM -> s ? sx % sy : Long.remainderUnsigned(x, y);
            case SHL -> y >= t.width() ? 0 : x << y;
            case SHR -> s ? sx >> Math.min(y, 63) : (y >= t.width() ? 0 : x >>> y);
            case AND -> x & y;
            case OR -> x | y;
            case XOR -> x ^ y;
            case EQ -> x == y ? 1 : 0;
            case NE -> x != y ? 1 : 0;
            case LT -> (s ? Long.compare(sx, sy) : Long.compareUnsigned(x, y)) < 0 ? 1 : 0;
            case LE -> (s ? Long.compare(sx, sy) : Long.compareUnsigned(x, y)) <= 0 ? 1 : 0;
            case GT -> (s ? Long.compare(sx, sy) : Long.compareUnsigned(x, y)) > 0 ? 1 : 0;
            case GE -> (s ? Long.compare(sx, sy) : Long.compareUnsigned(x, y)) >= 0 ? 1 : 0;
        };
        return b.type().normalize(r);
    }
}
