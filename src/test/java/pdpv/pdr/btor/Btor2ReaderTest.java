package pdpv.pdr.btor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.Context;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import pdpv.pdr.PdrEngine;
import pdpv.pdr.PdrOptions;
import pdpv.pdr.PdrResult;
import pdpv.pdr.ResultChecker;
import pdpv.pdr.TransitionSystem;

/** The BTOR2 reader on two hand-written models (one holds, one fails deeper than 5 steps). */
class Btor2ReaderTest {
    private Context ctx;

    @BeforeEach
    void open() {
        ctx = new Context();
    }

    @AfterEach
    void close() {
        ctx.close();
    }

    private TransitionSystem read(String name) throws IOException {
        try (Reader in = new InputStreamReader(getClass().getResourceAsStream(name), StandardCharsets.UTF_8)) {
            return new Btor2Reader(ctx).read(in);
        }
    }

    @Test
    void wrappingCounterHolds() throws IOException {
        TransitionSystem ts = read("wrapping-counter-holds.btor2");
        for (double c : new double[] {0, 0.5, 1}) {
            PdrResult result = new PdrEngine(ctx, ts, PdrOptions.defaults().withCubeProbability(c)).check();
            PdrResult.Holds holds = assertInstanceOf(PdrResult.Holds.class, result, "c=" + c);
            assertNull(new ResultChecker(ctx).checkInvariant(ts, holds.invariant(), List.of()));
        }
    }

    @Test
    void enabledCountersFailAtDepthSeven() throws IOException {
        TransitionSystem ts = read("enabled-counters-fail.btor2");
        for (double c : new double[] {0, 0.5, 1}) {
            PdrResult result = new PdrEngine(ctx, ts, PdrOptions.defaults().withCubeProbability(c)).check();
            PdrResult.Fails fails = assertInstanceOf(PdrResult.Fails.class, result, "c=" + c);
            assertNull(new ResultChecker(ctx).checkTrace(ts, fails));
            assertTrue(fails.length() >= 7, "x reaches 7 after at least 7 steps, got " + fails.length());
        }
    }

    @Test
    void mcReportsVerdictAndWitness() throws IOException, URISyntaxException {
        Path failing = Path.of(getClass().getResource("enabled-counters-fail.btor2").toURI());
        Btor2ModelCheck.Report report = Btor2ModelCheck.check(failing, PdrOptions.defaults());
        assertEquals("fails", report.verdict());
        assertTrue(report.text().startsWith("sat\nb0\n#0\n0 0000 x@0\n1 0000 y@0\n@0\n"), report.text());
        assertTrue(report.text().endsWith(".\n"));
        Path holding = Path.of(getClass().getResource("wrapping-counter-holds.btor2").toURI());
        assertEquals("holds", Btor2ModelCheck.check(holding, PdrOptions.defaults()).verdict());
    }

    @Test
    void arraysAreRejectedWithTheirLine() {
        Btor2Exception e = assertThrows(Btor2Exception.class, () -> read("array.btor2"));
        assertEquals(2, e.line());
    }

    @Test
    void unknownOperatorIsRejectedWithItsLine() {
        String model = "1 sort bitvec 4\n2 state 1 x\n3 uaddo 1 2 2\n";
        Btor2Exception e = assertThrows(Btor2Exception.class, () -> new Btor2Reader(ctx).read(new StringReader(model)));
        assertEquals(3, e.line());
    }
}
