package pdpv.cli;

import static pdpv.cli.CliResult.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The user-facing contract of {@code pdpv daikon-trace} and {@code pdpv verify --invariants}: the
 * files, the messages and exit codes, and what Daikon's invariants do to a verdict (thesis §6.1:
 * inductive ones help, others are dropped, the verdict is right either way).
 */
class DaikonCommandsTest {
    @TempDir
    Path dir;



    @Test
    void daikonTraceWritesDeclsAndDtraceForTheUrn() throws IOException {
        CliResult r = run("daikon-trace", "examples/fig6_1_dijkstra_urn.c", "-n", "50", "-o", dir.toString());
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
        CliResult r = run("daikon-trace", f.toString(), "-o", dir.toString());
        assertEquals(ExitCodes.SAFE, r.code(), r.err());
        assertTrue(r.out().contains("note: a test fails the assertion at " + f + ":7"), r.out());
    }

    @Test
    void badOptionsExitWith30() {
        CliResult missing = run("daikon-trace", "examples/fig6_1_dijkstra_urn.c", "-o", dir.resolve("nope").toString());
        assertEquals(ExitCodes.BAD_INPUT, missing.code());
        assertTrue(missing.err().contains("nope: no such directory"), missing.err());
        CliResult negative = run("daikon-trace", "examples/fig6_1_dijkstra_urn.c", "-n", "-1");
        assertEquals(ExitCodes.BAD_INPUT, negative.code());
        CliResult noFile = run("daikon-trace", dir.resolve("nope.c").toString(), "-o", dir.toString());
        assertEquals(ExitCodes.BAD_INPUT, noFile.code());
        assertTrue(!noFile.err().contains("\tat "), noFile.err());
    }

    private static final String SEPARATOR = "=".repeat(75);

    private Path write(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    /** The counting loop of issue 9 needs n == c; Daikon's text gives it, among false lines that are dropped. */
    @Test
    void daikonsInvariantsProveTheCountingLoopAndTheFalseOnesAreDropped() throws IOException {
        Path c = write("count.c", "extern void __VERIFIER_assert(int cond);\nint main(void) {\n"
                + "    unsigned int n = 0; unsigned char c;\n    for (c = 0; c < 120; c++) n++;\n"
                + "    __VERIFIER_assert(n == 120);\n    return 0;\n}\n");
        Path inv = write("count.txt", "Daikon version 5.8.20, released June 20, 2024; http://plse.cs.washington.edu/daikon.\n"
                + SEPARATOR + "\nloop_at_4():::ENTER\nn == 0\nc == 0\n"
                + SEPARATOR + "\nloop_at_4():::EXIT\nn == c\nn <= 100\nc == 7\nc one of { 0, 1, 2 }\nn >= orig(n)\na[] == []\n"
                + "Exiting Daikon.\n");
        CliResult r = run("verify", "--engine", "cegar", "--no-dynamic", "--invariants", inv.toString(), "--stats", "--timeout", "300", c.toString());
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("n == c"), r.out());
        // kept: n == c, and n >= orig(n) under the entry facts (n == 0 on entry); dropped: the false n <= 100,
        // c == 7 and c one of {0, 1, 2}, whose entry values the entry facts contradict
        assertFalse(r.out().contains("c == 7"), r.out());
        assertTrue(r.out().contains("  daikon invariants (--invariants): 5 read, 2 kept, 3 lines not used:\n"
                + "    line 4: n == 0 (the ENTER point says what holds on entry only)\n"
                + "    line 5: c == 0 (the ENTER point says what holds on entry only)\n"
                + "    line 13: a[] == [] (an array or sequence (a[..]), not an int invariant)\n"), r.out());
        CliResult quiet = run("verify", "--engine", "cegar", "--no-dynamic", "--invariants", inv.toString(), "--timeout", "300", c.toString());
        assertEquals(ExitCodes.SAFE, quiet.code());
        assertEquals("warning: --invariants " + inv + ": 3 lines not used (--stats lists them)\n", quiet.err());
    }

    /** A false invariant that would hide the failing assertion is not inductive: dropped, and the verdict stays unsafe. */
    @Test
    void aFalseInvariantIsDroppedAndTheVerdictStaysUnsafe() throws IOException {
        Path c = write("bad.c", "extern void __VERIFIER_assert(int cond);\nint main(void) {\n    int i = 0;\n"
                + "    while (i < 10) i++;\n    __VERIFIER_assert(i != 10);\n    return 0;\n}\n");
        Path inv = write("bad.txt", SEPARATOR + "\nloop_at_4():::EXIT\ni <= 5\ni >= 0\n");
        CliResult r = run("verify", "--engine", "cegar", "--no-dynamic", "--invariants", inv.toString(), "--stats", "--timeout", "300", c.toString());
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("  daikon invariants (--invariants): 2 read, 1 kept, 0 lines not used\n"), r.out());
    }

    /** The worked example of daikon-bridge/README.md: Daikon's text for the urn's program point, read and kept. */
    @Test
    void theUrnWithDaikonsInvariantsIsSafe() throws IOException {
        Path inv = write("urn.txt", SEPARATOR + "\nloop_at_12():::ENTER\nurn__w >= 0\nurn__b >= 0\n"
                + SEPARATOR + "\nloop_at_12():::EXIT\nurn__w >= 0\nurn__b >= 0\nurn__w <= orig(urn__w)\n");
        CliResult r = run("verify", "--invariants", inv.toString(), "--stats", "--timeout", "300", "examples/fig6_1_dijkstra_urn.c");
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("  daikon invariants (--invariants): 3 read, 3 kept, 2 lines not used:\n"), r.out());
        assertTrue(r.out().contains("w <= \\old(w)"), r.out());
    }

    @Test
    void anInvariantsFileThatIsNotThereExitsWith30() {
        CliResult r = run("verify", "--invariants", dir.resolve("nope.txt").toString(), "examples/counter_loop.c");
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertEquals("error: --invariants: " + dir.resolve("nope.txt") + ": no such file\n", r.err());
        CliResult symbolic = run("verify", "--encoding", "symbolic", "--invariants", "x.txt", "examples/counter_loop.c");
        assertEquals(ExitCodes.BAD_INPUT, symbolic.code());
        assertTrue(symbolic.err().contains("--invariants applies to --encoding loops only"), symbolic.err());
    }
}
