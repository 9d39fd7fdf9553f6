package pdpv.pdr.btor;

import static pdpv.cli.CliResult.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.microsoft.z3.Context;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pdpv.cli.CliResult;
import pdpv.cli.ExitCodes;

/** The user-facing contract of {@code pdpv mc}: verdicts, witnesses, messages and exit codes. */
class McCommandTest {
    @TempDir
    Path dir;



    private static String model(String name) {
        return Btor2Models.path(name).toString();
    }

    @Test
    void safeCounterReportsFramesAndInvariant() {
        CliResult r = run("mc", model("counter_holds.btor2"));
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("verdict: safe\nreason: no bad state is reachable\n"), r.out());
        assertTrue(r.out().matches("(?s).*\nframes: \\d+\n.*"), r.out());
        assertTrue(r.out().matches("(?s).*\ninvariant: \\d+ ARUs \\(\\d+ Boolean cubes, \\d+ polytopes\\)\n.*"), r.out());
        // the counter never passes 10: the excluded states are above it, each named by the state's name
        assertTrue(r.out().contains("\nno reachable state meets any of these"), r.out());
        List<String> excluded = r.out().lines().dropWhile(l -> !l.startsWith("no reachable state")).skip(1)
                .takeWhile(l -> l.startsWith("  ")).map(String::strip).toList();
        assertFalse(excluded.isEmpty(), r.out());
        for (String region : excluded) {
            assertTrue(region.contains("counter"), region);
            // no reachable value (0 to 10) lies in an excluded region: checked by evaluating its text
            assertTrue(java.util.stream.IntStream.range(0, 11).noneMatch(v -> holdsAt(region, v)), region + " admits a reachable value");
        }
        JsonObject json = JsonParser.parseString(run("mc", "--json", model("counter_holds.btor2")).out()).getAsJsonObject();
        assertEquals(excluded.size(), json.getAsJsonArray("excluded").size(), json.toString());
    }

    /** Whether a region over the one state {@code counter} (conditions joined by &&) holds at {@code v}. */
    private static boolean holdsAt(String region, int v) {
        for (String c : region.split(" && ")) {
            String[] t = c.replace("(", "").replace(")", "").split(" ");
            boolean ok;
            if (t.length == 3 && t[0].equals("counter")) {
                long k = Long.decode(t[2]);
                ok = switch (t[1]) {
                    case "==" -> v == k;
                    case "<=" -> v <= k;
                    default -> throw new AssertionError(c);
                };
            } else if (t.length == 3 && t[2].equals("counter")) {
                ok = Long.decode(t[0]) <= v;
            } else if (t.length == 5 && t[1].equals("%")) {
                ok = v % Long.decode(t[2]) == Long.decode(t[4]);
            } else if (t.length == 5 && t[1].equals("&")) {
                ok = (v & Long.decode(t[2])) == Long.decode(t[4]);
            } else {
                throw new AssertionError("unexpected condition: " + c);
            }
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    @Test
    void unsafeCounterPrintsEveryStep() {
        CliResult r = run("mc", model("counter_fails.btor2"));
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("verdict: unsafe\nreason: bad state reached in 7 steps\n"), r.out());
        assertTrue(r.out().contains("violated: b0 \"reaches7\" (line 11)\n"), r.out());
        for (int k = 0; k <= 7; k++) {
            assertTrue(r.out().contains("  step " + k + ": counter = " + k + "\n"), r.out());
        }
        assertFalse(r.out().contains("step 8"), r.out());
    }

    @Test
    void sixtyFourBitWitnessIsPrintedUnsigned() {
        CliResult r = run("mc", model("counter64_fails.btor2"));
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        String[] expected = {"18446744073709551612", "18446744073709551613", "18446744073709551614",
            "18446744073709551615", "0", "1", "2", "3"};
        for (int k = 0; k < expected.length; k++) {
            assertTrue(r.out().contains("  step " + k + ": counter = " + expected[k] + "\n"), r.out());
        }
        CliResult json = run("mc", "--json", model("counter64_fails.btor2"));
        JsonObject first = JsonParser.parseString(json.out()).getAsJsonObject().getAsJsonArray("trace").get(0)
                .getAsJsonObject();
        assertEquals("18446744073709551612", first.getAsJsonObject("states").get("counter").getAsBigInteger().toString());
    }

    @Test
    void onlyTheViolatedPropertyIsNamed() {
        CliResult r = run("mc", model("two_properties.btor2"));
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("\nviolated: b1 \"four\" (line 17)\ntrace"), r.out());
        assertFalse(r.out().contains("twelve"), r.out());
    }

    @Test
    void textWitnessShowsInputs() {
        CliResult r = run("mc", "--simulation", "TERNARY", "-c", "1", model("input_constraint_fails.btor2"));
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("  step 0: x = 0; inputs: step = "), r.out());
    }

    @Test
    void jsonWitnessReplaysOnTheModel() throws Btor2Exception {
        CliResult r = run("mc", "--json", "--seed", "7", model("input_constraint_fails.btor2"));
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals("unsafe", o.get("verdict").getAsString());
        assertEquals("b0 \"nine\" (line 17)", o.getAsJsonArray("violated").get(0).getAsString());
        List<Map<String, Long>> states = new ArrayList<>();
        List<Map<String, Long>> inputs = new ArrayList<>();
        for (JsonElement step : o.getAsJsonArray("trace")) {
            states.add(values(step.getAsJsonObject().getAsJsonObject("states")));
            inputs.add(values(step.getAsJsonObject().getAsJsonObject("inputs")));
        }
        assertEquals(6, states.size());
        try (Context ctx = new Context()) {
            Btor2Model m = Btor2Models.read(ctx, "input_constraint_fails.btor2");
            assertNull(new WitnessReplay(ctx, m.system()).replay(states, inputs));
        }
    }

    private static Map<String, Long> values(JsonObject o) {
        Map<String, Long> map = new LinkedHashMap<>();
        o.entrySet().forEach(e -> map.put(e.getKey(), e.getValue().getAsLong()));
        return map;
    }

    @Test
    void jsonForSafeHasFramesAndStatistics() {
        CliResult r = run("mc", "--json", model("input_constraint_holds.btor2"));
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals("safe", o.get("verdict").getAsString());
        assertTrue(o.get("frames").getAsInt() > 0);
        assertTrue(o.get("invariant_size").getAsInt() > 0);
        assertEquals(new JsonArray(), o.getAsJsonArray("trace"));
        assertTrue(o.getAsJsonObject("statistics").get("smt_calls").getAsLong() > 0);
    }

    @Test
    void statsArePrintedOnRequest() {
        CliResult r = run("mc", "--stats", model("counter_holds.btor2"));
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("statistics:\n  frames: "), r.out());
        assertTrue(r.out().contains("  smt calls: "), r.out());
    }

    /** Fig. 3.12's data: each expansion by simulation repeated by the three types; the run itself unchanged. */
    @Test
    void compareSimulationsWritesThreeFactorsPerExpansion() throws Exception {
        Path tsv = dir.resolve("comparisons.tsv");
        CliResult plain = run("mc", "--json", model("input_constraint_holds.btor2"));
        CliResult compared = run("mc", "--json", "--compare-simulations", tsv.toString(), model("input_constraint_holds.btor2"));
        assertEquals(ExitCodes.SAFE, compared.code(), compared.out() + compared.err());
        JsonObject a = JsonParser.parseString(plain.out()).getAsJsonObject().getAsJsonObject("statistics");
        JsonObject b = JsonParser.parseString(compared.out()).getAsJsonObject().getAsJsonObject("statistics");
        assertEquals(a.get("proof_obligations"), b.get("proof_obligations"));
        assertEquals(a.get("simulation_checks"), b.get("simulation_checks"));
        List<String> lines = java.nio.file.Files.readAllLines(tsv);
        assertEquals("ternary\tinterval\thybrid", lines.get(0));
        assertEquals(b.get("simulation_expansions").getAsLong(), lines.size() - 1, String.join("\n", lines));
        assertTrue(lines.size() > 1, "no expansion by simulation");
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split("\t");
            assertEquals(3, f.length, line);
            for (String v : f) {
                assertTrue(Double.parseDouble(v) >= 0, line);
            }
        }
    }

    @Test
    void timeoutGivesUnknown() {
        CliResult r = run("mc", "--timeout", "1", model("deep_counter.btor2"));
        assertEquals(ExitCodes.UNKNOWN, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("verdict: unknown\nreason: timeout\n"), r.out());
    }

    @Test
    void arraysAreUnsupportedWithTheirLine() {
        CliResult r = run("mc", model("array.btor2"));
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertEquals(model("array.btor2") + ":3: unsupported: arrays\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void malformedModelsAreLocated() {
        CliResult r = run("mc", model("unknown_op.btor2"));
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertEquals(model("unknown_op.btor2") + ":3: error: unknown operator 'frobnicate'\n", r.err());
    }

    @Test
    void missingFileExitsWith30() {
        Path missing = dir.resolve("nope.btor2");
        CliResult r = run("mc", missing.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertEquals(missing + ": error: no such file\n", r.err());
    }

    @Test
    void badOptionsExitWith30() {
        assertEquals(ExitCodes.BAD_INPUT, run("mc", "-c", "2", model("counter_holds.btor2")).code());
        assertEquals(ExitCodes.BAD_INPUT, run("mc", "--simulation", "MAGIC", model("counter_holds.btor2")).code());
    }
}
