package pdpv.cli;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import pdpv.cegar.Verdict;
import pdpv.cegar.VerifierStatistics;
import pdpv.cfg.CallSite;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.UndefinedAt;
import pdpv.interp.Trace;
import pdpv.report.ReadableInvariants;
import pdpv.report.TraceText;
import pdpv.semantics.UbReading;
import pdpv.semantics.UbReadings;
import pdpv.semantics.UndefinedBehaviour;

/** Prints a verdict as text (README, "Output") or as one JSON object. */
final class VerdictPrinter {
    private final PrintWriter out;
    private final ProgramOptions.Input input;
    private final UbReadings readings;

    /** {@code input}: the program as read; its reading of undefined behaviour bounds what SAFE claims. */
    VerdictPrinter(PrintWriter out, ProgramOptions.Input input) {
        this.out = out;
        this.input = input;
        this.readings = input.readings();
    }

    /** SV-COMP's answer line: {@code Verification result: TRUE|FALSE(property)|UNKNOWN}. */
    void printSvcomp(Verdict v) {
        String result = switch (v.kind()) {
            case SAFE -> "TRUE";
            case UNSAFE -> "FALSE(" + input.property() + ")";
            case UNKNOWN -> "UNKNOWN";
        };
        out.println("Verification result: " + result);
        out.flush();
    }

    /** The task's expected answer for the property checked, if it states one. */
    private Optional<String> expected() {
        return input.task() == null ? Optional.empty() : input.task().expectation(input.property()).expectedAnswer();
    }

    /** Whether the verdict is the expected one: matches, does not match, or no answer (unknown). */
    private static String comparison(Verdict v, String expected) {
        if (v.kind() == Verdict.Kind.UNKNOWN) {
            return "no answer";
        }
        return v.kind().word().equals(expected) ? "matches" : "does not match";
    }

    /** What a SAFE verdict covers when runs with undefined behaviour were set aside, else null. */
    private String scope(Verdict v) {
        Set<UndefinedBehaviour> undefined = readings.kinds(UbReading.UNDEFINED);
        if (v.kind() != Verdict.Kind.SAFE || undefined.isEmpty()) {
            return null;
        }
        List<String> kinds = undefined.stream().map(UndefinedBehaviour::description).toList();
        String named = kinds.size() == 1 ? kinds.get(0)
                : String.join(", ", kinds.subList(0, kinds.size() - 1)) + " or " + kinds.get(kinds.size() - 1);
        return "every run without " + named + " (read as undefined: a run is not checked past such an operation)";
    }

    /** The JSON key of a kind: its option with underscores ({@code div_by_zero}). */
    private static String key(UndefinedBehaviour kind) {
        return kind.option().replace('-', '_');
    }

    /** The certificate's two-state invariants; among the statistics ({@code statistic}) indented and named so. */
    private void printRelational(Verdict v, boolean statistic) {
        boolean preValues = v.invariants().stream().anyMatch(c -> c.invariant().contains("\\old("));
        String indent = statistic ? "  " : "";
        out.println(indent + (statistic ? "two-state " : "") + (preValues ? "loop invariants (\\old(x) is x before the loop):"
                : "loop invariants (at the loop head):"));
        for (Verdict.LoopCertificate c : v.invariants()) {
            out.println(indent + "  loop at " + lineOf(c.head()) + ": " + c.invariant());
        }
    }

