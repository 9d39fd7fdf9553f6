package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A union's brace list sets its named member only (C11 §6.7.9p10, §6.2.6.1p7): the bytes beyond it
 * are 0 in a static union and uninitialized in a local one (gcc 15 no longer zeroes them), so a
 * proof may not read them as 0; a member array's cells that the list leaves out are 0 (§6.7.9p21).
 */
class UnionInitializationTest {
    private static final String HEADER = "extern void __VERIFIER_assert(int cond);\n"
            + "union U { unsigned char c; unsigned int i; unsigned char b[4]; };\n";

    @TempDir
    Path dir;

    private CliResult verify(String name, String body) throws IOException {
        Path c = dir.resolve(name);
        Files.writeString(c, HEADER + body);
        return CliResult.run("verify", "--timeout", "60", c.toString());
    }

    @Test
    void theBytesBeyondALocalUnionsInitializedMemberAreUninitialized() throws IOException {
        CliResult r = verify("local.c", "int main(void) { union U u = {1}; __VERIFIER_assert(u.i == 1); return 0; }\n");
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("uninitialized"), r.out());
    }

    @Test
    void noHarnessSetsAUnionsBytes() throws IOException {
        Path c = dir.resolve("harness.c");
        Files.writeString(c, HEADER + "int main(void) { union U u = {1}; __VERIFIER_assert(u.i == 1); return 0; }\n");
        Path harness = dir.resolve("harness_test.c");
        CliResult r = CliResult.run("verify", "--timeout", "60", "--harness", harness.toString(), c.toString());
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("uninitialized bytes of union u"), r.out());
        // C has no name for a union's byte: a harness that set u's bytes by [k] = would not compile
        assertTrue(r.err().contains("no harness: the answer reads the bytes of the union u uninitialized"), r.err());
        assertTrue(Files.notExists(harness), "no harness written");
    }

    @Test
    void theBytesBeyondAStaticUnionsInitializedMemberAreZero() throws IOException {
        CliResult r = verify("static.c", "int main(void) { static union U u = {1}; __VERIFIER_assert(u.i == 1); return 0; }\n");
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
    }

    @Test
    void aLocalMemberArraysUnlistedCellsAreZero() throws IOException {
        CliResult r = verify("array.c", "int main(void) { union U u = {.b = {7}}; __VERIFIER_assert(u.i == 7); return 0; }\n");
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
    }
}
