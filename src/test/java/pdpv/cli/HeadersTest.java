package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static pdpv.cli.CliResult.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #20, headers: a program that includes its own header is read with {@code -I DIR} on every
 * command that reads C, {@code -D NAME[=VALUE]} defines macros before its first line, a missing
 * header is a located error (exit 30), and the standard headers a verification user includes work
 * without any system include path ({@code assert} from {@code assert.h} is a property).
 */
class HeadersTest {
    @TempDir
    Path dir;
    private Path program;
    private Path include;

    @BeforeEach
    void project() throws IOException {
        include = Files.createDirectories(dir.resolve("include"));
        Files.writeString(include.resolve("cfg.h"), """
                #ifndef CFG_H
                #define CFG_H
                #include <stdint.h>
                #ifndef LIMIT
                #define LIMIT 10
                #endif
                typedef uint8_t level_t;
                static level_t clamp(level_t x) {
                    if (x > LIMIT) {
                        return LIMIT;
                    }
                    return x;
                }
                #endif
                """);
        program = Files.writeString(dir.resolve("main.c"), """
                #include <assert.h>
                #include <stdbool.h>
                #include <stddef.h>
                #include <limits.h>
                #include "cfg.h"
                extern unsigned char __VERIFIER_nondet_uchar(void);
                int main(void) {
                    level_t n = clamp(__VERIFIER_nondet_uchar());
                    size_t s = n;
                    bool ok = s <= LIMIT && INT_MAX > LIMIT && INT32_MAX == INT_MAX;
                    assert(ok);
                #ifdef EXACT
                    assert(n != LIMIT);
                #endif
                    return 0;
                }
                """);
    }

    @Test
    void aMissingHeaderIsALocatedError() {
        CliResult r = run("verify", program.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
        assertTrue(r.err().startsWith(program + ":5:1: error: Unresolved inclusion: \"cfg.h\""), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }

    @Test
    void theHeaderOfMinusIIsReadAndMinusDDefinesMacros() throws IOException {
        CliResult safe = run("verify", "--timeout", "60", "-I", include.toString(), program.toString());
        assertEquals(ExitCodes.SAFE, safe.code(), safe.out() + safe.err());
        CliResult unsafe = run("verify", "--timeout", "60", "-I", include.toString(), "-D", "EXACT", "-DLIMIT=200",
                "--witness", dir.resolve("w.yml").toString(), program.toString());
        assertEquals(ExitCodes.UNSAFE, unsafe.code(), unsafe.out() + unsafe.err());
        assertTrue(unsafe.out().contains("main.c:13:5: n != LIMIT"), unsafe.out());
        assertTrue(unsafe.out().matches("(?s).*__VERIFIER_nondet_uchar\\(\\) = (2[0-5][0-9]).*"), unsafe.out());
        CliResult witness = run("check-witness", "-I", include.toString(), "-D", "EXACT", "-DLIMIT=200", program.toString(),
                dir.resolve("w.yml").toString());
        assertEquals(ExitCodes.SAFE, witness.code(), witness.out() + witness.err());
        // without -D EXACT the assertion the witness targets is not in the program
        CliResult otherMacros = run("check-witness", "-I", include.toString(), program.toString(), dir.resolve("w.yml").toString());
        assertEquals(ExitCodes.WITNESS_REJECTED, otherMacros.code(), otherMacros.out() + otherMacros.err());
        CliResult chc = run("chc", "-I", include.toString(), program.toString());
        assertEquals(ExitCodes.SAFE, chc.code(), chc.err());
        assertTrue(chc.out().contains("set-logic HORN"), chc.out());
        CliResult trace = run("daikon-trace", "-n", "5", "-o", dir.toString(), "-I", include.toString(), program.toString());
        assertEquals(ExitCodes.SAFE, trace.code(), trace.out() + trace.err());
    }

    @Test
    void anErrorInsideAHeaderIsLocatedInTheHeader() throws IOException {
        Files.writeString(include.resolve("cfg.h"), "#include <stdint.h>\ntypedef uint8_t level_t\nstatic int clamp(int x) { return x; }\n");
        CliResult r = run("verify", "-I", include.toString(), program.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.out() + r.err());
        assertTrue(r.err().startsWith(include.resolve("cfg.h") + ":2:23: error: Missing ;"), r.err());
    }

    @Test
    void badIncludeDirectoriesAndMacrosAreOneLineErrors() {
        CliResult r = run("verify", "-I", dir.resolve("nope").toString(), program.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertTrue(r.err().startsWith("error: -I " + dir.resolve("nope") + ": no such directory"), r.err());
        r = run("verify", "-D", "1X=2", program.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertTrue(r.err().startsWith("error: -D 1X=2: expected NAME or NAME=VALUE"), r.err());
    }

    @Test
    void theStandardHeadersNeedNoIncludePath() throws IOException {
        Path c = Files.writeString(dir.resolve("std.c"), """
                #include <stdint.h>
                #include <stdbool.h>
                #include <limits.h>
                #include <assert.h>
                #include <stddef.h>
                extern int __VERIFIER_nondet_int(void);
                int main(void) {
                    int32_t x = __VERIFIER_nondet_int();
                    bool small = x < INT_MAX && x > INT_MIN;
                    size_t zero = 0;
                    ptrdiff_t none = 0;
                    if (small && x > 0) {
                        assert(x + 1 > (int32_t) zero + (int32_t) none);
                    }
                    assert(UINT8_MAX == UCHAR_MAX && sizeof(int64_t) == 8 && x != 42);
                    return 0;
                }
                """);
        CliResult r = run("verify", "--timeout", "60", c.toString());
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("std.c:15:5: UINT8_MAX == UCHAR_MAX && sizeof(int64_t) == 8 && x != 42"), r.out());
        assertTrue(r.out().contains("= 42"), r.out());
    }

    /**
     * An input read inside a header: the violation witness locates its waypoint in the header (its
     * own lines, its function), and check-witness confirms it, also with -I and the file named
     * relative to the working folder (CDT alone would resolve a relative -I against the file's folder).
     */
    @Test
    void aWitnessOfAnInputReadInAHeaderIsLocatedThereAndConfirmed() throws IOException {
        Files.writeString(include.resolve("get.h"), """
                extern int __VERIFIER_nondet_int(void);
                static int get(void) {
                    int v = __VERIFIER_nondet_int();
                    return v;
                }
                """);
        Path c = Files.writeString(dir.resolve("get.c"), """
                #include "get.h"
                extern void __VERIFIER_assert(int);
                int main(void) {
                    int x = get();
                    __VERIFIER_assert(x != 5);
                    return 0;
                }
                """);
        Path here = Path.of("").toAbsolutePath();
        String relativeInclude = here.relativize(include).toString();
        String relativeProgram = here.relativize(c).toString();
        Path w = dir.resolve("get.yml");
        CliResult r = run("verify", "--timeout", "60", "-I", relativeInclude, "--witness", w.toString(), relativeProgram);
        assertEquals(ExitCodes.UNSAFE, r.code(), r.out() + r.err());
        String yaml = Files.readString(w);
        assertTrue(yaml.matches("(?s).*file_name: \\S*get\\.h\\s+line: 3\\s+column: 35\\s+function: get.*"), yaml);
        CliResult check = run("check-witness", "-I", relativeInclude, relativeProgram, w.toString());
        assertEquals(ExitCodes.SAFE, check.code(), check.out() + check.err() + yaml);
    }
}