    /**
     * The verdict as text; a SAFE one with the {@code plain} invariants at the loop heads, and with
     * the certificate's two-state ones instead under {@code relational} (and under {@code withStats}
     * among the statistics).
     */
    void printText(Verdict v, double seconds, boolean withStats, ReadableInvariants plain, boolean relational) {
        out.println("verdict: " + v.kind().word());
        out.println("reason: " + v.reason());
        if (scope(v) != null) {
            out.println("scope: " + scope(v));
        }
        if (v.failedAssertion() != null) {
            out.println("failing assertion: " + v.failedAssertion().loc() + ": " + v.failedAssertion().text());
            for (CallSite c : v.failedAssertion().callers()) {
                out.println("  called from " + c.loc() + ": " + c.text());
            }
            UndefinedAt undefined = v.failedAssertion().undefined();
            if (undefined != null) {
                out.println("note: " + undefined.kind().description() + " at " + lineOf(undefined.loc()));
            }
        }
        if (!v.inputs().isEmpty()) {
            out.println("inputs (in the order the program reads them):");
            for (Verdict.InputValue in : v.inputs()) {
                out.println("  " + lineOf(in.loc()) + ": " + in.source() + " = " + in.value());
            }
        }
        if (v.trace() != null) {
            out.println("trace (the failing run, step by step):");
            for (Trace.Step step : v.trace().steps()) {
                out.println("  " + TraceText.line(step));
            }
            if (v.trace().truncated()) {
                out.println("  ... (only the run's first steps are recorded; the replayed run goes on and fails the assertion above)");
            }
        }
        boolean plainShown = plain.shown(relational);
        if (!relational && plain.late()) {
            out.println("note: the loop invariants were not written plainly within --plain-seconds (or --timeout); "
                    + "they follow as the certificate states them");
        }
        if (plainShown) {
            out.println(plain.problem() == null ? "loop invariants (at the loop head):"
                    : "loop invariants (at the loop head; they hold, but the assertions follow only from the two-state invariants below):");
            for (Verdict.LoopCertificate c : v.invariants()) {
                out.println("  loop at " + lineOf(c.head()) + ": " + plain.of(c));
            }
        }
        if (!v.invariants().isEmpty() && (!plainShown || plain.problem() != null)) {
            printRelational(v, false);
        }
        if (input.task() != null) {
            out.println("task: " + input.task().file() + " (" + input.property() + ", " + input.options().dataModel()
                    + ", " + readings + ")");
            expected().ifPresent(e -> out.println("expected verdict: " + e + " (" + comparison(v, e) + ")"));
        }
        out.println(String.format(Locale.ROOT, "time: %.2f s", seconds));
        if (withStats && v.statistics() == null) {
            // a limit whose cancel the engines did not answer within the watchdog's grace: their figures never arrived
            out.println("statistics: none (the run did not stop within its grace after the limit)");
        }
        if (withStats && v.statistics() != null) {
            VerifierStatistics s = v.statistics();
            out.println("statistics:");
            out.println("  blocks: " + s.blocks() + ", variables: " + s.variables() + ", loops: " + s.loops());
            out.println("  iterations: " + s.iterations());
            out.println(String.format(Locale.ROOT, "  smt calls: %d (%.3f s)", s.smtCalls(), s.smtSeconds()));
            out.println(String.format(Locale.ROOT, "  pdr calls: %d (%.3f s, %.0f%% of %.3f s)", s.pdrCalls(),
                    s.pdrSeconds(), 100 * s.pdrShare(), s.totalSeconds()));
            VerifierStatistics.Simulation sim = s.simulation();
            out.println(String.format(Locale.ROOT,
                    "  expansions by simulation: %d (%d of %d candidate checks valid, sum of log2 factors %.1f)",
                    sim.expansions(), sim.checksPassed(), sim.checks(), sim.log2ExpansionSum()));
            for (VerifierStatistics.LoopRefinements r : s.refinements()) {
                out.println("  refinements of loop at " + lineOf(r.head()) + ": " + r.refinements());
            }
            VerifierStatistics.Acceleration a = s.acceleration();
            if (a.paths() > 0) {
                out.println(String.format(Locale.ROOT, "  acceleration: %d of %d loop paths accelerated (%d exact; %d checks, %.3f s),"
                        + " %d in the formula; the answer %s it", a.accelerated(), a.paths(), a.exact(), a.smtCalls(), a.seconds(),
                        a.used(), a.needed() ? "needed" : "did not need"));
            }
            if (s.slicing().skipped() > 0) {
                out.println(String.format(Locale.ROOT, "  loops skipped by slicing: %d (%.3f s)", s.slicing().skipped(),
                        s.slicing().seconds()));
            }
            for (VerifierStatistics.EngineRun e : s.engines()) {
                out.println(String.format(Locale.ROOT, "  engine %s: %s%s in %.3f s (cpu %.3f s)%s: %s", e.name(), e.verdict(),
                        e.won() ? " (answer)" : "", e.seconds(), e.cpuSeconds(),
                        e.found().isEmpty() ? "" : ", " + e.found(), e.reason()));
            }
            if (plainShown && plain.problem() == null) {
                printRelational(v, true);
            }
            VerifierStatistics.Dynamic d = s.dynamic();
            if (d.tests() > 0) {
                out.println(String.format(Locale.ROOT, "  tests: %d runs, %d of them directed at loops (%.3f s);"
                        + " mining and checking invariants: %.3f s", d.tests(), d.directed(), d.testSeconds(), d.seedSeconds()));
            }
            for (VerifierStatistics.LoopCandidates c : d.loops()) {
                out.println("  likely invariants of loop at " + lineOf(c.head()) + ": " + c.mined() + " mined, "
                        + (c.conservedSums() > 0 ? c.conservedSums() + " sums the body conserves, " : "") + c.kept()
                        + " kept; dropped: " + c.notInductive() + " not inductive, " + c.undecided() + " undecided, "
                        + c.unencodable() + " over variables the invariant cannot mention");
            }
            VerifierStatistics.Imported daikon = d.imported();
            if (daikon.read() > 0 || !daikon.skipped().isEmpty()) {
                out.println("  daikon invariants (--invariants): " + daikon.read() + " read, " + daikon.kept() + " kept, "
                        + daikon.skipped().size() + " lines not used" + (daikon.skipped().isEmpty() ? "" : ":"));
                daikon.skipped().forEach(line -> out.println("    " + line));
            }
        }
        out.flush();
    }

