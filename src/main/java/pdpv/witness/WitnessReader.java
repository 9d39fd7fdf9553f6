package pdpv.witness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Reads a format 2.0 or 2.1 witness file: a YAML list of one {@code invariant_set} or
 * {@code violation_sequence} entry (several entries of the same type are joined). An invariant is a
 * {@code c_expression}, or under 2.1 an {@code acsl_expression} (C with ACSL's {@code \forall T j; P
 * ==> Q}, issue #20; {@link InvariantParser}). Anything that is
 * not such a witness is a {@link WitnessError} naming what is wrong.
 */
public final class WitnessReader {
    private WitnessReader() {
    }

    public static Witness read(String yaml) {
        Object root;
        try {
            root = new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
        } catch (YAMLException e) {
            throw new WitnessError("not YAML: " + e.getMessage().lines().findFirst().orElse(""));
        }
        List<Object> entries = list(root, "the witness");
        if (entries.isEmpty()) {
            throw new WitnessError("the witness has no entries");
        }
        String type = null;
        Witness.Metadata metadata = null;
        List<Witness.Invariant> invariants = new ArrayList<>();
        List<Witness.Waypoint> waypoints = new ArrayList<>();
        for (Object e : entries) {
            Map<String, Object> entry = map(e, "an entry");
            String t = string(entry, "entry_type");
            if (type != null && !type.equals(t)) {
                throw new WitnessError("entries of types " + type + " and " + t + " in one witness");
            }
            type = t;
            Map<String, Object> m = map(entry.get("metadata"), "metadata");
            metadata = metadata(m);
            boolean acsl = "2.1".equals(String.valueOf(m.get("format_version")));
            List<Object> content = list(entry.get("content"), "content");
            switch (t) {
                case "invariant_set" -> content.forEach(c -> invariants.add(invariant(map(map(c, "content item").get("invariant"), "invariant"), acsl)));
                case "violation_sequence" -> content.forEach(c -> {
                    for (Object w : list(map(c, "content item").get("segment"), "segment")) {
                        Map<String, Object> waypoint = map(map(w, "segment item").get("waypoint"), "waypoint");
                        if ("follow".equals(string(waypoint, "action"))) {
                            waypoints.add(waypoint(waypoint));
                        }
                    }
                });
                default -> throw new WitnessError("unknown entry_type " + t);
            }
        }
        return type.equals("invariant_set") ? new Witness.Correctness(metadata, invariants)
                : new Witness.Violation(metadata, waypoints);
    }

    private static Witness.Metadata metadata(Map<String, Object> m) {
        if (!List.of("2.0", "2.1").contains(String.valueOf(m.get("format_version")))) {
            throw new WitnessError("format_version " + m.get("format_version") + " (this validator reads 2.0 and 2.1)");
        }
        Map<String, Object> task = map(m.get("task"), "metadata.task");
        Map<String, String> hashes = new LinkedHashMap<>();
        map(task.get("input_file_hashes"), "input_file_hashes").forEach((k, v) -> hashes.put(k, String.valueOf(v)));
        Object producer = m.get("producer");
        Object configuration = producer instanceof Map<?, ?> p ? p.get("configuration") : null;
        return new Witness.Metadata(hashes, string(task, "specification"), string(task, "data_model"),
                Task.readings(configuration == null ? null : String.valueOf(configuration)));
    }

    /** An invariant; {@code acsl}: whether the format version (2.1) allows {@code acsl_expression}. */
    private static Witness.Invariant invariant(Map<String, Object> inv, boolean acsl) {
        String type = string(inv, "type");
        if (!type.equals("loop_invariant") && !type.equals("location_invariant")) {
            throw new WitnessError("unknown invariant type " + type + " (expected loop_invariant or location_invariant)");
        }
        if (inv.containsKey("format") && !"c_expression".equals(inv.get("format")) && !(acsl && "acsl_expression".equals(inv.get("format")))) {
            throw new WitnessError("unsupported invariant format " + inv.get("format") + (acsl ? "" : " under format_version 2.0"));
        }
        if (!"acsl_expression".equals(inv.get("format")) && String.valueOf(inv.get("value")).contains("\\forall")) {
            throw new WitnessError("a quantifier in a c_expression (format 2.1's acsl_expression states one)");
        }
        Map<String, Object> loc = map(inv.get("location"), "location");
        return new Witness.Invariant(string(loc, "file_name"), integer(loc, "line"), integer(loc, "column"), string(loc, "function"),
                string(inv, "value"),
                type.equals("loop_invariant"));
    }

    private static Witness.Waypoint waypoint(Map<String, Object> w) {
        Map<String, Object> loc = map(w.get("location"), "location");
        Object c = w.get("constraint");
        String constraint = c == null ? null : string(map(c, "constraint"), "value");
        return new Witness.Waypoint(string(w, "type"), string(loc, "file_name"), integer(loc, "line"),
                loc.containsKey("column") ? integer(loc, "column") : 0,
                string(loc, "function"), constraint);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o, String what) {
        if (o instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        throw new WitnessError(what + " is missing or not a mapping");
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o, String what) {
        if (o instanceof List<?> l) {
            return (List<Object>) l;
        }
        throw new WitnessError(what + " is missing or not a list");
    }

    private static String string(Map<String, Object> m, String key) {
        Object v = m.get(key);
        if (v == null) {
            throw new WitnessError("missing " + key);
        }
        return String.valueOf(v);
    }

    private static int integer(Map<String, Object> m, String key) {
        if (m.get(key) instanceof Integer i) {
            return i;
        }
        throw new WitnessError(key + " is missing or not an integer");
    }
}
