package pdpv.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.List;
import java.util.stream.Collectors;
import pdpv.interp.Trace;

/**
 * The steps of a failing run ({@link Trace}) as a person reads them (issue 21), one line each:
 * {@code FILE:LINE: s = 15, i = 5}; a loop's head with the iteration it begins; a run of
 * iterations as {@code FILE: lines 9–10, iterations 2–5} with the loop's values at its start and end;
 * and the same steps as JSON objects for {@code --json}.
 */
public final class TraceText {
    private TraceText() {
    }

    /** The step as one line of text, without indentation. */
    public static String line(Trace.Step step) {
        if (step instanceof Trace.Iterations it) {
            String lines = it.firstLine() == it.lastLine() ? "line " + it.firstLine() : "lines " + it.firstLine() + "–" + it.lastLine();
            return it.loc().file() + ": " + lines + ", iterations " + it.from() + "–" + it.to()
                    + ": at the start " + values(it.atStart()) + "; at the end " + values(it.atEnd());
        }
        Trace.Line l = (Trace.Line) step;
        String at = l.loc().file() + ":" + l.loc().line() + ": ";
        return at + switch (l.kind()) {
            case STATEMENTS -> values(l.values()) + (l.input() ? " (input)" : "");
            case BRANCH -> (l.values().isEmpty() ? "" : values(l.values()) + "; ") + "the condition " + (l.taken() ? "holds" : "is false");
            case LOOP_HEAD -> l.iteration() > 0 ? "loop head, iteration " + l.iteration() + prefixed(": ", l.values())
                    : "loop head" + prefixed(": ", l.values()) + "; leaves the loop";
            case FAILED_ASSERTION -> "the assertion fails" + prefixed(": ", l.values());
        };
    }

    /** The step as JSON: {@code kind}, {@code file}, {@code line}, {@code values} and what its kind adds. */
    public static JsonObject json(Trace.Step step) {
        JsonObject o = new JsonObject();
        o.addProperty("file", step.loc().file());
        o.addProperty("line", step.loc().line());
        if (step instanceof Trace.Iterations it) {
            o.addProperty("kind", "iterations");
            o.addProperty("first_line", it.firstLine());
            o.addProperty("last_line", it.lastLine());
            o.addProperty("from_iteration", it.from());
            o.addProperty("to_iteration", it.to());
            o.add("at_start", array(it.atStart()));
            o.add("at_end", array(it.atEnd()));
            return o;
        }
        Trace.Line l = (Trace.Line) step;
        o.addProperty("kind", switch (l.kind()) {
            case STATEMENTS -> "statements";
            case BRANCH -> "branch";
            case LOOP_HEAD -> "loop_head";
            case FAILED_ASSERTION -> "failed_assertion";
        });
        o.add("values", array(l.values()));
        switch (l.kind()) {
            case STATEMENTS -> o.addProperty("input", l.input());
            case BRANCH -> o.addProperty("taken", l.taken());
            case LOOP_HEAD -> o.addProperty("iteration", l.iteration());
            default -> { }
        }
        return o;
    }

    /** {@code name = value, ...}. */
    public static String values(List<Trace.Value> values) {
        return values.stream().map(Trace.Value::toString).collect(Collectors.joining(", "));
    }

    private static String prefixed(String prefix, List<Trace.Value> values) {
        return values.isEmpty() ? "" : prefix + values(values);
    }

    private static JsonArray array(List<Trace.Value> values) {
        JsonArray a = new JsonArray();
        for (Trace.Value v : values) {
            JsonObject o = new JsonObject();
            o.addProperty("name", v.name());
            o.addProperty("value", v.text());
            a.add(o);
        }
        return a;
    }
}
