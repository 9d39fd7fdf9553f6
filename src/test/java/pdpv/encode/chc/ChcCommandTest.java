package pdpv.encode.chc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import pdpv.cli.Main;

/** {@code pdpv chc}: the Large Step Encoding (Gurfinkel 2018 slides) as a file, and {@code --solve}'s verdicts. */
class ChcCommandTest {
    /** Thesis Figure 5.7a: unsafe bit-precisely, "safe" over mathematical integers. */
    private static final String NETBSD = """
            int main() { int len = __VERIFIER_nondet_int(); int lenPath = __VERIFIER_nondet_int(); int off, i;
              if (lenPath > 0) { off = len;
                for (i = 0; i <= off; i++) { __VERIFIER_assert(0 <= i); __VERIFIER_assert(i < len + 1); } }
              return 0; }
            """;

    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    private Path write(String name, String source) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, source);
        return f;
    }

    @Test
    void solveReportsTheVerdictOfEachEncodingWithItsExitCode() throws IOException {
        String c = write("netbsd.c", NETBSD).toString();
        Run bv = run("chc", "--solve", "--timeout", "20", c);
        assertEquals(10, bv.exit(), bv.out() + bv.err());
        assertTrue(bv.out().startsWith("verdict: unsafe\n"), bv.out());
        Run integers = run("chc", "--solve", "--int", c);
        assertEquals(0, integers.exit(), integers.out() + integers.err());
        assertTrue(integers.out().startsWith("verdict: safe\n"), integers.out());
    }

    @Test
    void writesAHornFileThatSpacerReadsBack() throws IOException {
        Path c = write("count.c", "int main() { int i = 0; while (i < 10) i++; __VERIFIER_assert(i == 10); return 0; }");
        Path smt2 = dir.resolve("count.smt2");
        Run r = run("chc", "-o", smt2.toString(), c.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.out());
        String text = Files.readString(smt2);
        assertTrue(text.contains("(set-logic HORN)") && text.contains("(declare-fun inv_B"), text);
        assertEquals(SpacerResult.Verdict.SAFE, SpacerRunner.solve(smt2, Duration.ofSeconds(20)).verdict());
        Run stdout = run("chc", "--int", c.toString());
        assertEquals(0, stdout.exit(), stdout.err());
        assertTrue(stdout.out().contains("(set-logic HORN)") && stdout.out().contains("Int"), stdout.out());
    }

    @Test
    void bitwiseOperatorUnderIntIsABadInput() throws IOException {
        Path c = write("bits.c", "int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assert((x ^ 3) != 7); return 0; }");
        Run r = run("chc", "--int", c.toString());
        assertEquals(30, r.exit(), r.out());
        assertTrue(r.err().startsWith("error: --int: operator ^"), r.err());
    }
}
