package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static pdpv.cli.CliResult.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #18, the validator accepts what it should not: each witness here is one that PDPV writes,
 * tampered with in one place, and {@code check-witness} must reject it (exit 60) with the reason;
 * what it checks (property, entry function, data model, overflow reading) it names in its result
 * line, and a witness written under {@code --signed-overflow undefined} is PDPV's own evidence,
 * which it confirms.
 */
class TamperedWitnessTest {
    /** Unsafe when a signed overflow wraps (x = INT_MAX), safe when it is undefined; the input is read in get(). */
    private static final String PROGRAM = """
            extern int __VERIFIER_nondet_int(void);
            extern void __VERIFIER_assert(int);
            int get(void) {
                return __VERIFIER_nondet_int();
            }
            int main(void) {
                int x = get();
                if (x > 0) {
                    int y = x + 1;
                    __VERIFIER_assert(y > 0);
                }
                return 0;
            }
            """;

    @TempDir
    Path dir;
    private Path program;

    @BeforeEach
    void write() throws IOException {
        program = Files.writeString(dir.resolve("wrap.c"), PROGRAM);
    }

    private String witness(String name, int expectedCode, String... options) throws IOException {
        Path w = dir.resolve(name);
        String[] args = new String[options.length + 5];
        args[0] = "verify";
        System.arraycopy(options, 0, args, 1, options.length);
        args[options.length + 1] = "--timeout";
        args[options.length + 2] = "120";
        args[options.length + 3] = "--witness=" + w;
        args[options.length + 4] = program.toString();
        CliResult r = run(args);
        assertEquals(expectedCode, r.code(), r.out() + r.err());
        return Files.readString(w);
    }

    private CliResult check(String yaml, String... options) throws IOException {
        Path w = Files.writeString(dir.resolve("tampered.yml"), yaml);
        String[] args = new String[options.length + 3];
        args[0] = "check-witness";
        System.arraycopy(options, 0, args, 1, options.length);
        args[options.length + 1] = program.toString();
        args[options.length + 2] = w.toString();
        return run(args);
    }

    private static void assertRejected(CliResult r, String reason) {
        assertEquals(ExitCodes.WITNESS_REJECTED, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("witness rejected: "), r.out());
        assertTrue(r.out().contains(reason), r.out());
    }

    @Test
    void theUntamperedWitnessesAreConfirmedAndTheResultLineNamesTheTask() throws IOException {
        String violation = witness("v.yml", ExitCodes.UNSAFE);
        assertTrue(violation.contains("configuration: --signed-overflow wrap"), violation);
        assertTrue(violation.contains("function: get"), violation);
        CliResult r = check(violation);
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
        assertEquals("witness confirmed: violation witness (unreach-call, entry main, ILP32, signed overflow wrap, "
                + "division by zero error, undefined shift error, array index out of bounds error)", r.out().strip());
    }

    @Test
    void aSafeWitnessWrittenUnderUndefinedOverflowIsConfirmed() throws IOException {
        String correctness = witness("c.yml", ExitCodes.SAFE, "--signed-overflow", "undefined");
        CliResult r = check(correctness);
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
        assertEquals("witness confirmed: correctness witness (unreach-call, entry main, ILP32, signed overflow undefined, "
                + "division by zero error, undefined shift error, array index out of bounds error)", r.out().strip());
        assertRejected(check(correctness, "--signed-overflow", "wrap"), "holds under --signed-overflow undefined, not wrap");
        // a witness that states no reading (another producer's) is read as SV-COMP reads unreach-call: overflow undefined
        CliResult foreign = check(correctness.replaceAll("(?m)^\\s*configuration:.*\\n", ""));
        assertEquals(ExitCodes.SAFE, foreign.code(), foreign.out() + foreign.err());
    }

    @Test
    void aValueTheTypeCannotHoldIsRejected() throws IOException {
        String violation = witness("v.yml", ExitCodes.UNSAFE);
        assertTrue(violation.contains("\\result == 2147483647"), violation);
        // 6442450943 = 2^32 + 2^31 - 1: cut to 32 bits it is INT_MAX, the value that fails the assertion
        assertRejected(check(violation.replace("\\result == 2147483647", "\\result == 6442450943")),
                "gives the value 6442450943, which int cannot hold");
    }

