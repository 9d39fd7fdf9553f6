package pdpv.witness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;
import pdpv.cfg.Block;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;

/**
 * Writes witnesses in SV-COMP's format 2.0 (sosy-lab/sv-witnesses, YAML): a correctness witness
 * is one {@code invariant_set} entry with a {@code loop_invariant} (a C expression, format
 * {@code c_expression}) at the first character of each loop's keyword (in a program without loops,
 * a {@code location_invariant} at each assertion, its condition); a violation witness is one
 * {@code violation_sequence} entry whose segments pin each nondet call's result with a
 * {@code function_return} waypoint ({@code \result == v}, format {@code acsl_expression}, at the
 * call's closing parenthesis), each uninitialized local's value with an {@code assumption} waypoint
 * at the statement after its declaration, and end with the {@code target} waypoint at the failing
 * assertion.
 */
public final class WitnessWriter {
    public static final String FORMAT_VERSION = "2.0";
    /**
     * The version of a correctness witness with a quantified invariant (issue #20): format 2.1 allows
     * an invariant in {@code acsl_expression}, whose {@code \forall T j; P} C lacks; a witness
     * without one stays 2.0, which every validator of SV-COMP reads.
     */
    public static final String ACSL_FORMAT_VERSION = "2.1";
    private final Task task;
    private final String producerVersion;

    /** A loop's invariant over the values at its head, and where its iteration statement begins. */
    public record LoopInvariant(SourceLoc statement, String value) {
    }

    /** A value the failing run read, pinned by a waypoint. */
    public sealed interface Pin {
    }

    /** A value a nondet call returned on the failing run; {@code call} is where the call begins. */
    public record CallResult(SourceLoc call, String value) implements Pin {
    }

    /**
     * The indeterminate value of an uninitialized local on the failing run: an {@code assumption}
     * waypoint {@code variable == value} at {@code next}, the first statement after its declaration;
     * or of a global read as an input (InvGen's reading, {@code --nondet-globals}), at the entry
     * function's first statement ({@link #entryStart}).
     */
    public record Uninitialized(String variable, SourceLoc next, String value) implements Pin {
    }

    /**
     * The cells of an uninitialized local array (issue #20) that the failing run reads, as they were
     * when its declaration ran: one {@code assumption} waypoint {@code a[i] == v && ...} at
     * {@code next}, cells by their C names ({@code a[1][2]}) and values.
     */
    public record UninitializedCells(Map<String, String> cells, SourceLoc next) implements Pin {
    }

    private final Program program;
    private final CallSites sites;

    /** {@code program}: the task's program as lowered, which tells in which function each location lies. */
    public WitnessWriter(Task task, Program program, String producerVersion) throws IOException {
        this.task = task;
        this.program = program;
        this.producerVersion = producerVersion;
        this.sites = new CallSites(task.file().toString(), Files.readString(task.file(), StandardCharsets.ISO_8859_1));
    }

    /** The function whose definition holds {@code loc} ({@code location.function}); the entry function if none does. */
    private String function(SourceLoc loc) {
        String f = program.functionAt(loc);
        return f != null ? f : task.function();
    }

    /**
     * The correctness witness of {@code invariants}, and of {@code atStatements} as
     * {@code location_invariant}s (each a condition that holds before the statement at its location).
     */
    public String correctness(List<LoopInvariant> invariants, Map<SourceLoc, String> atStatements) {
        List<Object> content = new ArrayList<>();
        for (LoopInvariant inv : invariants) {
            content.add(invariant("loop_invariant", inv.statement(), inv.value()));
        }
        atStatements.forEach((loc, value) -> content.add(invariant("location_invariant", loc, value)));
        boolean acsl = invariants.stream().anyMatch(i -> acsl(i.value()));
        return dump(entry("invariant_set", content, acsl ? ACSL_FORMAT_VERSION : FORMAT_VERSION));
    }

    private Map<String, Object> invariant(String type, SourceLoc loc, String value) {
        Map<String, Object> invariant = new LinkedHashMap<>();
        invariant.put("type", type);
        invariant.put("location", location(loc));
        invariant.put("value", value);
        invariant.put("format", acsl(value) ? "acsl_expression" : "c_expression");
        return Map.of("invariant", invariant);
    }

    /** Whether {@code value} needs ACSL: it has a quantifier. */
    private static boolean acsl(String value) {
        return value.contains("\\forall");
    }

    /**
     * Each assertion's condition as C, by where the assertion's statement begins: the location
     * invariants of a program without loops, whose witness would otherwise have no content (the
     * format asks for at least one invariant). An assertion whose condition has no C form is left out.
     */
    public static Map<SourceLoc, String> assertions(Program program) {
        Map<SourceLoc, String> out = new LinkedHashMap<>();
        for (Block b : program.blocks()) {
            for (Stmt s : b.statements()) {
                if (s instanceof Stmt.Assert a && !out.containsKey(a.loc())) {
                    CText.condition(a.condition(), true).ifPresent(c -> out.put(a.loc(), c));
                }
            }
        }
        return out;
    }

