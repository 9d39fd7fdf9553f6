package pdpv.cfg;

import java.util.List;

/** A statement of a basic block. Every statement carries its source location. */
public sealed interface Stmt {
    SourceLoc loc();

    /** {@code target = value}; value already converted to the target's type. */
    record Assign(Variable target, Expr value, SourceLoc loc) implements Stmt {
        public Assign {
            if (target.isArray() || !target.type().equals(value.type())) {
                throw new IllegalArgumentException("assignment of " + value.type() + " to " + target + ": " + target.type());
            }
        }

        @Override
        public String toString() {
            return target + " = " + value;
        }
    }

    /**
     * {@code target = value} for an array variable (issue #20): a cell written, the whole array
     * zeroed or copied. The value's element type is the target's.
     */
    record ArrayAssign(Variable target, ArrayExpr value, SourceLoc loc) implements Stmt {
        public ArrayAssign {
            if (!target.isArray() || !target.type().equals(value.elementType())) {
                throw new IllegalArgumentException("array assignment of " + value + " to " + target);
            }
            if (value instanceof ArrayExpr.Whole w && !w.array().dims().equals(target.dims())) {
                throw new IllegalArgumentException("copy of " + w.array() + " " + w.array().dims() + " to " + target + " " + target.dims());
            }
        }

        @Override
        public String toString() {
            return target + " = " + value;
        }
    }

    /**
     * {@code target} gets a fresh arbitrary value (every cell of an array): a program input (nondet call, entry parameter,
     * BLAST's NONDET, a global under --nondet-globals), an indeterminate uninitialized local, or what a
     * skipped loop wrote ({@link ProgramSlice}: a value no assertion depends on, which a replay must never read).
     * {@code description} says which, for the user (e.g. {@code __VERIFIER_nondet_int()}).
     */
    record Havoc(Variable target, Reason reason, String description, SourceLoc loc) implements Stmt {
        public enum Reason { INPUT, UNINITIALIZED, SKIPPED_LOOP }

        /**
         * How the description of an uninitialized union's bytes begins (issue #20): C has no name for
         * a union's byte, so a harness or a witness cannot set one.
         */
        public static final String UNION_BYTES = "uninitialized bytes of union ";

        @Override
        public String toString() {
            return target + " = *" + " /* " + description + " */";
        }
    }

    /** Executions on which {@code condition} is zero stop here without error. */
    record Assume(Expr condition, SourceLoc loc) implements Stmt {
        @Override
        public String toString() {
            return "assume " + condition;
        }
    }

    /**
     * An assertion: an execution that reaches it with {@code condition} zero is an error. Always
     * the last statement of its block. {@code text} is the source text, for messages;
     * {@code callers} are the inlined calls that lead to it from the entry function, innermost first
     * (empty for an assertion of the entry function itself).
     */
    record Assert(Expr condition, String text, SourceLoc loc, List<CallSite> callers) implements Stmt {
        public Assert {
            callers = List.copyOf(callers);
        }

        /** An assertion of the entry function itself. */
        public Assert(Expr condition, String text, SourceLoc loc) {
            this(condition, text, loc, List.of());
        }

        @Override
        public String toString() {
            return "assert " + condition;
        }
    }
}
