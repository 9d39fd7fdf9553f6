package pdpv.pdr.aiger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pdpv.cli.CliResult;
import pdpv.cli.ExitCodes;

/** The user-facing contract of {@code pdpv aiger}: the files it writes, its summary line, its errors and exit codes. */
class AigerCommandTest {
    @TempDir
    Path dir;

    private static Path model(String name) throws URISyntaxException {
        return Path.of(AigerCommandTest.class.getResource("/btor2/" + name).toURI());
    }

    @Test
    void writesBinaryByDefaultAndAsciiForAag() throws Exception {
        Path aig = dir.resolve("c.aig");
        CliResult r = CliResult.run("aiger", model("input_constraint_holds.btor2").toString(), "-o", aig.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("wrote " + aig + ": 8 inputs, 9 latches, 120 AND gates, 1 bad-state property\n", r.out());
        byte[] bytes = Files.readAllBytes(aig);
        assertTrue(new String(bytes, 0, 4, StandardCharsets.US_ASCII).equals("aig "), "binary header");
        Path aag = dir.resolve("c.aag");
        assertEquals(0, CliResult.run("aiger", model("input_constraint_holds.btor2").toString(), "-o", aag.toString()).code());
        String ascii = Files.readString(aag);
        assertTrue(ascii.startsWith("aag 137 8 9 0 120 1\n"), ascii);
        assertTrue(ascii.contains("\ni0 step[0]\n") && ascii.contains("\nl0 x[0]\n") && ascii.contains("\nb0 bad\n"), ascii);
    }

    @Test
    void defaultOutputIsBesideTheModel() throws Exception {
        Path copy = Files.copy(model("counter_holds.btor2"), dir.resolve("counter.btor2"));
        CliResult r = CliResult.run("aiger", copy.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.exists(dir.resolve("counter.aig")), r.out());
    }

    @Test
    void badInputIsOneLineWithExitCode30() throws Exception {
        CliResult syntax = CliResult.run("aiger", model("width_mismatch.btor2").toString(), "-o", dir.resolve("x.aig").toString());
        assertEquals(ExitCodes.BAD_INPUT, syntax.code());
        assertTrue(syntax.err().matches(".*width_mismatch.btor2:5: error: .*\n"), syntax.err());
        CliResult arrays = CliResult.run("aiger", model("array.btor2").toString(), "-o", dir.resolve("x.aig").toString());
        assertEquals(ExitCodes.BAD_INPUT, arrays.code());
        assertTrue(arrays.err().contains("array.btor2:3: unsupported: arrays"), arrays.err());
        CliResult missing = CliResult.run("aiger", dir.resolve("nope.btor2").toString());
        assertEquals(ExitCodes.BAD_INPUT, missing.code());
        assertTrue(missing.err().endsWith("nope.btor2: error: no such file\n"), missing.err());
        CliResult toDir = CliResult.run("aiger", model("counter_holds.btor2").toString(), "-o", dir.toString());
        assertEquals(ExitCodes.BAD_INPUT, toDir.code());
        assertTrue(toDir.err().contains("is a directory"), toDir.err());
        CliResult noFolder = CliResult.run("aiger", model("counter_holds.btor2").toString(), "-o", dir.resolve("a/b.aig").toString());
        assertEquals(ExitCodes.BAD_INPUT, noFolder.code());
        assertTrue(noFolder.err().contains("cannot write"), noFolder.err());
        for (CliResult r : new CliResult[] {syntax, arrays, missing, toDir, noFolder}) {
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
        assertFalse(Files.exists(dir.resolve("x.aig")), "nothing is written for a model that cannot be read");
    }

    @Test
    void cyclicInitialValuesAreUnsupported() throws IOException {
        Path m = Files.writeString(dir.resolve("cycle.btor2"), """
                1 sort bitvec 4
                2 state 1 a
                3 state 1 b
                4 init 1 2 3
                5 init 1 3 2
                6 sort bitvec 1
                7 eq 6 2 3
                8 bad 7
                """);
        CliResult r = CliResult.run("aiger", m.toString(), "-o", dir.resolve("c.aig").toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("cycle.btor2: unsupported: the init values of [a, b] read each other's states in a cycle"), r.err());
    }
}
