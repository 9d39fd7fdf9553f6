package pdpv.witness;

import java.util.List;

/**
 * A witness as read from its YAML file (format 2.0), reduced to what the validator checks: a
 * correctness witness's loop invariants, or a violation witness's waypoints in sequence order.
 * Lines and columns are 1-based. {@code task} is the metadata's task.
 */
public sealed interface Witness {
    Metadata metadata();

    /**
     * What {@code metadata.task} says (the input files with their SHA-256 hashes, the property, the
     * data model) and {@code metadata.producer.configuration}: the readings of C the producer
     * verified under, as {@code --option value} pairs (empty if it states none; see {@link Task#readings()}).
     */
    record Metadata(java.util.Map<String, String> fileHashes, String specification, String dataModel,
                    java.util.Map<String, String> readings) {
    }

    record Correctness(Metadata metadata, List<Invariant> invariants) implements Witness {
    }

    record Violation(Metadata metadata, List<Waypoint> waypoints) implements Witness {
    }

    /**
     * A {@code loop_invariant} ({@code atLoop}): a C expression that holds whenever control is at
     * the loop; or a {@code location_invariant}: one that holds whenever control is about to execute
     * the statement that begins there.
     */
    record Invariant(String file, int line, int column, String function, String value, boolean atLoop) {
        @Override
        public String toString() {
            return "the invariant at line " + line + ", column " + column;
        }
    }

    /**
     * A waypoint of action {@code follow}: its type, location (file, line, column 0 when absent),
     * the function its location says it is in, and its constraint (null for a target).
     */
    record Waypoint(String type, String file, int line, int column, String function, String constraint) {
    }
}