    /**
     * The violation witness of a run that reads {@code results} (in reading order) and fails the
     * assertion at {@code target}.
     */
    public String violation(List<Pin> pins, SourceLoc target) throws IOException {
        List<Object> content = new ArrayList<>();
        for (Pin pin : pins) {
            Map<String, Object> constraint = new LinkedHashMap<>();
            if (pin instanceof CallResult r) {
                SourceLoc end = sites.closingParenthesis(r.call());
                if (end == null) {
                    throw new IllegalArgumentException("no call at " + r.call());
                }
                constraint.put("value", "\\result == " + r.value());
                constraint.put("format", "acsl_expression");
                content.add(segment(waypoint("function_return", end, constraint)));
            } else if (pin instanceof Uninitialized u) {
                constraint.put("value", u.variable() + " == " + u.value());
                constraint.put("format", "c_expression");
                content.add(segment(waypoint("assumption", u.next(), constraint)));
            } else if (pin instanceof UninitializedCells c) {
                List<String> equalities = new ArrayList<>();
                c.cells().forEach((cell, value) -> equalities.add(cell + " == " + value));
                constraint.put("value", String.join(" && ", equalities));
                constraint.put("format", "c_expression");
                content.add(segment(waypoint("assumption", c.next(), constraint)));
            }
        }
        content.add(segment(waypoint("target", target, null)));
        return dump(entry("violation_sequence", content, FORMAT_VERSION));
    }

    /**
     * Where the first statement after the declaration of an uninitialized local at {@code declaration}
     * begins (or the condition that follows it): the location of its {@code assumption} waypoint.
     */
    public static SourceLoc afterDeclaration(Program program, SourceLoc declaration) {
        for (Block b : program.blocks()) {
            List<Stmt> stmts = b.statements();
            for (int i = 0; i < stmts.size(); i++) {
                if (stmts.get(i) instanceof Stmt.Havoc h && h.reason() == Stmt.Havoc.Reason.UNINITIALIZED
                        && h.loc().equals(declaration)) {
                    if (i + 1 < stmts.size()) {
                        return stmts.get(i + 1).loc();
                    }
                    if (b.terminator() instanceof Terminator.Branch br) {
                        return br.loc();
                    }
                    if (b.terminator() instanceof Terminator.Jump j && !j.target().statements().isEmpty()) {
                        return j.target().statements().get(0).loc();
                    }
                    return null;
                }
            }
        }
        return null;
    }

    /**
     * Where the entry function's first statement begins, after the prologue that reads the globals
     * (or the condition of its first branch): the location at which an {@code assumption} waypoint
     * states a global's value on entry; null if there is none.
     */
    public static SourceLoc entryStart(Program program) {
        Block b = program.entry();
        for (Set<Block> seen = new HashSet<>(); seen.add(b); ) {
            for (Stmt s : b.statements()) {
                if (!(s instanceof Stmt.Havoc h && h.target().kind() == Variable.Kind.GLOBAL)) {
                    return s.loc();
                }
            }
            if (b.terminator() instanceof Terminator.Branch br) {
                return br.loc();
            }
            if (!(b.terminator() instanceof Terminator.Jump j)) {
                return null;
            }
            b = j.target();
        }
        return null;
    }

    private Map<String, Object> entry(String type, List<Object> content, String version) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("entry_type", type);
        entry.put("metadata", metadata(version));
        entry.put("content", content);
        return entry;
    }

    private Map<String, Object> metadata(String version) {
        Map<String, Object> producer = new LinkedHashMap<>();
        producer.put("name", "PDPV");
        producer.put("version", producerVersion);
        if (!task.readings().isEmpty()) {
            producer.put("configuration", task.configuration());
        }
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("input_files", List.of(task.file().toString()));
        t.put("input_file_hashes", Map.of(task.file().toString(), task.hash()));
        t.put("specification", task.specification());
        t.put("data_model", task.dataModel().name());
        t.put("language", "C");
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("format_version", version);
        m.put("uuid", UUID.randomUUID().toString());
        m.put("creation_time", OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS)
                .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        m.put("producer", producer);
        m.put("task", t);
        return m;
    }

    private Map<String, Object> location(SourceLoc loc) {
        Map<String, Object> l = new LinkedHashMap<>();
        l.put("file_name", sites.fileOf(loc)); // a header's own name for a location in it
        l.put("line", loc.line());
        l.put("column", loc.column());
        l.put("function", function(loc));
        return l;
    }

    private Map<String, Object> waypoint(String type, SourceLoc loc, Map<String, Object> constraint) {
        Map<String, Object> w = new LinkedHashMap<>();
        w.put("type", type);
        w.put("action", "follow");
        if (constraint != null) {
            w.put("constraint", constraint);
        }
        w.put("location", location(loc));
        return Map.of("waypoint", w);
    }

    private static Map<String, Object> segment(Map<String, Object> waypoint) {
        return Map.of("segment", List.of(waypoint));
    }

    private static String dump(Map<String, Object> entry) {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setWidth(1_000_000);
        return new Yaml(options).dump(List.of(entry));
    }
}
