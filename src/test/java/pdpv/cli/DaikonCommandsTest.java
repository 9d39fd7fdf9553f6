package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The user-facing contract of {@code pdpv daikon-trace}: the files it writes, its messages and exit codes. */
class DaikonCommandsTest {
    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void daikonTraceWritesDeclsAndDtraceForTheUrn() throws IOException {
        Result r = run("daikon-trace", "examples/fig6_1_dijkstra_urn.c", "-n", "50", "-o", dir.toString());
        assertEquals(ExitCodes.SAFE, r.code(), r.err());
        Path decls = dir.resolve("fig6_1_dijkstra_urn.decls");
        Path dtrace = dir.resolve("fig6_1_dijkstra_urn.dtrace");
        assertTrue(r.out().startsWith("wrote " + decls + " (2 program points for 1 loop)\nwrote " + dtrace + " ("), r.out());
        assertTrue(r.out().contains(" loop-head samples from 50 tests)"), r.out());
        assertTrue(Files.readString(decls).startsWith("decl-version 2.0\n"));
        assertTrue(Files.readString(dtrace).startsWith("loop_at_12():::ENTER\nthis_invocation_nonce\n1\nurn__w\n"));
    }

    @Test
    void aFailingTestIsNoted() throws IOException {
        Path f = dir.resolve("fails.c");
        Files.writeString(f, "extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assert(int);\n"
                + "int main(void) {\n  int x = __VERIFIER_nondet_int();\n  int i = 0;\n"
                + "  while (i < 3) i++;\n  __VERIFIER_assert(x != 0);\n  return 0;\n}\n");
        Result r = run("daikon-trace", f.toString(), "-o", dir.toString());
        assertEquals(ExitCodes.SAFE, r.code(), r.err());
        assertTrue(r.out().contains("note: a test fails the assertion at " + f + ":7"), r.out());
    }

    @Test
    void badOptionsExitWith30() {
        Result missing = run("daikon-trace", "examples/fig6_1_dijkstra_urn.c", "-o", dir.resolve("nope").toString());
        assertEquals(ExitCodes.BAD_INPUT, missing.code());
        assertTrue(missing.err().contains("nope: no such directory"), missing.err());
        Result negative = run("daikon-trace", "examples/fig6_1_dijkstra_urn.c", "-n", "-1");
        assertEquals(ExitCodes.BAD_INPUT, negative.code());
        Result noFile = run("daikon-trace", dir.resolve("nope.c").toString(), "-o", dir.toString());
        assertEquals(ExitCodes.BAD_INPUT, noFile.code());
        assertTrue(!noFile.err().contains("\tat "), noFile.err());
    }
}