    void printJson(String file, Verdict v, double seconds, ReadableInvariants plain) {
        JsonObject o = new JsonObject();
        o.addProperty("file", file);
        o.addProperty("verdict", v.kind().word());
        o.addProperty("reason", v.reason());
        for (UndefinedBehaviour k : UndefinedBehaviour.values()) {
            o.addProperty(key(k), k.name(readings.of(k)));
        }
        o.addProperty("property", input.property().toString());
        if (input.task() != null) {
            JsonObject t = new JsonObject();
            t.addProperty("file", input.task().file().toString());
            t.addProperty("program", input.program().toString());
            t.addProperty("data_model", input.options().dataModel().toString());
            expected().ifPresent(e -> {
                t.addProperty("expected_verdict", e);
                t.addProperty("comparison", comparison(v, e));
            });
            o.add("task", t);
        }
        if (scope(v) != null) {
            o.addProperty("scope", scope(v));
        }
        JsonArray inputs = new JsonArray();
        for (Verdict.InputValue in : v.inputs()) {
            JsonObject i = new JsonObject();
            i.addProperty("name", in.name());
            i.addProperty("source", in.source());
            i.addProperty("line", in.loc().line());
            i.addProperty("value", in.value());
            inputs.add(i);
        }
        o.add("inputs", inputs);
        if (v.failedAssertion() != null) {
            JsonObject f = new JsonObject();
            f.addProperty("file", v.failedAssertion().loc().file());
            f.addProperty("line", v.failedAssertion().loc().line());
            f.addProperty("column", v.failedAssertion().loc().column());
            f.addProperty("text", v.failedAssertion().text());
            JsonArray callers = new JsonArray();
            for (CallSite c : v.failedAssertion().callers()) {
                JsonObject call = new JsonObject();
                call.addProperty("file", c.loc().file());
                call.addProperty("line", c.loc().line());
                call.addProperty("column", c.loc().column());
                call.addProperty("text", c.text());
                callers.add(call);
            }
            f.add("called_from", callers);
            UndefinedAt undefined = v.failedAssertion().undefined();
            if (undefined != null) {
                JsonObject at = new JsonObject();
                at.addProperty("file", undefined.loc().file());
                at.addProperty("line", undefined.loc().line());
                f.add(key(undefined.kind()), at);
            }
            o.add("failing_assertion", f);
        }
        if (v.trace() != null) {
            JsonArray trace = new JsonArray();
            v.trace().steps().forEach(step -> trace.add(TraceText.json(step)));
            o.add("trace", trace);
            o.addProperty("trace_truncated", v.trace().truncated());
        }
        JsonArray invariants = new JsonArray();
        for (Verdict.LoopCertificate c : v.invariants()) {
            JsonObject i = new JsonObject();
            i.addProperty("line", c.head().line());
            i.addProperty("invariant", plain.of(c) != null && !plain.late() ? plain.of(c) : c.invariant());
            i.addProperty("relational", c.invariant());
            invariants.add(i);
        }
        o.add("invariants", invariants);
        if (!plain.isEmpty() && !plain.late()) {
            o.addProperty("invariants_prove", plain.problem() == null);
        }
        if (plain.late()) {
            o.addProperty("invariants_plain", false);
        }
        o.addProperty("time_seconds", seconds);
        if (v.statistics() != null) {
            VerifierStatistics s = v.statistics();
            JsonObject st = new JsonObject();
            st.addProperty("blocks", s.blocks());
            st.addProperty("variables", s.variables());
            st.addProperty("loops", s.loops());
            st.addProperty("iterations", s.iterations());
            st.addProperty("smt_calls", s.smtCalls());
            st.addProperty("smt_seconds", s.smtSeconds());
            st.addProperty("pdr_calls", s.pdrCalls());
            st.addProperty("pdr_seconds", s.pdrSeconds());
            st.addProperty("pdr_share", s.pdrShare());
            JsonObject sim = new JsonObject();
            sim.addProperty("expansions", s.simulation().expansions());
            sim.addProperty("checks", s.simulation().checks());
            sim.addProperty("checks_valid", s.simulation().checksPassed());
            sim.addProperty("log2_expansion_sum", s.simulation().log2ExpansionSum());
            st.add("simulation", sim);
            st.addProperty("total_seconds", s.totalSeconds());
            st.addProperty("sliced_loops", s.slicing().skipped());
            JsonArray refinements = new JsonArray();
            for (VerifierStatistics.LoopRefinements r : s.refinements()) {
                JsonObject lr = new JsonObject();
                lr.addProperty("line", r.head().line());
                lr.addProperty("refinements", r.refinements());
                refinements.add(lr);
            }
            st.add("refinements", refinements);
            JsonArray engines = new JsonArray();
            for (VerifierStatistics.EngineRun e : s.engines()) {
                JsonObject er = new JsonObject();
                er.addProperty("name", e.name());
                er.addProperty("seconds", e.seconds());
                er.addProperty("cpu_seconds", e.cpuSeconds());
                er.addProperty("verdict", e.verdict());
                er.addProperty("reason", e.reason());
                er.addProperty("found", e.found());
                er.addProperty("answer", e.won());
                engines.add(er);
            }
            st.add("engines", engines);
            JsonObject acceleration = new JsonObject();
            acceleration.addProperty("paths", s.acceleration().paths());
            acceleration.addProperty("accelerated", s.acceleration().accelerated());
            acceleration.addProperty("exact", s.acceleration().exact());
            acceleration.addProperty("smt_calls", s.acceleration().smtCalls());
            acceleration.addProperty("seconds", s.acceleration().seconds());
            acceleration.addProperty("used", s.acceleration().used());
            acceleration.addProperty("needed", s.acceleration().needed());
            st.add("acceleration", acceleration);
            st.addProperty("tests", s.dynamic().tests());
            st.addProperty("directed_tests", s.dynamic().directed());
            st.addProperty("test_seconds", s.dynamic().testSeconds());
            st.addProperty("mining_seconds", s.dynamic().seedSeconds());
            JsonArray candidates = new JsonArray();
            for (VerifierStatistics.LoopCandidates c : s.dynamic().loops()) {
                JsonObject lc = new JsonObject();
                lc.addProperty("line", c.head().line());
                lc.addProperty("mined", c.mined());
                lc.addProperty("conserved_sums", c.conservedSums());
                lc.addProperty("kept", c.kept());
                lc.addProperty("not_inductive", c.notInductive());
                lc.addProperty("undecided", c.undecided());
                lc.addProperty("unencodable", c.unencodable());
                candidates.add(lc);
            }
            st.add("likely_invariants", candidates);
            JsonObject daikon = new JsonObject();
            daikon.addProperty("read", s.dynamic().imported().read());
            daikon.addProperty("kept", s.dynamic().imported().kept());
            JsonArray skipped = new JsonArray();
            s.dynamic().imported().skipped().forEach(skipped::add);
            daikon.add("not_used", skipped);
            st.add("daikon_invariants", daikon);
            o.add("statistics", st);
        }
        out.println(new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(o));
        out.flush();
    }

    private static String lineOf(SourceLoc loc) {
        return loc.file() + ":" + loc.line();
    }
}