    @Test
    void aWitnessForAnotherSpecificationIsRejectedOrCheckedForIt() throws IOException {
        String correctness = witness("c.yml", ExitCodes.SAFE, "--signed-overflow", "undefined");
        String overflow = correctness.replace("LTL(G ! call(reach_error()))", "LTL(G ! overflow)");
        assertRejected(check(overflow), "holds under --signed-overflow undefined, not error");
        // without a stated reading it is checked for no-overflow, and x + 1 overflows
        CliResult r = check(overflow.replaceAll("(?m)^\\s*configuration:.*\\n", ""));
        assertRejected(r, "can fail");
        assertTrue(r.out().contains("(no-overflow, entry main, ILP32, signed overflow error, "), r.out());
        assertRejected(check(correctness.replace("LTL(G ! call(reach_error()))", "LTL(G valid-free)")),
                "is none that check-witness checks");
        assertRejected(check(correctness, "--property", "no-overflow.prp"), "for the property unreach-call, not no-overflow");
    }

    @Test
    void aNoOverflowWitnessOfPdpvIsCheckedForNoOverflow() throws IOException {
        String violation = witness("o.yml", ExitCodes.UNSAFE, "--property", "no-overflow.prp");
        assertTrue(violation.contains("LTL(G ! overflow)"), violation);
        CliResult r = check(violation);
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("(no-overflow, entry main, ILP32, signed overflow error, "), r.out());
        assertRejected(check(violation.replace("LTL(G ! overflow)", "LTL(G ! call(reach_error()))")
                .replace("--signed-overflow error", "--signed-overflow wrap")), "wrap.c:9:13");
    }

    @Test
    void twoTargetsAreRejected() throws IOException {
        String violation = witness("v.yml", ExitCodes.UNSAFE);
        int target = violation.indexOf("  - segment:\n    - waypoint:\n        type: target");
        assertTrue(target > 0, violation);
        String segment = violation.substring(target);
        assertRejected(check(violation.substring(0, target) + segment + segment), "2 target waypoints");
    }

    @Test
    void aLocationInAnotherFunctionThanItSaysIsRejected() throws IOException {
        String violation = witness("v.yml", ExitCodes.UNSAFE);
        assertRejected(check(violation.replace("function: get", "function: main")), "is in function get, not in main");
        String correctness = witness("c.yml", ExitCodes.SAFE, "--signed-overflow", "undefined");
        assertRejected(check(correctness.replace("function: main", "function: get")), "is in function main, not in get");
    }

    @Test
    void theEntryFunctionAndDataModelAskedForAreChecked() throws IOException {
        String violation = witness("v.yml", ExitCodes.UNSAFE);
        assertRejected(check(violation, "--64"), "for the data model ILP32, not LP64");
        assertRejected(check(violation, "--function", "get"), "for the entry function main, not get");
        CliResult lp64 = check(violation.replace("data_model: ILP32", "data_model: LP64"));
        assertTrue(lp64.out().contains("(unreach-call, entry main, LP64, signed overflow wrap, "), lp64.out());
    }

    /**
     * Every reading of undefined behaviour flows through the same path as signed overflow's: a safe
     * answer under {@code --div-by-zero undefined} states it, and check-witness checks under it.
     */
    @Test
    void theReadingOfDivisionByZeroIsStatedAndChecked() throws IOException {
        program = Files.writeString(dir.resolve("div.c"), """
                extern int __VERIFIER_nondet_int(void);
                extern void __VERIFIER_assert(int);
                int main(void) {
                    int x = __VERIFIER_nondet_int();
                    int y = 10 / x;
                    __VERIFIER_assert(x != 0);
                    return y;
                }
                """);
        String correctness = witness("d.yml", ExitCodes.SAFE, "--div-by-zero", "undefined");
        assertTrue(correctness.contains("--div-by-zero undefined"), correctness);
        CliResult r = check(correctness);
        assertEquals(ExitCodes.SAFE, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("division by zero undefined"), r.out());
        assertRejected(check(correctness, "--div-by-zero", "smtlib"), "holds under --div-by-zero undefined, not smtlib");
        assertRejected(check(correctness.replace("--div-by-zero undefined", "--div-by-zero smtlib")), "can fail");
    }
}
