package pdpv.interp;

import java.util.List;
import pdpv.cfg.SourceLoc;
import pdpv.semantics.CType;

/**
 * One run of the program as steps a person can follow (issue 21): each source line the run passed
 * with the values it gave the variables there, the branches it took and the loop iterations it
 * began, the failing assertion with the values it read; a run of loop iterations between the first
 * and the last one of a loop's visit is one {@link Iterations} step with the values at its start and
 * at its end. Recorded by {@link TraceRecorder}.
 *
 * @param steps     the steps in the order the run took them
 * @param truncated whether the run was cut short of its end (the recorder saw no failing assertion)
 */
public record Trace(List<Step> steps, boolean truncated) {
    public Trace {
        steps = List.copyOf(steps);
    }

    /** A variable's value at a step: its name in the source and its bits in its type. */
    public record Value(String name, CType type, long bits) {
        /** The value as C prints it ({@code %d}, {@code %u}). */
        public String text() {
            return type.format(bits);
        }

        @Override
        public String toString() {
            return name + " = " + text();
        }
    }

    /** A step of the run. */
    public sealed interface Step permits Line, Iterations {
        /** Where the step is, or begins. */
        SourceLoc loc();
    }

    /** What a step on one line was. */
    public enum Kind {
        /** Statements: assignments, inputs, assumptions; the values they wrote or read. */
        STATEMENTS,
        /** A branch of an {@code if}, a {@code ?:} or a loop's exit test that is not at its head: the values it read. */
        BRANCH,
        /** The test at a loop's head: the values of the loop's variables, and the iteration it begins (0: it leaves the loop). */
        LOOP_HEAD,
        /** The assertion that fails: the values its condition read. */
        FAILED_ASSERTION
    }

    /**
     * One source line's step.
     *
     * @param input     whether a value was read from an input on the line (a nondet call, an uninitialized local)
     * @param taken     for a branch, whether its condition held
     * @param iteration for a loop head, the iteration it begins, or 0 when the run leaves the loop there
     */
    public record Line(SourceLoc loc, Kind kind, List<Value> values, boolean input, boolean taken, long iteration) implements Step {
        public Line {
            values = List.copyOf(values);
        }
    }

    /**
     * Iterations {@code from} to {@code to} of the loop whose head is at {@code loc}, shown as one
     * step: the lines they passed, and the values of the loop's variables when the first of them
     * began and when the last of them ended.
     */
    public record Iterations(SourceLoc loc, int firstLine, int lastLine, long from, long to, List<Value> atStart,
                             List<Value> atEnd) implements Step {
        public Iterations {
            atStart = List.copyOf(atStart);
            atEnd = List.copyOf(atEnd);
        }
    }
}
