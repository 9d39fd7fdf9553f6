package pdpv.pdr.btor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pdpv.cli.CliResult;
import pdpv.cli.ExitCodes;
import pdpv.pdr.StateVar;
import pdpv.pdr.TransitionSystem;

/**
 * {@code mc --witness FILE} writes a counterexample that a btorsim-like checker accepts: the witness
 * is parsed by btorsim's rules (a {@code sat} header, the claimed {@code b} properties, a mandatory
 * {@code #0} state part with the states that have no {@code init}, optional {@code #k} parts for
 * states without {@code next}, an {@code @k} input part per frame, assignments by position, the
 * final {@code .}), the run is rebuilt from the model's {@code init} and {@code next} terms, and
 * replayed: every constraint holds in every frame and each claimed property in the last one.
 */
class Btor2WitnessTest {
    @TempDir
    Path dir;

    @Test
    void witnessesReplayOnTheirModels() throws Exception {
        for (String name : List.of("counter_fails", "counter64_fails", "transfer_fails", "input_constraint_fails", "havoc_state",
                "two_properties")) {
            Path witness = dir.resolve(name + ".wit");
            CliResult r = CliResult.run("mc", "--witness", witness.toString(), Btor2Models.path(name + ".btor2").toString());
            assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
            String text = Files.readString(witness);
            assertTrue(text.startsWith("sat\nb") && text.endsWith("\n.\n"), text);
            try (Context ctx = new Context()) {
                assertNull(replay(ctx, Btor2Models.read(ctx, name + ".btor2"), text), name + ":\n" + text);
            }
        }
    }

    @Test
    void aSafeModelWritesNoWitness() {
        Path witness = dir.resolve("none.wit");
        CliResult r = CliResult.run("mc", "--witness", witness.toString(), Btor2Models.path("counter_holds.btor2").toString());
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
        assertFalse(Files.exists(witness));
    }

    /** Null if the witness is well formed and replays to its claimed bad properties, else the problem. */
    private static String replay(Context ctx, Btor2Model model, String witness) {
        TransitionSystem ts = model.system();
        List<String> lines = List.of(witness.split("\n"));
        if (!lines.get(0).equals("sat") || !lines.get(1).matches("b\\d+( b\\d+)*")) {
            return "bad header";
        }
        Map<String, Integer> widths = new HashMap<>();
        ts.inputs().forEach(in -> widths.put(in.name(), in.width()));
        List<Map<String, Long>> statesParts = new ArrayList<>();
        List<Map<String, Long>> inputParts = new ArrayList<>();
        Map<String, Long> part = null;
        int frame = -1;
        for (String line : lines.subList(2, lines.size())) {
            if (line.equals(".")) {
                break;
            }
            if (line.startsWith("#") || line.startsWith("@")) {
                int k = Integer.parseInt(line.substring(1));
                part = new LinkedHashMap<>();
                if (line.startsWith("#")) {
                    while (statesParts.size() <= k) {
                        statesParts.add(new LinkedHashMap<>());
                    }
                    statesParts.set(k, part);
                } else {
                    if (k != frame + 1) {
                        return "input part @" + k + " out of order";
                    }
                    frame = k;
                    inputParts.add(part);
                }
                continue;
            }
            String[] a = line.split(" ");
            int pos = Integer.parseInt(a[0]);
            boolean state = inputParts.size() < statesParts.size() && statesParts.get(statesParts.size() - 1) == part;
            String who = state ? ts.vars().get(pos).name() : model.inputNames().get(pos);
            int width = state ? ts.vars().get(pos).width() : widths.get(who);
            if (a[1].length() != width) {
                return "value of " + who + " has " + a[1].length() + " bits, not " + width;
            }
            part.put(who, Long.parseUnsignedLong(a[1], 2));
        }
        if (statesParts.isEmpty()) {
            return "no #0";
        }
        List<Map<String, Long>> states = new ArrayList<>();
        List<Map<String, Long>> inputs = new ArrayList<>();
        Map<String, Long> s = new LinkedHashMap<>(statesParts.get(0));
        while (s.size() < ts.vars().size()) {
            for (StateVar v : ts.vars()) {
                BitVecExpr init = model.initialValues().get(v.name());
                if (!s.containsKey(v.name()) && init != null && ground(ctx, ts, init, s, Map.of()) instanceof BitVecNum n) {
                    s.put(v.name(), n.getBigInteger().longValue());
                }
            }
        }
        for (int k = 0; k < inputParts.size(); k++) {
            states.add(s);
            Map<String, Long> in = new LinkedHashMap<>(inputParts.get(k));
            Map<String, Long> given = k + 1 < statesParts.size() ? statesParts.get(k + 1) : Map.of();
            for (StateVar v : ts.vars()) {
                if (widths.containsKey(v.name() + "!havoc")) {
                    in.put(v.name() + "!havoc", given.getOrDefault(v.name(), 0L));
                }
            }
            inputs.add(in);
            Map<String, Long> next = new LinkedHashMap<>();
            for (StateVar v : ts.vars()) {
                next.put(v.name(), ((BitVecNum) ground(ctx, ts, ts.nextFunctions().get(v.name()), s, in)).getBigInteger().longValue());
            }
            s = next;
        }
        String problem = new WitnessReplay(ctx, ts).replay(states, inputs);
        if (problem != null) {
            return problem;
        }
        for (String b : lines.get(1).split(" ")) {
            Btor2Property p = model.properties().get(Integer.parseInt(b.substring(1)));
            if (!ground(ctx, ts, p.condition(), states.get(states.size() - 1), inputs.get(inputs.size() - 1)).isTrue()) {
                return b + " does not hold in the last frame";
            }
        }
        return null;
    }

    private static Expr<?> ground(Context ctx, TransitionSystem ts, Expr<?> f, Map<String, Long> state, Map<String, Long> inputs) {
        return Ground.of(ctx, ts, f, state, inputs);
    }
}
